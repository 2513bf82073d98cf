// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// Consent the client cannot ask for is asked in the app: a client that cancels every elicitation
// without asking (Codex, `claude -p`) or cannot elicit at all makes mount_roots wait for the
// app's own approval, answered here through the test server's --press-approval, which answers as
// the list's buttons do. Headless, nobody can answer: the refusal names the setting that grants it.

#include "support/McpTestClient.h"
#include "support/RootsClient.h"
#include "support/ToolResultJson.h"

#include <QJsonDocument>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace HopxTest;

class TestAppApprovals : public QObject
{
    Q_OBJECT

    QTemporaryDir m_project {QDir::tempPath() + QStringLiteral("/hopx-approve-XXXXXX")};

    //! The app's approved folders, as its settings file says once written.
    static QStringList approvedFolders(const HeadlessApp &app)
    {
        QSettings ini(app.root() + QStringLiteral("/xdg_config_home/hopx-desktop/hopx-desktop.ini"),
            QSettings::IniFormat);
        return ini.value(QStringLiteral("files/approvedFolders")).toStringList();
    }

private slots:
    void initTestCase()
    {
        if (::access("/usr/bin/bwrap", X_OK) != 0)
            QSKIP("bubblewrap is not installed (scripts/test.sh installs it)");
        QVERIFY(m_project.isValid());
        QFile data(m_project.path() + QStringLiteral("/data.csv"));
        QVERIFY(data.open(QIODevice::WriteOnly) && data.write("a,b\n1,2\n") == 8);
    }

    void mountWaitsForTheApp_data()
    {
        QTest::addColumn<QString>("press"); // --press-approval
        QTest::addColumn<bool>("elicitation"); // the client declares it (and cancels)
        QTest::addColumn<bool>("mounted");
        QTest::addColumn<bool>("kept"); // the folder joined the approved folders
        // What the client answers its elicitation at once: claude -p cancels, Codex exec declines.
        QTest::addColumn<QString>("said");
        QTest::newRow("cancels, Always") << "always:1500" << true << true << true << "cancel";
        QTest::newRow("cannot ask, Allow once")
            << "allow-once:300" << false << true << false << "cancel";
        QTest::newRow("cancels, Deny") << "deny:300" << true << false << false << "cancel";
        QTest::newRow("declines at once, Allow once")
            << "allow-once:300" << true << true << false << "decline";
    }

    void mountWaitsForTheApp()
    {
        QFETCH(QString, press);
        QFETCH(bool, elicitation);
        QFETCH(bool, mounted);
        QFETCH(bool, kept);
        QFETCH(QString, said);
        TestServerApp app({QStringLiteral("--press-approval"), press});
        QVERIFY(app.start());
        const auto socket = app.connect();
        QVERIFY(socket);
        RootsClient client(socket.get(), {m_project.path()}, elicitation);
        QVERIFY(client.ok());
        client.answer = said; // at once: what Codex and claude -p send, asking nobody

        QElapsedTimer waited;
        waited.start();
        const QJsonObject r =
            client.tool(QStringLiteral("create_sandbox"), {{"mount_roots", true}});
        QCOMPARE(client.questions.size(), elicitation ? 1 : 0);
        // It waited for the answer and said so while waiting.
        QVERIFY2(waited.elapsed() >= 250, qPrintable(QString::number(waited.elapsed())));
        QVERIFY2(client.progressMessages.join(QLatin1Char('\n'))
                     .contains(QLatin1String("Waiting for you to approve in HOPX Desktop")),
            qPrintable(client.progressMessages.join(QLatin1Char('\n'))));
        if (!mounted) {
            QVERIFY2(r.value(QStringLiteral("isError")).toBool(), dump(r).constData());
            QVERIFY2(dump(r).contains("did not allow"), dump(r).constData());
            QVERIFY2(dump(r).contains("denied in HOPX Desktop"), dump(r).constData());
            const QJsonObject list = client.tool(QStringLiteral("list_sandboxes"), {});
            QVERIFY2(!dump(list).contains("local-"), dump(list).constData());
            return;
        }
        QVERIFY2(!r.value(QStringLiteral("isError")).toBool(), dump(r).constData());
        const QString id = sc(r).value(QStringLiteral("id")).toString();
        const QJsonObject ls = client.tool(QStringLiteral("run_command"),
            {{"sandbox_id", id}, {"command", "cat /project/*/data.csv"}});
        QVERIFY2(dump(ls).contains("1,2"), dump(ls).constData());
        if (kept)
            QTRY_VERIFY2(approvedFolders(app).contains(m_project.path()),
                qPrintable(approvedFolders(app).join(QLatin1Char(','))));
        else
            QVERIFY(approvedFolders(app).isEmpty());
        client.tool(QStringLiteral("delete_sandbox"), {{"sandbox_id", id}});
    }

    void declineIsTheUsersOwnNo()
    {
        // A decline that took a person's time came from a person: the app does not ask again.
        // (A decline in no time, as Codex exec sends, is mountWaitsForTheApp's "declines" row.)
        TestServerApp app({QStringLiteral("--press-approval"), QStringLiteral("always")});
        QVERIFY(app.start());
        const auto socket = app.connect();
        QVERIFY(socket);
        RootsClient client(socket.get(), {m_project.path()}, true);
        QVERIFY(client.ok());
        client.answer = QStringLiteral("decline");
        client.answerAfterMs = 800;
        const QJsonObject r =
            client.tool(QStringLiteral("create_sandbox"), {{"mount_roots", true}});
        QVERIFY2(r.value(QStringLiteral("isError")).toBool(), dump(r).constData());
        QVERIFY2(dump(r).contains("decline"), dump(r).constData());
        QVERIFY(approvedFolders(app).isEmpty());
    }

    void internetAccessWaitsForTheApp()
    {
        TestServerApp app({QStringLiteral("--press-approval"), QStringLiteral("deny:200")});
        QVERIFY(app.start());
        const auto socket = app.connect();
        QVERIFY(socket);
        RootsClient client(socket.get(), {}, true);
        QVERIFY(client.ok());
        client.answer = QStringLiteral("cancel");
        const QJsonObject r =
            client.tool(QStringLiteral("create_sandbox"), {{"internet_access", true}});
        QVERIFY2(r.value(QStringLiteral("isError")).toBool(), dump(r).constData());
        QVERIFY2(dump(r).contains("declined internet access"), dump(r).constData());
        QVERIFY2(dump(r).contains("denied in HOPX Desktop"), dump(r).constData());
        QVERIFY(client.progress > 0);
    }

    void headlessNamesTheSetting()
    {
        // hopx-desktop --headless: no window, nobody to answer; the refusal says what grants it.
        HeadlessApp app;
        QVERIFY(app.start());
        const auto socket = app.connect();
        QVERIFY(socket);
        RootsClient client(socket.get(), {m_project.path()}, true);
        QVERIFY(client.ok());
        client.answer = QStringLiteral("cancel");
        const QJsonObject r =
            client.tool(QStringLiteral("create_sandbox"), {{"mount_roots", true}});
        QVERIFY2(r.value(QStringLiteral("isError")).toBool(), dump(r).constData());
        QVERIFY2(dump(r).contains("files/approvedFolders"), dump(r).constData());
        QVERIFY2(dump(r).contains("hopx-desktop.ini"), dump(r).constData());
        QVERIFY2(dump(r).contains("Settings > Folders"), dump(r).constData());
    }
};

QTEST_GUILESS_MAIN(TestAppApprovals)
#include "tst_appapprovals.moc"

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// create_sandbox's secrets ask the user the way a folder does (run inside with-keyring.sh): a
// client that cannot ask, or cancels without asking (Codex, `claude -p`), makes the call wait
// for the app's own approval, answered here by the test server's --press-approval as the list's
// buttons do. "Always for this secret" keeps only the secret's "always allow" (never its
// value); a Deny and a headless app refuse, saying how to allow the secret instead.

#include "support/McpTestClient.h"
#include "support/RootsClient.h"
#include "support/ToolResultJson.h"

#include <QDirIterator>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QTest>

#include <unistd.h>

using namespace HopxTest;

class TestSecretConsent : public QObject
{
    Q_OBJECT

    QByteArray m_value;

    //! hopx-desktop's secrets command line, in \a app's settings and keychain.
    static QByteArray cli(const HeadlessApp &app, const QStringList &args, const QByteArray &in)
    {
        QProcess p;
        p.setProcessEnvironment(app.environment());
        p.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        p.start(QStringLiteral(HOPX_BIN_DIR "/hopx-desktop"), args);
        p.write(in);
        p.closeWriteChannel();
        if (!p.waitForFinished(30000) || p.exitCode() != 0)
            return "failed";
        return p.readAllStandardOutput();
    }
    bool storeSecret(const HeadlessApp &app)
    {
        return cli(app, {"--set-secret", "API_TOKEN", "--hosts", "api.test"}, m_value) != "failed";
    }
    //! Every file under the app's root but the sandboxes' disks: the value must be in none.
    static QString fileWithValue(const HeadlessApp &app, const QByteArray &value)
    {
        QDirIterator it(app.root(), QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            QFile f(it.next());
            if (f.size() < 4 * 1024 * 1024 && f.open(QIODevice::ReadOnly)
                && f.readAll().contains(value))
                return f.fileName();
        }
        return {};
    }

private slots:
    void initTestCase()
    {
        if (qEnvironmentVariable("HOPX_KEYCHAIN_EXPECT") != QLatin1String("available"))
            QSKIP("needs a Secret Service (run through tests/with-keyring.sh)");
        if (::access("/usr/bin/bwrap", X_OK) != 0)
            QSKIP("bubblewrap is not installed (scripts/test.sh installs it)");
        m_value = "tok-" + QByteArray::number(QRandomGenerator::system()->generate64(), 16);
    }

    void askedInTheApp_data()
    {
        QTest::addColumn<QString>("press"); // --press-approval
        QTest::addColumn<bool>("elicitation"); // the client declares it (and cancels at once)
        QTest::addColumn<bool>("created");
        QTest::addColumn<bool>("always"); // the secret is "always allow" afterwards
        QTest::newRow("cannot ask, Always") << "always:800" << false << true << true;
        QTest::newRow("cancels, Allow once") << "allow-once:300" << true << true << false;
        QTest::newRow("cancels, Deny") << "deny:300" << true << false << false;
    }

    void askedInTheApp()
    {
        QFETCH(QString, press);
        QFETCH(bool, elicitation);
        QFETCH(bool, created);
        QFETCH(bool, always);
        TestServerApp app({QStringLiteral("--press-approval"), press});
        QVERIFY(storeSecret(app));
        QVERIFY(app.start());
        const auto socket = app.connect();
        QVERIFY(socket);
        RootsClient client(socket.get(), {}, elicitation);
        QVERIFY(client.ok());
        client.answer = QStringLiteral("cancel"); // at once, as claude -p does: nobody asked

        QElapsedTimer waited;
        waited.start();
        const QJsonObject r = client.tool(
            QStringLiteral("create_sandbox"), {{"secrets", QJsonArray {"API_TOKEN"}}}, 180000);
        QCOMPARE(client.questions.size(), elicitation ? 1 : 0);
        // It waited for the app's answer and told the client so, naming the secret.
        QVERIFY2(waited.elapsed() >= 250, qPrintable(QString::number(waited.elapsed())));
        const QString waiting = client.progressMessages.join(QLatin1Char('\n'));
        QVERIFY2(waiting.contains(QLatin1String("Waiting for you to approve in HOPX Desktop"))
                && waiting.contains(QLatin1String("API_TOKEN")),
            qPrintable(waiting));
        const QByteArray list = cli(app, {"--list-secrets"}, {});
        QCOMPARE(list.contains("always-allow"), always);
        QVERIFY2(fileWithValue(app, m_value).isEmpty(), qPrintable(fileWithValue(app, m_value)));
        if (!created) {
            QVERIFY2(r.value(QStringLiteral("isError")).toBool(), dump(r).constData());
            QVERIFY2(dump(r).contains("denied in HOPX Desktop"), dump(r).constData());
            QVERIFY2(dump(r).contains("--secret-always-allow"), dump(r).constData());
            const QJsonObject ls = client.tool(QStringLiteral("list_sandboxes"), {});
            QVERIFY2(!dump(ls).contains("local-"), dump(ls).constData());
            return;
        }
        QVERIFY2(!r.value(QStringLiteral("isError")).toBool(), dump(r).constData());
        const QString id = sc(r).value(QStringLiteral("id")).toString();
        QCOMPARE(sc(r).value(QStringLiteral("secrets")).toArray(), QJsonArray {"API_TOKEN"});
        if (always) {
            // Always: the next sandbox gets the secret without a question.
            const int progress = client.progress;
            const QJsonObject again = client.tool(
                QStringLiteral("create_sandbox"), {{"secrets", QJsonArray {"API_TOKEN"}}}, 180000);
            QVERIFY2(!again.value(QStringLiteral("isError")).toBool(), dump(again).constData());
            QVERIFY2(!client.progressMessages.mid(progress)
                          .join(QLatin1Char(' '))
                          .contains(QLatin1String("Waiting for you")),
                qPrintable(client.progressMessages.join(QLatin1Char('\n'))));
            client.tool(QStringLiteral("delete_sandbox"),
                {{"sandbox_id", sc(again).value(QStringLiteral("id")).toString()}});
        }
        client.tool(QStringLiteral("delete_sandbox"), {{"sandbox_id", id}});
    }

    void headlessSaysHowToAllow()
    {
        // hopx-desktop --headless: no window, nobody to answer; the refusal says what grants it.
        HeadlessApp app;
        QVERIFY(storeSecret(app));
        QVERIFY(app.start());
        const auto socket = app.connect();
        QVERIFY(socket);
        RootsClient client(socket.get(), {}, false);
        QVERIFY(client.ok());
        const QJsonObject r = client.tool(
            QStringLiteral("create_sandbox"), {{"secrets", QJsonArray {"API_TOKEN"}}}, 60000);
        QVERIFY2(r.value(QStringLiteral("isError")).toBool(), dump(r).constData());
        for (const char *says : {"without a window", "Settings → Secrets", "Always allow",
                 "--set-secret API_TOKEN --hosts api.test --secret-always-allow"})
            QVERIFY2(dump(r).contains(says), dump(r).constData());
        QVERIFY(!cli(app, {"--list-secrets"}, {}).contains("always-allow"));
    }
};

QTEST_GUILESS_MAIN(TestSecretConsent)
#include "tst_secretconsent.moc"

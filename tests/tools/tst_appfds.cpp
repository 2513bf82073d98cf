// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT

// The app must not keep descriptors from the work it did: every tool, many times, through the
// real MCP path into real sandboxes, and the app's open descriptors come back to where they
// were. A desktop session gives a process 1,024 descriptors; a leak of a few per call stops the
// app from running code after a few hundred calls.

#include "support/McpTestClient.h"
#include "support/WebhookReceiver.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using namespace HopxTest;

namespace {
constexpr int kRounds = 12;
// Warm spares are re-made in the background after a create, so the count moves a little while
// they boot; a leak grows with the rounds and never comes back under this.
constexpr int kSlack = 6;
} // namespace

class TestAppFds : public QObject
{
    Q_OBJECT

    std::unique_ptr<HeadlessApp> m_app;
    std::unique_ptr<QLocalSocket> m_socket;
    std::unique_ptr<McpClient> m_client;
    WebhookReceiver m_webhook;
    QSet<QString> m_called;
    QTemporaryDir m_hostDir; // approved for file_upload / file_download
    int m_rounds = 0;

    int openFds() const
    {
        return int(QDir(QStringLiteral("/proc/%1/fd").arg(m_app->process().processId()))
                       .entryList(QDir::Files | QDir::System | QDir::NoDotAndDotDot)
                       .size());
    }
    //! What each descriptor points at, to name a leak rather than count it.
    QStringList fdTargets() const
    {
        const QString dir = QStringLiteral("/proc/%1/fd").arg(m_app->process().processId());
        QStringList targets;
        const QStringList fds =
            QDir(dir).entryList(QDir::Files | QDir::System | QDir::NoDotAndDotDot);
        for (const QString &fd : fds)
            targets << QFile::symLinkTarget(dir + QLatin1Char('/') + fd);
        targets.sort();
        return targets;
    }
    //! The count once it holds still for two seconds (spares finished booting). Under a loaded
    //! machine a spare's boot takes long, and a count read between two of its steps is not the
    //! app's resting count.
    int settledFds()
    {
        int last = -1;
        int still = 0;
        for (int i = 0; i < 300 && still < 10; ++i) {
            QTest::qWait(200);
            const int now = openFds();
            still = now == last ? still + 1 : 0;
            last = now;
        }
        return last;
    }

    QJsonObject tool(const QString &name, const QJsonObject &args = {})
    {
        m_called.insert(name);
        return m_client->callTool(name, args, 120000);
    }
    static QJsonObject sc(const QJsonObject &result)
    {
        return result.value(QStringLiteral("structuredContent")).toObject();
    }

    //! Every tool once; failures inside tools are fine here (local has no preview URL), lost
    //! answers are not.
    void round()
    {
        const QJsonObject created = tool(QStringLiteral("create_sandbox"));
        const QString id = sc(created).value(QStringLiteral("id")).toString();
        QVERIFY2(!id.isEmpty(), qPrintable(QJsonDocument(created).toJson()));
        const QJsonObject sid {{QStringLiteral("sandbox_id"), id}};
        auto with = [&sid](QJsonObject extra) {
            for (auto it = sid.begin(); it != sid.end(); ++it)
                extra.insert(it.key(), it.value());
            return extra;
        };
        const QJsonObject byId {{QStringLiteral("id"), id}};

        QVERIFY(!tool(QStringLiteral("health")).isEmpty());
        QVERIFY(!tool(QStringLiteral("list_sandboxes")).isEmpty());
        QVERIFY(!tool(QStringLiteral("get_sandbox"), byId).isEmpty());
        QVERIFY(!tool(QStringLiteral("update_sandbox_timeout"),
            {{QStringLiteral("id"), id}, {QStringLiteral("timeout_seconds"), 600}})
                     .isEmpty());
        QVERIFY(!tool(QStringLiteral("list_templates")).isEmpty());
        QVERIFY(!tool(QStringLiteral("get_template"),
            {{QStringLiteral("name"), QStringLiteral("code-interpreter")}})
                     .isEmpty());
        QVERIFY(!tool(QStringLiteral("execute_code"), with({{QStringLiteral("code"), "x = 1"}}))
                     .isEmpty());
        QVERIFY(!tool(QStringLiteral("execute_code"), {{QStringLiteral("code"), "print(1)"}})
                     .isEmpty());
        QVERIFY(
            !tool(QStringLiteral("execute_code_isolated"), {{QStringLiteral("code"), "print(2)"}})
                 .isEmpty());
        QVERIFY(!tool(
            QStringLiteral("execute_code_persistent"), with({{QStringLiteral("code"), "x += 1"}}))
                     .isEmpty());
        QVERIFY(!tool(QStringLiteral("execute_code_rich"),
            with({{QStringLiteral("code"),
                "import matplotlib\nmatplotlib.use('Agg')\nimport matplotlib.pyplot as plt\n"
                "plt.plot([1, 2])"}}))
                     .isEmpty());
        QVERIFY(!tool(QStringLiteral("execute_code"),
            with({{QStringLiteral("code"), "console.log(3)"},
                {QStringLiteral("language"), QStringLiteral("javascript")}}))
                     .isEmpty());
        const QJsonObject bg = tool(QStringLiteral("execute_code_background"),
            with({{QStringLiteral("code"), "import time; time.sleep(30)"}}));
        const QString pid = sc(bg).value(QStringLiteral("process_id")).toString();
        QVERIFY2(!pid.isEmpty(), qPrintable(QJsonDocument(bg).toJson()));
        QVERIFY(!tool(QStringLiteral("execute_list_processes"), sid).isEmpty());
        QVERIFY(!tool(
            QStringLiteral("execute_kill_process"), with({{QStringLiteral("process_id"), pid}}))
                     .isEmpty());
        const int hooks = m_webhook.requests().size();
        QVERIFY(!tool(QStringLiteral("execute_code_async"),
            with({{QStringLiteral("code"), "print(4)"},
                {QStringLiteral("callback_url"), m_webhook.url(QStringLiteral("/done"))}}))
                     .isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(m_webhook.requests().size() > hooks, 30000);
        QVERIFY(!tool(QStringLiteral("run_command"), with({{QStringLiteral("command"), "echo hi"}}))
                     .isEmpty());
        QVERIFY(!tool(QStringLiteral("run_command_background"),
            with({{QStringLiteral("command"), "sleep 1"}}))
                     .isEmpty());
        QVERIFY(!tool(QStringLiteral("list_processes"), sid).isEmpty());
        const QJsonObject file = with({{QStringLiteral("path"), "/workspace/a.txt"}});
        QVERIFY(!tool(QStringLiteral("file_write"),
            with({{QStringLiteral("path"), "/workspace/a.txt"},
                {QStringLiteral("content"), "hello"}}))
                     .isEmpty());
        QVERIFY(!tool(QStringLiteral("file_read"), file).isEmpty());
        QVERIFY(!tool(QStringLiteral("file_stat"), file).isEmpty());
        QVERIFY(!tool(QStringLiteral("file_exists"), file).isEmpty());
        QVERIFY(!tool(QStringLiteral("file_list"), sid).isEmpty());
        QVERIFY(!tool(QStringLiteral("file_remove"), file).isEmpty());
        QVERIFY(
            !tool(QStringLiteral("file_mkdir"), with({{QStringLiteral("path"), "/workspace/d"}}))
                 .isEmpty());
        // Host files: the pipe, stderr memfd and host file of each copy must all be closed.
        const QString up = m_hostDir.path() + QStringLiteral("/up.txt");
        const QString down = m_hostDir.path() + QStringLiteral("/down-%1.txt").arg(++m_rounds);
        const QJsonObject uploaded = tool(QStringLiteral("file_upload"),
            with({{QStringLiteral("host_path"), up}, {QStringLiteral("path"), "/workspace/d/up"}}));
        QVERIFY2(!uploaded.value(QStringLiteral("isError")).toBool(),
            qPrintable(QJsonDocument(uploaded).toJson()));
        const QJsonObject downloaded = tool(QStringLiteral("file_download"),
            with({{QStringLiteral("path"), "/workspace/d/up"},
                {QStringLiteral("host_path"), down}}));
        QVERIFY2(!downloaded.value(QStringLiteral("isError")).toBool(),
            qPrintable(QJsonDocument(downloaded).toJson()));
        QVERIFY(!tool(QStringLiteral("file_download"),
            with({{QStringLiteral("path"), "/workspace/none"},
                {QStringLiteral("host_path"),
                    QString(m_hostDir.path() + QStringLiteral("/none"))}}))
                     .isEmpty());
        QVERIFY(!tool(QStringLiteral("project_diff"),
            with({{QStringLiteral("root"), "/workspace/d"}, {QStringLiteral("path"), "/tmp"}}))
                     .isEmpty());
        QVERIFY(!tool(QStringLiteral("env_set"),
            with({{QStringLiteral("env_vars"), QJsonObject {{QStringLiteral("A"), "1"}}}}))
                     .isEmpty());
        QVERIFY(!tool(QStringLiteral("env_get"), sid).isEmpty());
        QVERIFY(!tool(QStringLiteral("env_clear"), sid).isEmpty());
        // A local sandbox has no desktop: these answer an error, and must leak nothing either.
        QVERIFY(!tool(QStringLiteral("desktop_screenshot"), sid).isEmpty());
        QVERIFY(!tool(QStringLiteral("desktop_mouse"),
            with({{QStringLiteral("action"), QStringLiteral("move")}, {QStringLiteral("x"), 1},
                {QStringLiteral("y"), 1}}))
                     .isEmpty());
        QVERIFY(!tool(QStringLiteral("desktop_keyboard"),
            with({{QStringLiteral("key"), QStringLiteral("Return")}}))
                     .isEmpty());
        for (const char *name : {"get_system_metrics", "ping_vm", "get_vm_info", "cache_stats",
                 "cache_clear", "get_agent_url", "list_packages"})
            QVERIFY(!tool(QString::fromLatin1(name), sid).isEmpty());
        QVERIFY(!tool(QStringLiteral("get_preview_url"), with({{QStringLiteral("port"), 8000}}))
                     .isEmpty());
        const QJsonObject checkpoint = tool(QStringLiteral("checkpoint_sandbox"), sid);
        const QJsonObject cp = with({{QStringLiteral("checkpoint_id"),
            sc(checkpoint).value(QStringLiteral("checkpoint_id")).toString()}});
        QVERIFY(!tool(QStringLiteral("list_checkpoints"), sid).isEmpty());
        QVERIFY(!tool(QStringLiteral("restore_sandbox"), cp).isEmpty());
        const QString fork = sc(tool(QStringLiteral("fork_sandbox"), cp))
                                 .value(QStringLiteral("sandbox_id"))
                                 .toString();
        QVERIFY(!tool(QStringLiteral("delete_sandbox"), {{QStringLiteral("id"), fork}}).isEmpty());
        QVERIFY(!tool(QStringLiteral("delete_checkpoint"), cp).isEmpty());
        QVERIFY(!tool(QStringLiteral("pause_sandbox"), byId).isEmpty());
        QVERIFY(!tool(QStringLiteral("resume_sandbox"), byId).isEmpty());
        QVERIFY(!tool(QStringLiteral("delete_sandbox"), byId).isEmpty());
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_webhook.listen());
        m_app = std::make_unique<HeadlessApp>();
        QSettings(m_app->root() + QStringLiteral("/xdg_config_home/hopx-desktop/hopx-desktop.ini"),
            QSettings::IniFormat)
            .setValue(QStringLiteral("files/approvedFolders"), QStringList {m_hostDir.path()});
        QFile up(m_hostDir.path() + QStringLiteral("/up.txt"));
        QVERIFY(up.open(QIODevice::WriteOnly) && up.write("up") == 2);
        up.close();
        QVERIFY(m_app->start());
        m_socket = m_app->connect();
        QVERIFY(m_socket);
        m_client = std::make_unique<McpClient>(m_socket.get());
        QVERIFY(m_client->initialize());
    }

    void descriptorsComeBackAfterEveryTool()
    {
        round(); // warm-up: spares, the first interpreter, lazily made helpers
        if (QTest::currentTestFailed())
            return;
        const int before = settledFds();
        const QStringList beforeTargets = fdTargets();
        for (int i = 0; i < kRounds; ++i) {
            round();
            if (QTest::currentTestFailed())
                return;
        }
        // A leak grows with the rounds and never comes back, so a long wait cannot hide one; a
        // short one failed on a loaded CI machine while spares were still booting.
        QDeadlineTimer deadline(120000);
        while (openFds() > before + kSlack && !deadline.hasExpired())
            QTest::qWait(250);
        const int after = openFds();
        if (after > before + kSlack) {
            QStringList extra = fdTargets();
            for (const QString &target : beforeTargets)
                extra.removeOne(target);
            QFAIL(qPrintable(QStringLiteral("%1 descriptors open before %2 rounds of every tool, "
                                            "%3 after; the new ones: %4")
                                 .arg(before)
                                 .arg(kRounds)
                                 .arg(after)
                                 .arg(extra.join(QLatin1String(", ")))));
        }
    }

    void descriptorsComeBackAfterTheClientLeaves()
    {
        const int before = settledFds();
        m_client.reset();
        m_socket.reset();
        QTRY_VERIFY2_WITH_TIMEOUT(
            openFds() <= before, qPrintable(QString::number(openFds())), 10000);
    }

    void everyToolIsExercised()
    {
        auto socket = m_app->connect();
        QVERIFY(socket);
        McpClient client(socket.get());
        QVERIFY(client.initialize());
        // The full set: the compact tools only route to these (tst_localtools runs them).
        const QStringList untested =
            HopxTest::untested(toolNames(QStringLiteral("full")), m_called);
        QVERIFY2(untested.isEmpty(), qPrintable(untested.join(QLatin1String(", "))));
    }
};

QTEST_GUILESS_MAIN(TestAppFds)
#include "tst_appfds.moc"

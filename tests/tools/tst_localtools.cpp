// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// Every tool with the local provider, through a real socket, a real app and real sandboxes.
#include "support/McpTestClient.h"
#include "support/ProcessState.h"
#include "support/PythonServerTools.h"
#include "support/WebhookReceiver.h"

#include <QDirIterator>
#include <QFile>
#include <QJsonDocument>
#include <QMessageAuthenticationCode>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <QtEndian>
#include <algorithm>

#include <algorithm>
#include <csignal>
#include <unistd.h>

using namespace HopxTest;

class TestLocalTools : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<HeadlessApp> m_app;
    std::unique_ptr<QLocalSocket> m_socket;
    std::unique_ptr<McpClient> m_client;
    QSet<QString> m_called; // tools this run called, for everyToolIsExercised()

    QJsonObject tool(const QString &name, const QJsonObject &args = {}, int timeoutMs = 120000)
    {
        m_called.insert(name);
        return m_client->callTool(name, args, timeoutMs);
    }
    static QJsonObject sc(const QJsonObject &result)
    {
        return result.value(QStringLiteral("structuredContent")).toObject();
    }
    static bool isError(const QJsonObject &result)
    {
        return result.value(QStringLiteral("isError")).toBool();
    }
    static QString text(const QJsonObject &result)
    {
        return result.value(QStringLiteral("content"))
            .toArray()
            .at(0)
            .toObject()
            .value(QStringLiteral("text"))
            .toString();
    }
    static QJsonObject findBy(const QJsonArray &items, const QString &key, const QString &value)
    {
        for (const QJsonValue &v : items)
            if (v.toObject().value(key).toString() == value)
                return v.toObject();
        return {};
    }
    qint64 cacheBytes(const QString &id)
    {
        const QJsonObject r = tool(QStringLiteral("cache_stats"), {{"sandbox_id", id}});
        if (isError(r) || !sc(r).contains(QStringLiteral("cache_bytes")))
            qWarning() << "cache_stats failed:" << r;
        return qint64(sc(r).value(QStringLiteral("cache_bytes")).toDouble(-1));
    }
    QString createSandbox()
    {
        const QJsonObject r = tool(QStringLiteral("create_sandbox"));
        const QString id = sc(r).value(QStringLiteral("id")).toString();
        if (!id.startsWith(QLatin1String("local-")))
            qWarning() << "create_sandbox failed:" << r;
        return id;
    }
    QJsonObject exec(const QString &id, const QString &code,
        const QString &language = QStringLiteral("python"), int timeout = 60)
    {
        return tool(QStringLiteral("execute_code"),
            QJsonObject {{QStringLiteral("sandbox_id"), id}, {QStringLiteral("code"), code},
                {QStringLiteral("language"), language}, {QStringLiteral("timeout"), timeout}});
    }
    QJsonObject command(const QString &id, const QString &cmd, int timeout = 60)
    {
        return tool(QStringLiteral("run_command"),
            QJsonObject {{QStringLiteral("sandbox_id"), id}, {QStringLiteral("command"), cmd},
                {QStringLiteral("timeout"), timeout}});
    }
    /*! Processes on this host running our agent (seen from the host, its exe is the bind
     *  target), except the fixture app's: that app boots warm spares on its own schedule, and
     *  a spare starting or a sandbox of an earlier test going away would move the count. */
    //! The sandbox agents running on this machine, whoever started them.
    static QList<qint64> allAgents()
    {
        QList<qint64> agents;
        for (const QString &pid : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
            if (!pid.at(0).isDigit())
                continue;
            const QString exe = QFile::symLinkTarget(QStringLiteral("/proc/%1/exe").arg(pid));
            if (exe.endsWith(QLatin1String("/run/sbx/agent"))
                || exe.endsWith(QLatin1String("hopx-sandbox-agent")))
                agents.append(pid.toLongLong());
        }
        return agents;
    }

    //! The agents of the sandboxes that the app with process `app` runs.
    static QList<qint64> agentsOf(qint64 app)
    {
        QList<qint64> agents = allAgents();
        agents.erase(std::remove_if(agents.begin(), agents.end(),
                         [app](qint64 pid) { return !HopxTest::descendsFrom(pid, app); }),
            agents.end());
        return agents;
    }

private slots:
    void initTestCase()
    {
        if (::access("/usr/bin/bwrap", X_OK) != 0)
            QSKIP("bubblewrap is not installed (scripts/test.sh installs it)");
        m_app = std::make_unique<HeadlessApp>();
        QVERIFY(m_app->start());
        m_socket = m_app->connect();
        QVERIFY(m_socket);
        m_client = std::make_unique<McpClient>(m_socket.get());
        QVERIFY(m_client->initialize());
        const QJsonObject health = sc(tool(QStringLiteral("health")));
        QVERIFY2(health.value(QStringLiteral("providers"))
                     .toObject()
                     .value(QStringLiteral("local"))
                     .toObject()
                     .value(QStringLiteral("available"))
                     .toBool(),
            QJsonDocument(health).toJson().constData());
    }

    void cleanupTestCase()
    {
        m_client.reset();
        m_socket.reset();
        m_app.reset();
    }

    void toolsListHasTheWholeSurface()
    {
        // A connection that names no profile gets the compact one.
        const QJsonArray tools =
            m_client->call(QStringLiteral("tools/list")).value(QStringLiteral("tools")).toArray();
        QStringList listed;
        for (const QJsonValue &t : tools)
            listed << t.toObject().value(QStringLiteral("name")).toString();
        QCOMPARE(listed,
            QStringList({"run", "processes", "create_sandbox", "manage_sandbox", "file_read",
                "file_write", "files", "host_files", "checkpoint", "env", "sandbox_info", "system",
                "desktop"}));
        const QStringList names = toolNames(QStringLiteral("full"));
        // The Python server's tools, and ours beyond them.
        const QStringList expected = HopxTest::pythonServerTools()
            + QStringList {"file_stat", "checkpoint_sandbox", "restore_sandbox", "fork_sandbox",
                "list_checkpoints", "delete_checkpoint"};
        for (const QString &e : expected)
            QVERIFY2(names.contains(e), qPrintable(e));
    }

    void readmeFlow()
    {
        const QString id = createSandbox();
        QVERIFY(!id.isEmpty());
        QJsonObject r = sc(exec(id, QStringLiteral("import pandas as pd")));
        QCOMPARE(r.value(QStringLiteral("success")).toBool(), true);
        r = sc(exec(id, QStringLiteral("df = pd.DataFrame({'a': [1, 2, 3]})\nint(df.a.sum())")));
        QCOMPARE(r.value(QStringLiteral("result")).toString(), QStringLiteral("6"));
        QCOMPARE(r.value(QStringLiteral("mode")).toString(), QStringLiteral("persistent"));

        r = sc(tool(QStringLiteral("file_write"),
            {{"sandbox_id", id}, {"path", "/workspace/data.csv"}, {"content", "x,y\n1,2\n"}}));
        QCOMPARE(r.value(QStringLiteral("size")).toInt(), 8);
        r = sc(tool(
            QStringLiteral("file_read"), {{"sandbox_id", id}, {"path", "/workspace/data.csv"}}));
        QCOMPARE(r.value(QStringLiteral("content")).toString(), QStringLiteral("x,y\n1,2\n"));
        r = sc(exec(id, QStringLiteral("len(pd.read_csv('data.csv'))")));
        QCOMPARE(r.value(QStringLiteral("result")).toString(), QStringLiteral("1"));

        sc(tool(QStringLiteral("env_set"),
            {{"sandbox_id", id},
                {"env_vars", QJsonObject {{"GREETING", "hi"}, {"API_TOKEN", "t0p"}}}}));
        r = sc(tool(QStringLiteral("env_get"), {{"sandbox_id", id}}));
        QCOMPARE(r.value(QStringLiteral("env_vars"))
                     .toObject()
                     .value(QStringLiteral("GREETING"))
                     .toString(),
            QStringLiteral("hi"));
        QCOMPARE(r.value(QStringLiteral("env_vars"))
                     .toObject()
                     .value(QStringLiteral("API_TOKEN"))
                     .toString(),
            QStringLiteral("***MASKED***"));
        QCOMPARE(sc(command(id, QStringLiteral("echo $GREETING")))
                     .value(QStringLiteral("stdout"))
                     .toString(),
            QStringLiteral("hi\n"));
        QCOMPARE(sc(exec(id, QStringLiteral("import os; os.environ['GREETING']")))
                     .value(QStringLiteral("result"))
                     .toString(),
            QStringLiteral("'hi'"));
        sc(tool(QStringLiteral("env_clear"), {{"sandbox_id", id}}));
        QCOMPARE(sc(command(id, QStringLiteral("echo \"[$GREETING]\"")))
                     .value(QStringLiteral("stdout"))
                     .toString(),
            QStringLiteral("[]\n"));
        QCOMPARE(sc(exec(id, QStringLiteral("import os; os.environ.get('GREETING')")))
                     .value(QStringLiteral("result"))
                     .toVariant(),
            QVariant());

        r = sc(tool(QStringLiteral("run_command_background"),
            {{"sandbox_id", id}, {"command", "python3 -m http.server 8765"}, {"name", "web"}}));
        const QString processId = r.value(QStringLiteral("process_id")).toString();
        QVERIFY(processId.startsWith(QLatin1String("cmd_")));
        QString fetched;
        for (int i = 0; i < 50 && !fetched.contains(QLatin1String("data.csv")); ++i) {
            fetched =
                sc(exec(id,
                       QStringLiteral("import urllib.request\ntry:\n    "
                                      "print(urllib.request.urlopen('http://127.0.0.1:8765/"
                                      "').read().decode())\nexcept Exception as e:\n    print(e)")))
                    .value(QStringLiteral("stdout"))
                    .toString();
            if (!fetched.contains(QLatin1String("data.csv")))
                QTest::qWait(100);
        }
        QVERIFY2(fetched.contains(QLatin1String("data.csv")), qPrintable(fetched));
        r = sc(tool(QStringLiteral("execute_list_processes"), {{"sandbox_id", id}}));
        QCOMPARE(r.value(QStringLiteral("processes"))
                     .toArray()
                     .at(0)
                     .toObject()
                     .value(QStringLiteral("status"))
                     .toString(),
            QStringLiteral("running"));
        r = sc(tool(QStringLiteral("execute_kill_process"),
            {{"sandbox_id", id}, {"process_id", processId}}));
        QCOMPARE(r.value(QStringLiteral("status")).toString(), QStringLiteral("killed"));
        QTRY_VERIFY_WITH_TIMEOUT(
            !QJsonDocument(sc(tool(QStringLiteral("list_processes"), {{"sandbox_id", id}})))
                 .toJson()
                 .contains("http.server"),
            5000);

        r = sc(tool(QStringLiteral("delete_sandbox"), {{"id", id}}));
        QCOMPARE(r.value(QStringLiteral("status")).toString(), QStringLiteral("deleted"));
        const QJsonObject gone = tool(QStringLiteral("get_sandbox"), {{"id", id}});
        QVERIFY(isError(gone));
        QCOMPARE(sc(gone).value(QStringLiteral("error")).toString(),
            QStringLiteral("Sandbox not found"));
    }

    void languages_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("stdout");
        QTest::addColumn<int>("exitCode");
        QTest::newRow("python") << "python"
                                << "print('py', 6*7)"
                                << "py 42\n"
                                << 0;
        QTest::newRow("python3 alias") << "python3"
                                       << "import sys; print(sys.version_info[0])"
                                       << "3\n"
                                       << 0;
        QTest::newRow("python exception") << "python"
                                          << "print('before')\nraise ValueError('boom')"
                                          << "before\n"
                                          << 1;
        QTest::newRow("javascript") << "javascript"
                                    << "console.log([1,2,3].map(x => x * 2).join(','))"
                                    << "2,4,6\n"
                                    << 0;
        QTest::newRow("node alias") << "node"
                                    << "process.exit(4)"
                                    << "" << 4;
        QTest::newRow("bash") << "bash"
                              << "echo $((6*7)); exit 3"
                              << "42\n"
                              << 3;
        QTest::newRow("go")
            << "go"
            << "package main\nimport \"fmt\"\nfunc main() { fmt.Println(\"gopher\") }"
            << "gopher\n"
            << 0;
    }

    void languages()
    {
        QFETCH(QString, language);
        QFETCH(QString, code);
        QFETCH(QString, stdout);
        QFETCH(int, exitCode);
        static QString id;
        if (id.isEmpty())
            id = createSandbox();
        const QJsonObject r = sc(exec(id, code, language, 180));
        QCOMPARE(r.value(QStringLiteral("stdout")).toString(), stdout);
        QCOMPARE(r.value(QStringLiteral("exit_code")).toInt(), exitCode);
        QCOMPARE(r.value(QStringLiteral("success")).toBool(), exitCode == 0);
        if (language == QLatin1String("python") && exitCode == 1) {
            QCOMPARE(r.value(QStringLiteral("execution_error"))
                         .toObject()
                         .value(QStringLiteral("ename"))
                         .toString(),
                QStringLiteral("ValueError"));
            QVERIFY(r.value(QStringLiteral("stderr"))
                        .toString()
                        .contains(QLatin1String("ValueError: boom")));
        }
    }

    void plotIsAnImage_data()
    {
        QTest::addColumn<QString>("toolName");
        QTest::addColumn<QString>("cwd");
        QTest::newRow("execute_code") << "execute_code"
                                      << "/workspace";
        QTest::newRow("execute_code_rich") << "execute_code_rich"
                                           << "/tmp"; // hopx-mcp's rich default
    }

    void plotIsAnImage()
    {
        QFETCH(QString, toolName);
        QFETCH(QString, cwd);
        const QString id = createSandbox();
        const QJsonObject r = tool(toolName,
            {{"sandbox_id", id},
                {"code",
                    "import os\nimport matplotlib.pyplot as "
                    "plt\nprint(os.getcwd())\nplt.plot([1,2,3])"},
                {"timeout", 120}});
        QJsonArray images;
        for (const QJsonValue &c : r.value(QStringLiteral("content")).toArray())
            if (c.toObject().value(QStringLiteral("type")).toString() == QLatin1String("image"))
                images.append(c);
        // The whole result when it fails: once, in a newcomer run on a loaded machine, the plot
        // did not come back (not reproduced since, as root or as another user).
        QVERIFY2(images.size() == 1, QJsonDocument(r).toJson().left(4000).constData());
        QCOMPARE(images[0].toObject().value(QStringLiteral("mimeType")).toString(),
            QStringLiteral("image/png"));
        const QByteArray png = QByteArray::fromBase64(
            images[0].toObject().value(QStringLiteral("data")).toString().toLatin1());
        QVERIFY(png.startsWith("\x89PNG\r\n\x1a\n"));
        QCOMPARE(png.mid(12, 4), QByteArray("IHDR"));
        const quint32 width = qFromBigEndian<quint32>(png.constData() + 16);
        QVERIFY2(width >= 100 && width < 5000, qPrintable(QString::number(width)));
        // A result with figures is text plus images, without structuredContent (clients read
        // that over the text, and Codex then drops the images): hopx-mcp's keys are in the text,
        // each figure referred to by its image item and size instead of repeated as base64.
        QVERIFY2(!r.contains(QStringLiteral("structuredContent")), qPrintable(text(r).left(300)));
        QVERIFY(!text(r).contains(QLatin1String("iVBORw0KGgo")));
        const QJsonObject dict = QJsonDocument::fromJson(text(r).toUtf8()).object();
        QCOMPARE(dict.value(QStringLiteral("stdout")).toString(), cwd + QLatin1Char('\n'));
        const QJsonObject figure =
            dict.value(QStringLiteral("rich_outputs")).toArray().at(0).toObject();
        QCOMPARE(figure.value(QStringLiteral("type")).toString(), QStringLiteral("image/png"));
        QCOMPARE(figure.value(QStringLiteral("data")).toString(),
            QStringLiteral("(sent as image content item 1)"));
        QCOMPARE(figure.value(QStringLiteral("metadata"))
                     .toObject()
                     .value(QStringLiteral("size"))
                     .toInt(),
            png.size());
        tool(QStringLiteral("delete_sandbox"), {{"id", id}});
    }

    void isolatedRunIsDeletedAfterwards()
    {
        const QJsonObject r =
            sc(tool(QStringLiteral("execute_code"), {{"code", "print('Hello, World!')"}}));
        QCOMPARE(r.value(QStringLiteral("stdout")).toString(), QStringLiteral("Hello, World!\n"));
        QCOMPARE(r.value(QStringLiteral("mode")).toString(), QStringLiteral("isolated"));
        QVERIFY(r.value(QStringLiteral("_note")).toString().contains(QLatin1String("deleted")));
        const QString id = r.value(QStringLiteral("sandbox_id")).toString();
        QTRY_VERIFY_WITH_TIMEOUT(isError(tool(QStringLiteral("get_sandbox"), {{"id", id}})), 5000);
    }

    void persistentAndIsolatedWrappers()
    {
        const QString id = createSandbox();
        QJsonObject r = sc(tool(QStringLiteral("execute_code_persistent"),
            {{"sandbox_id", id}, {"code", "kept = 'yes'"}}));
        QCOMPARE(r.value(QStringLiteral("success")).toBool(), true);
        r = sc(tool(
            QStringLiteral("execute_code_persistent"), {{"sandbox_id", id}, {"code", "kept"}}));
        QCOMPARE(r.value(QStringLiteral("result")).toString(), QStringLiteral("'yes'"));
        QCOMPARE(r.value(QStringLiteral("mode")).toString(), QStringLiteral("persistent"));
        QCOMPARE(r.value(QStringLiteral("sandbox_id")).toString(), id);
        const QJsonObject noId = tool(QStringLiteral("execute_code_persistent"), {{"code", "1"}});
        QVERIFY(isError(noId));
        QVERIFY2(text(noId).contains(QLatin1String("sandbox_id")), qPrintable(text(noId)));

        // A fresh sandbox: none of the state above, and gone afterwards.
        r = sc(tool(
            QStringLiteral("execute_code_isolated"), {{"code", "print('kept' in globals())"}}));
        QCOMPARE(r.value(QStringLiteral("stdout")).toString(), QStringLiteral("False\n"));
        QCOMPARE(r.value(QStringLiteral("mode")).toString(), QStringLiteral("isolated"));
        const QString fresh = r.value(QStringLiteral("sandbox_id")).toString();
        QVERIFY(fresh.startsWith(QLatin1String("local-")));
        QVERIFY(fresh != id);
        QTRY_VERIFY_WITH_TIMEOUT(
            isError(tool(QStringLiteral("get_sandbox"), {{"id", fresh}})), 5000);
        tool(QStringLiteral("delete_sandbox"), {{"id", id}});
    }

    void pauseRefusesRunsAndResumeKeepsState()
    {
        const QString id = createSandbox();
        QCOMPARE(
            sc(exec(id, QStringLiteral("counter = 41"))).value(QStringLiteral("success")).toBool(),
            true);
        command(id, QStringLiteral("echo on disk > /workspace/note.txt"));

        QJsonObject r = tool(QStringLiteral("pause_sandbox"), {{"id", id}});
        QVERIFY2(!isError(r), QJsonDocument(r).toJson().constData());
        QCOMPARE(sc(r).value(QStringLiteral("sandbox_id")).toString(), id);
        QCOMPARE(sc(r).value(QStringLiteral("status")).toString(), QStringLiteral("paused"));
        QCOMPARE(sc(tool(QStringLiteral("get_sandbox"), {{"id", id}}))
                     .value(QStringLiteral("status"))
                     .toString(),
            QStringLiteral("paused"));
        const QJsonArray paused = sc(
            tool(QStringLiteral("list_sandboxes"), {{"status", "paused"}, {"provider", "local"}}))
                                      .value(QStringLiteral("data"))
                                      .toArray();
        QVERIFY(!findBy(paused, QStringLiteral("sandbox_id"), id).isEmpty());

        // Runs are refused with a sentence that names the way out, not left hanging: by the
        // name this (compact) client can call, in the message and in stderr alike.
        for (const QJsonObject &refused :
            {exec(id, QStringLiteral("counter")), command(id, QStringLiteral("echo hi"))}) {
            QVERIFY(isError(refused));
            QVERIFY2(text(refused).contains(QLatin1String("paused"))
                    && text(refused).contains(
                        QLatin1String("manage_sandbox (action \\\"resume\\\")"))
                    && !text(refused).contains(QLatin1String("resume_sandbox")),
                qPrintable(text(refused)));
        }

        // ping_vm does not call a frozen sandbox alive (this session also lists the compact
        // tools, whose words its refusal uses).
        const QJsonObject ping = tool(QStringLiteral("ping_vm"), {{"sandbox_id", id}});
        QVERIFY(isError(ping));
        QVERIFY2(text(ping).contains(QLatin1String("is paused"))
                && text(ping).contains(QLatin1String("resume")),
            qPrintable(text(ping)));

        r = tool(QStringLiteral("resume_sandbox"), {{"id", id}});
        QVERIFY2(!isError(r), QJsonDocument(r).toJson().constData());
        QCOMPARE(sc(r).value(QStringLiteral("status")).toString(), QStringLiteral("running"));
        QCOMPARE(sc(tool(QStringLiteral("ping_vm"), {{"sandbox_id", id}}))
                     .value(QStringLiteral("status"))
                     .toString(),
            QStringLiteral("ok"));
        const QJsonArray stillPaused = sc(
            tool(QStringLiteral("list_sandboxes"), {{"status", "paused"}, {"provider", "local"}}))
                                           .value(QStringLiteral("data"))
                                           .toArray();
        QVERIFY(findBy(stillPaused, QStringLiteral("sandbox_id"), id).isEmpty());
        QCOMPARE(
            sc(exec(id, QStringLiteral("counter + 1"))).value(QStringLiteral("result")).toString(),
            QStringLiteral("42"));
        QCOMPARE(sc(command(id, QStringLiteral("cat /workspace/note.txt")))
                     .value(QStringLiteral("stdout"))
                     .toString(),
            QStringLiteral("on disk\n"));
        tool(QStringLiteral("delete_sandbox"), {{"id", id}});
    }

    void updateSandboxTimeoutMovesExpiry()
    {
        const QString id = sc(tool(QStringLiteral("create_sandbox"), {{"timeout_seconds", 600}}))
                               .value(QStringLiteral("id"))
                               .toString();
        QVERIFY(id.startsWith(QLatin1String("local-")));
        auto expiresAt = [&]() {
            return QDateTime::fromString(sc(tool(QStringLiteral("get_sandbox"), {{"id", id}}))
                                             .value(QStringLiteral("expires_at"))
                                             .toString(),
                Qt::ISODate);
        };
        const QDateTime before = expiresAt();
        QVERIFY(before.isValid());

        QJsonObject r = sc(tool(
            QStringLiteral("update_sandbox_timeout"), {{"id", id}, {"timeout_seconds", 7200}}));
        QCOMPARE(r.value(QStringLiteral("status")).toString(), QStringLiteral("updated"));
        QCOMPARE(r.value(QStringLiteral("timeout_seconds")).toInt(), 7200);
        const QDateTime later = expiresAt();
        // 600 s from creation became 7200 s from now: about 6600 s later (minutes of slack).
        QVERIFY2(before.secsTo(later) > 6000 && before.secsTo(later) < 7300,
            qPrintable(QString::number(before.secsTo(later))));
        QCOMPARE(sc(tool(QStringLiteral("get_sandbox"), {{"id", id}}))
                     .value(QStringLiteral("timeout_seconds"))
                     .toInt(),
            7200);

        // Shortened: the sandbox really goes when the new time is up.
        tool(QStringLiteral("update_sandbox_timeout"), {{"id", id}, {"timeout_seconds", 2}});
        QTRY_VERIFY_WITH_TIMEOUT(isError(tool(QStringLiteral("get_sandbox"), {{"id", id}})), 20000);
        QVERIFY(isError(
            tool(QStringLiteral("update_sandbox_timeout"), {{"id", id}, {"timeout_seconds", 60}})));
    }

    void templatesReportTheHostsRuntimes()
    {
        // What this host can run, asked the host itself (sandboxes see its /usr read-only).
        const QList<QPair<QString, QStringList>> probes {
            {QStringLiteral("python"), {QStringLiteral("python3"), QStringLiteral("--version")}},
            {QStringLiteral("javascript"), {QStringLiteral("node"), QStringLiteral("--version")}},
            {QStringLiteral("bash"),
                {QStringLiteral("bash"), QStringLiteral("-c"),
                    QStringLiteral("echo $BASH_VERSION")}},
            {QStringLiteral("go"), {QStringLiteral("go"), QStringLiteral("version")}}};
        QJsonObject host;
        for (const auto &probe : probes) {
            const QString exe = QStandardPaths::findExecutable(
                probe.second.first(), {QStringLiteral("/usr/bin"), QStringLiteral("/bin")});
            if (exe.isEmpty())
                continue;
            QProcess p;
            p.start(exe, probe.second.mid(1));
            QVERIFY(p.waitForFinished(60000));
            const QString version =
                QString::fromUtf8(p.readAllStandardOutput() + p.readAllStandardError())
                    .trimmed()
                    .section(QLatin1Char('\n'), 0, 0);
            if (p.exitCode() == 0 && !version.isEmpty())
                host.insert(probe.first, version);
        }
        QVERIFY2(host.contains(QStringLiteral("python")),
            "python3 is needed for the sandbox tests anyway");

        auto listed = [&]() {
            return sc(
                tool(QStringLiteral("list_templates"), {{"fields", "all"}, {"provider", "local"}}))
                .value(QStringLiteral("data"))
                .toArray();
        };
        // The app probes runtimes in the background when it starts.
        QTRY_COMPARE_WITH_TIMEOUT(
            findBy(listed(), QStringLiteral("name"), QStringLiteral("code-interpreter"))
                .value(QStringLiteral("runtimes"))
                .toObject(),
            host, 30000);
        const QJsonObject ci =
            findBy(listed(), QStringLiteral("name"), QStringLiteral("code-interpreter"));
        QCOMPARE(ci.value(QStringLiteral("languages")).toArray(),
            QJsonArray::fromStringList(host.keys()));
        QVERIFY(!findBy(listed(), QStringLiteral("name"), QStringLiteral("base")).isEmpty());

        // Default fields and limit as in hopx-mcp.
        const QJsonObject one = sc(tool(QStringLiteral("list_templates"), {{"limit", 1}}));
        QCOMPARE(one.value(QStringLiteral("count")).toInt(), 1);
        QVERIFY(one.value(QStringLiteral("_note")).toString().contains(QLatin1String("limit")));
        const QStringList keys =
            one.value(QStringLiteral("data")).toArray().at(0).toObject().keys();
        QCOMPARE(keys,
            (QStringList {"category", "description", "id", "language",
                "name"})); // sorted, as QJsonObject keeps them

        const QJsonObject got =
            sc(tool(QStringLiteral("get_template"), {{"name", "code-interpreter"}}));
        QCOMPARE(got, ci);
        const QJsonObject missing =
            tool(QStringLiteral("get_template"), {{"name", "no-such-template"}});
        QVERIFY(isError(missing));
        QVERIFY2(
            text(missing).contains(QLatin1String("code-interpreter")), qPrintable(text(missing)));
    }

    void sandboxInfoTools()
    {
        const QString id = createSandbox();
        const QJsonObject ping = sc(tool(QStringLiteral("ping_vm"), {{"sandbox_id", id}}));
        QCOMPARE(ping.value(QStringLiteral("status")).toString(), QStringLiteral("ok"));
        QCOMPARE(
            ping.value(QStringLiteral("agent")).toString(), QStringLiteral("hopx-sandbox-agent"));
        QVERIFY(!ping.value(QStringLiteral("agent_version")).toString().isEmpty());

        const QJsonObject info = sc(tool(QStringLiteral("get_vm_info"), {{"sandbox_id", id}}));
        QCOMPARE(info.value(QStringLiteral("vm_id")).toString(), id);
        QCOMPARE(info.value(QStringLiteral("provider")).toString(), QStringLiteral("local"));
        QCOMPARE(info.value(QStringLiteral("features"))
                     .toObject()
                     .value(QStringLiteral("network"))
                     .toBool(),
            false);
        QVERIFY(info.value(QStringLiteral("features"))
                    .toObject()
                    .value(QStringLiteral("languages"))
                    .toObject()
                    .contains(QStringLiteral("python")));
        // The limits it reports are the ones the sandbox lives under (the agent's rlimits).
        const QJsonObject limits = info.value(QStringLiteral("limits")).toObject();
        QVERIFY(limits.value(QStringLiteral("memory_mb")).toInt() > 0);
        const QString ulimits = sc(command(id, QStringLiteral("echo $(ulimit -d) $(ulimit -n)")))
                                    .value(QStringLiteral("stdout"))
                                    .toString();
        QCOMPARE(ulimits,
            QStringLiteral("%1 %2\n")
                .arg(limits.value(QStringLiteral("memory_mb")).toInt() * 1024)
                .arg(limits.value(QStringLiteral("open_files")).toInt()));

        const QJsonObject metrics =
            tool(QStringLiteral("get_system_metrics"), {{"sandbox_id", id}});
        QVERIFY2(!isError(metrics) && !sc(metrics).isEmpty(),
            QJsonDocument(metrics).toJson().constData());

        // No inbound network locally: both URL tools say so and what to do instead.
        const QJsonObject preview =
            tool(QStringLiteral("get_preview_url"), {{"sandbox_id", id}, {"port", 8000}});
        QVERIFY(isError(preview));
        QVERIFY2(text(preview).contains(QLatin1String("8000"))
                && text(preview).contains(QLatin1String("run with language bash")),
            qPrintable(text(preview)));
        const QJsonObject agent = tool(QStringLiteral("get_agent_url"), {{"sandbox_id", id}});
        QVERIFY(isError(agent));
        QVERIFY2(text(agent).contains(QLatin1String("sandbox_id")), qPrintable(text(agent)));

        tool(QStringLiteral("delete_sandbox"), {{"id", id}});
        const QJsonObject gone = tool(QStringLiteral("ping_vm"), {{"sandbox_id", id}});
        QVERIFY(isError(gone));
        QVERIFY2(text(gone).contains(QLatin1String("not found")), qPrintable(text(gone)));
    }

    void cacheStatsAndClear()
    {
        const QString id = createSandbox();
        const QJsonObject filled = command(id,
            QStringLiteral("mkdir -p /home/user/.cache/pip /workspace/pkg/__pycache__ && "
                           "head -c 300000 /dev/urandom > /home/user/.cache/pip/blob && "
                           "touch /workspace/pkg/__pycache__/m.pyc /workspace/pkg/m.py"));
        QCOMPARE(sc(filled).value(QStringLiteral("exit_code")).toInt(), 0);
        const QJsonObject stats = sc(tool(QStringLiteral("cache_stats"), {{"sandbox_id", id}}));
        QCOMPARE(stats.value(QStringLiteral("cache_dir")).toString(),
            QStringLiteral("/home/user/.cache"));
        QVERIFY2(qint64(stats.value(QStringLiteral("cache_bytes")).toDouble()) >= 300000,
            QJsonDocument(stats).toJson().constData());

        const QJsonObject cleared = sc(tool(QStringLiteral("cache_clear"), {{"sandbox_id", id}}));
        QCOMPARE(cleared.value(QStringLiteral("status")).toString(), QStringLiteral("success"));
        const qint64 after = cacheBytes(id);
        QVERIFY2(after >= 0 && after < 300000, qPrintable(QString::number(after)));
        QCOMPARE(sc(tool(QStringLiteral("file_exists"),
                        {{"sandbox_id", id}, {"path", "/workspace/pkg/__pycache__"}}))
                     .value(QStringLiteral("exists"))
                     .toBool(),
            false);
        // Only caches go: the user's files stay.
        QCOMPARE(sc(tool(QStringLiteral("file_exists"),
                        {{"sandbox_id", id}, {"path", "/workspace/pkg/m.py"}}))
                     .value(QStringLiteral("exists"))
                     .toBool(),
            true);
        tool(QStringLiteral("delete_sandbox"), {{"id", id}});
    }

    void backgroundExecutionIsListedAndKilled_data()
    {
        QTest::addColumn<QString>("toolName");
        QTest::addColumn<QJsonObject>("extra");
        QTest::newRow("execute_code_background") << "execute_code_background" << QJsonObject {};
        QTest::newRow("execute_code mode background")
            << "execute_code" << QJsonObject {{"mode", "background"}};
    }

    void backgroundExecutionIsListedAndKilled()
    {
        QFETCH(QString, toolName);
        QFETCH(QJsonObject, extra);
        const QString id = createSandbox();
        QJsonObject args {{"sandbox_id", id},
            {"code",
                "import time\ni = 0\nwhile True:\n    print('tick', i, flush=True)\n    i += 1\n   "
                " time.sleep(0.2)"},
            {"name", "ticker"}};
        for (auto it = extra.begin(); it != extra.end(); ++it)
            args.insert(it.key(), it.value());
        const QJsonObject started = sc(tool(toolName, args));
        const QString processId = started.value(QStringLiteral("process_id")).toString();
        QVERIFY2(processId.startsWith(QLatin1String("bg_")),
            QJsonDocument(started).toJson().constData());
        QCOMPARE(started.value(QStringLiteral("status")).toString(), QStringLiteral("running"));
        QCOMPARE(started.value(QStringLiteral("mode")).toString(), QStringLiteral("background"));

        // It keeps running after the call returned: its log grows.
        const QString log = started.value(QStringLiteral("log_file")).toString();
        QVERIFY(!log.isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(
            sc(tool(QStringLiteral("file_read"), {{"sandbox_id", id}, {"path", log}}))
                .value(QStringLiteral("content"))
                .toString()
                .contains(QLatin1String("tick 3\n")),
            15000);
        QJsonObject listed =
            findBy(sc(tool(QStringLiteral("execute_list_processes"), {{"sandbox_id", id}}))
                       .value(QStringLiteral("processes"))
                       .toArray(),
                QStringLiteral("process_id"), processId);
        QCOMPARE(listed.value(QStringLiteral("status")).toString(), QStringLiteral("running"));
        QCOMPARE(listed.value(QStringLiteral("name")).toString(), QStringLiteral("ticker"));
        QCOMPARE(listed.value(QStringLiteral("language")).toString(), QStringLiteral("python"));
        const QString pid = QString::number(listed.value(QStringLiteral("pid")).toInteger());
        auto stillRuns = [&]() {
            const QJsonArray all =
                sc(tool(QStringLiteral("list_processes"), {{"sandbox_id", id}, {"max_results", 0}}))
                    .value(QStringLiteral("processes"))
                    .toArray();
            for (const QJsonValue &p : all)
                if (QString::number(p.toObject().value(QStringLiteral("pid")).toInteger()) == pid)
                    return true;
            return false;
        };
        QVERIFY(stillRuns());

        const QJsonObject killed = sc(tool(QStringLiteral("execute_kill_process"),
            {{"sandbox_id", id}, {"process_id", processId}}));
        QCOMPARE(killed.value(QStringLiteral("status")).toString(), QStringLiteral("killed"));
        QTRY_VERIFY_WITH_TIMEOUT(!stillRuns(), 5000);
        QTRY_COMPARE_WITH_TIMEOUT(
            findBy(sc(tool(QStringLiteral("execute_list_processes"), {{"sandbox_id", id}}))
                       .value(QStringLiteral("processes"))
                       .toArray(),
                QStringLiteral("process_id"), processId)
                .value(QStringLiteral("status"))
                .toString(),
            QStringLiteral("killed"), 5000);
        tool(QStringLiteral("delete_sandbox"), {{"id", id}});
    }

    void asyncPostsTheResultToTheWebhook_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("secret");
        QTest::addColumn<QString>("status");
        QTest::addColumn<QString>("stdout");
        QTest::addColumn<int>("exitCode");
        QTest::newRow("signed, completed") << "python"
                                           << "print('async out')"
                                           << "s3cret-\u00e9"
                                           << "completed"
                                           << "async out\n"
                                           << 0;
        QTest::newRow("unsigned, failed") << "bash"
                                          << "echo partial; exit 3"
                                          << ""
                                          << "failed"
                                          << "partial\n"
                                          << 3;
    }

    void asyncPostsTheResultToTheWebhook()
    {
        QFETCH(QString, language);
        QFETCH(QString, code);
        QFETCH(QString, secret);
        QFETCH(QString, status);
        QFETCH(QString, stdout);
        QFETCH(int, exitCode);
        WebhookReceiver receiver;
        QVERIFY(receiver.listen());
        const QString id = createSandbox();
        QJsonObject args {{"sandbox_id", id}, {"code", code}, {"language", language},
            {"callback_url", receiver.url(QStringLiteral("/hooks/run?k=1"))},
            {"callback_headers", QJsonObject {{"X-Trace", "trace-7"}}}};
        if (!secret.isEmpty())
            args.insert(QStringLiteral("callback_signature_secret"), secret);
        const QJsonObject queued = sc(tool(QStringLiteral("execute_code_async"), args));
        QCOMPARE(queued.value(QStringLiteral("status")).toString(), QStringLiteral("queued"));
        const QString executionId = queued.value(QStringLiteral("execution_id")).toString();
        QVERIFY(executionId.startsWith(QLatin1String("async_")));

        QTRY_COMPARE_WITH_TIMEOUT(receiver.requests().size(), 1, 60000);
        const WebhookReceiver::Request post = receiver.requests().at(0);
        QCOMPARE(post.method, QByteArray("POST"));
        QCOMPARE(post.path, QByteArray("/hooks/run?k=1"));
        QCOMPARE(post.headers.value("content-type"), QByteArray("application/json"));
        QCOMPARE(post.headers.value("x-trace"), QByteArray("trace-7"));
        const QByteArray timestamp = post.headers.value("x-hopx-timestamp");
        QVERIFY2(timestamp.toLongLong() > 1700000000, timestamp.constData());
        if (secret.isEmpty()) {
            QVERIFY(!post.headers.contains("x-hopx-signature"));
        } else {
            // The receiver's check: HMAC-SHA256 over timestamp + raw body with the shared secret.
            const QByteArray expected = "sha256="
                + QMessageAuthenticationCode::hash(
                    timestamp + post.body, secret.toUtf8(), QCryptographicHash::Sha256)
                      .toHex();
            QCOMPARE(post.headers.value("x-hopx-signature"), expected);
        }
        QJsonParseError error;
        const QJsonObject body = QJsonDocument::fromJson(post.body, &error).object();
        QCOMPARE(error.error, QJsonParseError::NoError);
        QCOMPARE(body.value(QStringLiteral("execution_id")).toString(), executionId);
        QCOMPARE(body.value(QStringLiteral("status")).toString(), status);
        QCOMPARE(body.value(QStringLiteral("stdout")).toString(), stdout);
        QCOMPARE(body.value(QStringLiteral("exit_code")).toInt(), exitCode);
        QCOMPARE(body.value(QStringLiteral("success")).toBool(), exitCode == 0);
        QCOMPARE(body.value(QStringLiteral("sandbox_id")).toString(), id);
        QVERIFY(
            QDateTime::fromString(body.value(QStringLiteral("timestamp")).toString(), Qt::ISODate)
                .isValid());
        tool(QStringLiteral("delete_sandbox"), {{"id", id}});
    }

    void asyncRefusesASandboxThatCannotRunNow()
    {
        WebhookReceiver receiver;
        QVERIFY(receiver.listen());
        const auto async = [&](const QString &id) {
            return tool(QStringLiteral("execute_code_async"),
                {{"sandbox_id", id}, {"code", "print(1)"},
                    {"callback_url", receiver.url(QStringLiteral("/hook"))}});
        };
        // "queued" would promise a POST the model may never see: the error comes back now.
        const QJsonObject missing = async(QStringLiteral("local-000000000000"));
        QVERIFY(isError(missing));
        QVERIFY2(text(missing).contains(QLatin1String("not found")), qPrintable(text(missing)));
        const QString id = createSandbox();
        QVERIFY(!isError(tool(QStringLiteral("pause_sandbox"), {{"id", id}})));
        const QJsonObject paused = async(id);
        QVERIFY(isError(paused));
        QVERIFY2(text(paused).contains(QLatin1String("is paused")), qPrintable(text(paused)));
        QVERIFY(!isError(tool(QStringLiteral("resume_sandbox"), {{"id", id}})));
        QCOMPARE(
            sc(async(id)).value(QStringLiteral("status")).toString(), QStringLiteral("queued"));
        QTRY_COMPARE_WITH_TIMEOUT(receiver.requests().size(), 1, 60000);
        QTest::qWait(200);
        QCOMPARE(receiver.requests().size(), 1); // nothing was posted for the refused two
        tool(QStringLiteral("delete_sandbox"), {{"id", id}});
    }

    void filesRoundTripBinaryAndRefuseHostSymlinks()
    {
        const QString id = createSandbox();
        QByteArray all;
        for (int i = 0; i < 256; ++i)
            all.append(char(i));
        all = all.repeated(64);
        tool(QStringLiteral("file_write"),
            {{"sandbox_id", id}, {"path", "blob.bin"},
                {"content", QString::fromLatin1(all.toBase64())}, {"encoding", "base64"}});
        QJsonObject r = sc(tool(QStringLiteral("file_read"),
            {{"sandbox_id", id}, {"path", "/workspace/blob.bin"}, {"encoding", "base64"}}));
        QCOMPARE(
            QByteArray::fromBase64(r.value(QStringLiteral("content")).toString().toLatin1()), all);
        // Not text: a link to the resource instead of bytes a model cannot read.
        const QJsonObject linked = tool(
            QStringLiteral("file_read"), {{"sandbox_id", id}, {"path", "/workspace/blob.bin"}});
        QVERIFY2(!isError(linked), QJsonDocument(linked).toJson().constData());
        QCOMPARE(sc(linked).value(QStringLiteral("uri")).toString(),
            QStringLiteral("sandbox://%1/workspace/blob.bin").arg(id));
        QVERIFY(sc(linked).value(QStringLiteral("content")).isNull());
        const QJsonObject link =
            findBy(linked.value(QStringLiteral("content")).toArray(), "type", "resource_link");
        QCOMPARE(link.value(QStringLiteral("uri")).toString(),
            sc(linked).value(QStringLiteral("uri")).toString());
        QCOMPARE(link.value(QStringLiteral("size")).toInt(), all.size());
        QCOMPARE(link.value(QStringLiteral("mimeType")).toString(),
            QStringLiteral("application/octet-stream"));

        // A host file the sandbox must never reveal, reached by a symlink planted by sandboxed
        // code.
        QTemporaryDir hostDir;
        const QString secretPath = hostDir.path() + QStringLiteral("/host-secret.txt");
        QFile secret(secretPath);
        QVERIFY(secret.open(QIODevice::WriteOnly));
        secret.write("HOST SECRET 1234");
        secret.close();
        command(id,
            QStringLiteral("ln -s %1 /workspace/report.txt; ln -s /etc/shadow /workspace/shadow; "
                           "ln -s /root /workspace/rootdir")
                .arg(secretPath));
        for (const QString &path : {QStringLiteral("/workspace/report.txt"),
                 QStringLiteral("/workspace/shadow"), secretPath}) {
            const QJsonObject read =
                tool(QStringLiteral("file_read"), {{"sandbox_id", id}, {"path", path}});
            QVERIFY2(!QJsonDocument(read).toJson().contains("HOST SECRET"), qPrintable(path));
            QVERIFY2(isError(read), qPrintable(path));
        }
        QVERIFY(!QJsonDocument(tool(QStringLiteral("file_list"),
                                   {{"sandbox_id", id}, {"path", "/workspace/rootdir/"}}))
                     .toJson()
                     .contains(".bashrc"));
        // Writing through a symlink must not touch the host file either.
        tool(QStringLiteral("file_write"),
            {{"sandbox_id", id}, {"path", "/workspace/report.txt"}, {"content", "overwritten"}});
        QVERIFY(secret.open(QIODevice::ReadOnly));
        QCOMPARE(secret.readAll(), QByteArray("HOST SECRET 1234"));
        secret.close();
        // Outside the writable places.
        QVERIFY(isError(tool(QStringLiteral("file_write"),
            {{"sandbox_id", id}, {"path", "/usr/bin/evil"}, {"content", "x"}})));
        QVERIFY(isError(tool(QStringLiteral("file_write"),
            {{"sandbox_id", id}, {"path", "/etc/passwd"}, {"content", "x"}})));
        r = sc(tool(QStringLiteral("file_list"), {{"sandbox_id", id}}));
        QVERIFY(r.value(QStringLiteral("count")).toInt() >= 4);
        QCOMPARE(sc(tool(QStringLiteral("file_exists"), {{"sandbox_id", id}, {"path", "blob.bin"}}))
                     .value(QStringLiteral("exists"))
                     .toBool(),
            true);
        tool(QStringLiteral("file_mkdir"), {{"sandbox_id", id}, {"path", "/workspace/a/b/c"}});
        QCOMPARE(sc(tool(QStringLiteral("file_exists"),
                        {{"sandbox_id", id}, {"path", "/workspace/a/b/c"}}))
                     .value(QStringLiteral("exists"))
                     .toBool(),
            true);
        tool(QStringLiteral("file_remove"), {{"sandbox_id", id}, {"path", "/workspace/a"}});
        QCOMPARE(
            sc(tool(QStringLiteral("file_exists"), {{"sandbox_id", id}, {"path", "/workspace/a"}}))
                .value(QStringLiteral("exists"))
                .toBool(),
            false);
        const QJsonObject missing = tool(
            QStringLiteral("file_read"), {{"sandbox_id", id}, {"path", "/workspace/none.txt"}});
        QCOMPARE(sc(missing).value(QStringLiteral("error")).toString(),
            QStringLiteral("File not found"));
        tool(QStringLiteral("delete_sandbox"), {{"id", id}});
    }

    // A local sandbox has no desktop: the desktop tools say so, and what has one.
    void desktopToolsNeedADesktop()
    {
        const QString id = createSandbox();
        for (const auto &[name, args] :
            {std::pair {QStringLiteral("desktop_screenshot"), QJsonObject {}},
                std::pair {QStringLiteral("desktop_mouse"),
                    QJsonObject {{"action", "click"}, {"x", 1}, {"y", 2}}},
                std::pair {QStringLiteral("desktop_keyboard"), QJsonObject {{"key", "Return"}}}}) {
            QJsonObject a = args;
            a.insert(QStringLiteral("sandbox_id"), id);
            const QJsonObject r = tool(name, a);
            QVERIFY2(isError(r), qPrintable(name));
            QVERIFY2(text(r).contains(QLatin1String("desktop")), qPrintable(text(r)));
        }
    }

    void fileStatDescribesOnePath()
    {
        const QString id = createSandbox();
        const qint64 before = QDateTime::currentSecsSinceEpoch();
        tool(QStringLiteral("file_write"),
            {{"sandbox_id", id}, {"path", "stat/a.txt"}, {"content", "hello"}, {"mode", "0640"}});
        tool(QStringLiteral("file_mkdir"), {{"sandbox_id", id}, {"path", "stat/d"}});
        QJsonObject r =
            tool(QStringLiteral("file_stat"), {{"sandbox_id", id}, {"path", "stat/a.txt"}});
        QVERIFY2(!isError(r), qPrintable(text(r)));
        QJsonObject s = sc(r);
        QCOMPARE(
            s.value(QStringLiteral("path")).toString(), QStringLiteral("/workspace/stat/a.txt"));
        QCOMPARE(s.value(QStringLiteral("type")).toString(), QStringLiteral("file"));
        QCOMPARE(s.value(QStringLiteral("size")).toInt(), 5);
        QCOMPARE(s.value(QStringLiteral("permissions")).toString(), QStringLiteral("0640"));
        const QDateTime modified =
            QDateTime::fromString(s.value(QStringLiteral("modified_time")).toString(), Qt::ISODate);
        QVERIFY2(modified.isValid() && modified.toSecsSinceEpoch() >= before - 5,
            qPrintable(s.value(QStringLiteral("modified_time")).toString()));
        // The text block a client without structuredContent reads says the same.
        QCOMPARE(QJsonDocument::fromJson(text(r).toUtf8()).object(), s);

        s = sc(tool(
            QStringLiteral("file_stat"), {{"sandbox_id", id}, {"path", "/workspace/stat/d/"}}));
        QCOMPARE(s.value(QStringLiteral("type")).toString(), QStringLiteral("directory"));
        QCOMPARE(s.value(QStringLiteral("path")).toString(), QStringLiteral("/workspace/stat/d"));
        s = sc(tool(QStringLiteral("file_stat"), {{"sandbox_id", id}, {"path", "/workspace"}}));
        QCOMPARE(s.value(QStringLiteral("type")).toString(), QStringLiteral("directory"));

        for (const char *missing : {"stat/none.txt", "/workspace/no/dir/x"}) {
            r = tool(QStringLiteral("file_stat"), {{"sandbox_id", id}, {"path", missing}});
            QVERIFY2(isError(r), missing);
            QCOMPARE(
                sc(r).value(QStringLiteral("error")).toString(), QStringLiteral("File not found"));
            QVERIFY2(sc(r)
                         .value(QStringLiteral("path"))
                         .toString()
                         .endsWith(QString::fromLatin1(missing).section(QLatin1Char('/'), -1)),
                qPrintable(text(r)));
        }
        r = tool(QStringLiteral("file_stat"), {{"sandbox_id", id}, {"path", "/"}});
        QVERIFY(isError(r));
        // In the words of this (compact) connection's tools.
        QVERIFY2(
            text(r).contains(QLatin1String("files (action \\\"list\\\")")), qPrintable(text(r)));
        // Checked by the schema before the tool runs.
        r = tool(QStringLiteral("file_stat"), {{"sandbox_id", id}});
        QVERIFY(isError(r));
        QVERIFY2(
            text(r).contains(QLatin1String("arguments.path is required")), qPrintable(text(r)));
        tool(QStringLiteral("delete_sandbox"), {{"id", id}});
    }

    void badArgumentsGetActionableErrors_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QJsonObject>("args");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("unknown sandbox")
            << "execute_code" << QJsonObject {{"sandbox_id", "local-000000000000"}, {"code", "1"}}
            << "not found";
        QTest::newRow("bad language")
            << "execute_code" << QJsonObject {{"code", "1"}, {"language", "cobol"}}
            << "python, javascript, bash or go";
        QTest::newRow("timeout too long")
            << "execute_code" << QJsonObject {{"code", "1"}, {"timeout", 301}} << "at most 300";
        QTest::newRow("persistent needs id")
            << "execute_code" << QJsonObject {{"code", "1"}, {"mode", "persistent"}}
            << "sandbox_id is required";
        QTest::newRow("missing code") << "execute_code" << QJsonObject {{"language", "python"}}
                                      << "arguments.code is required";
        QTest::newRow("unknown template")
            << "create_sandbox" << QJsonObject {{"template_id", "nope"}}
            << "code-interpreter, base";
        QTest::newRow("hopx without key")
            << "create_sandbox" << QJsonObject {{"provider", "hopx"}} << "hopx";
        QTest::newRow("webhook not https")
            << "execute_code_async"
            << QJsonObject {{"sandbox_id", "local-000000000000"}, {"code", "1"},
                   {"callback_url", "http://example.com/x"}}
            << "https";
    }

    void badArgumentsGetActionableErrors()
    {
        QFETCH(QString, name);
        QFETCH(QJsonObject, args);
        QFETCH(QString, mentions);
        const QJsonObject r = tool(name, args);
        QVERIFY(isError(r));
        const QString text = r.value(QStringLiteral("content"))
                                 .toArray()
                                 .at(0)
                                 .toObject()
                                 .value(QStringLiteral("text"))
                                 .toString();
        QVERIFY2(text.contains(mentions, Qt::CaseInsensitive), qPrintable(text));
    }

    void timeoutReturnsPartialOutputAndKeepsTheSandbox()
    {
        const QString id = createSandbox();
        QJsonObject r = sc(tool(QStringLiteral("run_command"),
            {{"sandbox_id", id}, {"command", "echo started; sleep 1000"}, {"timeout", 2}}));
        QCOMPARE(r.value(QStringLiteral("timed_out")).toBool(), true);
        QCOMPARE(r.value(QStringLiteral("stdout")).toString(), QStringLiteral("started\n"));
        QVERIFY(r.value(QStringLiteral("execution_time")).toDouble() < 5);
        r = sc(exec(id, QStringLiteral("x = 41\nprint('partial', flush=True)\nwhile True: pass"),
            QStringLiteral("python"), 2));
        QCOMPARE(r.value(QStringLiteral("timed_out")).toBool(), true);
        QCOMPARE(r.value(QStringLiteral("stdout")).toString(), QStringLiteral("partial\n"));
        // The interpreter survived the interrupt: state is still there.
        QCOMPARE(sc(exec(id, QStringLiteral("x + 1"))).value(QStringLiteral("result")).toString(),
            QStringLiteral("42"));
        tool(QStringLiteral("delete_sandbox"), {{"id", id}});
    }

    void anOversizedKernelFrameRestartsTheInterpreter()
    {
        // Code in the sandbox can write to the interpreter's protocol pipe: 49 MiB with no
        // newline is past the host's frame limit. The host ends that interpreter, the run says
        // so, and the next run gets a fresh one.
        const QString id = createSandbox();
        QCOMPARE(
            sc(exec(id, QStringLiteral("x = 41\nx"))).value(QStringLiteral("result")).toString(),
            QStringLiteral("41"));
        QJsonObject r = sc(exec(id,
            QStringLiteral(
                "import gc, os\n"
                "k = next(o for o in gc.get_objects()\n"
                "         if type(o).__dict__.get('_send') and hasattr(o, '_proto_out'))\n"
                "chunk = b'x' * (1 << 20)\n"
                "for _ in range(49):\n"
                "    os.write(k._proto_out, chunk)\n"),
            QStringLiteral("python"), 60));
        QVERIFY2(r.value(QStringLiteral("stderr"))
                     .toString()
                     .contains(QLatin1String("it sent an oversized message")),
            QJsonDocument(r).toJson().constData());
        QCOMPARE(r.value(QStringLiteral("exit_code")).toInt(), 137);
        QVERIFY(m_client->response(m_client->request(QStringLiteral("ping")), 2000));
        r = sc(exec(id, QStringLiteral("'x' in globals()")));
        QCOMPARE(r.value(QStringLiteral("result")).toString(), QStringLiteral("False"));
        tool(QStringLiteral("delete_sandbox"), {{"id", id}});
    }

    void liveOutputArrivesAsProgress()
    {
        const QString id = createSandbox();
        const qint64 rid = m_client->request(QStringLiteral("tools/call"),
            QJsonObject {{QStringLiteral("name"), QStringLiteral("run_command")},
                {QStringLiteral("arguments"),
                    QJsonObject {{"sandbox_id", id},
                        {"command", "for i in 1 2 3; do echo line$i; sleep 0.3; done"}}},
                {QStringLiteral("_meta"),
                    QJsonObject {{QStringLiteral("progressToken"), QStringLiteral("live")}}}});
        const auto first = m_client->waitFor(
            [](const QJsonObject &m) {
                return m.value(QStringLiteral("method")).toString()
                    == QLatin1String("notifications/progress");
            },
            10000);
        QVERIFY(first);
        QCOMPARE(first->value(QStringLiteral("params"))
                     .toObject()
                     .value(QStringLiteral("message"))
                     .toString(),
            QStringLiteral("line1"));
        const auto reply = m_client->response(rid, 20000);
        QVERIFY(reply);
        QCOMPARE(sc(reply->value(QStringLiteral("result")).toObject())
                     .value(QStringLiteral("stdout"))
                     .toString(),
            QStringLiteral("line1\nline2\nline3\n"));
        // Each message is the newest line, one line, the way Claude Code shows it.
        QStringList messages;
        for (const QJsonObject &m : m_client->messages())
            if (m.value(QStringLiteral("method")).toString()
                == QLatin1String("notifications/progress"))
                messages << m.value(QStringLiteral("params"))
                                .toObject()
                                .value(QStringLiteral("message"))
                                .toString();
        QVERIFY2(messages.contains(QStringLiteral("line3")), qPrintable(messages.join(u'|')));

        // A silent run says how long it has been going, so a person sees it is alive.
        const qint64 silent = m_client->request(QStringLiteral("tools/call"),
            QJsonObject {{QStringLiteral("name"), QStringLiteral("run")},
                {QStringLiteral("arguments"),
                    QJsonObject {
                        {"sandbox_id", id}, {"language", "bash"}, {"code", "sleep 4.5; echo up"}}},
                {QStringLiteral("_meta"),
                    QJsonObject {{QStringLiteral("progressToken"), QStringLiteral("quiet")}}}});
        const auto beat = m_client->waitFor(
            [](const QJsonObject &m) {
                return m.value(QStringLiteral("params"))
                           .toObject()
                           .value(QStringLiteral("progressToken"))
                    == QJsonValue(QStringLiteral("quiet"));
            },
            10000);
        QVERIFY(beat);
        QVERIFY2(QRegularExpression(QStringLiteral("^running, [1-9]\\d* s, no output yet$"))
                     .match(beat->value(QStringLiteral("params"))
                                .toObject()
                                .value(QStringLiteral("message"))
                                .toString())
                     .hasMatch(),
            QJsonDocument(*beat).toJson().constData());
        QVERIFY(m_client->response(silent, 20000));
        tool(QStringLiteral("delete_sandbox"), {{"id", id}});
    }

    void cancellationKillsTheRun()
    {
        const QString id = createSandbox();
        const qint64 rid = m_client->request(QStringLiteral("tools/call"),
            QJsonObject {{QStringLiteral("name"), QStringLiteral("run_command")},
                {QStringLiteral("arguments"),
                    QJsonObject {{"sandbox_id", id}, {"command", "sleep 77; echo never"},
                        {"timeout", 120}}}});
        QTRY_VERIFY_WITH_TIMEOUT(
            QJsonDocument(sc(tool(QStringLiteral("list_processes"), {{"sandbox_id", id}})))
                .toJson()
                .contains("sleep 77"),
            5000);
        m_client->notify(QStringLiteral("notifications/cancelled"),
            QJsonObject {{QStringLiteral("requestId"), rid}});
        QTRY_VERIFY_WITH_TIMEOUT(
            !QJsonDocument(sc(tool(QStringLiteral("list_processes"), {{"sandbox_id", id}})))
                 .toJson()
                 .contains("sleep 77"),
            3000);
        QVERIFY(!m_client->response(rid, 500)); // a cancelled request gets no response
        QCOMPARE(sc(command(id, QStringLiteral("echo still usable")))
                     .value(QStringLiteral("stdout"))
                     .toString(),
            QStringLiteral("still usable\n"));
        tool(QStringLiteral("delete_sandbox"), {{"id", id}});
    }

    void resourceAbuseIsContained()
    {
        const QString victim = createSandbox();
        const QString other = createSandbox();
        // Fork bomb: ends (limit or timeout), the app answers, the other sandbox works.
        QJsonObject r = sc(command(
            victim, QStringLiteral("bomb() { bomb | bomb & }; bomb; sleep 3; echo done"), 20));
        QVERIFY(r.contains(QStringLiteral("exit_code")));
        QVERIFY(m_client->response(m_client->request(QStringLiteral("ping")), 2000));
        QCOMPARE(sc(command(other, QStringLiteral("echo ok")))
                     .value(QStringLiteral("stdout"))
                     .toString(),
            QStringLiteral("ok\n"));
        tool(QStringLiteral("delete_sandbox"), {{"id", victim}});

        const QString s = createSandbox();
        // 4 GiB allocation: refused or killed, never granted.
        r = sc(exec(
            s, QStringLiteral("b = bytearray(4 * 1024**3)\nlen(b)"), QStringLiteral("python"), 60));
        QVERIFY2(
            !r.value(QStringLiteral("success")).toBool(), QJsonDocument(r).toJson().constData());
        // 1 GiB of stdout: capped at the default 1 MiB, the app stays small and responsive.
        r = sc(command(s, QStringLiteral("head -c 1073741824 /dev/zero | tr '\\0' 'x'"), 120));
        QCOMPARE(r.value(QStringLiteral("truncated")).toBool(), true);
        QVERIFY(r.value(QStringLiteral("stdout")).toString().size() <= 1024 * 1024);
        QVERIFY(m_client->response(m_client->request(QStringLiteral("ping")), 2000));
        // Filling the disk stops at the sandbox's size cap.
        r = sc(command(s,
            QStringLiteral("dd if=/dev/zero of=/tmp/fill bs=1M count=4096 2>&1 | tail -1; df -m "
                           "/tmp | tail -1"),
            120));
        QVERIFY2(
            r.value(QStringLiteral("stdout")).toString().contains(QLatin1String("No space left"))
                || r.value(QStringLiteral("exit_code")).toInt() != 0
                || !r.value(QStringLiteral("stdout"))
                        .toString()
                        .contains(QLatin1String("4294967296")),
            QJsonDocument(r).toJson().constData());
        // Killing the agent from inside: the sandbox is reported dead and says so next time.
        command(s, QStringLiteral("kill -9 2"), 10);
        QTRY_VERIFY_WITH_TIMEOUT(sc(tool(QStringLiteral("get_sandbox"), {{"id", s}}))
                                     .value(QStringLiteral("status"))
                                     .toString()
                == QLatin1String("dead"),
            5000);
        const QJsonObject after = command(s, QStringLiteral("echo hi"));
        QVERIFY(isError(after));
        QVERIFY(QJsonDocument(after).toJson().contains("no longer running"));
        const QJsonObject ping = tool(QStringLiteral("ping_vm"), {{"sandbox_id", s}});
        QVERIFY(isError(ping));
        QVERIFY2(text(ping).contains(QLatin1String("no longer running")), qPrintable(text(ping)));
        QCOMPARE(sc(command(other, QStringLiteral("echo fine")))
                     .value(QStringLiteral("stdout"))
                     .toString(),
            QStringLiteral("fine\n"));
        tool(QStringLiteral("delete_sandbox"), {{"id", s}});
        tool(QStringLiteral("delete_sandbox"), {{"id", other}});
    }

    void internetAccessWithoutHostLoopback()
    {
        // m_client declared no elicitation capability: nobody is asked, the sandbox is made.
        const QJsonObject created =
            tool(QStringLiteral("create_sandbox"), {{"internet_access", true}});
        if (isError(created)) {
            // Only acceptable when this machine cannot do it, and then the message says why.
            QVERIFY2(QJsonDocument(created).toJson().contains("slirp4netns")
                    || QJsonDocument(created).toJson().contains("/dev/net/tun"),
                QJsonDocument(created).toJson().constData());
            QSKIP("slirp4netns or /dev/net/tun is not usable here");
        }
        const QString id = sc(created).value(QStringLiteral("id")).toString();
        QCOMPARE(sc(created).value(QStringLiteral("internet_access")).toBool(), true);
        // A tap device with a default route through slirp4netns.
        const QString routes = sc(command(id, QStringLiteral("cat /proc/net/route")))
                                   .value(QStringLiteral("stdout"))
                                   .toString();
        QVERIFY2(routes.contains(QLatin1String("tap0\t00000000")), qPrintable(routes));
        // The host's loopback services (the app's own, the user's) stay out of reach.
        QTcpServer hostService;
        QVERIFY(hostService.listen(QHostAddress::LocalHost));
        const QString probe =
            QStringLiteral("import socket\nfor h in ('10.0.2.2', '127.0.0.1'):\n"
                           "    s = socket.socket(); s.settimeout(3)\n"
                           "    try:\n        s.connect((h, %1)); print(h, 'CONNECTED')\n"
                           "    except OSError as e:\n        print(h, 'refused', e.errno)\n")
                .arg(hostService.serverPort());
        const QString out = sc(exec(id, probe)).value(QStringLiteral("stdout")).toString();
        QVERIFY2(!out.contains(QLatin1String("CONNECTED")), qPrintable(out));
        QVERIFY(!hostService.hasPendingConnections());
        // Without internet_access there is no route at all.
        const QString plain = createSandbox();
        QCOMPARE(sc(command(plain, QStringLiteral("grep -c tap0 /proc/net/route || true")))
                     .value(QStringLiteral("stdout"))
                     .toString()
                     .trimmed(),
            QStringLiteral("0"));
        tool(QStringLiteral("delete_sandbox"), {{"id", id}});
        tool(QStringLiteral("delete_sandbox"), {{"id", plain}});
    }

    void sandboxFilesAsResources()
    {
        const QString kTemplate = QStringLiteral("sandbox://{sandbox_id}/{+path}");
        const QJsonArray templates = m_client->call(QStringLiteral("resources/templates/list"))
                                         .value(QStringLiteral("resourceTemplates"))
                                         .toArray();
        QStringList uris;
        for (const QJsonValue &t : templates)
            uris << t.toObject().value(QStringLiteral("uriTemplate")).toString();
        QVERIFY2(uris.contains(kTemplate), qPrintable(uris.join(QLatin1Char(' '))));

        const QString id = createSandbox();
        QVERIFY(!id.isEmpty());
        tool(QStringLiteral("file_write"),
            {{"sandbox_id", id}, {"path", "/workspace/notes.txt"}, {"content", "héllo\nworld\n"}});
        tool(QStringLiteral("file_write"),
            {{"sandbox_id", id}, {"path", "/workspace/data.json"}, {"content", "{\"a\": 1}"}});
        command(id,
            QStringLiteral(
                "printf '\\000\\001\\377PNG' > /workspace/blob.bin && head -c 5000000 "
                "/dev/zero > /workspace/big.bin && truncate -s 70M /workspace/huge.bin"));
        const QString base = QStringLiteral("sandbox://%1/workspace/").arg(id);
        auto read = [this](const QString &uri) {
            return *m_client->response(
                m_client->request(QStringLiteral("resources/read"), {{"uri", uri}}), 30000);
        };
        // The one content item of a successful read.
        auto content = [&read](const QString &uri) {
            const QJsonObject reply = read(uri);
            return reply[QStringLiteral("result")][QStringLiteral("contents")][0].toObject();
        };

        QJsonObject c = content(base + QStringLiteral("notes.txt"));
        QCOMPARE(c.value(QStringLiteral("uri")).toString(), base + QStringLiteral("notes.txt"));
        QCOMPARE(c.value(QStringLiteral("text")).toString(), QStringLiteral("héllo\nworld\n"));
        QCOMPARE(c.value(QStringLiteral("mimeType")).toString(), QStringLiteral("text/plain"));
        c = content(base + QStringLiteral("data.json"));
        QCOMPARE(c.value(QStringLiteral("text")).toString(), QStringLiteral("{\"a\": 1}"));
        QCOMPARE(
            c.value(QStringLiteral("mimeType")).toString(), QStringLiteral("application/json"));
        c = content(base + QStringLiteral("blob.bin"));
        QVERIFY(!c.contains(QStringLiteral("text")));
        QCOMPARE(QByteArray::fromBase64(c.value(QStringLiteral("blob")).toString().toLatin1()),
            QByteArray("\x00\x01\xffPNG", 6));

        // Missing file, unknown sandbox: -32002 with a message naming what is missing.
        QJsonObject e =
            read(base + QStringLiteral("nope.txt")).value(QStringLiteral("error")).toObject();
        QCOMPARE(e.value(QStringLiteral("code")).toInt(), -32002);
        QVERIFY2(e.value(QStringLiteral("message")).toString().contains(QLatin1String("nope.txt")),
            qPrintable(e.value(QStringLiteral("message")).toString()));
        e = read(QStringLiteral("sandbox://local-doesnotexist/workspace/x.txt"))
                .value(QStringLiteral("error"))
                .toObject();
        QCOMPARE(e.value(QStringLiteral("code")).toInt(), -32002);
        // Over the cap: an error that says so and how to get the file instead, not a 6 MiB
        // line; the same past what the provider reads whole (64 MiB locally).
        for (const QString &name : {QStringLiteral("big.bin"), QStringLiteral("huge.bin")}) {
            e = read(base + name).value(QStringLiteral("error")).toObject();
            const QString message = e.value(QStringLiteral("message")).toString();
            QCOMPARE(e.value(QStringLiteral("code")).toInt(), -32602);
            QVERIFY2(message.contains(QLatin1String("over the 4 MiB"))
                    && message.contains(QLatin1String("file_download"))
                    && message.contains(QStringLiteral("/workspace/") + name),
                qPrintable(QJsonDocument(e).toJson()));
        }

        // completion/complete offers live sandbox ids.
        const QJsonObject completion =
            m_client
                ->call(QStringLiteral("completion/complete"),
                    {{"ref", QJsonObject {{"type", "ref/resource"}, {"uri", kTemplate}}},
                        {"argument", QJsonObject {{"name", "sandbox_id"}, {"value", id.left(8)}}}})
                .value(QStringLiteral("completion"))
                .toObject();
        QVERIFY2(completion.value(QStringLiteral("values")).toArray().contains(id),
            qPrintable(QJsonDocument(completion).toJson()));
        tool(QStringLiteral("delete_sandbox"), {{"id", id}});
        const QJsonObject gone =
            m_client
                ->call(QStringLiteral("completion/complete"),
                    {{"ref", QJsonObject {{"type", "ref/resource"}, {"uri", kTemplate}}},
                        {"argument", QJsonObject {{"name", "sandbox_id"}, {"value", id}}}})
                .value(QStringLiteral("completion"))
                .toObject();
        QVERIFY(!gone.value(QStringLiteral("values")).toArray().contains(id));
    }

    void internetAccessAsksTheUser_data()
    {
        QTest::addColumn<QString>("action");
        QTest::addColumn<bool>("allow");
        QTest::addColumn<bool>("created");
        QTest::newRow("accept, yes") << "accept" << true << true;
        QTest::newRow("accept, no") << "accept" << false << false;
        QTest::newRow("decline") << "decline" << false << false;
        QTest::newRow("cancel") << "cancel" << false << false;
    }

    void internetAccessAsksTheUser()
    {
        QFETCH(QString, action);
        QFETCH(bool, allow);
        QFETCH(bool, created);
        auto socket = m_app->connect();
        QVERIFY(socket);
        McpClient c(socket.get());
        const QJsonObject init = c.call(QStringLiteral("initialize"),
            {{"protocolVersion", "2025-11-25"},
                {"capabilities", QJsonObject {{"elicitation", QJsonObject {}}}},
                {"clientInfo", QJsonObject {{"name", "elicit-test"}, {"version", "1"}}}});
        QVERIFY(init.contains(QStringLiteral("capabilities")));
        c.notify(QStringLiteral("notifications/initialized"));
        auto sandboxCount = [&c]() {
            return sc(c.callTool(QStringLiteral("list_sandboxes"), {{"provider", "local"}}))
                .value(QStringLiteral("count"))
                .toInt();
        };
        const int before = sandboxCount();
        const qint64 callId = c.request(QStringLiteral("tools/call"),
            {{"name", "create_sandbox"}, {"arguments", QJsonObject {{"internet_access", true}}}});
        const auto ask = c.waitFor(
            [](const QJsonObject &m) {
                return m.value(QStringLiteral("method")).toString()
                    == QLatin1String("elicitation/create");
            },
            10000);
        QVERIFY(ask);
        const QJsonObject params = ask->value(QStringLiteral("params")).toObject();
        QVERIFY(params.value(QStringLiteral("message"))
                    .toString()
                    .contains(QLatin1String("internet access")));
        QCOMPARE(params.value(QStringLiteral("requestedSchema"))
                     .toObject()
                     .value(QStringLiteral("properties"))
                     .toObject()
                     .value(QStringLiteral("allow"))
                     .toObject()
                     .value(QStringLiteral("type"))
                     .toString(),
            QStringLiteral("boolean"));
        // Nothing is created while the question is open.
        QCOMPARE(sandboxCount(), before);
        QJsonObject answer {{"action", action}};
        if (action == QLatin1String("accept"))
            answer.insert(QStringLiteral("content"), QJsonObject {{"allow", allow}});
        c.send({{"jsonrpc", "2.0"}, {"id", ask->value(QStringLiteral("id"))}, {"result", answer}});
        const QJsonObject result =
            c.response(callId, 60000)->value(QStringLiteral("result")).toObject();
        if (!created) {
            QVERIFY(isError(result));
            QVERIFY2(QJsonDocument(result).toJson().contains("declined"),
                QJsonDocument(result).toJson().constData());
            QCOMPARE(sandboxCount(), before);
            return;
        }
        if (isError(result) && QJsonDocument(result).toJson().contains("slirp4netns"))
            QSKIP("slirp4netns or /dev/net/tun is not usable here");
        QVERIFY2(!isError(result), QJsonDocument(result).toJson().constData());
        QCOMPARE(sc(result).value(QStringLiteral("internet_access")).toBool(), true);
        c.callTool(QStringLiteral("delete_sandbox"),
            {{"id", sc(result).value(QStringLiteral("id")).toString()}});
    }

    void checkpointRestoreBringsBackFilesAndVariables()
    {
        const QString id = createSandbox();
        QVERIFY(!id.isEmpty());
        QCOMPARE(
            sc(exec(id, QStringLiteral("x = 41\nopen('/workspace/state.txt', 'w').write('then')")))
                .value(QStringLiteral("exit_code"))
                .toInt(),
            0);
        const QJsonObject checkpoint = sc(tool(QStringLiteral("checkpoint_sandbox"),
            {{QStringLiteral("sandbox_id"), id}, {QStringLiteral("name"), QStringLiteral("x41")}}));
        const QString cp = checkpoint.value(QStringLiteral("checkpoint_id")).toString();
        QVERIFY2(cp.startsWith(QLatin1String("ckpt-")), QJsonDocument(checkpoint).toJson());
        QVERIFY(checkpoint.value(QStringLiteral("python_state")).toBool());

        QCOMPARE(sc(exec(id,
                        QStringLiteral("x += 1\nopen('/workspace/state.txt', 'w').write('now')\n"
                                       "open('/workspace/extra.txt', 'w').write('new')\nx")))
                     .value(QStringLiteral("result"))
                     .toString(),
            QStringLiteral("42"));
        const QJsonObject restored = sc(tool(QStringLiteral("restore_sandbox"),
            {{QStringLiteral("sandbox_id"), id}, {QStringLiteral("checkpoint_id"), cp}}));
        QVERIFY2(restored.value(QStringLiteral("python_state_restored")).toBool(),
            QJsonDocument(restored).toJson());
        const QString check =
            QStringLiteral("import os\nprint(open('/workspace/state.txt').read(), "
                           "sorted(os.listdir('/workspace')))\nx");
        QJsonObject r = sc(exec(id, check));
        QCOMPARE(r.value(QStringLiteral("result")).toString(), QStringLiteral("41"));
        QCOMPARE(
            r.value(QStringLiteral("stdout")).toString(), QStringLiteral("then ['state.txt']\n"));
        // The same checkpoint again, after more changes.
        exec(id, QStringLiteral("x = 0"));
        QVERIFY(sc(tool(QStringLiteral("restore_sandbox"),
                       {{QStringLiteral("sandbox_id"), id}, {QStringLiteral("checkpoint_id"), cp}}))
                    .value(QStringLiteral("python_state_restored"))
                    .toBool());
        QCOMPARE(sc(exec(id, QStringLiteral("x"))).value(QStringLiteral("result")).toString(),
            QStringLiteral("41"));

        const QJsonArray listed =
            sc(tool(QStringLiteral("list_checkpoints"), {{QStringLiteral("sandbox_id"), id}}))
                .value(QStringLiteral("checkpoints"))
                .toArray();
        QCOMPARE(listed.size(), 1);
        QCOMPARE(listed.at(0).toObject().value(QStringLiteral("name")).toString(),
            QStringLiteral("x41"));
        QVERIFY(listed.at(0).toObject().value(QStringLiteral("size_bytes")).toDouble() > 0);

        // A fork diverges without touching its parent; it has the parent's variables.
        const QJsonObject fork =
            sc(tool(QStringLiteral("fork_sandbox"), {{QStringLiteral("sandbox_id"), id}}));
        const QString child = fork.value(QStringLiteral("sandbox_id")).toString();
        QVERIFY2(
            child.startsWith(QLatin1String("local-")) && child != id, QJsonDocument(fork).toJson());
        QVERIFY2(fork.value(QStringLiteral("carried")).toArray().contains(QStringLiteral("x")),
            QJsonDocument(fork).toJson());
        QCOMPARE(fork.value(QStringLiteral("children")).toArray().size(), 1);
        r = sc(exec(child,
            QStringLiteral("print(open('/workspace/state.txt').read())\n"
                           "open('/workspace/state.txt', 'w').write('fork')\n"
                           "open('/workspace/only-in-fork', 'w').write('1')\nx = x + 1\nx")));
        QCOMPARE(r.value(QStringLiteral("stdout")).toString(), QStringLiteral("then\n"));
        QCOMPARE(r.value(QStringLiteral("result")).toString(), QStringLiteral("42"));
        r = sc(exec(id, check));
        QCOMPARE(
            r.value(QStringLiteral("stdout")).toString(), QStringLiteral("then ['state.txt']\n"));
        QCOMPARE(r.value(QStringLiteral("result")).toString(), QStringLiteral("41"));

        QCOMPARE(
            sc(tool(QStringLiteral("delete_checkpoint"),
                   {{QStringLiteral("sandbox_id"), id}, {QStringLiteral("checkpoint_id"), cp}}))
                .value(QStringLiteral("status"))
                .toString(),
            QStringLiteral("deleted"));
        const QJsonObject gone = tool(QStringLiteral("restore_sandbox"),
            {{QStringLiteral("sandbox_id"), id}, {QStringLiteral("checkpoint_id"), cp}});
        QVERIFY(isError(gone));
        QVERIFY2(text(gone).contains(QLatin1String("checkpoint (action \\\"list\\\")")),
            qPrintable(text(gone)));
        tool(QStringLiteral("delete_sandbox"), {{QStringLiteral("id"), child}});
        tool(QStringLiteral("delete_sandbox"), {{QStringLiteral("id"), id}});
    }

    void noSandboxOutlivesTheApp()
    {
        // Its own agents, by process tree: other tests' sandboxes come and go meanwhile (the
        // suite runs two tests at a time), so a count of every agent on the machine misleads.
        HeadlessApp app;
        QVERIFY(app.start());
        auto socket = app.connect();
        McpClient c(socket.get());
        QVERIFY(c.initialize());
        c.callTool(QStringLiteral("create_sandbox"));
        c.callTool(QStringLiteral("create_sandbox"));
        const QList<qint64> agents = agentsOf(app.process().processId());
        QVERIFY2(agents.size() >= 2, qPrintable(QString::number(agents.size())));
        app.process().kill(); // a crash: no clean shutdown
        QVERIFY(exited(app.process(), 5000));
        // The warm spare's agent is among them: it must go too.
        QTRY_VERIFY_WITH_TIMEOUT(std::none_of(agents.begin(), agents.end(),
                                     [](qint64 pid) { return allAgents().contains(pid); }),
            5000);
    }

    void largeReadsComeBackAsLinks()
    {
        const QString id = createSandbox();
        command(id,
            QStringLiteral("python3 -c \"print('x,y\\n' + '1,2\\n' * 200000, end='')\" > big.csv; "
                           "echo small > small.txt"));
        const QJsonObject small =
            tool(QStringLiteral("file_read"), {{"sandbox_id", id}, {"path", "small.txt"}});
        QCOMPARE(sc(small).value(QStringLiteral("content")).toString(), QStringLiteral("small\n"));
        const QJsonObject big =
            tool(QStringLiteral("file_read"), {{"sandbox_id", id}, {"path", "big.csv"}});
        QVERIFY2(!isError(big), QJsonDocument(big).toJson().constData());
        QCOMPARE(sc(big).value(QStringLiteral("size")).toInt(), 4 + 4 * 200000);
        QCOMPARE(sc(big).value(QStringLiteral("mime_type")).toString(), QStringLiteral("text/csv"));
        const QJsonObject link =
            findBy(big.value(QStringLiteral("content")).toArray(), "type", "resource_link");
        QCOMPARE(link.value(QStringLiteral("uri")).toString(),
            QStringLiteral("sandbox://%1/workspace/big.csv").arg(id));
        QVERIFY(!QJsonDocument(big).toJson().contains("1,2\\n1,2"));
        // The link is a resource the client can read.
        const QJsonObject read = m_client->call(
            QStringLiteral("resources/read"), {{"uri", link.value(QStringLiteral("uri"))}});
        const QJsonObject contents =
            read.value(QStringLiteral("contents")).toArray().at(0).toObject();
        QCOMPARE(contents.value(QStringLiteral("text")).toString().size(), 4 + 4 * 200000);
        QCOMPARE(contents.value(QStringLiteral("mimeType")).toString(), QStringLiteral("text/csv"));
        tool(QStringLiteral("delete_sandbox"), {{"id", id}});
    }

    // The whole story is tst_hostfiles; here, that a client with no roots and no approved
    // folder can move no host file at all.
    void hostFilesNeedARoot()
    {
        const QString id = createSandbox();
        QJsonObject r = tool(QStringLiteral("file_upload"),
            {{"sandbox_id", id}, {"host_path", QStringLiteral("/etc/hostname")}});
        QVERIFY2(isError(r) && text(r).contains(QLatin1String("declared no roots")),
            qPrintable(text(r)));
        r = tool(QStringLiteral("file_download"),
            {{"sandbox_id", id}, {"path", "/etc/hostname"},
                {"host_path", QString(QDir::tempPath() + QStringLiteral("/hopx-never-written"))}});
        QVERIFY2(isError(r) && text(r).contains(QLatin1String("declared no roots")),
            qPrintable(text(r)));
        QVERIFY(!QFile::exists(QDir::tempPath() + QStringLiteral("/hopx-never-written")));
        // What differs between two sandbox directories (a mounted root's use, without one).
        command(id,
            QStringLiteral("mkdir -p /tmp/a/sub /tmp/b && echo 1 > /tmp/a/x && echo 2 > /tmp/b/x "
                           "&& echo 3 > '/tmp/b/new file' && echo 4 > /tmp/a/sub/old"));
        r = tool(QStringLiteral("project_diff"),
            {{"sandbox_id", id}, {"root", "/tmp/a"}, {"path", "/tmp/b"}});
        QVERIFY2(!isError(r), qPrintable(text(r)));
        QCOMPARE(sc(r).value(QStringLiteral("changed")).toArray(), QJsonArray {"/tmp/b/x"});
        QCOMPARE(sc(r).value(QStringLiteral("added")).toArray(), QJsonArray {"/tmp/b/new file"});
        QCOMPARE(sc(r).value(QStringLiteral("only_in_root")).toArray(), QJsonArray {"/tmp/a/sub"});
        QVERIFY(isError(tool(QStringLiteral("project_diff"),
            {{"sandbox_id", id}, {"root", "/nonexistent"}, {"path", "/tmp/b"}})));
        tool(QStringLiteral("delete_sandbox"), {{"id", id}});
    }

    void listPackagesShowsWhatIsThere()
    {
        const QString id = createSandbox();
        const QJsonObject r = sc(tool(QStringLiteral("list_packages"), {{"sandbox_id", id}}));
        // Debian's numpy is there; nothing was installed in the sandbox yet.
        QVERIFY2(r.value(QStringLiteral("python")).toObject().contains(QStringLiteral("numpy")),
            QJsonDocument(r).toJson().constData());
        QCOMPARE(r.value(QStringLiteral("python_installed_here")).toObject(), QJsonObject());
        QCOMPARE(r.value(QStringLiteral("node")).toObject(), QJsonObject());
        tool(QStringLiteral("delete_sandbox"), {{"id", id}});
    }

    // Last on purpose (Qt Test keeps declaration order): a tool added to the app without a
    // test above fails here. Only meaningful when the whole file runs.
    //! Each compact tool reaches the full tool of its action, in a real sandbox: the same
    //! results by either name (tst_toolprofiles checks the routes' arguments).
    void compactToolsRunTheirTargets()
    {
        const QJsonObject fresh = tool(QStringLiteral("run"), {{"code", "print(6 * 7)"}});
        QCOMPARE(sc(fresh).value(QStringLiteral("stdout")).toString(), QStringLiteral("42\n"));
        QVERIFY(sc(fresh)
                    .value(QStringLiteral("_note"))
                    .toString()
                    .contains(QStringLiteral("deleted")));
        const QString id = createSandbox();
        QVERIFY(!isError(tool(QStringLiteral("run"), {{"sandbox_id", id}, {"code", "x = 41"}})));
        QCOMPARE(sc(tool(QStringLiteral("run"), {{"sandbox_id", id}, {"code", "x + 1"}}))
                     .value(QStringLiteral("result"))
                     .toString(),
            QStringLiteral("42"));
        QCOMPARE(sc(tool(QStringLiteral("run"),
                        {{"sandbox_id", id}, {"language", "bash"}, {"code", "echo $((6*7))"}}))
                     .value(QStringLiteral("stdout"))
                     .toString(),
            QStringLiteral("42\n"));
        const QJsonObject started = tool(QStringLiteral("run"),
            {{"sandbox_id", id}, {"language", "bash"}, {"code", "sleep 300"}, {"background", true},
                {"name", "sleeper"}});
        const QString pid = sc(started).value(QStringLiteral("process_id")).toString();
        QVERIFY2(!pid.isEmpty(), QJsonDocument(started).toJson().constData());
        QVERIFY(QJsonDocument(
            sc(tool(QStringLiteral("processes"), {{"action", "list"}, {"sandbox_id", id}})))
                    .toJson()
                    .contains(pid.toUtf8()));
        QCOMPARE(sc(tool(QStringLiteral("processes"),
                        {{"action", "kill"}, {"sandbox_id", id}, {"process_id", pid}}))
                     .value(QStringLiteral("status"))
                     .toString(),
            QStringLiteral("killed"));
        QVERIFY(!isError(tool(QStringLiteral("files"),
            {{"action", "mkdir"}, {"sandbox_id", id}, {"path", "/workspace/a/b"}})));
        QVERIFY(sc(tool(QStringLiteral("files"),
                       {{"action", "exists"}, {"sandbox_id", id}, {"path", "/workspace/a/b"}}))
                    .value(QStringLiteral("exists"))
                    .toBool());
        QCOMPARE(sc(tool(QStringLiteral("env"),
                        {{"action", "set"}, {"sandbox_id", id},
                            {"env_vars", QJsonObject {{"ANSWER", "42"}}}}))
                     .value(QStringLiteral("status"))
                     .toString(),
            QStringLiteral("success"));
        QCOMPARE(sc(tool(QStringLiteral("env"), {{"action", "get"}, {"sandbox_id", id}}))
                     .value(QStringLiteral("env_vars"))
                     .toObject()
                     .value(QStringLiteral("ANSWER"))
                     .toString(),
            QStringLiteral("42"));
        QCOMPARE(sc(tool(QStringLiteral("sandbox_info"), {{"action", "ping"}, {"sandbox_id", id}}))
                     .value(QStringLiteral("status"))
                     .toString(),
            QStringLiteral("ok"));
        const QJsonObject cp =
            tool(QStringLiteral("checkpoint"), {{"action", "create"}, {"sandbox_id", id}});
        QVERIFY2(!sc(cp).value(QStringLiteral("checkpoint_id")).toString().isEmpty(),
            QJsonDocument(cp).toJson().constData());
        QCOMPARE(sc(tool(QStringLiteral("checkpoint"), {{"action", "list"}, {"sandbox_id", id}}))
                     .value(QStringLiteral("count"))
                     .toInt(),
            1);
        QVERIFY(!isError(tool(QStringLiteral("manage_sandbox"),
            {{"action", "set_timeout"}, {"sandbox_id", id}, {"timeout_seconds", 900}})));
        QCOMPARE(sc(tool(QStringLiteral("manage_sandbox"), {{"action", "get"}, {"sandbox_id", id}}))
                     .value(QStringLiteral("timeout_seconds"))
                     .toInt(),
            900);
        QCOMPARE(sc(tool(QStringLiteral("system"), {{"action", "health"}}))
                     .value(QStringLiteral("server"))
                     .toString(),
            QStringLiteral("hopx-desktop"));
        // No desktop, no roots here: the answer still comes from the routed tool, in compact words.
        const QJsonObject desktop =
            tool(QStringLiteral("desktop"), {{"action", "screenshot"}, {"sandbox_id", id}});
        QVERIFY(isError(desktop));
        const QJsonObject diff = tool(QStringLiteral("host_files"),
            {{"action", "diff"}, {"sandbox_id", id}, {"root", "/project/none"}});
        QVERIFY(isError(diff));
        // A hint names what a compact client can call, never a tool it was not offered.
        const QJsonObject missing = tool(QStringLiteral("files"),
            {{"action", "stat"}, {"sandbox_id", id}, {"path", "/workspace/nothing"}});
        QVERIFY(isError(missing));
        const QString hint = QJsonDocument(sc(missing)).toJson();
        QVERIFY2(hint.contains(QStringLiteral("files (action \\\"list\\\")")), qPrintable(hint));
        QVERIFY2(!hint.contains(QStringLiteral("file_list")), qPrintable(hint));
        QCOMPARE(
            sc(tool(QStringLiteral("manage_sandbox"), {{"action", "delete"}, {"sandbox_id", id}}))
                .value(QStringLiteral("status"))
                .toString(),
            QStringLiteral("deleted"));
    }

    //! Quitting while a discarded (isolated) sandbox waits for its delayed teardown: the app
    //! exits cleanly (it crashed in ~LocalProvider, tearing it down after the cgroup code).
    void quitRightAfterAnIsolatedRun()
    {
        for (int round = 0; round < 3; ++round) {
            HeadlessApp app;
            QVERIFY(app.start());
            auto socket = app.connect();
            QVERIFY(socket);
            McpClient client(socket.get());
            QVERIFY(client.initialize());
            const QJsonObject r = client.callTool(QStringLiteral("execute_code_isolated"),
                {{"code", "echo gone-soon"}, {"language", "bash"}});
            QVERIFY2(sc(r)
                         .value(QStringLiteral("stdout"))
                         .toString()
                         .contains(QStringLiteral("gone-soon")),
                QJsonDocument(r).toJson().constData());
            app.process().terminate();
            QVERIFY(app.process().waitForFinished(20000));
            QCOMPARE(app.process().exitStatus(), QProcess::NormalExit);
            QCOMPARE(app.process().exitCode(), 0);
        }
    }

    void everyToolIsExercised()
    {
        // Every tool of every profile: the full set and the compact tools that route to it.
        const QStringList untested = HopxTest::untested(toolNames(), m_called);
        QVERIFY2(untested.isEmpty(), qPrintable(untested.join(QLatin1String(", "))));
    }
};

QTEST_GUILESS_MAIN(TestLocalTools)
#include "tst_localtools.moc"

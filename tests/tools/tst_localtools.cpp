// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// Every tool with the local provider, through a real socket, a real app and real sandboxes.
#include "support/McpTestClient.h"

#include <QDirIterator>
#include <QtEndian>
#include <QFile>
#include <QRegularExpression>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <unistd.h>

using namespace HopxTest;

class TestLocalTools : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<HeadlessApp> m_app;
    std::unique_ptr<QLocalSocket> m_socket;
    std::unique_ptr<LineClient> m_client;

    QJsonObject tool(const QString &name, const QJsonObject &args = {}, int timeoutMs = 120000)
    {
        return m_client->callTool(name, args, timeoutMs);
    }
    static QJsonObject sc(const QJsonObject &result) { return result.value(QStringLiteral("structuredContent")).toObject(); }
    static bool isError(const QJsonObject &result) { return result.value(QStringLiteral("isError")).toBool(); }
    QString createSandbox()
    {
        const QJsonObject r = tool(QStringLiteral("create_sandbox"));
        const QString id = sc(r).value(QStringLiteral("id")).toString();
        if (!id.startsWith(QLatin1String("local-")))
            qWarning() << "create_sandbox failed:" << r;
        return id;
    }
    QJsonObject exec(const QString &id, const QString &code, const QString &language = QStringLiteral("python"), int timeout = 60)
    {
        return tool(QStringLiteral("execute_code"), QJsonObject{{QStringLiteral("sandbox_id"), id},
                                                               {QStringLiteral("code"), code},
                                                               {QStringLiteral("language"), language},
                                                               {QStringLiteral("timeout"), timeout}});
    }
    QJsonObject command(const QString &id, const QString &cmd, int timeout = 60)
    {
        return tool(QStringLiteral("run_command"), QJsonObject{{QStringLiteral("sandbox_id"), id},
                                                              {QStringLiteral("command"), cmd},
                                                              {QStringLiteral("timeout"), timeout}});
    }
    //! Processes on this host running our agent (seen from the host, its exe is the bind target).
    static int agentProcesses()
    {
        int count = 0;
        for (const QString &pid : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
            if (!pid.at(0).isDigit())
                continue;
            const QString exe = QFile::symLinkTarget(QStringLiteral("/proc/%1/exe").arg(pid));
            if (exe.endsWith(QLatin1String("/run/sbx/agent")) || exe.endsWith(QLatin1String("hopx-sandbox-agent")))
                ++count;
        }
        return count;
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
        m_client = std::make_unique<LineClient>(m_socket.get());
        QVERIFY(m_client->initialize());
        const QJsonObject health = sc(tool(QStringLiteral("health")));
        QVERIFY2(health.value(QStringLiteral("providers")).toObject().value(QStringLiteral("local")).toObject().value(QStringLiteral("available")).toBool(),
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
        const QJsonArray tools = m_client->call(QStringLiteral("tools/list")).value(QStringLiteral("tools")).toArray();
        QStringList names;
        for (const QJsonValue &t : tools)
            names << t.toObject().value(QStringLiteral("name")).toString();
        const QStringList expected{
            "health", "list_templates", "get_template", "create_sandbox", "list_sandboxes", "get_sandbox",
            "delete_sandbox", "update_sandbox_timeout", "pause_sandbox", "resume_sandbox", "execute_code",
            "execute_code_isolated", "execute_code_persistent", "execute_code_rich", "execute_code_background",
            "execute_code_async", "execute_list_processes", "execute_kill_process", "run_command",
            "run_command_background", "list_processes", "file_read", "file_write", "file_list", "file_exists",
            "file_remove", "file_mkdir", "env_get", "env_set", "env_clear", "get_system_metrics", "ping_vm",
            "get_vm_info", "cache_clear", "cache_stats", "get_preview_url", "get_agent_url"};
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

        r = sc(tool(QStringLiteral("file_write"), {{"sandbox_id", id}, {"path", "/workspace/data.csv"}, {"content", "x,y\n1,2\n"}}));
        QCOMPARE(r.value(QStringLiteral("size")).toInt(), 8);
        r = sc(tool(QStringLiteral("file_read"), {{"sandbox_id", id}, {"path", "/workspace/data.csv"}}));
        QCOMPARE(r.value(QStringLiteral("content")).toString(), QStringLiteral("x,y\n1,2\n"));
        r = sc(exec(id, QStringLiteral("len(pd.read_csv('data.csv'))")));
        QCOMPARE(r.value(QStringLiteral("result")).toString(), QStringLiteral("1"));

        sc(tool(QStringLiteral("env_set"), {{"sandbox_id", id}, {"env_vars", QJsonObject{{"GREETING", "hi"}, {"API_TOKEN", "t0p"}}}}));
        r = sc(tool(QStringLiteral("env_get"), {{"sandbox_id", id}}));
        QCOMPARE(r.value(QStringLiteral("env_vars")).toObject().value(QStringLiteral("GREETING")).toString(), QStringLiteral("hi"));
        QCOMPARE(r.value(QStringLiteral("env_vars")).toObject().value(QStringLiteral("API_TOKEN")).toString(), QStringLiteral("***MASKED***"));
        QCOMPARE(sc(command(id, QStringLiteral("echo $GREETING"))).value(QStringLiteral("stdout")).toString(), QStringLiteral("hi\n"));
        QCOMPARE(sc(exec(id, QStringLiteral("import os; os.environ['GREETING']"))).value(QStringLiteral("result")).toString(), QStringLiteral("'hi'"));
        sc(tool(QStringLiteral("env_clear"), {{"sandbox_id", id}}));
        QCOMPARE(sc(command(id, QStringLiteral("echo \"[$GREETING]\""))).value(QStringLiteral("stdout")).toString(), QStringLiteral("[]\n"));
        QCOMPARE(sc(exec(id, QStringLiteral("import os; os.environ.get('GREETING')"))).value(QStringLiteral("result")).toVariant(), QVariant());

        r = sc(tool(QStringLiteral("run_command_background"), {{"sandbox_id", id}, {"command", "python3 -m http.server 8765"}, {"name", "web"}}));
        const QString processId = r.value(QStringLiteral("process_id")).toString();
        QVERIFY(processId.startsWith(QLatin1String("cmd_")));
        QString fetched;
        for (int i = 0; i < 50 && !fetched.contains(QLatin1String("data.csv")); ++i) {
            fetched = sc(exec(id, QStringLiteral("import urllib.request\ntry:\n    print(urllib.request.urlopen('http://127.0.0.1:8765/').read().decode())\nexcept Exception as e:\n    print(e)"))).value(QStringLiteral("stdout")).toString();
            if (!fetched.contains(QLatin1String("data.csv")))
                QTest::qWait(100);
        }
        QVERIFY2(fetched.contains(QLatin1String("data.csv")), qPrintable(fetched));
        r = sc(tool(QStringLiteral("execute_list_processes"), {{"sandbox_id", id}}));
        QCOMPARE(r.value(QStringLiteral("processes")).toArray().at(0).toObject().value(QStringLiteral("status")).toString(), QStringLiteral("running"));
        r = sc(tool(QStringLiteral("execute_kill_process"), {{"sandbox_id", id}, {"process_id", processId}}));
        QCOMPARE(r.value(QStringLiteral("status")).toString(), QStringLiteral("killed"));
        QTRY_VERIFY_WITH_TIMEOUT(!QJsonDocument(sc(tool(QStringLiteral("list_processes"), {{"sandbox_id", id}}))).toJson().contains("http.server"), 5000);

        r = sc(tool(QStringLiteral("delete_sandbox"), {{"id", id}}));
        QCOMPARE(r.value(QStringLiteral("status")).toString(), QStringLiteral("deleted"));
        const QJsonObject gone = tool(QStringLiteral("get_sandbox"), {{"id", id}});
        QVERIFY(isError(gone));
        QCOMPARE(sc(gone).value(QStringLiteral("error")).toString(), QStringLiteral("Sandbox not found"));
    }

    void languages_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("stdout");
        QTest::addColumn<int>("exitCode");
        QTest::newRow("python") << "python" << "print('py', 6*7)" << "py 42\n" << 0;
        QTest::newRow("python3 alias") << "python3" << "import sys; print(sys.version_info[0])" << "3\n" << 0;
        QTest::newRow("python exception") << "python" << "print('before')\nraise ValueError('boom')" << "before\n" << 1;
        QTest::newRow("javascript") << "javascript" << "console.log([1,2,3].map(x => x * 2).join(','))" << "2,4,6\n" << 0;
        QTest::newRow("node alias") << "node" << "process.exit(4)" << "" << 4;
        QTest::newRow("bash") << "bash" << "echo $((6*7)); exit 3" << "42\n" << 3;
        QTest::newRow("go") << "go" << "package main\nimport \"fmt\"\nfunc main() { fmt.Println(\"gopher\") }" << "gopher\n" << 0;
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
            QCOMPARE(r.value(QStringLiteral("execution_error")).toObject().value(QStringLiteral("ename")).toString(), QStringLiteral("ValueError"));
            QVERIFY(r.value(QStringLiteral("stderr")).toString().contains(QLatin1String("ValueError: boom")));
        }
    }

    void plotIsAnImage()
    {
        const QString id = createSandbox();
        const QJsonObject r = exec(id, QStringLiteral("import matplotlib.pyplot as plt\nplt.plot([1,2,3])"), QStringLiteral("python"), 120);
        QJsonArray images;
        for (const QJsonValue &c : r.value(QStringLiteral("content")).toArray())
            if (c.toObject().value(QStringLiteral("type")).toString() == QLatin1String("image"))
                images.append(c);
        QCOMPARE(images.size(), 1);
        QCOMPARE(images[0].toObject().value(QStringLiteral("mimeType")).toString(), QStringLiteral("image/png"));
        const QByteArray png = QByteArray::fromBase64(images[0].toObject().value(QStringLiteral("data")).toString().toLatin1());
        QVERIFY(png.startsWith("\x89PNG\r\n\x1a\n"));
        QCOMPARE(png.mid(12, 4), QByteArray("IHDR"));
        const quint32 width = qFromBigEndian<quint32>(png.constData() + 16);
        QVERIFY2(width >= 100 && width < 5000, qPrintable(QString::number(width)));
        // The text twin refers to the image instead of repeating the base64.
        const QString text = r.value(QStringLiteral("content")).toArray().at(0).toObject().value(QStringLiteral("text")).toString();
        QVERIFY(!text.contains(QLatin1String("iVBORw0KGgo")));
        QVERIFY(sc(r).value(QStringLiteral("rich_outputs")).toArray().at(0).toObject().value(QStringLiteral("data")).toObject().value(QStringLiteral("image/png")).toString().startsWith(QLatin1String("iVBORw0KGgo")));
        tool(QStringLiteral("delete_sandbox"), {{"id", id}});
    }

    void isolatedRunIsDeletedAfterwards()
    {
        const QJsonObject r = sc(tool(QStringLiteral("execute_code"), {{"code", "print('Hello, World!')"}}));
        QCOMPARE(r.value(QStringLiteral("stdout")).toString(), QStringLiteral("Hello, World!\n"));
        QCOMPARE(r.value(QStringLiteral("mode")).toString(), QStringLiteral("isolated"));
        QVERIFY(r.value(QStringLiteral("_note")).toString().contains(QLatin1String("deleted")));
        const QString id = r.value(QStringLiteral("sandbox_id")).toString();
        QTRY_VERIFY_WITH_TIMEOUT(isError(tool(QStringLiteral("get_sandbox"), {{"id", id}})), 5000);
    }

    void filesRoundTripBinaryAndRefuseHostSymlinks()
    {
        const QString id = createSandbox();
        QByteArray all;
        for (int i = 0; i < 256; ++i)
            all.append(char(i));
        all = all.repeated(64);
        tool(QStringLiteral("file_write"), {{"sandbox_id", id}, {"path", "blob.bin"}, {"content", QString::fromLatin1(all.toBase64())}, {"encoding", "base64"}});
        QJsonObject r = sc(tool(QStringLiteral("file_read"), {{"sandbox_id", id}, {"path", "/workspace/blob.bin"}, {"encoding", "base64"}}));
        QCOMPARE(QByteArray::fromBase64(r.value(QStringLiteral("content")).toString().toLatin1()), all);
        QVERIFY(isError(tool(QStringLiteral("file_read"), {{"sandbox_id", id}, {"path", "/workspace/blob.bin"}})));

        // A host file the sandbox must never reveal, reached by a symlink planted by sandboxed code.
        QTemporaryDir hostDir;
        const QString secretPath = hostDir.path() + QStringLiteral("/host-secret.txt");
        QFile secret(secretPath);
        QVERIFY(secret.open(QIODevice::WriteOnly));
        secret.write("HOST SECRET 1234");
        secret.close();
        command(id, QStringLiteral("ln -s %1 /workspace/report.txt; ln -s /etc/shadow /workspace/shadow; ln -s /root /workspace/rootdir").arg(secretPath));
        for (const QString &path : {QStringLiteral("/workspace/report.txt"), QStringLiteral("/workspace/shadow"), secretPath}) {
            const QJsonObject read = tool(QStringLiteral("file_read"), {{"sandbox_id", id}, {"path", path}});
            QVERIFY2(!QJsonDocument(read).toJson().contains("HOST SECRET"), qPrintable(path));
            QVERIFY2(isError(read), qPrintable(path));
        }
        QVERIFY(!QJsonDocument(tool(QStringLiteral("file_list"), {{"sandbox_id", id}, {"path", "/workspace/rootdir/"}})).toJson().contains(".bashrc"));
        // Writing through a symlink must not touch the host file either.
        tool(QStringLiteral("file_write"), {{"sandbox_id", id}, {"path", "/workspace/report.txt"}, {"content", "overwritten"}});
        QVERIFY(secret.open(QIODevice::ReadOnly));
        QCOMPARE(secret.readAll(), QByteArray("HOST SECRET 1234"));
        secret.close();
        // Outside the writable places.
        QVERIFY(isError(tool(QStringLiteral("file_write"), {{"sandbox_id", id}, {"path", "/usr/bin/evil"}, {"content", "x"}})));
        QVERIFY(isError(tool(QStringLiteral("file_write"), {{"sandbox_id", id}, {"path", "/etc/passwd"}, {"content", "x"}})));
        r = sc(tool(QStringLiteral("file_list"), {{"sandbox_id", id}}));
        QVERIFY(r.value(QStringLiteral("count")).toInt() >= 4);
        QCOMPARE(sc(tool(QStringLiteral("file_exists"), {{"sandbox_id", id}, {"path", "blob.bin"}})).value(QStringLiteral("exists")).toBool(), true);
        tool(QStringLiteral("file_mkdir"), {{"sandbox_id", id}, {"path", "/workspace/a/b/c"}});
        QCOMPARE(sc(tool(QStringLiteral("file_exists"), {{"sandbox_id", id}, {"path", "/workspace/a/b/c"}})).value(QStringLiteral("exists")).toBool(), true);
        tool(QStringLiteral("file_remove"), {{"sandbox_id", id}, {"path", "/workspace/a"}});
        QCOMPARE(sc(tool(QStringLiteral("file_exists"), {{"sandbox_id", id}, {"path", "/workspace/a"}})).value(QStringLiteral("exists")).toBool(), false);
        const QJsonObject missing = tool(QStringLiteral("file_read"), {{"sandbox_id", id}, {"path", "/workspace/none.txt"}});
        QCOMPARE(sc(missing).value(QStringLiteral("error")).toString(), QStringLiteral("File not found"));
        tool(QStringLiteral("delete_sandbox"), {{"id", id}});
    }

    void badArgumentsGetActionableErrors_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QJsonObject>("args");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("unknown sandbox") << "execute_code" << QJsonObject{{"sandbox_id", "local-000000000000"}, {"code", "1"}} << "not found";
        QTest::newRow("bad language") << "execute_code" << QJsonObject{{"code", "1"}, {"language", "cobol"}} << "python, javascript, bash or go";
        QTest::newRow("timeout too long") << "execute_code" << QJsonObject{{"code", "1"}, {"timeout", 301}} << "at most 300";
        QTest::newRow("persistent needs id") << "execute_code" << QJsonObject{{"code", "1"}, {"mode", "persistent"}} << "sandbox_id is required";
        QTest::newRow("missing code") << "execute_code" << QJsonObject{{"language", "python"}} << "arguments.code is required";
        QTest::newRow("unknown template") << "create_sandbox" << QJsonObject{{"template_id", "nope"}} << "code-interpreter, base";
        QTest::newRow("hopx without key") << "create_sandbox" << QJsonObject{{"provider", "hopx"}} << "hopx";
        QTest::newRow("webhook not https") << "execute_code_async" << QJsonObject{{"sandbox_id", "local-000000000000"}, {"code", "1"}, {"callback_url", "http://example.com/x"}} << "https";
    }

    void badArgumentsGetActionableErrors()
    {
        QFETCH(QString, name);
        QFETCH(QJsonObject, args);
        QFETCH(QString, mentions);
        const QJsonObject r = tool(name, args);
        QVERIFY(isError(r));
        const QString text = r.value(QStringLiteral("content")).toArray().at(0).toObject().value(QStringLiteral("text")).toString();
        QVERIFY2(text.contains(mentions, Qt::CaseInsensitive), qPrintable(text));
    }

    void timeoutReturnsPartialOutputAndKeepsTheSandbox()
    {
        const QString id = createSandbox();
        QJsonObject r = sc(tool(QStringLiteral("run_command"), {{"sandbox_id", id}, {"command", "echo started; sleep 1000"}, {"timeout", 2}}));
        QCOMPARE(r.value(QStringLiteral("timed_out")).toBool(), true);
        QCOMPARE(r.value(QStringLiteral("stdout")).toString(), QStringLiteral("started\n"));
        QVERIFY(r.value(QStringLiteral("execution_time")).toDouble() < 5);
        r = sc(exec(id, QStringLiteral("x = 41\nprint('partial', flush=True)\nwhile True: pass"), QStringLiteral("python"), 2));
        QCOMPARE(r.value(QStringLiteral("timed_out")).toBool(), true);
        QCOMPARE(r.value(QStringLiteral("stdout")).toString(), QStringLiteral("partial\n"));
        // The interpreter survived the interrupt: state is still there.
        QCOMPARE(sc(exec(id, QStringLiteral("x + 1"))).value(QStringLiteral("result")).toString(), QStringLiteral("42"));
        tool(QStringLiteral("delete_sandbox"), {{"id", id}});
    }

    void liveOutputArrivesAsProgress()
    {
        const QString id = createSandbox();
        const qint64 rid = m_client->request(QStringLiteral("tools/call"),
                                             QJsonObject{{QStringLiteral("name"), QStringLiteral("run_command")},
                                                         {QStringLiteral("arguments"), QJsonObject{{"sandbox_id", id}, {"command", "for i in 1 2 3; do echo line$i; sleep 0.3; done"}}},
                                                         {QStringLiteral("_meta"), QJsonObject{{QStringLiteral("progressToken"), QStringLiteral("live")}}}});
        const auto first = m_client->waitFor([](const QJsonObject &m) {
            return m.value(QStringLiteral("method")).toString() == QLatin1String("notifications/progress");
        }, 10000);
        QVERIFY(first);
        QVERIFY(first->value(QStringLiteral("params")).toObject().value(QStringLiteral("message")).toString().contains(QLatin1String("line1")));
        const auto reply = m_client->response(rid, 20000);
        QVERIFY(reply);
        QCOMPARE(sc(reply->value(QStringLiteral("result")).toObject()).value(QStringLiteral("stdout")).toString(), QStringLiteral("line1\nline2\nline3\n"));
        tool(QStringLiteral("delete_sandbox"), {{"id", id}});
    }

    void cancellationKillsTheRun()
    {
        const QString id = createSandbox();
        const qint64 rid = m_client->request(QStringLiteral("tools/call"),
                                             QJsonObject{{QStringLiteral("name"), QStringLiteral("run_command")},
                                                         {QStringLiteral("arguments"), QJsonObject{{"sandbox_id", id}, {"command", "sleep 77; echo never"}, {"timeout", 120}}}});
        QTRY_VERIFY_WITH_TIMEOUT(QJsonDocument(sc(tool(QStringLiteral("list_processes"), {{"sandbox_id", id}}))).toJson().contains("sleep 77"), 5000);
        m_client->notify(QStringLiteral("notifications/cancelled"), QJsonObject{{QStringLiteral("requestId"), rid}});
        QTRY_VERIFY_WITH_TIMEOUT(!QJsonDocument(sc(tool(QStringLiteral("list_processes"), {{"sandbox_id", id}}))).toJson().contains("sleep 77"), 3000);
        QVERIFY(!m_client->response(rid, 500)); // a cancelled request gets no response
        QCOMPARE(sc(command(id, QStringLiteral("echo still usable"))).value(QStringLiteral("stdout")).toString(), QStringLiteral("still usable\n"));
        tool(QStringLiteral("delete_sandbox"), {{"id", id}});
    }

    void resourceAbuseIsContained()
    {
        const QString victim = createSandbox();
        const QString other = createSandbox();
        // Fork bomb: ends (limit or timeout), the app answers, the other sandbox works.
        QJsonObject r = sc(command(victim, QStringLiteral("bomb() { bomb | bomb & }; bomb; sleep 3; echo done"), 20));
        QVERIFY(r.contains(QStringLiteral("exit_code")));
        QVERIFY(m_client->response(m_client->request(QStringLiteral("ping")), 2000));
        QCOMPARE(sc(command(other, QStringLiteral("echo ok"))).value(QStringLiteral("stdout")).toString(), QStringLiteral("ok\n"));
        tool(QStringLiteral("delete_sandbox"), {{"id", victim}});

        const QString s = createSandbox();
        // 4 GiB allocation: refused or killed, never granted.
        r = sc(exec(s, QStringLiteral("b = bytearray(4 * 1024**3)\nlen(b)"), QStringLiteral("python"), 60));
        QVERIFY2(!r.value(QStringLiteral("success")).toBool(), QJsonDocument(r).toJson().constData());
        // 1 GiB of stdout: capped at the default 1 MiB, the app stays small and responsive.
        r = sc(command(s, QStringLiteral("head -c 1073741824 /dev/zero | tr '\\0' 'x'"), 120));
        QCOMPARE(r.value(QStringLiteral("truncated")).toBool(), true);
        QVERIFY(r.value(QStringLiteral("stdout")).toString().size() <= 1024 * 1024);
        QVERIFY(m_client->response(m_client->request(QStringLiteral("ping")), 2000));
        // Filling the disk stops at the sandbox's size cap.
        r = sc(command(s, QStringLiteral("dd if=/dev/zero of=/tmp/fill bs=1M count=4096 2>&1 | tail -1; df -m /tmp | tail -1"), 120));
        QVERIFY2(r.value(QStringLiteral("stdout")).toString().contains(QLatin1String("No space left")) || r.value(QStringLiteral("exit_code")).toInt() != 0
                     || !r.value(QStringLiteral("stdout")).toString().contains(QLatin1String("4294967296")),
                 QJsonDocument(r).toJson().constData());
        // Killing the agent from inside: the sandbox is reported dead and says so next time.
        command(s, QStringLiteral("kill -9 2"), 10);
        QTRY_VERIFY_WITH_TIMEOUT(sc(tool(QStringLiteral("get_sandbox"), {{"id", s}})).value(QStringLiteral("status")).toString() == QLatin1String("dead"), 5000);
        const QJsonObject after = command(s, QStringLiteral("echo hi"));
        QVERIFY(isError(after));
        QVERIFY(QJsonDocument(after).toJson().contains("no longer running"));
        QCOMPARE(sc(command(other, QStringLiteral("echo fine"))).value(QStringLiteral("stdout")).toString(), QStringLiteral("fine\n"));
        tool(QStringLiteral("delete_sandbox"), {{"id", s}});
        tool(QStringLiteral("delete_sandbox"), {{"id", other}});
    }

    void internetAccessWithoutHostLoopback()
    {
        // m_client declared no elicitation capability: nobody is asked, the sandbox is made.
        const QJsonObject created = tool(QStringLiteral("create_sandbox"), {{"internet_access", true}});
        if (isError(created)) {
            // Only acceptable when this machine cannot do it, and then the message says why.
            QVERIFY2(QJsonDocument(created).toJson().contains("slirp4netns") || QJsonDocument(created).toJson().contains("/dev/net/tun"),
                     QJsonDocument(created).toJson().constData());
            QSKIP("slirp4netns or /dev/net/tun is not usable here");
        }
        const QString id = sc(created).value(QStringLiteral("id")).toString();
        QCOMPARE(sc(created).value(QStringLiteral("internet_access")).toBool(), true);
        // A tap device with a default route through slirp4netns.
        const QString routes = sc(command(id, QStringLiteral("cat /proc/net/route"))).value(QStringLiteral("stdout")).toString();
        QVERIFY2(routes.contains(QLatin1String("tap0\t00000000")), qPrintable(routes));
        // The host's loopback services (the app's own, the user's) stay out of reach.
        QTcpServer hostService;
        QVERIFY(hostService.listen(QHostAddress::LocalHost));
        const QString probe = QStringLiteral("import socket\nfor h in ('10.0.2.2', '127.0.0.1'):\n"
                                             "    s = socket.socket(); s.settimeout(3)\n"
                                             "    try:\n        s.connect((h, %1)); print(h, 'CONNECTED')\n"
                                             "    except OSError as e:\n        print(h, 'refused', e.errno)\n").arg(hostService.serverPort());
        const QString out = sc(exec(id, probe)).value(QStringLiteral("stdout")).toString();
        QVERIFY2(!out.contains(QLatin1String("CONNECTED")), qPrintable(out));
        QVERIFY(!hostService.hasPendingConnections());
        // Without internet_access there is no route at all.
        const QString plain = createSandbox();
        QCOMPARE(sc(command(plain, QStringLiteral("grep -c tap0 /proc/net/route || true"))).value(QStringLiteral("stdout")).toString().trimmed(), QStringLiteral("0"));
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
            QStringLiteral("printf '\\000\\001\\377PNG' > /workspace/blob.bin && head -c 5000000 "
                           "/dev/zero > /workspace/big.bin"));
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
        // Over the cap: an error that says so, not a 6 MiB line.
        e = read(base + QStringLiteral("big.bin")).value(QStringLiteral("error")).toObject();
        QVERIFY2(e.value(QStringLiteral("message")).toString().contains(QLatin1String("limit")),
            qPrintable(QJsonDocument(e).toJson()));

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
        LineClient c(socket.get());
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

    void noSandboxOutlivesTheApp()
    {
        HeadlessApp app;
        QVERIFY(app.start());
        auto socket = app.connect();
        LineClient c(socket.get());
        QVERIFY(c.initialize());
        const int before = agentProcesses();
        c.callTool(QStringLiteral("create_sandbox"));
        c.callTool(QStringLiteral("create_sandbox"));
        QVERIFY(agentProcesses() >= before + 2);
        app.process().kill(); // a crash: no clean shutdown
        QVERIFY(app.process().waitForFinished(5000));
        QTRY_VERIFY_WITH_TIMEOUT(agentProcesses() <= before, 5000);
    }
};

QTEST_GUILESS_MAIN(TestLocalTools)
#include "tst_localtools.moc"

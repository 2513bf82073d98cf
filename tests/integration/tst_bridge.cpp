// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// hopx-mcp through real pipes, as an IDE runs it.
#include "support/McpTestClient.h"
#include "support/ProcessState.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QTest>

#include <csignal>
#include <unistd.h>

using namespace HopxTest;

class TestBridge : public QObject
{
    Q_OBJECT

private:
    //! The restricted environment SDK clients give a server (POSIX list of the TS SDK).
    static QProcessEnvironment ideEnvironment(const HeadlessApp &app)
    {
        QProcessEnvironment env;
        for (const char *name : {"HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER"})
            if (qEnvironmentVariableIsSet(name))
                env.insert(QLatin1String(name), qEnvironmentVariable(name));
        env.insert(QStringLiteral("HOPX_MCP_SOCKET"), app.socketPath());
        return env;
    }

    //! What a /proc/PID/fd link names, e.g. "pipe:[1234]" (QFile would make it a path).
    static QByteArray fdTarget(const QString &link)
    {
        char buf[256];
        const ssize_t n = ::readlink(QFile::encodeName(link).constData(), buf, sizeof buf);
        return n > 0 ? QByteArray(buf, int(n)) : QByteArray();
    }

    //! CTest runs this suite twice: with the stdio hand-off (default) and forwarding lines.
    static bool forwarding()
    {
        return qEnvironmentVariableIntValue("HOPX_TEST_BRIDGE_FORWARD") == 1;
    }

    static void startBridge(QProcess &bridge, const QProcessEnvironment &env, QStringList args = {})
    {
        if (forwarding())
            args.append(QStringLiteral("--no-handoff"));
        bridge.setProcessEnvironment(env);
        bridge.start(binPath(QStringLiteral("hopx-mcp")), args);
        QVERIFY(bridge.waitForStarted(5000));
    }

    //! A call the conformance fixtures take 100 s to answer, under way for 300 ms.
    static qint64 startSlowCall(McpClient &c)
    {
        const qint64 id = c.request(QStringLiteral("tools/call"),
            QJsonObject {{QStringLiteral("name"), QStringLiteral("test_tool_with_progress")},
                {QStringLiteral("arguments"),
                    QJsonObject {
                        {QStringLiteral("steps"), 100}, {QStringLiteral("delay_ms"), 1000}}}});
        QTest::qWait(300);
        return id;
    }

private slots:
    void versionOnStdout()
    {
        QProcess p;
        p.start(binPath(QStringLiteral("hopx-mcp")), {QStringLiteral("--version")});
        QVERIFY(exited(p, 5000));
        QCOMPARE(p.exitCode(), 0);
        QCOMPARE(p.readAllStandardOutput().trimmed(), QByteArray("hopx-mcp " HOPX_VERSION));
    }

    void badCommandLinesSayWhatIsWrong_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("said");
        QTest::newRow("--tools without a value")
            << QStringList {QStringLiteral("--tools")} << QStringLiteral("--tools needs a value");
        QTest::newRow("--socket without a value")
            << QStringList {QStringLiteral("--socket")} << QStringLiteral("--socket needs a value");
        QTest::newRow("an unknown profile") << QStringList {QStringLiteral("--tools=all")}
                                            << QStringLiteral("unknown tool profile \"all\"");
        QTest::newRow("an unknown option")
            << QStringList {QStringLiteral("--verbose")} << QStringLiteral("unknown option");
    }

    void badCommandLinesSayWhatIsWrong()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, said);
        QProcess p;
        p.start(binPath(QStringLiteral("hopx-mcp")), args);
        QVERIFY(exited(p, 5000));
        QCOMPARE(p.exitCode(), 2);
        QVERIFY(p.readAllStandardOutput().isEmpty()); // an IDE's stdout stays JSON-RPC only
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QVERIFY2(err.startsWith(QStringLiteral("hopx-mcp: ") + said), qPrintable(err));
    }

    void roundTripWithNearlyEmptyEnvironment()
    {
        HeadlessApp app;
        QVERIFY(app.start());
        QProcess bridge;
        startBridge(bridge, ideEnvironment(app));
        McpClient c(&bridge);
        QVERIFY(c.initialize());
        const QJsonObject list = c.call(QStringLiteral("tools/list"));
        QVERIFY(!list.value(QStringLiteral("tools")).toArray().isEmpty());
        const QJsonObject health = c.callTool(QStringLiteral("health"));
        QCOMPARE(health.value(QStringLiteral("structuredContent"))
                     .toObject()
                     .value(QStringLiteral("protocol_version"))
                     .toString(),
            QStringLiteral("2025-11-25"));
        // Every stdout line is a JSON-RPC message; nothing else was printed there.
        for (const QByteArray &line : c.rawLines())
            QVERIFY2(QJsonDocument::fromJson(line).object().value(QStringLiteral("jsonrpc"))
                    == QStringLiteral("2.0"),
                line.constData());
        // Byte-exact: what the server sends is what arrives, including non-ASCII text.
        bridge.closeWriteChannel();
        QVERIFY(exited(bridge, 5000));
        QCOMPARE(bridge.exitCode(), 0);
    }

    void forwardsBytesExactly()
    {
        HeadlessApp app;
        QVERIFY(app.start());
        QProcess bridge;
        startBridge(bridge, ideEnvironment(app));
        // A request whose id is a unicode string: the reply must echo it unchanged.
        const QByteArray request =
            "{\"jsonrpc\":\"2.0\",\"id\":\"\xc3\xa9\xe2\x9c\x93-id\",\"method\":\"ping\"}\n";
        bridge.write(request);
        QVERIFY(bridge.waitForReadyRead(5000));
        QByteArray out = bridge.readAll();
        while (!out.endsWith('\n') && bridge.waitForReadyRead(2000))
            out += bridge.readAll();
        QCOMPARE(out,
            QByteArray("{\"id\":\"\xc3\xa9\xe2\x9c\x93-id\",\"jsonrpc\":\"2.0\",\"result\":{}}\n"));
    }

    void pipedRequestsAreAnsweredBeforeExit()
    {
        HeadlessApp app;
        QVERIFY(app.start());
        QProcess bridge;
        startBridge(bridge, ideEnvironment(app));
        bridge.write("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{"
                     "\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{"
                     "\"name\":\"sh\",\"version\":\"0\"}}}\n"
                     "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n"
                     "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/"
                     "call\",\"params\":{\"name\":\"health\"}}\n");
        bridge.closeWriteChannel(); // like `printf … | hopx-mcp`
        QVERIFY(exited(bridge, 10000));
        const QList<QByteArray> lines = bridge.readAllStandardOutput().split('\n');
        QCOMPARE(lines.size(), 3); // two replies and the final empty split
        QCOMPARE(QJsonDocument::fromJson(lines[1]).object().value(QStringLiteral("id")).toInt(), 2);
        QCOMPARE(bridge.exitCode(), 0);
    }

    void noServerNoLaunch()
    {
        HeadlessApp app; // never started
        QProcess bridge;
        startBridge(bridge, ideEnvironment(app), {QStringLiteral("--no-launch")});
        McpClient c(&bridge);
        const qint64 id = c.request(QStringLiteral("initialize"),
            QJsonObject {{QStringLiteral("protocolVersion"), QStringLiteral("2025-11-25")}});
        const auto reply = c.response(id, 10000);
        QVERIFY(reply);
        const QJsonObject error = reply->value(QStringLiteral("error")).toObject();
        QCOMPARE(error.value(QStringLiteral("code")).toInt(), -32000);
        QVERIFY2(error.value(QStringLiteral("message"))
                     .toString()
                     .contains(QStringLiteral("not running")),
            qPrintable(error.value(QStringLiteral("message")).toString()));
        QVERIFY(exited(bridge, 5000));
        QCOMPARE(bridge.exitCode(), 1);
        QVERIFY(bridge.readAllStandardError().contains("not running"));
    }

    void autoLaunch()
    {
        HeadlessApp app; // not started by the test: the bridge must start it
        QProcess bridge;
        QProcessEnvironment env = ideEnvironment(app);
        // The launched app inherits these; keep it inside the test's private tree.
        const QProcessEnvironment full = app.environment();
        for (const char *k : {"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME",
                 "XDG_STATE_HOME", "XDG_RUNTIME_DIR"})
            env.insert(QLatin1String(k), full.value(QLatin1String(k)));
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        // This IDE's own key, endpoint (loopback, never the real cloud) and provider are its
        // connection's: the app it starts must not serve them to every other client.
        env.insert(QStringLiteral("HOPX_API_KEY"), QStringLiteral("hopx_test_this_ide_only"));
        env.insert(QStringLiteral("HOPX_BASE_URL"), QStringLiteral("http://127.0.0.1:9"));
        env.insert(QStringLiteral("HOPX_PROVIDER"), QStringLiteral("local"));
        // The app's own endpoint, for the GUI's listing: loopback too.
        const QString ini = full.value(QStringLiteral("XDG_CONFIG_HOME"))
            + QStringLiteral("/hopx-desktop/hopx-desktop.ini");
        QVERIFY(QDir().mkpath(QFileInfo(ini).path()));
        QFile settings(ini);
        QVERIFY(settings.open(QIODevice::Append));
        settings.write("[hopx]\nbaseUrl=http://127.0.0.1:9\n");
        settings.close();
        startBridge(bridge, env);
        McpClient c(&bridge);
        QVERIFY(c.initialize());
        const QJsonObject health = c.callTool(QStringLiteral("health"));
        QCOMPARE(health.value(QStringLiteral("structuredContent"))
                     .toObject()
                     .value(QStringLiteral("status"))
                     .isString(),
            true);
        bridge.closeWriteChannel();
        QVERIFY(exited(bridge, 5000));
        const QByteArray err = bridge.readAllStandardError();
        const auto m =
            QRegularExpression(QStringLiteral("pid (\\d+)")).match(QString::fromUtf8(err));
        QVERIFY2(m.hasMatch(), err.constData());
        const pid_t appPid = m.captured(1).toInt();
        // Nobody else stops the app the bridge started: a failed check below must not leave it
        // running after the test.
        auto stopApp = qScopeGuard([appPid]() { ::kill(appPid, SIGTERM); });
        // The app outlives the bridge, like a tray app should.
        QVERIFY(HopxTest::processAlive(appPid));
        QFile environ(QStringLiteral("/proc/%1/environ").arg(appPid));
        QVERIFY(environ.open(QIODevice::ReadOnly));
        const QList<QByteArray> vars = environ.readAll().split('\0');
        QVERIFY(vars.contains("QT_QPA_PLATFORM=offscreen")); // the bridge's environment, read
        for (const QByteArray &var : vars)
            QVERIFY2(!var.startsWith("HOPX_API_KEY=") && !var.startsWith("HOPX_BASE_URL=")
                    && !var.startsWith("HOPX_PROVIDER="),
                var.constData());
        stopApp.dismiss(); // stopped here, and once gone its pid may be another process's
        ::kill(appPid, SIGTERM);
        QTRY_VERIFY_WITH_TIMEOUT(HopxTest::processGone(appPid), 10000);
    }

    void appKilledMidCall()
    {
        TestServerApp app({QStringLiteral("--conformance-fixtures")});
        QVERIFY(app.start());
        QProcess bridge;
        startBridge(bridge, ideEnvironment(app), {QStringLiteral("--no-launch")});
        McpClient c(&bridge);
        QVERIFY(c.initialize());
        const qint64 id = startSlowCall(c);
        app.process().kill(); // SIGKILL: a crash, no goodbye
        const auto reply = c.response(id, 10000);
        QVERIFY(reply);
        QCOMPARE(
            reply->value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toInt(),
            -32000);
        QVERIFY(reply->value(QStringLiteral("error"))
                    .toObject()
                    .value(QStringLiteral("message"))
                    .toString()
                    .contains(QStringLiteral("stopped")));
        QVERIFY(exited(bridge, 5000));
        QCOMPARE(bridge.exitCode(), 1);
    }

    void cancelledCallIsNotAwaitedAtExit()
    {
        TestServerApp app({QStringLiteral("--conformance-fixtures")});
        QVERIFY(app.start());
        QProcess bridge;
        startBridge(bridge, ideEnvironment(app), {QStringLiteral("--no-launch")});
        McpClient c(&bridge);
        QVERIFY(c.initialize());
        const qint64 id = startSlowCall(c);
        c.notify(QStringLiteral("notifications/cancelled"),
            QJsonObject {{QStringLiteral("requestId"), id},
                {QStringLiteral("reason"), QStringLiteral("test")}});
        // The IDE leaves right after cancelling: nothing awaits an answer, so the bridge ends
        // cleanly and does not invent one for the cancelled call.
        bridge.closeWriteChannel();
        QVERIFY(exited(bridge, 10000));
        QCOMPARE(bridge.exitCode(), 0);
        QVERIFY(!c.response(id, 0));
        QVERIFY(app.process().state() == QProcess::Running);
    }

    void appServesTheIdePipesAfterHandoff()
    {
        HeadlessApp app;
        QVERIFY(app.start());
        QProcess bridge;
        startBridge(bridge, ideEnvironment(app), {QStringLiteral("--no-launch")});
        McpClient c(&bridge);
        QVERIFY(c.initialize());
        // QProcess gives the bridge pipes: with the hand-off the app holds the very same pipe
        // as the bridge's stdin; when forwarding it must not.
        const QByteArray stdinPipe =
            fdTarget(QStringLiteral("/proc/%1/fd/0").arg(bridge.processId()));
        QVERIFY(stdinPipe.startsWith("pipe:"));
        bool appHasIt = false;
        const QString fdDir = QStringLiteral("/proc/%1/fd").arg(app.process().processId());
        for (const QString &fd : QDir(fdDir).entryList(QDir::Files | QDir::System))
            appHasIt = appHasIt || fdTarget(fdDir + QLatin1Char('/') + fd) == stdinPipe;
        QCOMPARE(appHasIt, !forwarding());
        const auto pong = c.response(c.request(QStringLiteral("ping")));
        QVERIFY(pong && pong->contains(QStringLiteral("result")));
        bridge.closeWriteChannel();
        QVERIFY(exited(bridge, 5000));
        QCOMPARE(bridge.exitStatus(), QProcess::NormalExit);
        QCOMPARE(bridge.exitCode(), 0);
    }

    void helloCarriesKeyForThisConnectionOnly()
    {
        HeadlessApp app;
        QVERIFY(app.start());
        QProcess withKey;
        QProcessEnvironment env = ideEnvironment(app);
        env.insert(QStringLiteral("HOPX_API_KEY"), QStringLiteral("test-key-not-real"));
        env.insert(QStringLiteral("HOPX_BASE_URL"), QStringLiteral("http://127.0.0.1:9"));
        startBridge(withKey, env);
        McpClient a(&withKey);
        QVERIFY(a.initialize());
        QProcess without;
        startBridge(without, ideEnvironment(app));
        McpClient b(&without);
        QVERIFY(b.initialize());
        // With a key on its connection, "auto" picks hopx for client a only.
        const QJsonObject ha = a.callTool(QStringLiteral("health"))
                                   .value(QStringLiteral("structuredContent"))
                                   .toObject();
        const QJsonObject hb = b.callTool(QStringLiteral("health"))
                                   .value(QStringLiteral("structuredContent"))
                                   .toObject();
        QCOMPARE(hb.value(QStringLiteral("default_provider")).toString(), QStringLiteral("local"));
        if (ha.value(QStringLiteral("providers"))
                .toObject()
                .value(QStringLiteral("hopx"))
                .toObject()
                .value(QStringLiteral("available"))
                .toBool())
            QCOMPARE(
                ha.value(QStringLiteral("default_provider")).toString(), QStringLiteral("hopx"));
        // The key never shows up in what the app sends back.
        for (const QByteArray &line : a.rawLines())
            QVERIFY(!line.contains("test-key-not-real"));
    }
};

QTEST_GUILESS_MAIN(TestBridge)
#include "tst_bridge.moc"

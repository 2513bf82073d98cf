// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// hopx-desktop's HTTP flags end to end (--http, --http-token, HOPX_MCP_HTTP_TOKEN, the
// generated token file; hopx-desktop-testserver's --http-insecure-no-token), and tasks over
// both transports:
// the local socket (through a McpClient) and Streamable HTTP.
#include "HttpTestClient.h"
#include "support/McpTestClient.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QRegularExpression>
#include <QTest>

using namespace HopxTest;
using Headers = QList<QPair<QByteArray, QByteArray>>;

namespace {
const QByteArray kInit =
    R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"tst","version":"1"}}})";

Headers headers(const QByteArray &token, const QByteArray &session = {})
{
    Headers h {
        {"Accept", "application/json, text/event-stream"}, {"Content-Type", "application/json"}};
    if (!token.isEmpty())
        h.push_back({"Authorization", "Bearer " + token});
    if (!session.isEmpty())
        h.push_back({"Mcp-Session-Id", session});
    return h;
}

QByteArray call(int id, const QString &method, const QJsonObject &params = {})
{
    QJsonObject m {{"jsonrpc", "2.0"}, {"id", id}, {"method", method}};
    if (!params.isEmpty())
        m.insert("params", params);
    return QJsonDocument(m).toJson(QJsonDocument::Compact);
}

//! Starts the app with stderr captured; returns the HTTP port it printed (0 on failure).
quint16 startWithHttp(HeadlessApp &app, QByteArray *stderrText)
{
    app.process().setProcessChannelMode(QProcess::SeparateChannels);
    if (!app.start())
        return 0;
    QRegularExpression re(QStringLiteral("HTTP MCP endpoint: http://127\\.0\\.0\\.1:(\\d+)/mcp"));
    quint16 port = 0;
    const bool printed = QTest::qWaitFor(
        [&]() {
            *stderrText += app.process().readAllStandardError();
            const auto m = re.match(QString::fromUtf8(*stderrText));
            if (m.hasMatch())
                port = quint16(m.captured(1).toUInt());
            return port != 0 || app.process().state() != QProcess::Running;
        },
        15000);
    return printed ? port : 0;
}
//! Writes the app's settings file with HTTP on (any free port); returns its path.
QString enableHttpInSettings(HeadlessApp &app)
{
    const QString dir = app.root() + QStringLiteral("/xdg_config_home/hopx-desktop");
    QFile ini(dir + QStringLiteral("/hopx-desktop.ini"));
    if (!QDir().mkpath(dir) || !ini.open(QIODevice::WriteOnly))
        return {};
    ini.write("[http]\nenabled=true\nport=0\n");
    return ini.fileName();
}
} // namespace

class TestHttpApp : public QObject
{
    Q_OBJECT

private slots:
    void nonLoopbackBindRefused_data()
    {
        QTest::addColumn<QString>("address");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("all interfaces") << "0.0.0.0:0" << 1 << "loopback";
        QTest::newRow("ipv6 any") << "[::]:0" << 1 << "loopback";
        QTest::newRow("lan address") << "192.168.77.1:0" << 1 << "loopback";
        QTest::newRow("not an address") << "example.com:80" << 2 << "ADDR:PORT";
        QTest::newRow("no port") << "127.0.0.1" << 2 << "ADDR:PORT";
    }
    void nonLoopbackBindRefused()
    {
        QFETCH(QString, address);
        QFETCH(int, exitCode);
        QFETCH(QString, mentions);
        TestServerApp app(
            {QStringLiteral("--http"), address, QStringLiteral("--http-insecure-no-token")});
        app.process().setProcessChannelMode(QProcess::SeparateChannels);
        app.process().start();
        QVERIFY(exited(app.process(), 15000));
        QCOMPARE(app.process().exitCode(), exitCode);
        const QString err = QString::fromUtf8(app.process().readAllStandardError());
        QVERIFY2(err.contains(mentions), qPrintable(err));
        QVERIFY(!err.contains(QStringLiteral("HTTP MCP endpoint: http")));
    }

    void generatedTokenIsFiledNotPrinted()
    {
        HeadlessApp app({QStringLiteral("--http"), QStringLiteral("127.0.0.1:0")});
        QByteArray err;
        const quint16 port = startWithHttp(app, &err);
        QVERIFY2(port, err.constData());
        const QString path = app.root() + QStringLiteral("/run/hopx-desktop/http-token");
        QVERIFY2(err.contains(path.toUtf8()), err.constData());
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray token = file.readAll().trimmed();
        QCOMPARE(token.size(), 64);
        QCOMPARE(QFileInfo(path).permissions()
                & (QFileDevice::ReadGroup | QFileDevice::ReadOther | QFileDevice::WriteGroup
                    | QFileDevice::WriteOther),
            QFileDevice::Permissions());
        QVERIFY2(!err.contains(token), "the token must never be printed");

        HttpTestClient client(port);
        QCOMPARE(client.request("POST", headers({}), kInit).status, 401);
        QCOMPARE(client.request("POST", headers("wrong"), kInit).status, 401);
        const HttpResponse ok = client.request("POST", headers(token), kInit);
        QCOMPARE(ok.status, 200);
        QCOMPARE(ok.json()["result"].toObject()["serverInfo"].toObject()["name"].toString(),
            QStringLiteral("hopx-desktop"));
        // Product mode: tools, and sandbox files as resources (sandbox://{id}/{path}, with id
        // completion); prompts exist only with the conformance fixtures.
        const QJsonObject caps = ok.json()["result"].toObject()["capabilities"].toObject();
        QVERIFY(
            caps.contains("tools") && caps.contains("resources") && caps.contains("completions"));
        QVERIFY(!caps.contains("prompts"));

        app.stop();
        QVERIFY2(!QFile::exists(path), "the generated token is removed on shutdown");
        err += app.process().readAllStandardError();
        QVERIFY(!err.contains(token));
    }

    void tokenFromFlagAndEnvironment()
    {
        {
            HeadlessApp app({QStringLiteral("--http"), QStringLiteral("127.0.0.1:0"),
                QStringLiteral("--http-token"), QStringLiteral("flag-token")});
            QByteArray err;
            const quint16 port = startWithHttp(app, &err);
            QVERIFY2(port, err.constData());
            QVERIFY(!QFile::exists(app.root() + QStringLiteral("/run/hopx-desktop/http-token")));
            HttpTestClient client(port);
            QCOMPARE(client.request("POST", headers("flag-token"), kInit).status, 200);
        }
        {
            QProcessEnvironment env;
            env.insert(QStringLiteral("HOPX_MCP_HTTP_TOKEN"), QStringLiteral("env-token"));
            HeadlessApp app({QStringLiteral("--http"), QStringLiteral("127.0.0.1:0")}, env);
            QByteArray err;
            const quint16 port = startWithHttp(app, &err);
            QVERIFY2(port, err.constData());
            HttpTestClient client(port);
            QCOMPARE(client.request("POST", headers("flag-token"), kInit).status, 401);
            QCOMPARE(client.request("POST", headers("env-token"), kInit).status, 200);
        }
        {
            TestServerApp app({QStringLiteral("--http"), QStringLiteral("127.0.0.1:0"),
                QStringLiteral("--http-insecure-no-token"), QStringLiteral("--http-token"),
                QStringLiteral("x")});
            app.process().setProcessChannelMode(QProcess::SeparateChannels);
            app.process().start();
            QVERIFY(exited(app.process(), 15000));
            QCOMPARE(app.process().exitCode(), 2); // contradictory flags
        }
        {
            // A token with no endpoint of its own guards nothing: said, not ignored.
            HeadlessApp app({QStringLiteral("--http-token"), QStringLiteral("x")});
            app.process().setProcessChannelMode(QProcess::SeparateChannels);
            app.process().start();
            QVERIFY(exited(app.process(), 15000));
            QCOMPARE(app.process().exitCode(), 2);
            QVERIFY(app.process().readAllStandardError().contains("--http-token needs --http"));
        }
    }

    void noKeychainRefusesToStoreWhatItWouldForget()
    {
        for (const QStringList &command :
            {QStringList {QStringLiteral("--set-api-key")}, {QStringLiteral("--clear-api-key")},
                {QStringLiteral("--remove-secret"), QStringLiteral("GITHUB_TOKEN")}}) {
            HeadlessApp app(QStringList {QStringLiteral("--no-keychain")} + command);
            app.process().setProcessChannelMode(QProcess::SeparateChannels);
            app.process().start();
            QVERIFY(app.process().waitForStarted());
            app.process().write("hopx_test_never_stored\n");
            app.process().closeWriteChannel();
            QVERIFY(exited(app.process(), 15000));
            QCOMPARE(app.process().exitCode(), 2);
            const QByteArray err = app.process().readAllStandardError();
            QVERIFY2(err.contains("--no-keychain") && !err.contains("stored"), err.constData());
        }
    }

    void insecureModeWarnsLoudly()
    {
        TestServerApp app({QStringLiteral("--http"), QStringLiteral("127.0.0.1:0"),
            QStringLiteral("--http-insecure-no-token")});
        QByteArray err;
        const quint16 port = startWithHttp(app, &err);
        QVERIFY2(port, err.constData());
        QVERIFY2(err.contains("WARNING") && err.contains("WITHOUT any token"), err.constData());
        HttpTestClient client(port);
        QCOMPARE(client.request("POST", headers({}), kInit).status, 200);
    }

    void settingsTurnHttpOnUnlessTheFlagDecides()
    {
        {
            HeadlessApp app({QStringLiteral("--no-keychain")});
            const QString ini = enableHttpInSettings(app);
            QVERIFY(!ini.isEmpty());
            QByteArray err;
            const quint16 port = startWithHttp(app, &err);
            QVERIFY2(port, err.constData());
            HttpTestClient client(port);
            QCOMPARE(client.request("POST", headers({}), kInit).status, 401);
            // The token is the keychain's (here: memory's) business, never a file's.
            QVERIFY(!QFile::exists(app.root() + QStringLiteral("/run/hopx-desktop/http-token")));
            app.stop();
            QFile file(ini);
            QVERIFY(file.open(QIODevice::ReadOnly));
            QVERIFY(!file.readAll().contains("token"));
        }
        {
            HeadlessApp app({QStringLiteral("--no-keychain"), QStringLiteral("--http"),
                QStringLiteral("127.0.0.1:0"), QStringLiteral("--http-token"),
                QStringLiteral("flag-token")});
            QVERIFY(!enableHttpInSettings(app).isEmpty());
            QByteArray err;
            const quint16 port = startWithHttp(app, &err);
            QVERIFY2(port, err.constData());
            HttpTestClient client(port);
            QCOMPARE(client.request("POST", headers("flag-token"), kInit).status, 200);
            app.stop();
            err += app.process().readAllStandardError();
            QCOMPARE(err.count("HTTP MCP endpoint:"), 1); // the flag's only
        }
    }

    void taskOverLocalSocket()
    {
        TestServerApp app({QStringLiteral("--conformance-fixtures")});
        QVERIFY(app.start());
        auto socket = app.connect();
        QVERIFY(socket);
        McpClient client(socket.get());
        QVERIFY(client.initialize());

        const qint64 id = client.request(QStringLiteral("tools/call"),
            QJsonObject {{"name", "test_tool_with_progress"},
                {"arguments", QJsonObject {{"steps", 5}, {"delay_ms", 80}}},
                {"task", QJsonObject {{"ttl", 30000}}},
                {"_meta", QJsonObject {{"progressToken", "local-tok"}}}});
        const auto created = client.response(id);
        QVERIFY(created);
        const QJsonObject task = (*created)["result"].toObject()["task"].toObject();
        const QString taskId = task["taskId"].toString();
        QVERIFY2(!taskId.isEmpty(), QJsonDocument(*created).toJson().constData());
        QCOMPARE(task["status"].toString(), QStringLiteral("working"));

        // Progress keeps the original token after the request was answered, until the task ends.
        const auto progress = client.waitFor([](const QJsonObject &m) {
            return m["method"].toString() == "notifications/progress"
                && m["params"].toObject()["progress"].toDouble() > 0;
        });
        QVERIFY(progress);
        QCOMPARE((*progress)["params"].toObject()["progressToken"].toString(),
            QStringLiteral("local-tok"));

        // tasks/result blocks until the task ends.
        const QJsonObject result =
            client.call(QStringLiteral("tasks/result"), QJsonObject {{"taskId", taskId}});
        QCOMPARE(result["content"].toArray()[0].toObject()["text"].toString(),
            QStringLiteral("Progress complete"));
        QCOMPARE(result["_meta"]
                     .toObject()["io.modelcontextprotocol/related-task"]
                     .toObject()["taskId"]
                     .toString(),
            taskId);

        // A running task outlives the connection that started it.
        const qint64 id2 = client.request(QStringLiteral("tools/call"),
            QJsonObject {{"name", "test_tool_with_progress"},
                {"arguments", QJsonObject {{"steps", 4}, {"delay_ms", 100}}},
                {"task", QJsonObject {}}});
        const QString taskId2 =
            (*client.response(id2))["result"].toObject()["task"].toObject()["taskId"].toString();
        socket->disconnectFromServer();
        socket.reset();
        auto socket2 = app.connect();
        QVERIFY(socket2);
        McpClient client2(socket2.get());
        QVERIFY(client2.initialize());
        QString status;
        QTRY_VERIFY_WITH_TIMEOUT((status = client2
                                               .call(QStringLiteral("tasks/get"),
                                                   QJsonObject {{"taskId", taskId2}})["status"]
                                               .toString())
                == QLatin1String("completed"),
            10000);
        const QJsonObject tasks = client2.call(QStringLiteral("tasks/list"));
        QVERIFY(tasks["tasks"].toArray().size() >= 2);
    }

    void taskOverHttp()
    {
        TestServerApp app({QStringLiteral("--conformance-fixtures"), QStringLiteral("--http"),
            QStringLiteral("127.0.0.1:0"), QStringLiteral("--http-token"), QStringLiteral("t0k")});
        QByteArray err;
        const quint16 port = startWithHttp(app, &err);
        QVERIFY2(port, err.constData());
        HttpTestClient client(port);
        HttpResponse r = client.request("POST", headers("t0k"), kInit);
        const QByteArray session = r.header("mcp-session-id");
        QVERIFY(r.json()["result"].toObject()["capabilities"].toObject().contains("tasks"));
        client.request("POST", headers("t0k", session),
            R"({"jsonrpc":"2.0","method":"notifications/initialized"})");
        r = client.request("POST", headers("t0k", session),
            call(2, "tools/call",
                QJsonObject {{"name", "test_tool_with_progress"},
                    {"arguments", QJsonObject {{"steps", 3}, {"delay_ms", 50}}},
                    {"task", QJsonObject {}}}));
        const QString taskId =
            r.json()["result"].toObject()["task"].toObject()["taskId"].toString();
        QVERIFY2(!taskId.isEmpty(), r.body.constData());
        QString status;
        QTRY_VERIFY_WITH_TIMEOUT(
            (status = client
                          .request("POST", headers("t0k", session),
                              call(3, "tasks/get", QJsonObject {{"taskId", taskId}}))
                          .json()["result"]
                          .toObject()["status"]
                          .toString())
                == QLatin1String("completed"),
            10000);
        r = client.request("POST", headers("t0k", session),
            call(4, "tasks/result", QJsonObject {{"taskId", taskId}}));
        QCOMPARE(
            r.json()["result"].toObject()["content"].toArray()[0].toObject()["text"].toString(),
            QStringLiteral("Progress complete"));
        // Tasks of the local socket's user are not those of the HTTP token holder.
        auto socket = app.connect();
        McpClient local(socket.get());
        QVERIFY(local.initialize());
        const qint64 id =
            local.request(QStringLiteral("tasks/get"), QJsonObject {{"taskId", taskId}});
        QCOMPARE((*local.response(id))["error"].toObject()["code"].toInt(), -32602);
    }
};

QTEST_GUILESS_MAIN(TestHttpApp)
#include "tst_httpapp.moc"

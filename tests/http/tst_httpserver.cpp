// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// The Streamable HTTP transport in-process, through real TCP sockets: security (token,
// DNS rebinding, loopback only, body limit, slowloris), the protocol's status codes and
// session lifecycle, SSE routing and ordering, server-to-client requests, and tasks.
#include "HttpTestClient.h"

#include "features/PromptRegistry.h"
#include "features/ResourceRegistry.h"
#include "session/SessionObserver.h"
#include "tasks/TaskStore.h"
#include "tools/ToolCall.h"
#include "tools/ToolRegistry.h"
#include "transport/HttpServer.h"
#include "transport/HttpTokenFile.h"
#include "json/JsonRpcReader.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QPointer>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <memory>
#include <tuple>

using namespace Hopx::Mcp;
using HopxTest::HttpResponse;
using HopxTest::HttpTestClient;
using Headers = QList<QPair<QByteArray, QByteArray>>;

namespace {
const QByteArray kToken = "s3cret-test-token";
const QByteArray kInit =
    R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"sampling":{}},"clientInfo":{"name":"tst","version":"1"}}})";
} // namespace

class TestHttpServer : public QObject
{
    Q_OBJECT

private:
    ServerConfig m_config;
    ToolRegistry m_tools;
    ResourceRegistry m_resources;
    std::unique_ptr<TaskStore> m_tasks;
    std::unique_ptr<HttpServer> m_server;
    QList<QPointer<ToolCall>> m_parked;
    quint16 m_port = 0;

    Headers headers(const QByteArray &session = {}, bool auth = true) const
    {
        Headers h {{"Accept", "application/json, text/event-stream"},
            {"Content-Type", "application/json"}};
        if (auth)
            h.push_back({"Authorization", "Bearer " + kToken});
        if (!session.isEmpty()) {
            h.push_back({"Mcp-Session-Id", session});
            h.push_back({"MCP-Protocol-Version", "2025-11-25"});
        }
        return h;
    }
    QByteArray initialize(HttpTestClient &client, const QByteArray &init = kInit)
    {
        const HttpResponse r = client.request("POST", headers(), init);
        if (r.status != 200)
            return {};
        const QByteArray session = r.header("mcp-session-id");
        client.request(
            "POST", headers(session), R"({"jsonrpc":"2.0","method":"notifications/initialized"})");
        return session;
    }
    static QByteArray call(int id, const QString &method, const QJsonObject &params = {})
    {
        QJsonObject m {{"jsonrpc", "2.0"}, {"id", id}, {"method", method}};
        if (!params.isEmpty())
            m.insert("params", params);
        return QJsonDocument(m).toJson(QJsonDocument::Compact);
    }

private slots:
    void initTestCase()
    {
        ToolSpec echo;
        echo.name = "echo";
        echo.description = "echo";
        m_tools.add(echo, [](ToolCall *c) {
            c->finish(ToolResult::text(c->arguments().value("text").toString()));
        });

        ToolSpec steps;
        steps.name = "steps";
        steps.description = "progress every delay_ms, `steps` times, then done";
        steps.taskSupport = ToolSpec::TaskSupport::Optional;
        m_tools.add(steps, [](ToolCall *c) {
            const int n = c->arguments().value("steps").toInt(3);
            auto *timer = new QTimer(c);
            timer->setInterval(c->arguments().value("delay_ms").toInt(20));
            auto i = std::make_shared<int>(0);
            QPointer<ToolCall> guard(c);
            QObject::connect(timer, &QTimer::timeout, c, [guard, timer, i, n]() {
                if (!guard)
                    return;
                guard->reportProgress(++*i, n);
                if (*i >= n) {
                    timer->stop();
                    guard->finish(ToolResult::text(QStringLiteral("done after %1").arg(n)));
                }
            });
            timer->start();
        });

        ToolSpec ask;
        ask.name = "ask";
        ask.description = "asks the client's LLM";
        m_tools.add(ask, [](ToolCall *c) {
            QPointer<ToolCall> guard(c);
            c->requestFromClient("sampling/createMessage",
                QJsonObject {{"messages", QJsonArray {}}, {"maxTokens", 10}},
                [guard](const ToolCall::ClientReply &r) {
                    if (!guard)
                        return;
                    if (!r.ok)
                        guard->finish(ToolResult::text(
                            "error " + QString::number(r.errorCode) + ": " + r.errorMessage, true));
                    else
                        guard->finish(ToolResult::text("LLM said "
                            + r.result.value("content").toObject().value("text").toString()));
                });
        });

        ToolSpec parked;
        parked.name = "parked";
        parked.description = "waits for the test";
        m_tools.add(parked, [this](ToolCall *c) { m_parked.append(c); });

        m_resources.addResource(
            {"test://watched", "watched", {}, "changes on demand", "text/plain", -1},
            [](const QString &uri, const QHash<QString, QString> &,
                const ResourceRegistry::Reply &reply) {
                reply(ResourceRegistry::ReadResult::text(uri, "text/plain", "now"));
            });

        m_tasks = std::make_unique<TaskStore>(m_config);
        HttpServerConfig http;
        http.bearerToken = kToken;
        http.requestTimeoutMs = 600;
        http.idleTimeoutMs = 3000;
        http.maxBodyBytes = 64 * 1024;
        m_server = std::make_unique<HttpServer>(
            m_config, ServerContext {&m_tools, &m_resources, nullptr, m_tasks.get()}, http);
        QVERIFY2(m_server->listen(), qPrintable(m_server->errorString()));
        m_port = m_server->port();
        QVERIFY(m_port > 0);
        QCOMPARE(m_server->endpointUrl(), QStringLiteral("http://127.0.0.1:%1/mcp").arg(m_port));
    }

    void cleanupTestCase()
    {
        m_server.reset();
        m_tasks.reset();
    }

    void init() { m_parked.clear(); }

    // --- security -----------------------------------------------------------------------

    void tokenRequired_data()
    {
        QTest::addColumn<QByteArray>("authorization");
        QTest::addColumn<int>("status");
        QTest::newRow("none") << QByteArray() << 401;
        QTest::newRow("wrong token") << QByteArray("Bearer nope") << 401;
        QTest::newRow("token prefix") << QByteArray("Bearer " + kToken.left(5)) << 401;
        QTest::newRow("token plus junk") << QByteArray("Bearer " + kToken + "x") << 401;
        QTest::newRow("basic scheme") << QByteArray("Basic " + kToken.toBase64()) << 401;
        QTest::newRow("right token") << QByteArray("Bearer " + kToken) << 200;
        QTest::newRow("scheme case-insensitive") << QByteArray("bearer " + kToken) << 200;
    }
    void tokenRequired()
    {
        QFETCH(QByteArray, authorization);
        QFETCH(int, status);
        HttpTestClient client(m_port);
        Headers h = headers({}, false);
        if (!authorization.isEmpty())
            h.push_back({"Authorization", authorization});
        const HttpResponse r = client.request("POST", h, kInit);
        QCOMPARE(r.status, status);
        if (status == 401) {
            QVERIFY(r.header("www-authenticate").startsWith("Bearer"));
            QVERIFY(!r.header("mcp-session-id").size());
            QVERIFY2(!r.body.contains(kToken), "the token must never be echoed");
        }
    }

    void dnsRebinding_data()
    {
        QTest::addColumn<QByteArray>("host");
        QTest::addColumn<QByteArray>("origin");
        QTest::addColumn<int>("status");
        const QByteArray port = QByteArray::number(m_port);
        const QByteArray other = QByteArray::number(m_port == 65535 ? 1 : m_port + 1);
        QTest::newRow("foreign host") << QByteArray("evil.example.com") << QByteArray() << 403;
        QTest::newRow("foreign host with port")
            << QByteArray("evil.example.com:" + port) << QByteArray() << 403;
        QTest::newRow("foreign host and origin")
            << QByteArray("evil.example.com:" + port)
            << QByteArray("http://evil.example.com:" + port) << 403;
        QTest::newRow("foreign origin")
            << QByteArray("127.0.0.1:" + port) << QByteArray("http://evil.example.com") << 403;
        QTest::newRow("loopback origin, other port")
            << QByteArray("127.0.0.1:" + port) << QByteArray("http://localhost:" + other) << 403;
        QTest::newRow("null origin")
            << QByteArray("127.0.0.1:" + port) << QByteArray("null") << 403;
        QTest::newRow("loopback host, other port")
            << QByteArray("127.0.0.1:" + other) << QByteArray() << 403;
        QTest::newRow("rebinding name that contains localhost")
            << QByteArray("localhost.evil.example:" + port) << QByteArray() << 403;
        QTest::newRow("127.0.0.1") << QByteArray("127.0.0.1:" + port) << QByteArray() << 200;
        QTest::newRow("localhost")
            << QByteArray("localhost:" + port) << QByteArray("http://localhost:" + port) << 200;
        QTest::newRow("[::1]") << QByteArray("[::1]:" + port) << QByteArray("http://[::1]:" + port)
                               << 200;
        QTest::newRow("same origin")
            << QByteArray("127.0.0.1:" + port) << QByteArray("http://127.0.0.1:" + port) << 200;
    }
    void dnsRebinding()
    {
        QFETCH(QByteArray, host);
        QFETCH(QByteArray, origin);
        QFETCH(int, status);
        for (const bool withToken : {true, false}) {
            HttpTestClient client(m_port);
            Headers h = headers({}, withToken);
            if (!origin.isEmpty())
                h.push_back({"Origin", origin});
            client.connect();
            client.sendRaw(HttpTestClient::buildRequest("POST", host, h, kInit));
            const HttpResponse r = client.waitForResponse();
            // 403 comes before the token check: a hostile page learns nothing about the token.
            const int expected = status == 200 && !withToken ? 401 : status;
            QCOMPARE(r.status, expected);
        }
    }

    void nonLoopbackRefused_data()
    {
        QTest::addColumn<QString>("address");
        QTest::newRow("any ipv4") << "0.0.0.0";
        QTest::newRow("any ipv6") << "::";
        QTest::newRow("private lan") << "192.168.1.10";
        QTest::newRow("public") << "8.8.8.8";
    }
    void nonLoopbackRefused()
    {
        QFETCH(QString, address);
        HttpServerConfig http;
        http.address = QHostAddress(address);
        http.bearerToken = kToken;
        HttpServer server(m_config, ServerContext {&m_tools}, http);
        QVERIFY(!server.listen());
        QVERIFY2(server.errorString().contains("loopback"), qPrintable(server.errorString()));
        QCOMPARE(server.port(), quint16(0));
    }

    void ipv6Loopback()
    {
        HttpServerConfig http;
        http.address = QHostAddress(QHostAddress::LocalHostIPv6);
        http.bearerToken = kToken;
        HttpServer server(m_config, ServerContext {&m_tools}, http);
        if (!server.listen())
            QSKIP("no IPv6 loopback here");
        QVERIFY(server.endpointUrl().startsWith("http://[::1]:"));
        HttpTestClient client(server.port(), "::1");
        QVERIFY(client.connect());
        client.sendRaw(HttpTestClient::buildRequest(
            "POST", "[::1]:" + QByteArray::number(server.port()), headers(), kInit));
        QCOMPARE(client.waitForResponse().status, 200);
    }

    void oversizedBody()
    {
        // Content-Length over the limit: 413 at once, before a single body byte is sent.
        HttpTestClient client(m_port);
        client.connect();
        Headers h = headers();
        QByteArray head = "POST /mcp HTTP/1.1\r\nHost: " + client.hostHeader() + "\r\n";
        for (const auto &p : h)
            head += p.first + ": " + p.second + "\r\n";
        head += "Content-Length: " + QByteArray::number(10 * 1024 * 1024) + "\r\n\r\n";
        client.sendRaw(head);
        const HttpResponse r = client.waitForResponse(3000);
        QCOMPARE(r.status, 413);
        QVERIFY(client.waitForClose(3000));

        // Chunked: refused as soon as the chunks add up to more than the limit.
        HttpTestClient chunked(m_port);
        chunked.connect();
        QByteArray req = "POST /mcp HTTP/1.1\r\nHost: " + chunked.hostHeader()
            + "\r\nTransfer-Encoding: chunked\r\n";
        for (const auto &p : h)
            req += p.first + ": " + p.second + "\r\n";
        req += "\r\n";
        const QByteArray piece(32 * 1024, 'x');
        for (int i = 0; i < 3; ++i)
            req += QByteArray::number(piece.size(), 16) + "\r\n" + piece + "\r\n";
        chunked.sendRaw(req);
        QCOMPARE(chunked.waitForResponse(3000).status, 413);

        // Just under the limit is fine (and answered as the JSON-RPC it is: not JSON → 400).
        HttpTestClient fits(m_port);
        QCOMPARE(fits.request("POST", h, QByteArray(60 * 1024, ' ') + "x").status, 400);
    }

    void malformedFraming_data()
    {
        QTest::addColumn<QByteArray>("raw");
        QTest::addColumn<int>("status");
        QTest::newRow("garbage request line") << QByteArray("HELLO\r\n\r\n") << 400;
        QTest::newRow("http/2 preface") << QByteArray("PRI * HTTP/2.0\r\n\r\n") << 505;
        QTest::newRow("no host") << QByteArray("POST /mcp HTTP/1.1\r\nContent-Length: 0\r\n\r\n")
                                 << 400;
        QTest::newRow("two lengths") << QByteArray(
            "POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n")
                                     << 400;
        QTest::newRow("length and chunked") << QByteArray(
            "POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nTransfer-Encoding: "
            "chunked\r\n\r\n") << 400;
        QTest::newRow("gzip coding")
            << QByteArray("POST /mcp HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n")
            << 501;
        QTest::newRow("negative length")
            << QByteArray("POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n") << 400;
        // Request smuggling shapes (tests/unit/tst_httprequestparser has them all).
        QTest::newRow("empty coding and length") << QByteArray(
            "POST /mcp HTTP/1.1\r\nHost: x\r\nTransfer-Encoding:\r\nContent-Length: 2\r\n\r\n{}")
                                                 << 400;
        QTest::newRow("bare LF") << QByteArray("GET /mcp HTTP/1.1\nHost: x\n\n") << 400;
        QTest::newRow("bare CR in a value")
            << QByteArray("POST /mcp HTTP/1.1\r\nHost: x\r\nX-A: a\rContent-Length: 2\r\n\r\n{}")
            << 400;
        QTest::newRow("huge header") << QByteArray(
            "GET /mcp HTTP/1.1\r\nHost: x\r\nX-Pad: " + QByteArray(40 * 1024, 'a') + "\r\n\r\n")
                                     << 431;
    }
    void malformedFraming()
    {
        QFETCH(QByteArray, raw);
        QFETCH(int, status);
        HttpTestClient client(m_port);
        client.connect();
        client.sendRaw(raw);
        QCOMPARE(client.waitForResponse(3000).status, status);
        QVERIFY(client.waitForClose(3000)); // a broken byte stream is never reused
    }

    void slowlorisDoesNotBlockOthers()
    {
        // Three clients trickle half a request and stall; one never sends a byte.
        QList<std::shared_ptr<HttpTestClient>> stalled;
        for (int i = 0; i < 3; ++i) {
            auto c = std::make_shared<HttpTestClient>(m_port);
            QVERIFY(c->connect());
            c->sendRaw("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + QByteArray::number(m_port)
                + "\r\nContent-Le");
            stalled.append(c);
        }
        auto silent = std::make_shared<HttpTestClient>(m_port);
        QVERIFY(silent->connect());
        auto halfBody = std::make_shared<HttpTestClient>(m_port);
        QVERIFY(halfBody->connect());
        halfBody->sendRaw(
            HttpTestClient::buildRequest("POST", halfBody->hostHeader(), headers(), kInit)
                .chopped(20));

        // Meanwhile a well-behaved client is served at once.
        QElapsedTimer t;
        t.start();
        HttpTestClient good(m_port);
        const QByteArray session = initialize(good);
        QVERIFY(!session.isEmpty());
        QCOMPARE(good.request("POST", headers(session), call(2, "ping")).status, 200);
        // Served before the stalled ones could have been timed out (600 ms): not thanks to it.
        for (const auto &c : std::as_const(stalled))
            QVERIFY(c->isConnected());
        QVERIFY2(t.elapsed() < 600, qPrintable(QString::number(t.elapsed())));

        // And the stalled ones are cut off after the request timeout (600 ms here): 408, closed.
        for (const auto &c : std::as_const(stalled)) {
            const HttpResponse r = c->waitForResponse(3000);
            QCOMPARE(r.status, 408);
            QVERIFY(c->waitForClose(2000));
        }
        QVERIFY(silent->waitForClose(3000));
        QVERIFY(halfBody->waitForClose(3000));
        QVERIFY2(t.elapsed() < 2500, qPrintable(QString::number(t.elapsed())));
    }

    void stalledRequestOnAKeptAliveConnection()
    {
        // Between requests the connection waits for its next one (3 s here); a request that
        // then starts and stalls has the request timeout (600 ms), not what was left of that.
        HttpTestClient client(m_port);
        const QByteArray session = initialize(client);
        QVERIFY(!session.isEmpty());
        QTest::qWait(700); // past the first request's timeout: the wait is the idle one now
        QElapsedTimer t;
        t.start();
        client.sendRaw(HttpTestClient::buildRequest(
            "POST", client.hostHeader(), headers(session), call(3, "ping"))
                           .chopped(10));
        const HttpResponse r = client.waitForResponse(3000);
        QCOMPARE(r.status, 408);
        QVERIFY(client.waitForClose(2000));
        QVERIFY2(
            t.elapsed() >= 550 && t.elapsed() < 1500, qPrintable(QString::number(t.elapsed())));
    }

    void idleKeepAliveClosed()
    {
        HttpTestClient client(m_port);
        QVERIFY(!initialize(client).isEmpty());
        QVERIFY(client.isConnected());
        QVERIFY(client.waitForClose(6000)); // idleTimeoutMs is 3 s in this test
    }

    // --- protocol -----------------------------------------------------------------------

    void statusCodes()
    {
        HttpTestClient client(m_port);
        const QByteArray session = initialize(client);
        QVERIFY(!session.isEmpty());

        Headers onlyJson = headers(session);
        onlyJson[0].second = "application/json";
        QCOMPARE(client.request("POST", onlyJson, call(2, "ping")).status, 406);
        Headers wildcard = headers(session);
        wildcard[0].second = "*/*";
        QCOMPARE(client.request("POST", wildcard, call(3, "ping")).status, 200);
        Headers text = headers(session);
        text[1].second = "text/plain";
        QCOMPARE(client.request("POST", text, call(4, "ping")).status, 415);
        Headers charset = headers(session);
        charset[1].second = "application/json; charset=utf-8";
        QCOMPARE(client.request("POST", charset, call(5, "ping")).status, 200);

        HttpResponse r = client.request("POST", headers(session), "{not json");
        QCOMPARE(r.status, 400);
        QCOMPARE(r.json()["error"].toObject()["code"].toInt(), -32700);
        r = client.request("POST", headers(session), "42"); // JSON, but not a message
        QCOMPARE(r.status, 400);
        QCOMPARE(r.json()["error"].toObject()["code"].toInt(), -32600);
        r = client.request(
            "POST", headers(session), R"({"jsonrpc":"2.0","id":null,"method":"ping"})");
        QCOMPARE(r.status, 400);
        QCOMPARE(r.json()["error"].toObject()["code"].toInt(), -32600);
        QCOMPARE(client.request("POST", headers(session), "[]").status, 400);

        Headers getJson = headers(session);
        getJson[0].second = "application/json";
        QCOMPARE(client.request("GET", getJson).status, 406);
        r = client.request("PUT", headers(session), "{}");
        QCOMPARE(r.status, 405);
        QCOMPARE(r.header("allow"), QByteArray("GET, POST, DELETE"));

        client.startRequest("POST", headers(session), call(6, "ping"), "/other");
        QCOMPARE(client.waitForResponse().status, 404);
        client.startRequest(
            "POST", headers(session), call(7, "ping"), "/mcp?x=1"); // the query is ignored
        QCOMPARE(client.waitForResponse().status, 200);
    }

    void sessionLifecycle()
    {
        HttpTestClient client(m_port);
        HttpResponse r = client.request("POST", headers(), call(5, "tools/list"));
        QCOMPARE(r.status, 400); // no session id
        QCOMPARE(r.json()["error"].toObject()["code"].toInt(), -32000);
        r = client.request(
            "POST", headers("0123456789abcdef0123456789abcdef"), call(5, "tools/list"));
        QCOMPARE(r.status, 404); // unknown session
        QCOMPARE(r.json()["error"].toObject()["code"].toInt(), -32001);

        r = client.request("POST", headers(), kInit);
        QCOMPARE(r.status, 200);
        QCOMPARE(r.header("content-type"), QByteArray("application/json"));
        const QByteArray session = r.header("mcp-session-id");
        QVERIFY2(QRegularExpression("^[\\x21-\\x7E]{32,}$")
                     .match(QString::fromLatin1(session))
                     .hasMatch(),
            session.constData());
        QCOMPARE(r.json()["result"].toObject()["protocolVersion"].toString(),
            QStringLiteral("2025-11-25"));
        const QJsonObject caps = r.json()["result"].toObject()["capabilities"].toObject();
        QVERIFY(caps.contains("tools"));
        QVERIFY(caps.contains("resources"));
        QVERIFY(!caps.contains("prompts")); // nothing registered, nothing declared
        QVERIFY(
            caps["tasks"].toObject()["requests"].toObject()["tools"].toObject().contains("call"));

        // A second initialize within the session is refused; a new one without it is a new session.
        QCOMPARE(client.request("POST", headers(session), kInit).status, 400);
        HttpTestClient other(m_port);
        const QByteArray session2 = initialize(other);
        QVERIFY(!session2.isEmpty() && session2 != session);

        r = client.request("POST", headers(session), call(2, "tools/list"));
        QCOMPARE(r.status, 200);
        QCOMPARE(r.header("mcp-session-id"), session);
        QVERIFY(r.json()["result"].toObject()["tools"].toArray().size() >= 4);

        // Protocol version header: any we speak is fine, missing means 2025-03-26, others 400.
        Headers old = headers(session);
        old.last().second = "2025-03-26";
        QCOMPARE(client.request("POST", old, call(3, "ping")).status, 200);
        Headers none = headers(session);
        none.removeLast();
        QCOMPARE(client.request("POST", none, call(4, "ping")).status, 200);
        Headers bad = headers(session);
        bad.last().second = "1999-01-01";
        QCOMPARE(client.request("POST", bad, call(5, "ping")).status, 400);

        QCOMPARE(client.request("DELETE", headers(session)).status, 200);
        QCOMPARE(client.request("POST", headers(session), call(6, "ping")).status, 404);
        QCOMPARE(client.request("DELETE", headers(session)).status, 404);
        QCOMPARE(client.request("GET", headers(session)).status, 404);
        // The other session is unaffected.
        QCOMPARE(other.request("POST", headers(session2), call(2, "ping")).status, 200);
    }

    void endedClientsLeaveBoundedSessions()
    {
        // Clients that go without a DELETE (as the official SDK's close() does) leave idle
        // sessions behind: at most maxIdleSessions long-idle ones stay, the least recently used
        // make room, and a busy session is never the one to go.
        SessionObserver observer;
        HttpServerConfig http;
        http.bearerToken = kToken;
        http.idleTimeoutMs = 50; // long-idle after this
        http.maxIdleSessions = 3;
        HttpServer server(m_config,
            ServerContext {&m_tools, &m_resources, nullptr, m_tasks.get(), &observer}, http);
        QVERIFY2(server.listen(), qPrintable(server.errorString()));
        HttpTestClient busy(server.port());
        const QByteArray busySession = initialize(busy);
        busy.startRequest(
            "POST", headers(busySession), call(7, "tools/call", QJsonObject {{"name", "parked"}}));
        QTRY_COMPARE(m_parked.size(), 1);
        QByteArray first;
        QByteArray last;
        for (int i = 0; i < 12; ++i) {
            HttpTestClient client(server.port());
            last = initialize(client);
            QVERIFY(!last.isEmpty());
            if (first.isEmpty())
                first = last;
            QTest::qWait(4 * http.idleTimeoutMs); // the client is gone: its session long idle
        }
        // The long-idle ones kept, the newest (long idle too) and the busy one.
        QCOMPARE(observer.sessions().size(), 3 + 1);
        HttpTestClient probe(server.port());
        QCOMPARE(probe.request("POST", headers(last), call(8, "ping")).status, 200);
        QCOMPARE(probe.request("POST", headers(first), call(9, "ping")).status, 404);
        m_parked[0]->finish(ToolResult::text("still here"));
        QCOMPARE(busy.waitForResponse().events().last()["id"].toInt(), 7);
    }

    void recentlyIdleSessionsAreKept()
    {
        // Clients between two calls are idle too, but not for long: many of them stay.
        SessionObserver observer;
        HttpServerConfig http;
        http.bearerToken = kToken;
        http.maxIdleSessions = 3;
        HttpServer server(m_config,
            ServerContext {&m_tools, &m_resources, nullptr, m_tasks.get(), &observer}, http);
        QVERIFY2(server.listen(), qPrintable(server.errorString()));
        std::vector<std::unique_ptr<HttpTestClient>> clients;
        QList<QByteArray> sessions;
        for (int i = 0; i < 10; ++i) {
            clients.push_back(std::make_unique<HttpTestClient>(server.port()));
            sessions.append(initialize(*clients.back()));
        }
        QCOMPARE(observer.sessions().size(), 10);
        for (int i = 0; i < 10; ++i)
            QCOMPARE(
                clients[size_t(i)]->request("POST", headers(sessions[i]), call(1, "ping")).status,
                200);
    }

    void notificationsAndResponsesGet202()
    {
        HttpTestClient client(m_port);
        const QByteArray session = initialize(client);
        for (const QByteArray &body :
            {QByteArray(R"({"jsonrpc":"2.0","method":"notifications/initialized"})"),
                QByteArray(
                    R"({"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":77}})"),
                QByteArray(R"({"jsonrpc":"2.0","id":999,"result":{}})"),
                QByteArray(R"({"jsonrpc":"2.0","id":998,"error":{"code":-1,"message":"x"}})")}) {
            const HttpResponse r = client.request("POST", headers(session), body);
            QCOMPARE(r.status, 202);
            QVERIFY(r.body.isEmpty());
        }
    }

    void bothReadersAnswerAlike()
    {
        // A session's plain request is read by JsonRpcReader; the same request written so that
        // the reader declines it (an escaped key, pretty-printed past its limit) goes through
        // Qt's parser. The client must not tell the two apart.
        HttpTestClient client(m_port);
        const QByteArray session = initialize(client);
        const QByteArray plain = R"({"jsonrpc":"2.0","id":21,"method":"tools/list"})";
        const QByteArray escaped = R"({"jsonrpc":"2.0","id":21,"meth\u006fd":"tools/list"})";
        const QByteArray padded = R"({"jsonrpc":"2.0","id":21,"method":"tools/list")"
            + QByteArray(JsonRpcReader::kMaxLine, ' ') + "}";
        const HttpResponse first = client.request("POST", headers(session), plain);
        QCOMPARE(first.status, 200);
        QVERIFY2(first.json()["result"].toObject().contains("tools"), first.body.constData());
        for (const QByteArray &body : {escaped, padded}) {
            QVERIFY(!JsonRpcReader().read(body));
            const HttpResponse other = client.request("POST", headers(session), body);
            QCOMPARE(other.status, first.status);
            QCOMPARE(other.body, first.body);
        }
        // Answers for a request on an unknown session come from the same place either way.
        const HttpResponse unknown = client.request("POST", headers("no-such-session"), plain);
        const HttpResponse unknownEscaped =
            client.request("POST", headers("no-such-session"), escaped);
        QCOMPARE(unknown.status, 404);
        QCOMPARE(unknownEscaped.status, unknown.status);
        QCOMPARE(unknownEscaped.body, unknown.body);
    }

    void keepAliveAndPipelining()
    {
        HttpTestClient client(m_port);
        const QByteArray session = initialize(client);
        // Two requests in one write: answered in order on the same connection.
        client.sendRaw(HttpTestClient::buildRequest(
                           "POST", client.hostHeader(), headers(session), call(11, "ping"))
            + HttpTestClient::buildRequest(
                "POST", client.hostHeader(), headers(session), call(12, "ping")));
        HttpResponse first = client.waitForResponse();
        HttpResponse second = client.waitForResponse();
        QVERIFY2(first.json()["id"].toInt() == 11, first.body.constData());
        QCOMPARE(second.json()["id"].toInt(), 12);
        QVERIFY(client.isConnected());
    }

    void sseProgressThenResponse()
    {
        HttpTestClient client(m_port);
        const QByteArray session = initialize(client);
        const QByteArray body = call(7, "tools/call",
            QJsonObject {{"name", "steps"},
                {"arguments", QJsonObject {{"steps", 5}, {"delay_ms", 15}}},
                {"_meta", QJsonObject {{"progressToken", "tok"}}}});
        const HttpResponse r = client.request("POST", headers(session), body);
        QCOMPARE(r.status, 200);
        QCOMPARE(r.header("content-type"), QByteArray("text/event-stream"));
        QCOMPARE(r.header("mcp-session-id"), session);
        QVERIFY(r.complete); // the stream ended after the response
        const QList<QJsonObject> events = r.events();
        QCOMPARE(events.size(), 6);
        double last = 0;
        for (int i = 0; i < 5; ++i) {
            QCOMPARE(events[i]["method"].toString(), QStringLiteral("notifications/progress"));
            QCOMPARE(
                events[i]["params"].toObject()["progressToken"].toString(), QStringLiteral("tok"));
            QVERIFY(events[i]["params"].toObject()["progress"].toDouble() > last);
            last = events[i]["params"].toObject()["progress"].toDouble();
        }
        QCOMPARE(events[5]["id"].toInt(), 7);
        QCOMPARE(
            events[5]["result"].toObject()["content"].toArray()[0].toObject()["text"].toString(),
            QStringLiteral("done after 5"));
        // The connection is reusable after a chunked stream; a quick answer comes back as JSON.
        const HttpResponse ping = client.request("POST", headers(session), call(8, "ping"));
        QCOMPARE(ping.header("content-type"), QByteArray("application/json"));
        QCOMPARE(ping.json()["id"].toInt(), 8);
    }

    void concurrentStreamsStayApart()
    {
        HttpTestClient a(m_port);
        const QByteArray session = initialize(a);
        HttpTestClient b(m_port);
        auto body = [](int id, const char *token, int steps) {
            return call(id, "tools/call",
                QJsonObject {{"name", "steps"},
                    {"arguments", QJsonObject {{"steps", steps}, {"delay_ms", 10}}},
                    {"_meta", QJsonObject {{"progressToken", token}}}});
        };
        a.startRequest("POST", headers(session), body(21, "A", 6));
        b.startRequest("POST", headers(session), body(22, "B", 3));
        const HttpResponse rb = b.waitForResponse();
        const HttpResponse ra = a.waitForResponse();
        for (const auto &[r, token, id, n] :
            {std::tuple {ra, "A", 21, 6}, std::tuple {rb, "B", 22, 3}}) {
            const QList<QJsonObject> events = r.events();
            QCOMPARE(events.size(), n + 1);
            for (int i = 0; i < n; ++i)
                QCOMPARE(events[i]["params"].toObject()["progressToken"].toString(),
                    QString::fromLatin1(token));
            QCOMPARE(events.last()["id"].toInt(), id);
        }
    }

    void cancelEndsStreamWithoutResponse()
    {
        HttpTestClient client(m_port);
        const QByteArray session = initialize(client);
        client.startRequest(
            "POST", headers(session), call(31, "tools/call", QJsonObject {{"name", "parked"}}));
        QTRY_COMPARE(m_parked.size(), 1);
        HttpTestClient other(m_port);
        QCOMPARE(
            other
                .request("POST", headers(session),
                    R"({"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":31}})")
                .status,
            202);
        const HttpResponse r = client.waitForResponse(3000);
        QVERIFY(r.complete);
        QCOMPARE(r.header("content-type"), QByteArray("text/event-stream"));
        for (const QJsonObject &e : r.events())
            QVERIFY2(!e.contains("result") && !e.contains("error"),
                "a cancelled request gets no response");
        QTRY_VERIFY(m_parked[0].isNull());
    }

    void duplicateIdInFlightRefused()
    {
        HttpTestClient a(m_port);
        const QByteArray session = initialize(a);
        a.startRequest(
            "POST", headers(session), call(41, "tools/call", QJsonObject {{"name", "parked"}}));
        QTRY_COMPARE(m_parked.size(), 1);
        HttpTestClient b(m_port);
        QCOMPARE(b.request("POST", headers(session), call(41, "ping")).status, 400);
        m_parked[0]->finish(ToolResult::text("bye"));
        QCOMPARE(a.waitForResponse().events().last()["id"].toInt(), 41);
    }

    void getStreamCarriesUnrelatedMessages()
    {
        HttpTestClient client(m_port);
        const QByteArray session = initialize(client);
        QCOMPARE(client
                     .request("POST", headers(session),
                         call(2, "resources/subscribe", QJsonObject {{"uri", "test://watched"}}))
                     .status,
            200);
        // Said before any GET stream exists: queued, delivered when one opens.
        m_resources.notifyUpdated("test://watched");
        m_resources.notifyUpdated("test://not-subscribed");

        HttpTestClient stream(m_port);
        stream.startRequest("GET", headers(session));
        const HttpResponse &first = stream.waitForEvents(1);
        QCOMPARE(first.status, 200);
        QCOMPARE(first.header("content-type"), QByteArray("text/event-stream"));
        QCOMPARE(first.events().size(), 1);
        QCOMPARE(first.events()[0]["method"].toString(),
            QStringLiteral("notifications/resources/updated"));
        m_resources.notifyUpdated("test://watched");
        QCOMPARE(stream.waitForEvents(2).events().size(), 2);

        // One GET stream per session.
        HttpTestClient second(m_port);
        QCOMPARE(second.request("GET", headers(session)).status, 409);

        // A request's own messages never go there: the response comes on the POST.
        const HttpResponse r = client.request("POST", headers(session), call(3, "ping"));
        QCOMPARE(r.json()["id"].toInt(), 3);
        QTest::qWait(50);
        QCOMPARE(stream.waitForEvents(3, 100).events().size(), 2);
        // Nor does the refusal of a POST with no request in it (this era takes no batches, so
        // the notification in one is not processed): it is that POST's 400.
        const HttpResponse batch = client.request("POST", headers(session),
            R"([{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7}}])");
        QCOMPARE(batch.status, 400);
        QCOMPARE(batch.json()["error"].toObject()["code"].toInt(), -32600);
        const HttpResponse invalid =
            client.request("POST", headers(session), R"({"jsonrpc":"2.0","method":5})");
        QCOMPARE(invalid.status, 400);
        QCOMPARE(invalid.json()["error"].toObject()["code"].toInt(), -32600);
        QTest::qWait(50);
        QCOMPARE(stream.waitForEvents(3, 100).events().size(), 2);

        // DELETE ends the GET stream too.
        QCOMPARE(client.request("DELETE", headers(session)).status, 200);
        QVERIFY(stream.waitForResponse(2000).complete);
    }

    void serverToClientRequestOnThePostStream()
    {
        HttpTestClient client(m_port);
        const QByteArray session = initialize(client); // declares sampling
        client.startRequest(
            "POST", headers(session), call(51, "tools/call", QJsonObject {{"name", "ask"}}));
        const HttpResponse &pending = client.waitForEvents(1);
        QCOMPARE(pending.header("content-type"), QByteArray("text/event-stream"));
        const QJsonObject request = pending.events()[0];
        QCOMPARE(request["method"].toString(), QStringLiteral("sampling/createMessage"));
        QVERIFY(request["id"].isDouble() || request["id"].isString());

        HttpTestClient answer(m_port);
        const QJsonObject response {{"jsonrpc", "2.0"}, {"id", request["id"]},
            {"result",
                QJsonObject {{"role", "assistant"}, {"model", "m"},
                    {"content", QJsonObject {{"type", "text"}, {"text", "hi"}}}}}};
        QCOMPARE(answer
                     .request("POST", headers(session),
                         QJsonDocument(response).toJson(QJsonDocument::Compact))
                     .status,
            202);
        const HttpResponse r = client.waitForResponse();
        QCOMPARE(r.events()
                     .last()["result"]
                     .toObject()["content"]
                     .toArray()[0]
                     .toObject()["text"]
                     .toString(),
            QStringLiteral("LLM said hi"));

        // A second call gets a new id (never reused).
        client.startRequest(
            "POST", headers(session), call(52, "tools/call", QJsonObject {{"name", "ask"}}));
        const QJsonObject request2 = client.waitForEvents(1).events()[0];
        QVERIFY(request2["id"] != request["id"]);
        QCOMPARE(
            answer
                .request("POST", headers(session),
                    QJsonDocument(
                        QJsonObject {{"jsonrpc", "2.0"}, {"id", request2["id"]},
                            {"error", QJsonObject {{"code", -1}, {"message", "user said no"}}}})
                        .toJson(QJsonDocument::Compact))
                .status,
            202);
        const HttpResponse r2 = client.waitForResponse();
        QVERIFY(r2.events().last()["result"].toObject()["isError"].toBool());
        QVERIFY(r2.events()
                    .last()["result"]
                    .toObject()["content"]
                    .toArray()[0]
                    .toObject()["text"]
                    .toString()
                    .contains("user said no"));
    }

    void serverToClientRequestNeedsCapability()
    {
        HttpTestClient client(m_port);
        const QByteArray session = initialize(client,
            R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"tst","version":"1"}}})");
        const HttpResponse r = client.request(
            "POST", headers(session), call(2, "tools/call", QJsonObject {{"name", "ask"}}));
        const QJsonObject result =
            (r.header("content-type") == "application/json" ? r.json()
                                                            : r.events().last())["result"]
                .toObject();
        QVERIFY(result["isError"].toBool());
        const QString text = result["content"].toArray()[0].toObject()["text"].toString();
        QVERIFY2(text.contains("-32601") && text.contains("sampling"), qPrintable(text));
    }

    void promptsResourcesCompletion()
    {
        // Declared only because something is registered; argument checks, not-found codes.
        PromptRegistry prompts;
        prompts.add(
            {"greet", {}, "greets someone",
                {{"name", {}, "who", true}, {"style", {}, "how", false}}},
            [](const QMap<QString, QString> &a) {
                return QJsonObject {{"messages",
                    QJsonArray {QJsonObject {{"role", "user"},
                        {"content",
                            QJsonObject {
                                {"type", "text"}, {"text", QString("hi " + a.value("name"))}}}}}}};
            },
            [](const QString &, const QString &value, const QJsonObject &) {
                return QStringList {"ann", "bob", "anna"}.filter(
                    QRegularExpression("^" + QRegularExpression::escape(value)));
            });
        ResourceRegistry resources;
        resources.addTemplate(
            {"file:///{+path}", "files", {}, "any file", "text/plain"},
            [](const QString &uri, const QHash<QString, QString> &vars,
                const ResourceRegistry::Reply &reply) {
                // Answered later, as a sandbox read would be.
                QTimer::singleShot(10, [uri, vars, reply]() {
                    reply(ResourceRegistry::ReadResult::text(
                        uri, "text/plain", QString("path=" + vars.value("path"))));
                });
            },
            [](const QString &, const QString &value, const QJsonObject &) {
                return QStringList {QString(value + "a.txt"), QString(value + "b.txt")};
            });
        HttpServerConfig http;
        http.bearerToken = kToken;
        HttpServer server(m_config, ServerContext {&m_tools, &resources, &prompts, nullptr}, http);
        QVERIFY(server.listen());
        HttpTestClient client(server.port());
        HttpResponse r = client.request("POST", headers(), kInit);
        const QJsonObject caps = r.json()["result"].toObject()["capabilities"].toObject();
        QVERIFY(
            caps.contains("prompts") && caps.contains("completions") && caps.contains("resources"));
        QVERIFY(!caps.contains("tasks")); // no task store given
        const QByteArray session = r.header("mcp-session-id");
        client.request(
            "POST", headers(session), R"({"jsonrpc":"2.0","method":"notifications/initialized"})");
        auto rpc = [&](int id, const QString &method, const QJsonObject &params) {
            return client.request("POST", headers(session), call(id, method, params)).json();
        };
        auto errorCode = [](const QJsonObject &reply) {
            return reply["error"].toObject()["code"].toInt();
        };

        QCOMPARE(rpc(2, "prompts/list", {})["result"].toObject()["prompts"].toArray().size(), 1);
        QCOMPARE(errorCode(rpc(3, "prompts/get", {{"name", "greet"}})), -32602);
        QCOMPARE(errorCode(rpc(4, "prompts/get",
                     {{"name", "greet"}, {"arguments", QJsonObject {{"name", 5}}}})),
            -32602);
        QCOMPARE(errorCode(rpc(5, "prompts/get", {{"name", "nope"}})), -32602);
        QCOMPARE(rpc(6, "prompts/get",
                     {{"name", "greet"}, {"arguments", QJsonObject {{"name", "Ann"}}}})["result"]
                     .toObject()["messages"]
                     .toArray()[0]
                     .toObject()["content"]
                     .toObject()["text"]
                     .toString(),
            QStringLiteral("hi Ann"));

        QJsonObject completion = rpc(7, "completion/complete",
            {{"ref", QJsonObject {{"type", "ref/prompt"}, {"name", "greet"}}},
                {"argument", QJsonObject {{"name", "name"}, {"value", "an"}}}})["result"]
                                     .toObject()["completion"]
                                     .toObject();
        QCOMPARE(completion["values"].toArray(), (QJsonArray {"ann", "anna"}));
        QCOMPARE(completion["total"].toInt(), 2);
        QCOMPARE(completion["hasMore"].toBool(), false);
        QCOMPARE(rpc(8, "completion/complete",
                     {{"ref", QJsonObject {{"type", "ref/prompt"}, {"name", "greet"}}},
                         {"argument", QJsonObject {{"name", "style"}, {"value", ""}}}})["result"]
                     .toObject()["completion"]
                     .toObject()["values"]
                     .toArray()
                     .size(),
            3);
        QCOMPARE(errorCode(rpc(9, "completion/complete",
                     {{"ref", QJsonObject {{"type", "ref/prompt"}, {"name", "greet"}}},
                         {"argument", QJsonObject {{"name", "nope"}, {"value", ""}}}})),
            -32602);
        QCOMPARE(errorCode(rpc(10, "completion/complete",
                     {{"ref", QJsonObject {{"type", "ref/prompt"}, {"name", "nope"}}},
                         {"argument", QJsonObject {{"name", "name"}, {"value", ""}}}})),
            -32602);
        completion = rpc(11, "completion/complete",
            {{"ref", QJsonObject {{"type", "ref/resource"}, {"uri", "file:///{+path}"}}},
                {"argument", QJsonObject {{"name", "path"}, {"value", "tmp/"}}}})["result"]
                         .toObject()["completion"]
                         .toObject();
        QCOMPARE(completion["values"].toArray(), (QJsonArray {"tmp/a.txt", "tmp/b.txt"}));

        QCOMPARE(
            rpc(12, "resources/list", {})["result"].toObject()["resources"].toArray().size(), 0);
        QCOMPARE(rpc(13, "resources/templates/list", {})["result"]
                     .toObject()["resourceTemplates"]
                     .toArray()[0]
                     .toObject()["uriTemplate"]
                     .toString(),
            QStringLiteral("file:///{+path}"));
        r = client.request(
            "POST", headers(session), call(14, "resources/read", {{"uri", "file:///a/b%20c.txt"}}));
        QCOMPARE(
            r.header("content-type"), QByteArray("text/event-stream")); // answered later → streamed
        QCOMPARE(r.events()
                     .last()["result"]
                     .toObject()["contents"]
                     .toArray()[0]
                     .toObject()["text"]
                     .toString(),
            QStringLiteral("path=a/b c.txt"));
        QCOMPARE(errorCode(rpc(15, "resources/read", {{"uri", "nope://x"}})), -32002);
        QCOMPARE(errorCode(rpc(16, "resources/read", {})), -32602);
        QCOMPARE(errorCode(rpc(17, "tasks/list", {})), -32601); // not declared, not answered
    }

    // --- tasks ----------------------------------------------------------------------------

    void taskPolledToCompletion()
    {
        HttpTestClient client(m_port);
        const QByteArray session = initialize(client);
        HttpResponse r = client.request("POST", headers(session),
            call(61, "tools/call",
                QJsonObject {{"name", "steps"},
                    {"arguments", QJsonObject {{"steps", 4}, {"delay_ms", 40}}},
                    {"task", QJsonObject {{"ttl", 60000}}},
                    {"_meta", QJsonObject {{"progressToken", 5}}}}));
        QCOMPARE(r.status, 200);
        QCOMPARE(r.header("content-type"), QByteArray("application/json")); // answered at once
        const QJsonObject task = r.json()["result"].toObject()["task"].toObject();
        const QString taskId = task["taskId"].toString();
        QCOMPARE(taskId.size(), 32);
        QCOMPARE(task["status"].toString(), QStringLiteral("working"));
        QCOMPARE(task["ttl"].toInt(), 60000);
        QVERIFY(
            !task["createdAt"].toString().isEmpty() && !task["lastUpdatedAt"].toString().isEmpty());

        QString status;
        QTRY_VERIFY_WITH_TIMEOUT(
            (status = client
                          .request("POST", headers(session),
                              call(62, "tasks/get", QJsonObject {{"taskId", taskId}}))
                          .json()["result"]
                          .toObject()["status"]
                          .toString())
                == "completed",
            5000);

        r = client.request(
            "POST", headers(session), call(63, "tasks/result", QJsonObject {{"taskId", taskId}}));
        const QJsonObject result = r.json()["result"].toObject();
        QCOMPARE(result["content"].toArray()[0].toObject()["text"].toString(),
            QStringLiteral("done after 4"));
        QCOMPARE(result["_meta"]
                     .toObject()["io.modelcontextprotocol/related-task"]
                     .toObject()["taskId"]
                     .toString(),
            taskId);

        r = client.request("POST", headers(session), call(64, "tasks/list"));
        bool listed = false;
        for (const QJsonValue &t : r.json()["result"].toObject()["tasks"].toArray())
            listed = listed || t.toObject()["taskId"].toString() == taskId;
        QVERIFY(listed);
        r = client.request(
            "POST", headers(session), call(65, "tasks/cancel", QJsonObject {{"taskId", taskId}}));
        QCOMPARE(r.json()["error"].toObject()["code"].toInt(), -32602); // already terminal

        // The task outlives its session: another session of the same token holder can read it.
        QCOMPARE(client.request("DELETE", headers(session)).status, 200);
        HttpTestClient later(m_port);
        const QByteArray session2 = initialize(later);
        r = later.request(
            "POST", headers(session2), call(2, "tasks/get", QJsonObject {{"taskId", taskId}}));
        QCOMPARE(r.json()["result"].toObject()["status"].toString(), QStringLiteral("completed"));
        r = later.request(
            "POST", headers(session2), call(3, "tasks/get", QJsonObject {{"taskId", "nope"}}));
        QCOMPARE(r.json()["error"].toObject()["code"].toInt(), -32602);
    }

    void taskResultBlocksAndCarriesProgress()
    {
        HttpTestClient client(m_port);
        const QByteArray session = initialize(client);
        HttpResponse r = client.request("POST", headers(session),
            call(71, "tools/call",
                QJsonObject {{"name", "steps"},
                    {"arguments", QJsonObject {{"steps", 4}, {"delay_ms", 60}}},
                    {"task", QJsonObject {}}, {"_meta", QJsonObject {{"progressToken", "orig"}}}}));
        const QString taskId =
            r.json()["result"].toObject()["task"].toObject()["taskId"].toString();
        QVERIFY(!taskId.isEmpty());
        // tasks/result blocks until the task ends; meanwhile the task's progress (with the
        // original token) rides on this waiting request's stream, then the result.
        r = client.request(
            "POST", headers(session), call(72, "tasks/result", QJsonObject {{"taskId", taskId}}));
        QCOMPARE(r.header("content-type"), QByteArray("text/event-stream"));
        const QList<QJsonObject> events = r.events();
        QVERIFY(events.size() >= 2);
        int progress = 0;
        for (const QJsonObject &e : events) {
            if (e["method"].toString() == "notifications/progress") {
                ++progress;
                QCOMPARE(
                    e["params"].toObject()["progressToken"].toString(), QStringLiteral("orig"));
                QCOMPARE(e["params"]
                             .toObject()["_meta"]
                             .toObject()["io.modelcontextprotocol/related-task"]
                             .toObject()["taskId"]
                             .toString(),
                    taskId);
            }
        }
        QVERIFY(progress >= 2);
        QCOMPARE(events.last()["id"].toInt(), 72);
        QCOMPARE(events.last()["result"]
                     .toObject()["content"]
                     .toArray()[0]
                     .toObject()["text"]
                     .toString(),
            QStringLiteral("done after 4"));
    }

    void taskCancelled()
    {
        HttpTestClient client(m_port);
        const QByteArray session = initialize(client);
        HttpResponse r = client.request("POST", headers(session),
            call(81, "tools/call", QJsonObject {{"name", "parked"}, {"task", QJsonObject {}}}));
        // "parked" forbids tasks: -32601, as the spec says.
        QCOMPARE(r.json()["error"].toObject()["code"].toInt(), -32601);

        r = client.request("POST", headers(session),
            call(82, "tools/call",
                QJsonObject {{"name", "steps"},
                    {"arguments", QJsonObject {{"steps", 1000}, {"delay_ms", 50}}},
                    {"task", QJsonObject {}}}));
        const QString taskId =
            r.json()["result"].toObject()["task"].toObject()["taskId"].toString();
        HttpTestClient waiter(m_port);
        waiter.startRequest(
            "POST", headers(session), call(83, "tasks/result", QJsonObject {{"taskId", taskId}}));
        r = client.request(
            "POST", headers(session), call(84, "tasks/cancel", QJsonObject {{"taskId", taskId}}));
        QCOMPARE(r.json()["result"].toObject()["status"].toString(), QStringLiteral("cancelled"));
        const HttpResponse w = waiter.waitForResponse();
        QVERIFY(w.complete);
        const QJsonObject last =
            w.header("content-type") == "application/json" ? w.json() : w.events().last();
        QCOMPARE(last["id"].toInt(), 83);
        QVERIFY(last.contains("error"));
        r = client.request(
            "POST", headers(session), call(85, "tasks/get", QJsonObject {{"taskId", taskId}}));
        QCOMPARE(r.json()["result"].toObject()["status"].toString(), QStringLiteral("cancelled"));
    }

    void taskBoundToTokenHolderOnly()
    {
        // Without a token nobody is identified: tasks are bound to the session that made them.
        HttpServerConfig http;
        http.requireToken = false;
        HttpServer open(m_config, ServerContext {&m_tools, nullptr, nullptr, m_tasks.get()}, http);
        QVERIFY(open.listen());
        HttpTestClient a(open.port());
        Headers h = headers({}, false);
        HttpResponse r = a.request("POST", h, kInit);
        const QByteArray sa = r.header("mcp-session-id");
        auto withSession = [&](const QByteArray &s) {
            Headers x = h;
            x.push_back({"Mcp-Session-Id", s});
            return x;
        };
        r = a.request("POST", withSession(sa),
            call(2, "tools/call", QJsonObject {{"name", "steps"}, {"task", QJsonObject {}}}));
        const QString taskId =
            r.json()["result"].toObject()["task"].toObject()["taskId"].toString();
        QVERIFY(!taskId.isEmpty());
        HttpTestClient b(open.port());
        const QByteArray sb = b.request("POST", h, kInit).header("mcp-session-id");
        r = b.request(
            "POST", withSession(sb), call(2, "tasks/get", QJsonObject {{"taskId", taskId}}));
        QCOMPARE(r.json()["error"].toObject()["code"].toInt(), -32602);
        r = b.request("POST", withSession(sb), call(3, "tasks/list"));
        QCOMPARE(r.json()["result"].toObject()["tasks"].toArray().size(), 0);
        r = a.request(
            "POST", withSession(sa), call(3, "tasks/get", QJsonObject {{"taskId", taskId}}));
        QVERIFY(r.json()["result"].toObject().contains("status"));
        // Nor does the token-holder context see them.
        HttpTestClient c(m_port);
        const QByteArray sc = initialize(c);
        r = c.request("POST", headers(sc), call(2, "tasks/get", QJsonObject {{"taskId", taskId}}));
        QCOMPARE(r.json()["error"].toObject()["code"].toInt(), -32602);
    }

    // A ttl past qint64 (a double in JSON) is the longest ttl, not undefined behaviour: the
    // mcpsession fuzzer found the cast (UBSan); on x86 it gave INT64_MIN, so a 1 s ttl.
    void taskTtlBeyondQint64IsTheLongest()
    {
        HttpTestClient client(m_port);
        const QByteArray session = initialize(client);
        const HttpResponse r = client.request("POST", headers(session),
            call(61, "tools/call",
                QJsonObject {{"name", "steps"},
                    {"arguments", QJsonObject {{"steps", 1}, {"delay_ms", 1}}},
                    {"task", QJsonObject {{"ttl", 1.9e19}}}}));
        QCOMPARE(r.status, 200);
        const QJsonObject task = r.json()["result"].toObject()["task"].toObject();
        QCOMPARE(qint64(task["ttl"].toDouble()), m_config.taskMaxTtlMs);
    }

    void taskStoreIsBounded()
    {
        ServerConfig small = m_config;
        small.maxTasks = 2;
        small.taskMaxTtlMs = 5000;
        TaskStore store(small);
        const auto a = store.create("ctx", std::nullopt);
        const auto b = store.create("ctx", 10 * 60 * 1000);
        QVERIFY(a && b);
        QCOMPARE(b->ttlMs, qint64(5000)); // capped
        QVERIFY(!store.create("ctx", std::nullopt)); // full of working tasks
        store.finish(a->id, TaskStore::Status::Completed, QJsonObject {{"result", QJsonObject {}}});
        const auto c = store.create("ctx", std::nullopt); // the finished one makes room
        QVERIFY(c);
        QVERIFY(!store.find(a->id, "ctx"));
        QVERIFY(store.find(b->id, "ctx"));
        QVERIFY(!store.find(b->id, "other")); // another context sees nothing
        QVERIFY(!store.setStatus(a->id, TaskStore::Status::Working));
        QVERIFY(store.cancel(b->id, "stop"));
        QVERIFY(!store.cancel(b->id, "again"));
        QCOMPARE(store.find(b->id, "ctx")->status, TaskStore::Status::Cancelled);
    }

    void tokenFile()
    {
        QTemporaryDir dir;
        const QString path = dir.path() + "/sub/http-token";
        const QByteArray token = HttpTokenFile::generateToken();
        QCOMPARE(token.size(), 64);
        QVERIFY(token != HttpTokenFile::generateToken());
        QCOMPARE(HttpTokenFile::write(path, token), QString());
        QFile f(path);
        QCOMPARE(f.permissions() & ~(QFileDevice::ReadUser | QFileDevice::WriteUser),
            QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll().trimmed(), token);
        f.close();
        HttpTokenFile::removeIfOurs(path, "someone-else");
        QVERIFY(QFile::exists(path));
        HttpTokenFile::removeIfOurs(path, token);
        QVERIFY(!QFile::exists(path));
    }
};

QTEST_GUILESS_MAIN(TestHttpServer)
#include "tst_httpserver.moc"

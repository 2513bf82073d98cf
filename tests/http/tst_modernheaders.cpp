// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// 2026-07-28's Mcp-Param-* headers over real sockets: a tools/call whose headers disagree
// with the arguments its tool mirrors (x-mcp-header) is refused with 400 and -32020 before the
// tool runs; one that agrees runs; the legacy era, which has no such headers, is unaffected.
#include "HttpTestClient.h"

#include "tools/ToolCall.h"
#include "tools/ToolRegistry.h"
#include "transport/HttpServer.h"

#include <QJsonArray>
#include <QTest>

#include <memory>

using namespace Hopx::Mcp;
using HopxTest::HttpResponse;
using HopxTest::HttpTestClient;
using Headers = QList<QPair<QByteArray, QByteArray>>;

namespace {
const QByteArray kToken = "param-headers-token";
const QByteArray kModern = "2026-07-28";
} // namespace

class TestModernHeaders : public QObject
{
    Q_OBJECT

private:
    ServerConfig m_config;
    ToolRegistry m_tools;
    std::unique_ptr<HttpServer> m_server;
    int m_runs = 0;

    static Headers modernHeaders(const QByteArray &name, const Headers &extra)
    {
        Headers h {{"Accept", "application/json, text/event-stream"},
            {"Content-Type", "application/json"}, {"Authorization", "Bearer " + kToken},
            {"MCP-Protocol-Version", kModern}, {"Mcp-Method", "tools/call"}, {"Mcp-Name", name}};
        return h + extra;
    }
    static QByteArray modernCall(const QString &name, const QJsonObject &arguments)
    {
        const QJsonObject meta {{"io.modelcontextprotocol/protocolVersion", QString(kModern)},
            {"io.modelcontextprotocol/clientCapabilities", QJsonObject {}},
            {"io.modelcontextprotocol/clientInfo",
                QJsonObject {{"name", "tst"}, {"version", "1"}}}};
        const QJsonObject m {{"jsonrpc", "2.0"}, {"id", 7}, {"method", "tools/call"},
            {"params", QJsonObject {{"name", name}, {"arguments", arguments}, {"_meta", meta}}}};
        return QJsonDocument(m).toJson(QJsonDocument::Compact);
    }
    HttpResponse post(const QJsonObject &arguments, const Headers &extra)
    {
        HttpTestClient client(m_server->port());
        return client.request(
            "POST", modernHeaders("route", extra), modernCall("route", arguments));
    }

private slots:
    void initTestCase()
    {
        ToolSpec route;
        route.name = "route";
        route.description = "echoes its region";
        route.inputSchema = QJsonDocument::fromJson(R"({"type":"object","properties":{
            "region":{"type":"string","x-mcp-header":"Region"},
            "priority":{"type":"integer","x-mcp-header":"Priority"},
            "target":{"type":"object","properties":{"zone":{"type":"string","x-mcp-header":"Zone"}}},
            "query":{"type":"string"}},"required":["query"]})")
                                .object();
        QVERIFY(m_tools.add(route, [this](ToolCall *c) {
            ++m_runs;
            c->finish(ToolResult::text(c->arguments().value("region").toString()));
        }));
        HttpServerConfig http;
        http.bearerToken = kToken;
        m_server = std::make_unique<HttpServer>(m_config, ServerContext {&m_tools}, http);
        QVERIFY2(m_server->listen(), qPrintable(m_server->errorString()));
    }

    void cleanupTestCase() { m_server.reset(); }

    void headersAgainstArguments_data()
    {
        QTest::addColumn<QJsonObject>("arguments");
        QTest::addColumn<Headers>("extra");
        QTest::addColumn<bool>("accepted");

        const QJsonObject plain {{"region", "us-west1"}, {"query", "q"}};
        QTest::newRow("plain agrees")
            << plain << Headers {{"Mcp-Param-Region", "us-west1"}} << true;
        QTest::newRow("header name any case")
            << plain << Headers {{"MCP-PARAM-REGION", "us-west1"}} << true;
        QTest::newRow("whitespace around the value")
            << plain << Headers {{"Mcp-Param-Region", "  us-west1 "}} << true;
        QTest::newRow("base64 agrees")
            << QJsonObject {{"region", QStringLiteral("Hello, 世界")}, {"query", "q"}}
            << Headers {{"Mcp-Param-Region", "=?base64?SGVsbG8sIOS4lueVjA==?="}} << true;
        QTest::newRow("integer and nested agree")
            << QJsonObject {{"priority", 42}, {"target", QJsonObject {{"zone", "b"}}},
                   {"query", "q"}}
            << Headers {{"Mcp-Param-Priority", "42"}, {"Mcp-Param-Zone", "b"}} << true;
        QTest::newRow("nothing mirrored, nothing sent")
            << QJsonObject {{"query", "q"}} << Headers {} << true;
        QTest::newRow("value differs")
            << plain << Headers {{"Mcp-Param-Region", "eu-north1"}} << false;
        QTest::newRow("header missing") << plain << Headers {} << false;
        QTest::newRow("nested header missing")
            << QJsonObject {{"target", QJsonObject {{"zone", "b"}}}, {"query", "q"}} << Headers {}
            << false;
        QTest::newRow("header without the argument")
            << QJsonObject {{"query", "q"}} << Headers {{"Mcp-Param-Region", "us-west1"}} << false;
        QTest::newRow("bad base64 padding")
            << QJsonObject {{"region", "Hello"}, {"query", "q"}}
            << Headers {{"Mcp-Param-Region", "=?base64?SGVsbG8?="}} << false;
        QTest::newRow("bad base64 alphabet")
            << QJsonObject {{"region", "Hello"}, {"query", "q"}}
            << Headers {{"Mcp-Param-Region", "=?base64?SGVs!!!bG8=?="}} << false;
        QTest::newRow("integer differs") << QJsonObject {{"priority", 42}, {"query", "q"}}
                                         << Headers {{"Mcp-Param-Priority", "41"}} << false;
    }

    void headersAgainstArguments()
    {
        QFETCH(QJsonObject, arguments);
        QFETCH(Headers, extra);
        QFETCH(bool, accepted);
        const int runsBefore = m_runs;
        const HttpResponse r = post(arguments, extra);
        const QJsonObject reply =
            r.events().isEmpty() ? r.json() : r.events().constLast(); // JSON or SSE
        if (accepted) {
            QCOMPARE(r.status, 200);
            QVERIFY2(!reply.contains("error"), r.body.constData());
            QCOMPARE(m_runs, runsBefore + 1);
            QCOMPARE(reply.value("result")
                         .toObject()
                         .value("content")
                         .toArray()
                         .at(0)
                         .toObject()
                         .value("text")
                         .toString(),
                arguments.value("region").toString());
        } else {
            QCOMPARE(r.status, 400);
            QCOMPARE(reply.value("error").toObject().value("code").toInt(), -32020);
            QCOMPARE(reply.value("id").toInt(), 7);
            QVERIFY2(
                reply.value("error").toObject().value("message").toString().contains("Mcp-Param-"),
                r.body.constData());
            QCOMPARE(m_runs, runsBefore); // refused before the tool ran
        }
    }

    void base64MarksMcpNameToo()
    {
        HttpTestClient client(m_server->port());
        const HttpResponse r = client.request("POST",
            modernHeaders("=?base64?cm91dGU=?=", {{"Mcp-Param-Region", "x"}}),
            modernCall("route", {{"region", "x"}, {"query", "q"}}));
        QCOMPARE(r.status, 200);
    }

    void legacyEraHasNoParamHeaders()
    {
        // A legacy session calls the same tool without any Mcp-Param header.
        HttpTestClient client(m_server->port());
        const Headers base {{"Accept", "application/json, text/event-stream"},
            {"Content-Type", "application/json"}, {"Authorization", "Bearer " + kToken}};
        const HttpResponse init = client.request("POST", base,
            R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"tst","version":"1"}}})");
        QCOMPARE(init.status, 200);
        const Headers session = base
            + Headers {{"Mcp-Session-Id", init.header("mcp-session-id")},
                {"MCP-Protocol-Version", "2025-11-25"}};
        client.request(
            "POST", session, R"({"jsonrpc":"2.0","method":"notifications/initialized"})");
        const HttpResponse r = client.request("POST", session,
            R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"route","arguments":{"region":"eu","query":"q"}}})");
        QCOMPARE(r.status, 200);
        const QJsonObject reply = r.events().isEmpty() ? r.json() : r.events().constLast();
        QVERIFY2(!reply.contains("error"), r.body.constData());
    }

    void initializeWithAnyVersionHeaderIsLegacy()
    {
        // The version is negotiated in initialize's body; a header naming one no era lists (a
        // newer client, or an older draft) does not make it a 2026-07-28 request. (With
        // 2026-07-28 in the header it is one, and has no initialize: the conformance suite.)
        for (const QByteArray &version : {QByteArray("2027-01-01"), QByteArray("2024-10-07")}) {
            HttpTestClient client(m_server->port());
            const Headers headers {{"Accept", "application/json, text/event-stream"},
                {"Content-Type", "application/json"}, {"Authorization", "Bearer " + kToken},
                {"MCP-Protocol-Version", version}};
            const HttpResponse init = client.request("POST", headers,
                R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"tst","version":"1"}}})");
            QVERIFY2(init.status == 200, init.body.constData());
            QVERIFY(!init.header("mcp-session-id").isEmpty());
            QCOMPARE(init.json()["result"].toObject()["protocolVersion"].toString(),
                QStringLiteral("2025-11-25"));
        }
    }
};

QTEST_GUILESS_MAIN(TestModernHeaders)
#include "tst_modernheaders.moc"

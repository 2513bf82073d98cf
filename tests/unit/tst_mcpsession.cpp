// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// The protocol core without sockets: one row per JSON-RPC / MCP rule.
#include "features/ResourceRegistry.h"
#include "session/McpSession.h"
#include "tools/ToolCall.h"
#include "tools/ToolRegistry.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QPointer>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>

using namespace Hopx::Mcp;

class TestMcpSession : public QObject
{
    Q_OBJECT

private:
    ToolRegistry m_registry;
    QList<QPointer<ToolCall>> m_parked; // calls of the "slow" tool, finished by the test

    struct Harness
    {
        std::unique_ptr<McpSession> session;
        QList<QJsonValue> out;
    };

    std::unique_ptr<Harness> makeSession(bool initialize = true,
        const QString &version = QStringLiteral("2025-11-25"), int pageSize = 100)
    {
        auto h = std::make_unique<Harness>();
        ServerConfig config;
        config.pageSize = pageSize;
        h->session = std::make_unique<McpSession>(config, &m_registry);
        Harness *raw = h.get();
        connect(h->session.get(), &McpSession::outgoing, this, [raw](const JsonParts &message) {
            const QByteArray line = message.toByteArray();
            QVERIFY2(!line.contains('\n'), "messages must be single lines");
            const QJsonDocument doc = QJsonDocument::fromJson(line);
            QVERIFY2(!doc.isNull(), line.constData());
            raw->out.append(doc.isArray() ? QJsonValue(doc.array()) : QJsonValue(doc.object()));
        });
        if (initialize) {
            send(*h,
                QStringLiteral(
                    R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"%1","capabilities":{},"clientInfo":{"name":"t","version":"1"}}})")
                    .arg(version));
            send(*h, QStringLiteral(R"({"jsonrpc":"2.0","method":"notifications/initialized"})"));
            h->out.clear();
        }
        return h;
    }

    static void send(Harness &h, const QString &line) { h.session->handleLine(line.toUtf8()); }

private slots:
    void initTestCase()
    {
        ToolSpec echo;
        echo.name = QStringLiteral("echo");
        echo.description = QStringLiteral("echo");
        echo.inputSchema = QJsonObject {{QStringLiteral("type"), QStringLiteral("object")},
            {QStringLiteral("properties"),
                QJsonObject {{QStringLiteral("text"),
                                 QJsonObject {{QStringLiteral("type"), QStringLiteral("string")}}},
                    {QStringLiteral("n"),
                        QJsonObject {{QStringLiteral("type"), QStringLiteral("integer")}}}}},
            {QStringLiteral("required"), QJsonArray {QStringLiteral("text")}},
            {QStringLiteral("additionalProperties"), false}};
        m_registry.add(echo, [](ToolCall *call) {
            call->finish(ToolResult::structured(QJsonObject {
                {QStringLiteral("text"), call->arguments().value(QStringLiteral("text"))}}));
        });
        ToolSpec noargs;
        noargs.name = QStringLiteral("noargs");
        noargs.description = QStringLiteral("takes nothing");
        m_registry.add(
            noargs, [](ToolCall *call) { call->finish(ToolResult::text(QStringLiteral("ok"))); });
        ToolSpec fails;
        fails.name = QStringLiteral("fails");
        fails.description = QStringLiteral("always fails");
        m_registry.add(fails, [](ToolCall *call) {
            call->finish(ToolResult::error(
                QStringLiteral("boom"), QJsonObject {{QStringLiteral("why"), 1}}));
        });
        ToolSpec slow;
        slow.name = QStringLiteral("slow");
        slow.description = QStringLiteral("parks until the test finishes it");
        m_registry.add(slow, [this](ToolCall *call) { m_parked.append(call); });
        ToolSpec asks;
        asks.name = QStringLiteral("asks");
        asks.description = QStringLiteral("asks the client for its roots");
        m_registry.add(asks, [](ToolCall *call) {
            call->requestFromClient(
                QStringLiteral("roots/list"), {}, [call](const ToolCall::ClientReply &) {
                    call->finish(ToolResult::text(QStringLiteral("answered")));
                });
        });
        ToolSpec progress;
        progress.name = QStringLiteral("progress");
        progress.description = QStringLiteral("reports progress then finishes");
        m_registry.add(progress, [](ToolCall *call) {
            call->reportProgress(1, 3, QStringLiteral("one"));
            call->reportProgress(1, 3, QStringLiteral("again one")); // must be raised
            call->reportProgress(0.5, -1); // must be raised too
            call->log(QStringLiteral("debug"), QStringLiteral("hidden at info"));
            call->log(QStringLiteral("warning"), QStringLiteral("shown"));
            call->finish(ToolResult::text(QStringLiteral("done")));
            call->reportProgress(10, 10); // after finish: never sent
        });
    }

    void init() { m_parked.clear(); }

    void malformed_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<int>("code");
        QTest::addColumn<QJsonValue>("id");
        const QJsonValue null(QJsonValue::Null);
        QTest::newRow("bad json") << QStringLiteral("{not json") << -32700 << null;
        QTest::newRow("truncated")
            << QStringLiteral(R"({"jsonrpc":"2.0","id":1,"method":"ping")") << -32700 << null;
        // JSON, but not a message (JSON-RPC 2.0: invalid request, not a parse error).
        QTest::newRow("scalar") << QStringLiteral("42") << -32600 << null;
        QTest::newRow("string") << QStringLiteral(R"("ping")") << -32600 << null;
        QTest::newRow("true") << QStringLiteral("true") << -32600 << null;
        QTest::newRow("two scalars") << QStringLiteral("1 2") << -32700 << null;
        QTest::newRow("a closing bracket") << QStringLiteral("1],[2") << -32700 << null;
        QTest::newRow("wrong jsonrpc")
            << QStringLiteral(R"({"jsonrpc":"1.0","id":1,"method":"ping"})") << -32600
            << QJsonValue(1);
        QTest::newRow("missing jsonrpc")
            << QStringLiteral(R"({"id":2,"method":"ping"})") << -32600 << QJsonValue(2);
        QTest::newRow("null id") << QStringLiteral(R"({"jsonrpc":"2.0","id":null,"method":"ping"})")
                                 << -32600 << null;
        QTest::newRow("float id") << QStringLiteral(R"({"jsonrpc":"2.0","id":1.5,"method":"ping"})")
                                  << -32600 << null;
        QTest::newRow("object id")
            << QStringLiteral(R"({"jsonrpc":"2.0","id":{},"method":"ping"})") << -32600 << null;
        QTest::newRow("method not string")
            << QStringLiteral(R"({"jsonrpc":"2.0","id":3,"method":7})") << -32600 << QJsonValue(3);
        QTest::newRow("no method")
            << QStringLiteral(R"({"jsonrpc":"2.0","id":4})") << -32600 << QJsonValue(4);
        QTest::newRow("unknown method")
            << QStringLiteral(R"({"jsonrpc":"2.0","id":"u","method":"nope/nope"})") << -32601
            << QJsonValue(QStringLiteral("u"));
        QTest::newRow("params array")
            << QStringLiteral(R"({"jsonrpc":"2.0","id":5,"method":"tools/list","params":[1]})")
            << -32602 << QJsonValue(5);
        QTest::newRow("notification with id")
            << QStringLiteral(R"({"jsonrpc":"2.0","id":6,"method":"notifications/initialized"})")
            << -32600 << QJsonValue(6);
        QTest::newRow("batch not negotiated")
            << QStringLiteral(R"([{"jsonrpc":"2.0","id":7,"method":"ping"}])") << -32600 << null;
        QTest::newRow("unknown tool") << QStringLiteral(
            R"({"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"nope"}})")
                                      << -32602 << QJsonValue(8);
        QTest::newRow("tool name missing")
            << QStringLiteral(R"({"jsonrpc":"2.0","id":9,"method":"tools/call","params":{}})")
            << -32602 << QJsonValue(9);
        QTest::newRow("arguments not object") << QStringLiteral(
            R"({"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"echo","arguments":"x"}})")
                                              << -32602 << QJsonValue(10);
        QTest::newRow("bad cursor") << QStringLiteral(
            R"({"jsonrpc":"2.0","id":11,"method":"tools/list","params":{"cursor":"garbage"}})")
                                    << -32602 << QJsonValue(11);
        QTest::newRow("bad log level") << QStringLiteral(
            R"({"jsonrpc":"2.0","id":12,"method":"logging/setLevel","params":{"level":"loud"}})")
                                       << -32602 << QJsonValue(12);
        QTest::newRow("second initialize") << QStringLiteral(
            R"({"jsonrpc":"2.0","id":13,"method":"initialize","params":{"protocolVersion":"2025-11-25"}})")
                                           << -32600 << QJsonValue(13);
    }

    void malformed()
    {
        QFETCH(QString, line);
        QFETCH(int, code);
        QFETCH(QJsonValue, id);
        auto h = makeSession();
        send(*h, line);
        QCOMPARE(h->out.size(), 1);
        const QJsonObject reply = h->out.first().toObject();
        QCOMPARE(reply.value(QStringLiteral("jsonrpc")).toString(), QStringLiteral("2.0"));
        QCOMPARE(
            reply.value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toInt(),
            code);
        QVERIFY(!reply.value(QStringLiteral("error"))
                     .toObject()
                     .value(QStringLiteral("message"))
                     .toString()
                     .isEmpty());
        QCOMPARE(reply.value(QStringLiteral("id")), id);
        QVERIFY(!reply.contains(QStringLiteral("result")));
        // The session keeps serving after any of these.
        send(*h, QStringLiteral(R"({"jsonrpc":"2.0","id":99,"method":"ping"})"));
        QCOMPARE(h->out.size(), 2);
        QCOMPARE(
            h->out.last().toObject().value(QStringLiteral("result")).toObject(), QJsonObject());
    }

    void notificationsGetNoAnswer_data()
    {
        QTest::addColumn<QString>("line");
        QTest::newRow("initialized")
            << QStringLiteral(R"({"jsonrpc":"2.0","method":"notifications/initialized"})");
        QTest::newRow("unknown notification")
            << QStringLiteral(R"({"jsonrpc":"2.0","method":"notifications/whatever"})");
        QTest::newRow("unknown method as notification")
            << QStringLiteral(R"({"jsonrpc":"2.0","method":"tools/list"})");
        QTest::newRow("cancel of unknown") << QStringLiteral(
            R"({"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1234}})");
        QTest::newRow("cancel malformed") << QStringLiteral(
            R"({"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":null}})");
        QTest::newRow("notification bad params")
            << QStringLiteral(R"({"jsonrpc":"2.0","method":"notifications/progress","params":7})");
        QTest::newRow("response from client")
            << QStringLiteral(R"({"jsonrpc":"2.0","id":5,"result":{}})");
        QTest::newRow("blank line") << QStringLiteral("   ");
    }

    void notificationsGetNoAnswer()
    {
        QFETCH(QString, line);
        auto h = makeSession();
        send(*h, line);
        QCOMPARE(h->out.size(), 0);
    }

    void lifecycle()
    {
        auto h = makeSession(false);
        // Before initialize: ping works, everything else is refused.
        send(*h, QStringLiteral(R"({"jsonrpc":"2.0","id":1,"method":"ping"})"));
        send(*h, QStringLiteral(R"({"jsonrpc":"2.0","id":2,"method":"tools/list"})"));
        send(*h,
            QStringLiteral(
                R"({"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"noargs"}})"));
        QCOMPARE(h->out.size(), 3);
        QVERIFY(h->out[0].toObject().contains(QStringLiteral("result")));
        QCOMPARE(h->out[1]
                     .toObject()[QStringLiteral("error")]
                     .toObject()[QStringLiteral("code")]
                     .toInt(),
            -32600);
        QVERIFY(h->out[1]
                    .toObject()[QStringLiteral("error")]
                    .toObject()[QStringLiteral("message")]
                    .toString()
                    .contains(QStringLiteral("initialize")));
        QCOMPARE(h->out[2]
                     .toObject()[QStringLiteral("error")]
                     .toObject()[QStringLiteral("code")]
                     .toInt(),
            -32600);
        // initialize without a version is invalid params
        send(*h, QStringLiteral(R"({"jsonrpc":"2.0","id":4,"method":"initialize","params":{}})"));
        QCOMPARE(h->out.last()
                     .toObject()[QStringLiteral("error")]
                     .toObject()[QStringLiteral("code")]
                     .toInt(),
            -32602);
        QVERIFY(!h->session->isInitialized());
    }

    void versionNegotiation_data()
    {
        QTest::addColumn<QString>("requested");
        QTest::addColumn<QString>("answered");
        QTest::newRow("2024-11-05") << "2024-11-05"
                                    << "2024-11-05";
        QTest::newRow("2025-03-26") << "2025-03-26"
                                    << "2025-03-26";
        QTest::newRow("2025-06-18") << "2025-06-18"
                                    << "2025-06-18";
        QTest::newRow("2025-11-25") << "2025-11-25"
                                    << "2025-11-25";
        QTest::newRow("future") << "2099-01-01"
                                << "2025-11-25";
        QTest::newRow("ancient") << "2024-10-07"
                                 << "2025-11-25";
    }

    void versionNegotiation()
    {
        QFETCH(QString, requested);
        QFETCH(QString, answered);
        auto h = makeSession(false);
        send(*h,
            QStringLiteral(
                R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"%1","capabilities":{},"clientInfo":{"name":"c","version":"2"}}})")
                .arg(requested));
        QCOMPARE(h->out.size(), 1);
        const QJsonObject result = h->out[0].toObject()[QStringLiteral("result")].toObject();
        QCOMPARE(result[QStringLiteral("protocolVersion")].toString(), answered);
        QCOMPARE(result[QStringLiteral("serverInfo")].toObject()[QStringLiteral("name")].toString(),
            QStringLiteral("hopx-desktop"));
        const QJsonObject caps = result[QStringLiteral("capabilities")].toObject();
        QVERIFY(caps.contains(QStringLiteral("tools")));
        QVERIFY(caps.contains(QStringLiteral("logging")));
        QCOMPARE(h->session->clientInfo()[QStringLiteral("name")].toString(), QStringLiteral("c"));
    }

    void toolsListPagination()
    {
        auto h = makeSession(true, QStringLiteral("2025-11-25"), 2);
        QStringList names;
        QString cursor;
        QSet<QString> cursors;
        for (int page = 0; page < 10; ++page) {
            const QString params = cursor.isEmpty()
                ? QStringLiteral("{}")
                : QStringLiteral(R"({"cursor":"%1"})").arg(cursor);
            send(*h,
                QStringLiteral(R"({"jsonrpc":"2.0","id":%1,"method":"tools/list","params":%2})")
                    .arg(page + 1)
                    .arg(params));
            const QJsonObject result =
                h->out.last().toObject()[QStringLiteral("result")].toObject();
            const QJsonArray tools = result[QStringLiteral("tools")].toArray();
            QVERIFY(tools.size() <= 2);
            for (const QJsonValue &t : tools) {
                const QJsonObject tool = t.toObject();
                names << tool[QStringLiteral("name")].toString();
                QCOMPARE(tool[QStringLiteral("inputSchema")]
                             .toObject()[QStringLiteral("type")]
                             .toString(),
                    QStringLiteral("object"));
                QVERIFY(tool.contains(QStringLiteral("annotations")));
                QVERIFY(!tool[QStringLiteral("description")].toString().isEmpty());
            }
            if (!result.contains(QStringLiteral("nextCursor")))
                break;
            cursor = result[QStringLiteral("nextCursor")].toString();
            QVERIFY(!cursor.isEmpty());
            QVERIFY2(!cursors.contains(cursor), "a cursor must never repeat");
            cursors.insert(cursor);
        }
        QCOMPARE(names, (QStringList {"echo", "noargs", "fails", "slow", "asks", "progress"}));
    }

    void toolCallResults()
    {
        auto h = makeSession();
        // missing arguments = {}
        send(*h,
            QStringLiteral(
                R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"noargs"}})"));
        QCOMPARE(h->out.last()
                     .toObject()[QStringLiteral("result")]
                     .toObject()[QStringLiteral("content")]
                     .toArray()[0]
                     .toObject()[QStringLiteral("text")]
                     .toString(),
            QStringLiteral("ok"));
        // structured content with its text twin
        send(*h,
            QStringLiteral(
                R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hi"}}})"));
        QJsonObject r = h->out.last().toObject()[QStringLiteral("result")].toObject();
        QCOMPARE(
            r[QStringLiteral("structuredContent")].toObject()[QStringLiteral("text")].toString(),
            QStringLiteral("hi"));
        QCOMPARE(QJsonDocument::fromJson(r[QStringLiteral("content")]
                                             .toArray()[0]
                                             .toObject()[QStringLiteral("text")]
                                             .toString()
                                             .toUtf8())
                     .object(),
            r[QStringLiteral("structuredContent")].toObject());
        QVERIFY(!r.contains(QStringLiteral("isError")));
        // failure inside a tool = isError result, not a JSON-RPC error
        send(*h,
            QStringLiteral(
                R"({"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"fails","arguments":{}}})"));
        r = h->out.last().toObject()[QStringLiteral("result")].toObject();
        QCOMPARE(r[QStringLiteral("isError")].toBool(), true);
        QCOMPARE(
            r[QStringLiteral("structuredContent")].toObject()[QStringLiteral("error")].toString(),
            QStringLiteral("boom"));
    }

    void invalidArgumentsAreToolErrors_data()
    {
        QTest::addColumn<QString>("arguments");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("missing required") << "{}"
                                          << "arguments.text is required";
        QTest::newRow("wrong type") << R"({"text":5})"
                                    << "arguments.text must be a string";
        QTest::newRow("not an integer") << R"({"text":"a","n":1.5})"
                                        << "arguments.n must be an integer";
        QTest::newRow("unknown parameter") << R"({"text":"a","tetx":1})"
                                           << "arguments.tetx is not a known parameter";
    }

    void invalidArgumentsAreToolErrors()
    {
        QFETCH(QString, arguments);
        QFETCH(QString, mentions);
        auto h = makeSession();
        send(*h,
            QStringLiteral(
                R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":%1}})")
                .arg(arguments));
        const QJsonObject r = h->out.last().toObject()[QStringLiteral("result")].toObject();
        QCOMPARE(r[QStringLiteral("isError")].toBool(), true);
        QVERIFY2(r[QStringLiteral("content")]
                     .toArray()[0]
                     .toObject()[QStringLiteral("text")]
                     .toString()
                     .contains(mentions),
            qPrintable(r[QStringLiteral("content")]
                           .toArray()[0]
                           .toObject()[QStringLiteral("text")]
                           .toString()));
    }

    void concurrentCallsAnsweredAsTheyFinish()
    {
        auto h = makeSession();
        send(*h,
            QStringLiteral(
                R"({"jsonrpc":"2.0","id":"a","method":"tools/call","params":{"name":"slow"}})"));
        send(*h,
            QStringLiteral(
                R"({"jsonrpc":"2.0","id":"b","method":"tools/call","params":{"name":"slow"}})"));
        send(*h, QStringLiteral(R"({"jsonrpc":"2.0","id":"c","method":"ping"})"));
        QCOMPARE(h->out.size(), 1); // only the ping so far
        QCOMPARE(h->out[0].toObject()[QStringLiteral("id")].toString(), QStringLiteral("c"));
        QCOMPARE(h->session->inFlightCount(), 2);
        // duplicate id of a request in flight
        send(*h, QStringLiteral(R"({"jsonrpc":"2.0","id":"a","method":"ping"})"));
        QCOMPARE(h->out.last()
                     .toObject()[QStringLiteral("error")]
                     .toObject()[QStringLiteral("code")]
                     .toInt(),
            -32600);
        QCOMPARE(m_parked.size(), 2);
        m_parked[1]->finish(ToolResult::text(QStringLiteral("second")));
        m_parked[0]->finish(ToolResult::text(QStringLiteral("first")));
        QCOMPARE(h->out.size(), 4);
        QCOMPARE(h->out[2].toObject()[QStringLiteral("id")].toString(), QStringLiteral("b"));
        QCOMPARE(h->out[3].toObject()[QStringLiteral("id")].toString(), QStringLiteral("a"));
        QCOMPARE(h->session->inFlightCount(), 0);
    }

    void cancellation()
    {
        auto h = makeSession();
        send(*h,
            QStringLiteral(
                R"({"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"slow"}})"));
        QCOMPARE(m_parked.size(), 1);
        QPointer<ToolCall> call = m_parked[0];
        QSignalSpy cancelled(call.data(), &ToolCall::cancelled);
        // cancelling with the string "7" must not hit the integer id 7
        send(*h,
            QStringLiteral(
                R"({"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"7"}})"));
        QCOMPARE(cancelled.size(), 0);
        send(*h,
            QStringLiteral(
                R"({"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7,"reason":"user"}})"));
        QCOMPARE(cancelled.size(), 1);
        QVERIFY(call->isCancelled());
        call->finish(ToolResult::text(QStringLiteral("too late"))); // must not be sent
        QCOMPARE(h->out.size(), 0);
        QTRY_VERIFY(call.isNull()); // deleted after cancellation
        // cancel of a finished request: ignored, nothing sent
        send(*h,
            QStringLiteral(
                R"({"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"noargs"}})"));
        QCOMPARE(h->out.size(), 1);
        send(*h,
            QStringLiteral(
                R"({"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":8}})"));
        QCOMPARE(h->out.size(), 1);
        // the id is free again after cancellation
        send(*h, QStringLiteral(R"({"jsonrpc":"2.0","id":7,"method":"ping"})"));
        QVERIFY(h->out.last().toObject().contains(QStringLiteral("result")));
    }

    void progressOrdering()
    {
        auto h = makeSession();
        send(*h,
            QStringLiteral(
                R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"progress","_meta":{"progressToken":"tok"}}})"));
        // 3 progress + 1 log (warning; debug filtered at the default level) + result
        QCOMPARE(h->out.size(), 5);
        double last = -1;
        for (int i = 0; i < 3; ++i) {
            const QJsonObject n = h->out[i].toObject();
            QCOMPARE(
                n[QStringLiteral("method")].toString(), QStringLiteral("notifications/progress"));
            QVERIFY(!n.contains(QStringLiteral("id")));
            const QJsonObject p = n[QStringLiteral("params")].toObject();
            QCOMPARE(p[QStringLiteral("progressToken")].toString(), QStringLiteral("tok"));
            QVERIFY2(
                p[QStringLiteral("progress")].toDouble() > last, "progress must strictly increase");
            last = p[QStringLiteral("progress")].toDouble();
        }
        QCOMPARE(h->out[3].toObject()[QStringLiteral("method")].toString(),
            QStringLiteral("notifications/message"));
        QCOMPARE(h->out[3]
                     .toObject()[QStringLiteral("params")]
                     .toObject()[QStringLiteral("level")]
                     .toString(),
            QStringLiteral("warning"));
        QCOMPARE(h->out[4].toObject()[QStringLiteral("id")].toInt(), 1);
        // Without a token: no progress at all
        h->out.clear();
        send(*h,
            QStringLiteral(
                R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"progress"}})"));
        for (const QJsonValue &v : h->out)
            QVERIFY(v.toObject()[QStringLiteral("method")].toString()
                != QLatin1String("notifications/progress"));
        // integer tokens are echoed as integers
        h->out.clear();
        send(*h,
            QStringLiteral(
                R"({"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"progress","_meta":{"progressToken":42}}})"));
        QCOMPARE(h->out[0]
                     .toObject()[QStringLiteral("params")]
                     .toObject()[QStringLiteral("progressToken")]
                     .toInt(),
            42);
    }

    void logLevel()
    {
        auto h = makeSession();
        send(*h,
            QStringLiteral(
                R"({"jsonrpc":"2.0","id":1,"method":"logging/setLevel","params":{"level":"error"}})"));
        QVERIFY(h->out.last().toObject().contains(QStringLiteral("result")));
        h->out.clear();
        send(*h,
            QStringLiteral(
                R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"progress"}})"));
        QCOMPARE(h->out.size(), 1); // the warning is below "error" now
        send(*h,
            QStringLiteral(
                R"({"jsonrpc":"2.0","id":3,"method":"logging/setLevel","params":{"level":"debug"}})"));
        h->out.clear();
        send(*h,
            QStringLiteral(
                R"({"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"progress"}})"));
        QCOMPARE(h->out.size(), 3); // debug + warning + result
    }

    void batches()
    {
        auto h = makeSession(true, QStringLiteral("2025-03-26"));
        send(*h,
            QStringLiteral(
                R"([{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","method":"notifications/initialized"},{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{"text":"x"}}},{"jsonrpc":"2.0","id":3,"method":"nope"}])"));
        QCOMPARE(h->out.size(), 1);
        const QJsonArray replies = h->out[0].toArray();
        QCOMPARE(replies.size(), 3); // the notification gets nothing
        QSet<int> ids;
        for (const QJsonValue &r : replies)
            ids.insert(r.toObject()[QStringLiteral("id")].toInt());
        QCOMPARE(ids, (QSet<int> {1, 2, 3}));
        send(*h, QStringLiteral("[]"));
        QCOMPARE(h->out.last()
                     .toObject()[QStringLiteral("error")]
                     .toObject()[QStringLiteral("code")]
                     .toInt(),
            -32600);
        // a batch holding only notifications gets no reply at all
        const int before = h->out.size();
        send(*h, QStringLiteral(R"([{"jsonrpc":"2.0","method":"notifications/initialized"}])"));
        QCOMPARE(h->out.size(), before);
    }

    void oversizedLine()
    {
        auto h = makeSession();
        h->session->handleOversizedLine(16);
        QCOMPARE(h->out.last()
                     .toObject()[QStringLiteral("error")]
                     .toObject()[QStringLiteral("code")]
                     .toInt(),
            -32700);
        QVERIFY(h->out.last().toObject()[QStringLiteral("id")].isNull());
    }

    // A template reader and completer see the asking session's bridge env (its own HOPX key),
    // and a tool sees the capabilities the client declared. (No "//" in the raw strings: moc
    // 6.4 takes it for a comment and then finds no class.)
    void sessionEnvAndCapabilitiesReachHandlers()
    {
        ResourceRegistry resources;
        resources.addSessionTemplate(
            {QStringLiteral("env:{name}"), QStringLiteral("env"), {}, {}, {}},
            [](const QString &uri, const QHash<QString, QString> &vars,
                const ResourceRegistry::SessionEnv &env, const ResourceRegistry::Reply &reply) {
                reply(ResourceRegistry::ReadResult::text(
                    uri, {}, env.value(vars.value(QStringLiteral("name")))));
            },
            [](const QString &, const QString &value, const QJsonObject &,
                const ResourceRegistry::SessionEnv &env) {
                QStringList keys;
                for (const QString &k : env.keys())
                    if (k.startsWith(value))
                        keys.append(k);
                return keys;
            });
        ToolRegistry tools;
        ToolSpec probe;
        probe.name = QStringLiteral("probe");
        probe.description = QStringLiteral("says whether the client can be asked");
        tools.add(probe, [](ToolCall *call) {
            call->finish(ToolResult::text(call->clientSupports(QStringLiteral("elicitation"))
                    ? QStringLiteral("yes")
                    : QStringLiteral("no")));
        });
        for (const bool elicitation : {false, true}) {
            McpSession session(
                ServerConfig {}, ServerContext {&tools, &resources, nullptr, nullptr});
            session.setConnectionEnv({{QStringLiteral("HOPX_API_KEY"),
                elicitation ? QStringLiteral("k2") : QStringLiteral("k1")}});
            QList<QJsonObject> out;
            connect(&session, &McpSession::outgoing, this, [&out](const JsonParts &line) {
                out.append(QJsonDocument::fromJson(line.toByteArray()).object());
            });
            session.handleLine(QStringLiteral(
                R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":%1,"clientInfo":{"name":"t","version":"1"}}})")
                                   .arg(elicitation ? QStringLiteral("{\"elicitation\":{}}")
                                                    : QStringLiteral("{}"))
                                   .toUtf8());
            session.handleLine(
                QStringLiteral(R"({"jsonrpc":"2.0","method":"notifications/initialized"})")
                    .toUtf8());
            session.handleLine(QStringLiteral(
                R"({"jsonrpc":"2.0","id":1,"method":"resources/read","params":{"uri":"env:HOPX_API_KEY"}})")
                                   .toUtf8());
            session.handleLine(QStringLiteral(
                R"({"jsonrpc":"2.0","id":2,"method":"completion/complete","params":{"ref":{"type":"ref/resource","uri":"env:{name}"},"argument":{"name":"name","value":"HOPX"}}})")
                                   .toUtf8());
            session.handleLine(QStringLiteral(
                R"({"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"probe"}})")
                                   .toUtf8());
            QTRY_COMPARE(out.size(), 4);
            const QList<QJsonObject> &seen = out;
            QCOMPARE(seen[1]["result"]["contents"][0]["text"].toString(),
                elicitation ? QStringLiteral("k2") : QStringLiteral("k1"));
            QCOMPARE(seen[2]["result"]["completion"]["values"].toArray(),
                QJsonArray {QStringLiteral("HOPX_API_KEY")});
            QCOMPARE(seen[3]["result"]["content"][0]["text"].toString(),
                elicitation ? QStringLiteral("yes") : QStringLiteral("no"));
        }
    }

    // A 2026-07-28 request names its caller in _meta. The session reuses the Caller it made for
    // the same _meta last time, which must never serve a request whose _meta, or whose
    // connection, differs.
    void modernCallerFollowsEachRequestsMeta()
    {
        ToolRegistry tools;
        ToolSpec probe;
        probe.name = QStringLiteral("probe");
        probe.description = QStringLiteral("says who asks");
        tools.add(probe, [](ToolCall *call) {
            call->finish(ToolResult::text(
                QStringLiteral("%1 %2 %3")
                    .arg(call->clientInfo().value(QLatin1String("name")).toString(),
                        call->clientSupports(QStringLiteral("elicitation")) ? QStringLiteral("yes")
                                                                            : QStringLiteral("no"),
                        call->connectionEnv().value(QStringLiteral("K")))));
        });
        McpSession session(ServerConfig {}, ServerContext {&tools, nullptr, nullptr, nullptr});
        session.setConnectionEnv({{QStringLiteral("K"), QStringLiteral("one")}});
        QStringList said;
        connect(&session, &McpSession::outgoing, this, [&said](const JsonParts &line) {
            const QJsonObject o = QJsonDocument::fromJson(line.toByteArray()).object();
            said.append(o["result"]["content"][0]["text"].toString());
        });
        const auto call = [&session](const QString &name, const QString &capabilities) {
            session.handleLine(QStringLiteral(
                R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"probe","_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":%2,"io.modelcontextprotocol/clientInfo":{"name":"%1","version":"1"}}}})")
                                   .arg(name, capabilities)
                                   .toUtf8());
        };
        const QString none = QStringLiteral("{}"), asks = QStringLiteral(R"({"elicitation":{}})");
        call(QStringLiteral("a"), none);
        call(QStringLiteral("a"), none); // the same _meta: the same caller
        call(QStringLiteral("a"), asks);
        call(QStringLiteral("b"), asks);
        call(QStringLiteral("a"), none);
        session.setConnectionEnv({{QStringLiteral("K"), QStringLiteral("two")}});
        call(QStringLiteral("a"), none); // the same _meta on a changed connection
        QCOMPARE(said,
            QStringList({QStringLiteral("a no one"), QStringLiteral("a no one"),
                QStringLiteral("a yes one"), QStringLiteral("b yes one"),
                QStringLiteral("a no one"), QStringLiteral("a no two")}));
    }

    // Transports route by what the session says a message is (Outgoing), never by its bytes.
    void outgoingSaysWhatEachMessageIs()
    {
        // Before the session: its destructor still says what it sends (the cancelled call).
        QList<Outgoing> what;
        McpSession session(ServerConfig {}, &m_registry);
        connect(&session, &McpSession::outgoing, this,
            [&what](const JsonParts &, const Outgoing &w) { what.append(w); });
        session.handleLine(
            R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"roots":{}},"clientInfo":{"name":"t","version":"1"}}})");
        session.handleLine(R"({"jsonrpc":"2.0","method":"notifications/initialized"})");
        QCOMPARE(what.size(), 1);
        QCOMPARE(what[0].kind, Outgoing::Kind::Response);
        QCOMPARE(what[0].request, QStringLiteral("n:0"));
        QCOMPARE(what[0].errorCode, 0);

        // Progress and log notifications belong to the call they report on, then its answer.
        what.clear();
        session.handleLine(
            R"({"jsonrpc":"2.0","id":"p","method":"tools/call","params":{"name":"progress","_meta":{"progressToken":1}}})");
        QCOMPARE(what.size(), 5);
        for (int i = 0; i < 4; ++i) {
            QCOMPARE(what[i].kind, Outgoing::Kind::Notification);
            QCOMPARE(what[i].request, QStringLiteral("s:p"));
        }
        QCOMPARE(what[4].kind, Outgoing::Kind::Response);
        QCOMPARE(what[4].request, QStringLiteral("s:p"));

        // A request to the client while serving one.
        what.clear();
        session.handleLine(
            R"({"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"asks"}})");
        QCOMPARE(what.size(), 1);
        QCOMPARE(what[0].kind, Outgoing::Kind::Request);
        QCOMPARE(what[0].request, QStringLiteral("n:3"));

        // Errors say their code; one for a line without an id belongs to no request.
        what.clear();
        session.handleLine(R"({"jsonrpc":"2.0","id":2,"method":"nope"})");
        session.handleLine("{not json");
        QCOMPARE(what.size(), 2);
        QCOMPARE(what[0].kind, Outgoing::Kind::Response);
        QCOMPARE(what[0].request, QStringLiteral("n:2"));
        QCOMPARE(what[0].errorCode, -32601);
        QCOMPARE(what[1].kind, Outgoing::Kind::Response);
        QCOMPARE(what[1].request, QString());
        QCOMPARE(what[1].errorCode, -32700);
    }

    // The stdio hand-off tells the bridge which requests run on: those and only those open,
    // and each closes once, after its answer went out.
    void requestsThatOutliveTheirLineOpenAndClose()
    {
        auto h = makeSession();
        QStringList events;
        connect(h->session.get(), &McpSession::outgoing, this,
            [&events](const JsonParts &, const Outgoing &w) { events.append("out " + w.request); });
        connect(h->session.get(), &McpSession::requestOpened, this,
            [&events](const QString &key, const QByteArray &idJson) {
                events.append("open " + key + ' ' + QString::fromUtf8(idJson));
            });
        connect(h->session.get(), &McpSession::requestClosed, this,
            [&events](const QString &key) { events.append("close " + key); });
        send(*h, QStringLiteral(R"({"jsonrpc":"2.0","id":1,"method":"ping"})"));
        send(*h,
            QStringLiteral(
                R"({"jsonrpc":"2.0","id":"a","method":"tools/call","params":{"name":"slow"}})"));
        send(*h,
            QStringLiteral(
                R"({"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"slow"}})"));
        QCOMPARE(events,
            (QStringList {QStringLiteral("out n:1"), QStringLiteral("open s:a \"a\""),
                QStringLiteral("open n:7 7")}));
        events.clear();
        m_parked[0]->finish(ToolResult::text(QStringLiteral("a")));
        send(*h,
            QStringLiteral(
                R"({"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7}})"));
        QCOMPARE(events,
            (QStringList {QStringLiteral("out s:a"), QStringLiteral("close s:a"),
                QStringLiteral("close n:7")}));

        // A batch (2025-03-26) answers its members together: they close after that answer.
        auto b = makeSession(true, QStringLiteral("2025-03-26"));
        events.clear();
        connect(b->session.get(), &McpSession::outgoing, this,
            [&events](const JsonParts &, const Outgoing &w) { events.append("out " + w.request); });
        connect(b->session.get(), &McpSession::requestClosed, this,
            [&events](const QString &key) { events.append("close " + key); });
        send(*b,
            QStringLiteral(
                R"([{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"slow"}},{"jsonrpc":"2.0","id":6,"method":"ping"}])"));
        QVERIFY(events.isEmpty());
        m_parked.last()->finish(ToolResult::text(QStringLiteral("b")));
        QCOMPARE(events, (QStringList {QStringLiteral("out n:5"), QStringLiteral("close n:5")}));

        // abortAll(): the client is gone, nobody to tell.
        events.clear();
        send(*h,
            QStringLiteral(
                R"({"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"slow"}})"));
        h->session->abortAll();
        QCOMPARE(events, (QStringList {QStringLiteral("open n:9 9")}));
    }

    void abortAllCancelsEverything()
    {
        auto h = makeSession();
        send(*h,
            QStringLiteral(
                R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"slow"}})"));
        QSignalSpy cancelled(m_parked[0].data(), &ToolCall::cancelled);
        h->session.reset(); // the client went away
        QCOMPARE(cancelled.size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestMcpSession)
#include "tst_mcpsession.moc"

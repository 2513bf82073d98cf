// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// The server-level SessionObserver: what sessions report to it (connected, request, response,
// ended) without sockets, and what a real local connection reports.
#include "session/McpSession.h"
#include "session/SessionObserver.h"
#include "tools/ToolCall.h"
#include "tools/ToolRegistry.h"
#include "transport/LocalServer.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QLocalSocket>
#include <QPointer>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace Hopx::Mcp;
using Outcome = RequestRecord::Outcome;
using Session = SessionObserver::Session;

Q_DECLARE_METATYPE(Hopx::Mcp::RequestRecord::Outcome)

class TestSessionObserver : public QObject
{
    Q_OBJECT

    ToolRegistry m_tools;
    QList<QPointer<ToolCall>> m_parked;

    static QByteArray initialize(int id = 1)
    {
        return QStringLiteral(
            R"({"jsonrpc":"2.0","id":%1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"watched","title":"Watched Client","version":"3.1"}}})")
            .arg(id)
            .toUtf8();
    }

private slots:
    void initTestCase()
    {
        const auto add = [this](const char *name, ToolRegistry::Handler handler) {
            ToolSpec spec;
            spec.name = QLatin1String(name);
            spec.description = QStringLiteral("test tool");
            m_tools.add(spec, std::move(handler));
        };
        add("ok", [](ToolCall *call) { call->finish(ToolResult::text(QStringLiteral("fine"))); });
        add("fails",
            [](ToolCall *call) { call->finish(ToolResult::error(QStringLiteral("it broke"))); });
        add("parks", [this](ToolCall *call) { m_parked.append(call); });
    }

    void init() { m_parked.clear(); }

    void oneRecordPerRequest_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<QString>("method");
        QTest::addColumn<QString>("tool");
        QTest::addColumn<Outcome>("outcome");
        QTest::addColumn<QString>("detail"); // contained in the record's detail
        QTest::newRow("ping") << R"({"jsonrpc":"2.0","id":2,"method":"ping"})"
                              << "ping"
                              << "" << Outcome::Ok << "";
        QTest::newRow("tool ok")
            << R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"ok"}})"
            << "tools/call"
            << "ok" << Outcome::Ok << "";
        QTest::newRow("tool error")
            << R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"fails"}})"
            << "tools/call"
            << "fails" << Outcome::ToolError << "it broke";
        QTest::newRow("unknown tool")
            << R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"nope"}})"
            << "tools/call"
            << "nope" << Outcome::ProtocolError << "Unknown tool";
        QTest::newRow("bad arguments")
            << R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"ok","arguments":[]}})"
            << "tools/call"
            << "ok" << Outcome::ProtocolError << "must be an object";
        QTest::newRow("unknown method") << R"({"jsonrpc":"2.0","id":2,"method":"nope/nope"})"
                                        << "nope/nope"
                                        << "" << Outcome::ProtocolError << "Method not found";
        QTest::newRow("cancelled call")
            << R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"parks"}})"
            << "tools/call"
            << "parks" << Outcome::Cancelled << "";
    }

    void oneRecordPerRequest()
    {
        QFETCH(QString, line);
        QFETCH(QString, method);
        QFETCH(QString, tool);
        QFETCH(Outcome, outcome);
        QFETCH(QString, detail);
        SessionObserver observer;
        McpSession session(
            ServerConfig {}, ServerContext {&m_tools, nullptr, nullptr, nullptr, &observer});
        const quint64 id = observer.open(SessionObserver::Transport::Local, 42);
        session.setObserverId(id);
        QList<RequestRecord> records;
        QList<SessionObserver::Request> requests;
        connect(&observer, &SessionObserver::response, this,
            [&](const Session &s, const RequestRecord &r) {
                QCOMPARE(s.id, id);
                records.append(r);
            });
        connect(&observer, &SessionObserver::request, this,
            [&](const Session &, const SessionObserver::Request &r) { requests.append(r); });
        session.handleLine(initialize());
        records.clear();
        requests.clear();

        session.handleLine(line.toUtf8());
        if (outcome == Outcome::Cancelled) {
            QCOMPARE(records.size(), 0); // still running
            session.handleLine(QByteArrayLiteral(
                R"({"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2}})"));
        }
        QCOMPARE(records.size(), 1);
        QCOMPARE(records[0].method, method);
        QCOMPARE(records[0].tool, tool);
        QCOMPARE(records[0].outcome, outcome);
        QVERIFY2(records[0].detail.contains(detail), qPrintable(records[0].detail));
        QVERIFY(records[0].durationUs >= 0);
        // Requests that reach their handler are announced first, with what they act on.
        if (outcome != Outcome::ProtocolError || !tool.isEmpty()) {
            QCOMPARE(requests.size(), 1);
            QCOMPARE(requests[0].method, method);
            QCOMPARE(requests[0].tool, tool);
            QCOMPARE(requests[0].key, QStringLiteral("n:2"));
        }
        const QList<Session> now = observer.sessions();
        QCOMPARE(now.size(), 1);
        QCOMPARE(now[0].toolCalls, method == QLatin1String("tools/call") ? 1 : 0);
    }

    void connectedOnlyOnceIdentified()
    {
        SessionObserver observer;
        QSignalSpy connected(&observer, &SessionObserver::connected);
        QSignalSpy ended(&observer, &SessionObserver::ended);
        QSignalSpy responses(&observer, &SessionObserver::response);
        auto session = std::make_unique<McpSession>(
            ServerConfig {}, ServerContext {&m_tools, nullptr, nullptr, nullptr, &observer});
        const quint64 id = observer.open(SessionObserver::Transport::Local, 7);
        session->setObserverId(id);
        // A ping before initialize is reported, but the session is not shown yet.
        session->handleLine(QByteArrayLiteral(R"({"jsonrpc":"2.0","id":1,"method":"ping"})"));
        QCOMPARE(responses.size(), 1);
        QCOMPARE(connected.size(), 0);
        QVERIFY(observer.sessions().isEmpty());
        observer.setPid(id, 1234);
        session->handleLine(initialize(2));
        QCOMPARE(connected.size(), 1);
        const Session s = connected[0][0].value<Session>();
        QCOMPARE(s.id, id);
        QCOMPARE(
            s.clientInfo[QStringLiteral("title")].toString(), QStringLiteral("Watched Client"));
        QCOMPARE(s.protocolVersion, QStringLiteral("2025-11-25"));
        QCOMPARE(s.pid, qint64(1234));
        QCOMPARE(observer.sessions().size(), 1);
        // A call in flight when the client goes is reported cancelled, then the session ends.
        session->handleLine(QByteArrayLiteral(
            R"({"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"parks"}})"));
        session.reset();
        QCOMPARE(responses.last()[1].value<RequestRecord>().outcome, Outcome::Cancelled);
        observer.close(id);
        QCOMPARE(ended.size(), 1);
        QVERIFY(observer.sessions().isEmpty());
        observer.close(id); // twice: nothing more
        QCOMPARE(ended.size(), 1);

        // A session that never identified itself ends silently.
        const quint64 probe = observer.open(SessionObserver::Transport::Local);
        observer.close(probe);
        QCOMPARE(ended.size(), 1);
    }

    void idsNameTheTransport()
    {
        SessionObserver observer;
        const quint64 local1 = observer.open(SessionObserver::Transport::Local);
        const quint64 local2 = observer.open(SessionObserver::Transport::Local);
        const quint64 http1 = observer.open(SessionObserver::Transport::Http);
        QVERIFY(local1 != local2);
        QVERIFY(local1 < (quint64(1) << 32) && local2 < (quint64(1) << 32));
        QVERIFY(http1 >= (quint64(1) << 32));
    }

    void aLocalConnectionReportsItself()
    {
        QTemporaryDir dir;
        SessionObserver observer;
        LocalServer server(
            ServerConfig {}, ServerContext {&m_tools, nullptr, nullptr, nullptr, &observer});
        const QString name = dir.path() + QStringLiteral("/mcp.sock");
        QCOMPARE(server.listen(name), LocalServer::ListenResult::Listening);
        QSignalSpy connected(&observer, &SessionObserver::connected);
        QSignalSpy ended(&observer, &SessionObserver::ended);
        QLocalSocket client;
        client.connectToServer(name);
        QVERIFY(client.waitForConnected(2000));
        client.write(initialize() + '\n');
        QTRY_COMPARE(connected.size(), 1);
        const Session s = connected[0][0].value<Session>();
        QCOMPARE(s.transport, SessionObserver::Transport::Local);
        QCOMPARE(s.pid, qint64(::getpid())); // the peer: this process
        client.disconnectFromServer();
        QTRY_COMPARE(ended.size(), 1);
        QCOMPARE(ended[0][0].value<Session>().id, s.id);
    }
};

QTEST_GUILESS_MAIN(TestSessionObserver)
#include "tst_sessionobserver.moc"

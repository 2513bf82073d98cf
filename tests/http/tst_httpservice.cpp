// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// The HTTP endpoint the Settings control (Core::HttpService) through real sockets: it follows
// the settings live, its token comes from the key store, and a new token locks the old out.
#include "../unit/BracketTranslator.h"
#include "HttpTestClient.h"

#include "core/http/HttpService.h"
#include "core/models/ClientListModel.h"
#include "core/models/LogFeed.h"
#include "core/models/LogModel.h"
#include "core/secrets/MemoryKeyStore.h"
#include "core/settings/Settings.h"
#include "session/SessionObserver.h"
#include "support/FailingKeyStore.h"
#include "tools/ToolCall.h"
#include "tools/ToolRegistry.h"
#include "tools/ToolResult.h"

#include <QAbstractItemModelTester>

#include <QSignalSpy>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <optional>

using namespace Hopx;
using namespace HopxTest;
using Headers = QList<QPair<QByteArray, QByteArray>>;
using State = Core::HttpService::State;

namespace {
const QByteArray kInit =
    R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"tst","version":"1"}}})";

Headers headers(const QString &token)
{
    Headers h {
        {"Accept", "application/json, text/event-stream"}, {"Content-Type", "application/json"}};
    if (!token.isEmpty())
        h.push_back({"Authorization", "Bearer " + token.toUtf8()});
    return h;
}

int initializeStatus(quint16 port, const QString &token)
{
    HttpTestClient client(port);
    if (!client.connect())
        return -1; // refused
    return client.request("POST", headers(token), kInit).status;
}

quint16 freePort()
{
    QTcpServer probe;
    probe.listen(QHostAddress::LocalHost, 0);
    return probe.serverPort();
}
} // namespace

class TestHttpService : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    int m_files = 0;
    Mcp::ToolRegistry m_tools;
    Mcp::SessionObserver m_observer;

    std::unique_ptr<Core::Settings> settings()
    {
        return std::make_unique<Core::Settings>(
            m_dir.path() + QStringLiteral("/s%1.ini").arg(++m_files), nullptr);
    }
    Mcp::ServerContext context()
    {
        return Mcp::ServerContext {&m_tools, nullptr, nullptr, nullptr, &m_observer};
    }

private slots:
    void initTestCase()
    {
        Mcp::ToolSpec noargs;
        noargs.name = QStringLiteral("noargs");
        noargs.description = QStringLiteral("takes nothing");
        m_tools.add(noargs,
            [](Mcp::ToolCall *call) { call->finish(Mcp::ToolResult::text(QStringLiteral("ok"))); });
    }

    void followsTheSettingsLive()
    {
        auto s = settings();
        Core::MemoryKeyStore keys;
        Core::HttpService http(s.get(), &keys, Mcp::ServerConfig {}, context());
        http.start();
        QCOMPARE(http.state(), State::Off);

        const quint16 port = freePort();
        s->setHttpPort(port);
        s->setHttpEnabled(true);
        QTRY_COMPARE(http.state(), State::Listening);
        QCOMPARE(http.endpointUrl(), QStringLiteral("http://127.0.0.1:%1/mcp").arg(port));
        const QString token = http.token();
        QCOMPARE(token.size(), 64);
        std::optional<QString> stored;
        keys.read([&stored](Core::Result<QString> r) { stored = r.ok() ? r.value() : QString(); },
            Core::KeyStore::httpTokenName());
        QTRY_VERIFY(stored.has_value());
        QCOMPARE(*stored, token);
        QVERIFY(!s->value(QStringLiteral("http/token")).isValid());

        QCOMPARE(initializeStatus(port, token), 200);
        QCOMPARE(initializeStatus(port, {}), 401);
        QCOMPARE(initializeStatus(port, QStringLiteral("wrong")), 401);

        // Another port: the old one closes, the new one serves, same token.
        const quint16 moved = freePort();
        s->setHttpPort(moved);
        QTRY_COMPARE(http.port(), moved);
        QCOMPARE(initializeStatus(moved, token), 200);
        QCOMPARE(initializeStatus(port, token), -1);

        s->setHttpEnabled(false);
        QTRY_COMPARE(http.state(), State::Off);
        QCOMPARE(initializeStatus(moved, token), -1);
    }

    void httpClientsAreListedAndLogged()
    {
        auto s = settings();
        Core::MemoryKeyStore keys;
        Core::HttpService http(s.get(), &keys, Mcp::ServerConfig {}, context());
        Core::ClientListModel clients;
        QAbstractItemModelTester tester(
            &clients, QAbstractItemModelTester::FailureReportingMode::QtTest);
        Core::LogModel log;
        Core::LogFeed feed(&log);
        clients.attach(&m_observer);
        feed.attachObserver(&m_observer);
        http.start();
        s->setHttpPort(freePort());
        s->setHttpEnabled(true);
        QTRY_COMPARE(http.state(), State::Listening);

        HttpTestClient client(http.port());
        const HttpResponse init = client.request("POST", headers(http.token()), kInit);
        QCOMPARE(init.status, 200);
        QCOMPARE(clients.rowCount(), 1);
        QCOMPARE(clients.index(0, Core::ClientListModel::Name).data().toString(),
            QStringLiteral("tst (HTTP)"));
        QCOMPARE(clients.index(0, Core::ClientListModel::Protocol).data().toString(),
            QStringLiteral("2025-11-25"));
        const QVariant id = clients.index(0, 0).data(Core::ClientListModel::ConnectionIdRole);
        QVERIFY(id.toULongLong() >= (quint64(1) << 32)); // never a local connection's id

        Headers session = headers(http.token());
        session.push_back({"Mcp-Session-Id", init.header("mcp-session-id")});
        session.push_back({"MCP-Protocol-Version", "2025-11-25"});
        QCOMPARE(client
                     .request("POST", session,
                         R"({"jsonrpc":"2.0","method":"notifications/initialized"})")
                     .status,
            202);
        const HttpResponse call = client.request("POST", session,
            R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"noargs"}})");
        QCOMPARE(call.status, 200);
        QCOMPARE(clients.index(0, Core::ClientListModel::Calls).data().toInt(), 1);
        // The log says who connected and what it called (LogModel appends in batches).
        const auto logged = [&log](const QString &what) {
            for (int row = 0; row < log.rowCount(); ++row)
                if (log.entry(row).client == QStringLiteral("tst (HTTP)")
                    && log.entry(row).message.contains(what))
                    return true;
            return false;
        };
        QTRY_VERIFY(logged(QStringLiteral("Connected")));
        QTRY_VERIFY(logged(QStringLiteral("noargs")));

        // DELETE ends the session: the row goes. Turning HTTP off ends every other session.
        QCOMPARE(client.request("DELETE", session, {}).status, 200);
        QTRY_COMPARE(clients.rowCount(), 0);
        HttpTestClient second(http.port());
        QCOMPARE(second.request("POST", headers(http.token()), kInit).status, 200);
        QCOMPARE(clients.rowCount(), 1);
        s->setHttpEnabled(false);
        QTRY_COMPARE(http.state(), State::Off);
        QCOMPARE(clients.rowCount(), 0);
    }

    void regeneratedTokenLocksTheOldOneOut()
    {
        auto s = settings();
        s->setHttpPort(0);
        s->setHttpEnabled(true);
        Core::MemoryKeyStore keys;
        keys.write(
            QStringLiteral("stored-token"), [](Core::Result<Core::Unit>) {},
            Core::KeyStore::httpTokenName());
        Core::HttpService http(s.get(), &keys, Mcp::ServerConfig {}, context());
        http.start();
        QTRY_COMPARE(http.state(), State::Listening);
        QCOMPARE(http.token(), QStringLiteral("stored-token")); // generated once, then kept
        QVERIFY(http.tokenInKeychain());
        const quint16 port = http.port();
        QCOMPARE(initializeStatus(port, QStringLiteral("stored-token")), 200);

        QSignalSpy tokenChanged(&http, &Core::HttpService::tokenChanged);
        http.regenerateToken();
        QVERIFY(tokenChanged.count() >= 1);
        QVERIFY(http.token() != QLatin1String("stored-token"));
        QCOMPARE(http.port(), port); // no restart needed
        QCOMPARE(initializeStatus(port, QStringLiteral("stored-token")), 401);
        QCOMPARE(initializeStatus(port, http.token()), 200);
        QTRY_VERIFY(http.tokenInKeychain());
    }

    void withoutKeychainTheTokenStaysInMemory()
    {
        auto s = settings();
        s->setHttpPort(0);
        s->setHttpEnabled(true);
        Test::FailingKeyStore keys;
        keys.setFailure(Core::Error::make(
            Core::Error::Code::Unavailable, QStringLiteral("No keychain: install gnome-keyring")));
        Core::HttpService http(s.get(), &keys, Mcp::ServerConfig {}, context());
        http.start();
        QTRY_COMPARE(http.state(), State::Listening);
        QVERIFY(!http.token().isEmpty());
        QTRY_VERIFY(!http.tokenInKeychain());
        QCOMPARE(initializeStatus(http.port(), http.token()), 200);
        // Never in the settings file.
        s.reset();
        QFile file(m_dir.path() + QStringLiteral("/s%1.ini").arg(m_files));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(!file.readAll().contains(http.token().toUtf8()));
    }

    void takenPortIsAnErrorNotACrash()
    {
        QTcpServer squatter;
        QVERIFY(squatter.listen(QHostAddress::LocalHost, 0));
        auto s = settings();
        s->setHttpPort(squatter.serverPort());
        s->setHttpEnabled(true);
        Core::MemoryKeyStore keys;
        Core::HttpService http(s.get(), &keys, Mcp::ServerConfig {}, context());
        QSignalSpy states(&http, &Core::HttpService::stateChanged);
        BracketTranslator translator("Hopx::Core::HttpService");
        QCoreApplication::installTranslator(&translator);
        http.start();
        QTRY_COMPARE(http.state(), State::Failed);
        // Said for the user, in their language, with the socket's reason in Qt's words (which
        // Qt's own translations put in that language), not the English of the command line.
        QCOMPARE(http.errorString(),
            QStringLiteral("[MCP over HTTP could not serve on port %1: %2]")
                .arg(squatter.serverPort())
                .arg(QStringLiteral("The bound address is already in use")));
        QVERIFY(http.endpointUrl().isEmpty());
        // Freed and asked again (the same port re-applied): it serves.
        const quint16 port = squatter.serverPort();
        squatter.close();
        s->setHttpEnabled(false);
        s->setHttpEnabled(true);
        QTRY_COMPARE(http.state(), State::Listening);
        QCOMPARE(http.port(), port);
        // A port no socket can have (a hand-edited settings file): said as such.
        s->setHttpPort(70000);
        QTRY_COMPARE(http.state(), State::Failed);
        QCOMPARE(http.errorString(),
            QStringLiteral("[MCP over HTTP could not serve on port 70000: it is not a port number "
                           "(1 to 65535)]"));
        QCoreApplication::removeTranslator(&translator);
    }

    void commandLineWins()
    {
        auto s = settings();
        s->setHttpPort(0);
        s->setHttpEnabled(true);
        Core::MemoryKeyStore keys;
        Core::HttpService http(s.get(), &keys, Mcp::ServerConfig {}, context());
        http.setCommandLineOverride(QStringLiteral("http://127.0.0.1:4242/mcp"));
        http.start();
        s->setHttpPort(1);
        QTest::qWait(50);
        QCOMPARE(http.state(), State::CommandLine);
        QVERIFY(!http.server());
        QCOMPARE(http.endpointUrl(), QStringLiteral("http://127.0.0.1:4242/mcp"));
    }
};

QTEST_GUILESS_MAIN(TestHttpService)
#include "tst_httpservice.moc"

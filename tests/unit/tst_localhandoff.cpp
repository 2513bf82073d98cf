// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// A local connection after the stdio hand-off, driven as hopx-mcp drives it: the hello on the
// socket, the IDE's pipes passed with SCM_RIGHTS, MCP on the pipes and control lines back on
// the socket. What the connection keeps per request must end with the request, answered or not.
#include "ipc/Handoff.h"
#include "ipc/Hello.h"
#include "tools/ToolCall.h"
#include "tools/ToolRegistry.h"
#include "transport/LocalConnection.h"
#include "transport/LocalServer.h"

#include <QFile>
#include <QPointer>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <cstring>
#include <thread>

#include <fcntl.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

using namespace Hopx::Mcp;

class TestLocalHandoff : public QObject
{
    Q_OBJECT

    ToolRegistry m_tools;
    QList<QPointer<ToolCall>> m_parked;

    //! The IDE's side of the handed-off pipes: lines to the app, bytes from it.
    struct Ide
    {
        int toApp = -1;
        int fromApp = -1;
        QByteArray received;

        void send(const QByteArray &line) const
        {
            const QByteArray bytes = line + '\n';
            QCOMPARE(
                ::write(toApp, bytes.constData(), size_t(bytes.size())), ssize_t(bytes.size()));
        }
        bool receivedContains(const QByteArray &what)
        {
            char buffer[4096];
            ssize_t n;
            while ((n = ::read(fromApp, buffer, sizeof buffer)) > 0)
                received.append(buffer, int(n));
            return received.contains(what);
        }
        ~Ide()
        {
            for (int fd : {toApp, fromApp})
                if (fd >= 0)
                    ::close(fd);
        }
    };

    //! The bridge's end of the socket: a plain descriptor, as hopx-mcp has it.
    struct Bridge
    {
        int fd = -1;
        QByteArray control; // every control line the app wrote

        QByteArray &readControl()
        {
            char buffer[4096];
            ssize_t n;
            while ((n = ::recv(fd, buffer, sizeof buffer, MSG_DONTWAIT)) > 0)
                control.append(buffer, int(n));
            return control;
        }
        ~Bridge()
        {
            if (fd >= 0)
                ::close(fd);
        }
    };

    /*! Connects as a bridge that offers its stdio and hands over two fresh pipes. The app
     *  reads the descriptors synchronously right after it asks for them, so the bridge's
     *  side runs on a thread while this one serves the event loop. */
    static bool handOff(const QString &name, Bridge *bridge, Ide *ide)
    {
        bridge->fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
        sockaddr_un address {};
        address.sun_family = AF_UNIX;
        const QByteArray path = QFile::encodeName(name);
        std::memcpy(address.sun_path, path.constData(), size_t(path.size()));
        if (::connect(bridge->fd, reinterpret_cast<sockaddr *>(&address), sizeof address) != 0)
            return false;
        Hopx::Ipc::Hello hello;
        hello.bridgePid = ::getpid();
        hello.handoff = true;
        const QByteArray line = hello.toLine() + '\n';
        if (::write(bridge->fd, line.constData(), size_t(line.size())) != line.size())
            return false;
        int in[2];
        int out[2];
        if (::pipe(in) != 0 || ::pipe(out) != 0)
            return false;
        std::atomic<int> outcome {0}; // 1 sent, -1 failed
        std::thread side([&]() {
            QByteArray said;
            char c;
            while (
                !said.contains(Hopx::Ipc::Handoff::kSend.data()) && ::read(bridge->fd, &c, 1) == 1)
                said.append(c);
            const bool sent = said.contains(Hopx::Ipc::Handoff::kSend.data())
                && Hopx::Ipc::Handoff::sendDescriptors(bridge->fd, in[0], out[1]);
            outcome = sent ? 1 : -1;
        });
        // The thread's outcome says whether it got there; join() below waits for it either way.
        const bool settled = QTest::qWaitFor([&]() { return outcome != 0; }, 10000);
        side.join();
        ::close(in[0]);
        ::close(out[1]);
        ide->toApp = in[1];
        ide->fromApp = out[0];
        ::fcntl(ide->fromApp, F_SETFL, O_NONBLOCK);
        return settled && outcome == 1
            && QTest::qWaitFor(
                [&]() {
                    return bridge->readControl().contains(Hopx::Ipc::Handoff::kAccepted.data());
                },
                5000);
    }

private slots:
    void initTestCase()
    {
        ToolSpec spec;
        spec.name = QStringLiteral("parks");
        spec.description = QStringLiteral("runs until cancelled");
        m_tools.add(spec, [this](ToolCall *call) { m_parked.append(call); });
    }

    // The soak's cancelling stdio client: every cancelled call left its id in the
    // connection's open requests (and the bridge's), ~150 bytes a cancel, for as long as
    // the session lasted.
    void cancelledRequestsLeaveNothingOpen()
    {
        QTemporaryDir dir;
        LocalServer server(ServerConfig {}, ServerContext {&m_tools});
        const QString name = dir.path() + QStringLiteral("/mcp.sock");
        QCOMPARE(server.listen(name), LocalServer::ListenResult::Listening);
        Bridge bridge;
        Ide ide;
        QVERIFY(handOff(name, &bridge, &ide));
        QCOMPARE(server.connections().size(), 1);
        LocalConnection *connection = server.connections().first();

        ide.send(
            R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"ide","version":"1"}}})");
        ide.send(R"({"jsonrpc":"2.0","method":"notifications/initialized"})");
        constexpr int kCalls = 20;
        for (int id = 100; id < 100 + kCalls; ++id) {
            ide.send(QStringLiteral(
                R"({"jsonrpc":"2.0","id":%1,"method":"tools/call","params":{"name":"parks","arguments":{}}})")
                         .arg(id)
                         .toUtf8());
            ide.send(QStringLiteral(
                R"({"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":%1}})")
                         .arg(id)
                         .toUtf8());
        }
        // One call that runs on: its entry stays until it is answered.
        ide.send(
            R"({"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"parks","arguments":{}}})");
        ide.send(R"({"jsonrpc":"2.0","id":999,"method":"ping"})");
        QTRY_VERIFY(ide.receivedContains("\"id\":999"));
        QCOMPARE(m_parked.size(), kCalls + 1);
        QCOMPARE(connection->openRequestCount(), 1);
        // The bridge heard of every call, and that each cancelled one is over: were the app
        // to die now, it would answer only the one still running.
        QTRY_COMPARE(bridge.readControl().count("\"hopx_done\""), kCalls);
        QCOMPARE(bridge.control.count("\"hopx_pending\""), kCalls + 1);

        QVERIFY(m_parked.last());
        m_parked.last()->finish(ToolResult::text(QStringLiteral("done")));
        QTRY_VERIFY(ide.receivedContains("\"id\":7,"));
        QCOMPARE(connection->openRequestCount(), 0);
        QTRY_COMPARE(bridge.readControl().count("\"hopx_done\""), kCalls + 1);
    }
};

QTEST_GUILESS_MAIN(TestLocalHandoff)
#include "tst_localhandoff.moc"

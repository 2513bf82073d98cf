// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// hopx-desktop --headless through real local sockets.
#include "support/McpTestClient.h"

#include <QFileInfo>
#include <QLocalSocket>
#include <QSignalSpy>
#include <QTest>

#include <csignal>
#include <cstring>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace HopxTest;

class TestServer : public QObject
{
    Q_OBJECT

private slots:
    void versionAndHelp()
    {
        QProcess p;
        p.start(binPath(QStringLiteral("hopx-desktop")), {QStringLiteral("--version")});
        QVERIFY(p.waitForFinished(10000));
        QCOMPARE(p.exitCode(), 0);
        QVERIFY(p.readAllStandardOutput().contains(HOPX_VERSION));
        p.start(binPath(QStringLiteral("hopx-desktop")), {QStringLiteral("--help")});
        QVERIFY(p.waitForFinished(10000));
        const QByteArray help = p.readAllStandardOutput();
        QVERIFY(help.contains("--headless"));
        QVERIFY(help.contains("--socket"));
    }

    // The testing-only flags and the conformance fixtures live in hopx-desktop-testserver alone.
    void productHasNoTestCode_data()
    {
        QTest::addColumn<QString>("program");
        QTest::addColumn<bool>("testOnly");
        QTest::newRow("hopx-desktop") << "hopx-desktop" << false;
        QTest::newRow("hopx-desktop-testserver") << "hopx-desktop-testserver" << true;
    }

    void productHasNoTestCode()
    {
        QFETCH(QString, program);
        QFETCH(bool, testOnly);
        QProcess p;
        p.start(binPath(program), {QStringLiteral("--help")});
        QVERIFY(p.waitForFinished(10000));
        const QByteArray help = p.readAllStandardOutput();
        QVERIFY(help.contains("--headless"));
        for (const char *flag :
            {"--conformance-fixtures", "--http-insecure-no-token", "--crash-at", "--disk-steps"})
            QVERIFY2(help.contains(flag) == testOnly, flag);

        if (!testOnly) {
            p.start(binPath(program),
                {QStringLiteral("--headless"), QStringLiteral("--conformance-fixtures")});
            QVERIFY(p.waitForFinished(10000));
            QVERIFY(p.exitCode() != 0);
            QVERIFY(p.readAllStandardError().contains("Unknown option"));
        }

        QFile binary(binPath(program));
        QVERIFY(binary.open(QIODevice::ReadOnly));
        const QByteArray bytes = binary.readAll();
        // QStringLiteral stores UTF-16, plain literals and symbols UTF-8: look for both.
        const auto contains = [&bytes](const QString &text) {
            const QByteArray utf16(reinterpret_cast<const char *>(text.utf16()), text.size() * 2);
            return bytes.contains(text.toUtf8()) || bytes.contains(utf16);
        };
        if (testOnly) { // the check below can fail: this is what it finds
            QVERIFY(contains(QStringLiteral("test_simple_text")));
            return;
        }
        for (const QString &name :
            {QStringLiteral("test_simple_text"), QStringLiteral("conformance-fixtures"),
                QStringLiteral("http-insecure-no-token"), QStringLiteral("ConformanceFixtures")})
            QVERIFY2(!contains(name), qPrintable(name));
    }

    void socketIsPrivateAndSecondInstanceRefuses()
    {
        HeadlessApp app;
        QVERIFY(app.start());
        struct stat st
        {
        };
        const QByteArray dir = QFile::encodeName(QFileInfo(app.socketPath()).absolutePath());
        QCOMPARE(::stat(dir.constData(), &st), 0);
        QCOMPARE(int(st.st_mode & 0777), 0700);
        QVERIFY(QFileInfo::exists(app.socketPath()));

        QProcess second;
        second.setProcessEnvironment(app.environment());
        second.start(binPath(QStringLiteral("hopx-desktop")),
            {QStringLiteral("--headless"), QStringLiteral("--socket"), app.socketPath()});
        QVERIFY(second.waitForFinished(10000));
        QCOMPARE(second.exitCode(), 3);
        QVERIFY(second.readAllStandardError().contains("already running"));
        // The first instance still serves (its socket was not stolen).
        auto s = app.connect();
        QVERIFY(s);
        McpClient c(s.get());
        QVERIFY(c.initialize());
    }

    void staleSocketIsReplaced()
    {
        HeadlessApp app;
        // A crashed server leaves its socket file behind: make one by killing a child server.
        QDir().mkpath(QFileInfo(app.socketPath()).absolutePath());
        QFile::setPermissions(QFileInfo(app.socketPath()).absolutePath(),
            QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        // The child of this multi-threaded process may only make async-signal-safe calls
        // (POSIX; a thread started there is fatal under TSan), which QLocalServer is not: a bare
        // bound socket, left behind as a killed server leaves it.
        const QByteArray path = QFile::encodeName(app.socketPath());
        QVERIFY(size_t(path.size()) < sizeof(sockaddr_un::sun_path));
        sockaddr_un address {};
        address.sun_family = AF_UNIX;
        std::memcpy(address.sun_path, path.constData(), size_t(path.size()));
        const pid_t pid = ::fork();
        if (pid == 0) {
            const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
            if (fd >= 0 && ::bind(fd, reinterpret_cast<sockaddr *>(&address), sizeof address) == 0)
                ::listen(fd, 1);
            ::kill(::getpid(), SIGKILL);
        }
        int status = 0;
        ::waitpid(pid, &status, 0);
        QVERIFY(QFileInfo::exists(app.socketPath()));
        QVERIFY(!QLocalSocket().isOpen());
        QVERIFY(app.start());
        auto s = app.connect();
        QVERIFY(s);
        McpClient c(s.get());
        QVERIFY(c.initialize());
    }

    void severalClientsAtOnce()
    {
        TestServerApp app({QStringLiteral("--conformance-fixtures")});
        QVERIFY(app.start());
        constexpr int kClients = 6;
        std::vector<std::unique_ptr<QLocalSocket>> sockets;
        std::vector<std::unique_ptr<McpClient>> clients;
        for (int i = 0; i < kClients; ++i) {
            sockets.push_back(app.connect());
            QVERIFY(sockets.back());
            clients.push_back(std::make_unique<McpClient>(sockets.back().get()));
            QVERIFY(clients.back()->initialize(
                QStringLiteral("2025-11-25"), QStringLiteral("client-%1").arg(i)));
        }
        // A slow call on every client, then pings that must not wait for it.
        std::vector<qint64> slow(kClients);
        for (int i = 0; i < kClients; ++i)
            slow[i] = clients[i]->request(QStringLiteral("tools/call"),
                QJsonObject {{QStringLiteral("name"), QStringLiteral("test_tool_with_progress")},
                    {QStringLiteral("arguments"),
                        QJsonObject {
                            {QStringLiteral("steps"), 3}, {QStringLiteral("delay_ms"), 300}}}});
        for (int i = 0; i < kClients; ++i) {
            const qint64 ping = clients[i]->request(QStringLiteral("ping"));
            const auto pong = clients[i]->response(ping, 500);
            QVERIFY2(pong, "ping answered while a call is in flight");
        }
        for (int i = 0; i < kClients; ++i) {
            const auto reply = clients[i]->response(slow[i], 10000);
            QVERIFY(reply);
            QCOMPARE(reply->value(QStringLiteral("result"))
                         .toObject()
                         .value(QStringLiteral("content"))
                         .toArray()
                         .at(0)
                         .toObject()
                         .value(QStringLiteral("text"))
                         .toString(),
                QStringLiteral("Progress complete"));
        }
        // health from each client
        for (auto &c : clients) {
            const QJsonObject r = c->callTool(QStringLiteral("health"));
            QCOMPARE(r.value(QStringLiteral("structuredContent"))
                         .toObject()
                         .value(QStringLiteral("server"))
                         .toString(),
                QStringLiteral("hopx-desktop"));
        }
    }

    void garbageDoesNotKillTheServer()
    {
        HeadlessApp app;
        QVERIFY(app.start());
        auto s = app.connect();
        McpClient c(s.get());
        c.sendRaw("this is not json\n");
        auto err =
            c.waitFor([](const QJsonObject &m) { return m.contains(QStringLiteral("error")); });
        QVERIFY(err);
        QCOMPARE(
            err->value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toInt(),
            -32700);
        c.sendRaw(QByteArray("\x00\xff\xfe garbage\n", 12));
        QVERIFY(
            c.waitFor([](const QJsonObject &m) { return m.contains(QStringLiteral("error")); }));
        // One message split across writes, and two in one write.
        c.sendRaw("{\"jsonrpc\":\"2.0\",\"id\":");
        QTest::qWait(50);
        c.sendRaw(
            "100,\"method\":\"ping\"}\n{\"jsonrpc\":\"2.0\",\"id\":101,\"method\":\"ping\"}\n");
        const auto r100 = c.response(100);
        if (!r100)
            for (const QByteArray &l : c.rawLines())
                qWarning() << l;
        QVERIFY(r100);
        QVERIFY(c.response(101));
        QVERIFY(c.initialize());
        // A client that disconnects mid-message leaves the server serving others.
        {
            auto rude = app.connect();
            rude->write("{\"jsonrpc\":\"2.0\",\"id\":1,\"meth");
            rude->flush();
            rude->abort();
        }
        QJsonObject r = c.callTool(QStringLiteral("health"));
        QVERIFY(r.contains(QStringLiteral("structuredContent")));
    }

    void oversizedMessageClosesOnlyThatClient()
    {
        HeadlessApp app;
        QVERIFY(app.start());
        auto big = app.connect();
        auto other = app.connect();
        McpClient bigClient(big.get());
        McpClient otherClient(other.get());
        QVERIFY(otherClient.initialize());
        // 17 MiB without a newline: over the 16 MiB limit.
        const QByteArray chunk(1024 * 1024, 'a');
        big->write("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"x\":\"");
        for (int i = 0; i < 17 && big->state() == QLocalSocket::ConnectedState; ++i) {
            big->write(chunk);
            big->waitForBytesWritten(5000);
        }
        const auto err = bigClient.waitFor(
            [](const QJsonObject &m) { return m.contains(QStringLiteral("error")); }, 15000);
        QVERIFY(err);
        QCOMPARE(
            err->value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toInt(),
            -32700);
        QTRY_VERIFY_WITH_TIMEOUT(
            big->state() != QLocalSocket::ConnectedState || !big->waitForReadyRead(100), 10000);
        QVERIFY(otherClient.response(otherClient.request(QStringLiteral("ping"))));
    }

    void sigtermRemovesSocket()
    {
        HeadlessApp app;
        QVERIFY(app.start());
        QVERIFY(QFileInfo::exists(app.socketPath()));
        ::kill(pid_t(app.process().processId()), SIGTERM);
        QVERIFY(exited(app.process(), 10000));
        QCOMPARE(app.process().exitStatus(), QProcess::NormalExit);
        QCOMPARE(app.process().exitCode(), 0);
        QVERIFY(!QFileInfo::exists(app.socketPath()));
    }
};

QTEST_GUILESS_MAIN(TestServer)
#include "tst_server.moc"

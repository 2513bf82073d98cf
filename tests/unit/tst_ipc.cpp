// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ipc/Handoff.h"
#include "ipc/Hello.h"
#include "ipc/JsonScan.h"
#include "ipc/LineBuffer.h"
#include "ipc/SocketPath.h"
#include "posix/FdMessage.h"

#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace Hopx::Ipc;

class TestIpc : public QObject
{
    Q_OBJECT

private slots:
    void lineBufferSplitsAndJoins()
    {
        LineBuffer buf(100);
        // one message split over several writes
        QVERIFY(buf.append("{\"a\":").isEmpty());
        QVERIFY(buf.append("1").isEmpty());
        QCOMPARE(buf.append("}\n"), QList<QByteArray> {"{\"a\":1}"});
        // two messages in one write, CRLF tolerated, a partial third kept
        QCOMPARE(buf.append("x\r\ny\n{\"b"), (QList<QByteArray> {"x", "y"}));
        QCOMPARE(buf.pendingBytes(), 3);
        QCOMPARE(buf.append("\"}\n"), QList<QByteArray> {"{\"b\"}"});
        QVERIFY(!buf.overflowed());
    }

    void lineBufferOverflow()
    {
        LineBuffer complete(10);
        complete.append("0123456789ABC\n");
        QVERIFY(complete.overflowed());
        LineBuffer partial(10);
        partial.append("0123456789ABC"); // no newline yet: still caught
        QVERIFY(partial.overflowed());
        LineBuffer exact(10);
        QCOMPARE(exact.append("0123456789\n").size(), 1);
        QVERIFY(!exact.overflowed());
        // Found by fuzzing: a CRLF line at the limit fits however the reads split it.
        LineBuffer crlf(10);
        QVERIFY(crlf.append("0123456789\r").isEmpty());
        QCOMPARE(crlf.append("\n"), QList<QByteArray> {"0123456789"});
        QVERIFY(!crlf.overflowed());
    }

    void socketPathOrder()
    {
        qputenv("HOPX_MCP_SOCKET", "/tmp/from-env.sock");
        QCOMPARE(SocketPath::serverName(QStringLiteral("/x/explicit.sock")),
            QStringLiteral("/x/explicit.sock"));
        QCOMPARE(SocketPath::serverName(), QStringLiteral("/tmp/from-env.sock"));
        qunsetenv("HOPX_MCP_SOCKET");
        QTemporaryDir runtime;
        qputenv("XDG_RUNTIME_DIR", runtime.path().toUtf8());
        QCOMPARE(
            SocketPath::serverName(), runtime.path() + QStringLiteral("/hopx-desktop/mcp.sock"));
        qunsetenv("XDG_RUNTIME_DIR");
        const QString fallback = SocketPath::serverName();
        QVERIFY(fallback.endsWith(QStringLiteral("/hopx-desktop/mcp.sock"))
            || fallback.contains(QStringLiteral("/tmp/hopx-desktop-")));
        QVERIFY(fallback.toLocal8Bit().size() <= SocketPath::kMaxPathBytes);
    }

    void prepareDirectoryIsPrivate()
    {
        QTemporaryDir base;
        const QString name = base.path() + QStringLiteral("/sub/mcp.sock");
        QCOMPARE(SocketPath::prepareDirectory(name), QString());
        struct stat st
        {
        };
        QCOMPARE(
            ::stat(QFile::encodeName(base.path() + QStringLiteral("/sub")).constData(), &st), 0);
        QCOMPARE(int(st.st_mode & 0777), 0700);
        // a pre-existing world-readable dir of ours is tightened
        ::chmod(QFile::encodeName(base.path() + QStringLiteral("/sub")).constData(), 0755);
        QCOMPARE(SocketPath::prepareDirectory(name), QString());
        ::stat(QFile::encodeName(base.path() + QStringLiteral("/sub")).constData(), &st);
        QCOMPARE(int(st.st_mode & 0777), 0700);
        const QString tooLong = base.path() + QLatin1Char('/') + QString(120, QLatin1Char('x'))
            + QStringLiteral("/mcp.sock");
        QVERIFY(SocketPath::prepareDirectory(tooLong).contains(QStringLiteral("too long")));
    }

    void helloRoundTrip()
    {
        Hello hello;
        hello.bridgePid = 1234;
        hello.env.insert(QStringLiteral("HOPX_API_KEY"), QStringLiteral("k-1"));
        hello.env.insert(QStringLiteral("HOPX_BASE_URL"), QStringLiteral("http://127.0.0.1:1"));
        const QByteArray line = hello.toLine();
        QVERIFY(!line.contains('\n'));
        const auto parsed = Hello::parse(line);
        QVERIFY(parsed);
        QCOMPARE(parsed->bridgePid, 1234);
        QCOMPARE(parsed->env, hello.env);
        QVERIFY(!parsed->handoff);
        hello.handoff = true;
        QVERIFY(Hello::parse(hello.toLine())->handoff);
        // MCP lines and hostile hellos
        QVERIFY(!Hello::parse(R"({"jsonrpc":"2.0","id":1,"method":"ping"})"));
        QVERIFY(!Hello::parse(R"({"hopx_hello":5})"));
        const auto filtered =
            Hello::parse(R"({"hopx_hello":{"env":{"LD_PRELOAD":"/x.so","HOPX_API_KEY":"k"}}})");
        QVERIFY(filtered);
        QCOMPARE(filtered->env.keys(), QStringList {QStringLiteral("HOPX_API_KEY")});
    }

    void handoffPassesStreamDescriptors()
    {
        int control[2];
        QCOMPARE(::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, control), 0);
        int in[2];
        int out[2];
        QCOMPARE(::pipe(in), 0);
        QCOMPARE(::pipe(out), 0);
        QVERIFY(Handoff::sendDescriptors(control[0], in[0], out[1]));
        int gotIn = -1;
        int gotOut = -1;
        QVERIFY(Handoff::receiveDescriptors(control[1], 1000, &gotIn, &gotOut));
        // The received pair is the same pipes, and close-on-exec (no sandbox inherits them).
        QVERIFY(::fcntl(gotIn, F_GETFD) & FD_CLOEXEC);
        QVERIFY(::fcntl(gotOut, F_GETFD) & FD_CLOEXEC);
        QCOMPARE(::write(in[1], "ab", 2), 2);
        char buf[4] = {};
        QCOMPARE(::read(gotIn, buf, sizeof buf), 2);
        QCOMPARE(QByteArray(buf, 2), QByteArray("ab"));
        QCOMPARE(::write(gotOut, "cd", 2), 2);
        QCOMPARE(::read(out[0], buf, sizeof buf), 2);
        QCOMPARE(QByteArray(buf, 2), QByteArray("cd"));
        for (int fd : {control[0], control[1], in[0], in[1], out[0], out[1], gotIn, gotOut})
            ::close(fd);
    }

    void handoffRefusesWhatIsNotAStream()
    {
        int control[2];
        QCOMPARE(::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, control), 0);
        QTemporaryDir dir;
        const int file = ::open(QFile::encodeName(dir.filePath(QStringLiteral("f"))).constData(),
            O_RDWR | O_CREAT, 0600);
        QVERIFY(file >= 0);
        QVERIFY(!Handoff::isStreamDescriptor(file));
        QVERIFY(Handoff::sendDescriptors(control[0], file, file));
        int gotIn = -1;
        int gotOut = -1;
        QVERIFY(!Handoff::receiveDescriptors(control[1], 1000, &gotIn, &gotOut));
        QCOMPARE(gotIn, -1);
        // Nothing sent: the receiver gives up after its timeout instead of blocking.
        QVERIFY(!Handoff::receiveDescriptors(control[1], 50, &gotIn, &gotOut));
        // Plain bytes without descriptors are refused too.
        QCOMPARE(::write(control[0], "H", 1), 1);
        QVERIFY(!Handoff::receiveDescriptors(control[1], 1000, &gotIn, &gotOut));
        for (int fd : {control[0], control[1], file})
            ::close(fd);
    }

    void fdMessageCollectsEveryDescriptorAndSaysWhatDidNotFit()
    {
        int pair[2];
        QCOMPARE(::socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, pair), 0);
        int fds[FdMessage::kMaxFds];
        for (int &fd : fds)
            fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
        QCOMPARE(FdMessage::send(pair[0], "hello", 5, fds, FdMessage::kMaxFds, 0), ssize_t(5));
        char buf[3] = {};
        // A buffer too small for the datagram: the caller learns it, and still gets every
        // descriptor to close (a refused message must not leak what came with it).
        FdMessage::Received r = FdMessage::receive(pair[1], buf, sizeof buf, MSG_DONTWAIT);
        QCOMPARE(r.bytes, ssize_t(3));
        QVERIFY(r.truncated);
        QCOMPARE(r.fdCount, FdMessage::kMaxFds);
        for (int i = 0; i < r.fdCount; ++i)
            QVERIFY(::fcntl(r.fds[i], F_GETFD) & FD_CLOEXEC);
        const int kept = r.fds[0];
        r.closeFds();
        QCOMPARE(r.fdCount, 0);
        QCOMPARE(::fcntl(kept, F_GETFD), -1); // closed
        QCOMPARE(FdMessage::send(pair[0], "x", 1, fds, FdMessage::kMaxFds + 1, 0), ssize_t(-1));
        QCOMPARE(errno, EINVAL);
        // Nothing waiting: -1 with EAGAIN, not a blocked caller.
        r = FdMessage::receive(pair[1], buf, sizeof buf, MSG_DONTWAIT);
        QCOMPARE(r.bytes, ssize_t(-1));
        QCOMPARE(errno, EAGAIN);
        for (int fd : fds)
            ::close(fd);
        ::close(pair[0]);
        ::close(pair[1]);
    }

    void handoffControlLinesCarryTheId()
    {
        const MessageInfo pending = scanMessage(Handoff::pendingLine("\"a\\\"b\""));
        QVERIFY(pending.hasId && !pending.hasMethod);
        QCOMPARE(QByteArray::fromStdString(pending.idJson), QByteArray("\"a\\\"b\""));
        QCOMPARE(scanMessage(Handoff::doneLine("7")).idKey, std::string("n:7"));
        QCOMPARE(QByteArray::fromStdString(Handoff::byeLine(1)), QByteArray("{\"hopx_bye\":1}"));
    }
};

QTEST_GUILESS_MAIN(TestIpc)
#include "tst_ipc.moc"

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ipc/Hello.h"
#include "ipc/LineBuffer.h"
#include "ipc/SocketPath.h"

#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

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
        QCOMPARE(buf.append("}\n"), QList<QByteArray>{"{\"a\":1}"});
        // two messages in one write, CRLF tolerated, a partial third kept
        QCOMPARE(buf.append("x\r\ny\n{\"b"), (QList<QByteArray>{"x", "y"}));
        QCOMPARE(buf.pendingBytes(), 3);
        QCOMPARE(buf.append("\"}\n"), QList<QByteArray>{"{\"b\"}"});
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
    }

    void socketPathOrder()
    {
        qputenv("HOPX_MCP_SOCKET", "/tmp/from-env.sock");
        QCOMPARE(SocketPath::serverName(QStringLiteral("/x/explicit.sock")), QStringLiteral("/x/explicit.sock"));
        QCOMPARE(SocketPath::serverName(), QStringLiteral("/tmp/from-env.sock"));
        qunsetenv("HOPX_MCP_SOCKET");
        QTemporaryDir runtime;
        qputenv("XDG_RUNTIME_DIR", runtime.path().toUtf8());
        QCOMPARE(SocketPath::serverName(), runtime.path() + QStringLiteral("/hopx-desktop/mcp.sock"));
        qunsetenv("XDG_RUNTIME_DIR");
        const QString fallback = SocketPath::serverName();
        QVERIFY(fallback.endsWith(QStringLiteral("/hopx-desktop/mcp.sock")) || fallback.contains(QStringLiteral("/tmp/hopx-desktop-")));
        QVERIFY(fallback.toLocal8Bit().size() <= SocketPath::kMaxPathBytes);
    }

    void prepareDirectoryIsPrivate()
    {
        QTemporaryDir base;
        const QString name = base.path() + QStringLiteral("/sub/mcp.sock");
        QCOMPARE(SocketPath::prepareDirectory(name), QString());
        struct stat st {};
        QCOMPARE(::stat(QFile::encodeName(base.path() + QStringLiteral("/sub")).constData(), &st), 0);
        QCOMPARE(int(st.st_mode & 0777), 0700);
        // a pre-existing world-readable dir of ours is tightened
        ::chmod(QFile::encodeName(base.path() + QStringLiteral("/sub")).constData(), 0755);
        QCOMPARE(SocketPath::prepareDirectory(name), QString());
        ::stat(QFile::encodeName(base.path() + QStringLiteral("/sub")).constData(), &st);
        QCOMPARE(int(st.st_mode & 0777), 0700);
        const QString tooLong = base.path() + QLatin1Char('/') + QString(120, QLatin1Char('x')) + QStringLiteral("/mcp.sock");
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
        // MCP lines and hostile hellos
        QVERIFY(!Hello::parse(R"({"jsonrpc":"2.0","id":1,"method":"ping"})"));
        QVERIFY(!Hello::parse(R"({"hopx_hello":5})"));
        const auto filtered = Hello::parse(R"({"hopx_hello":{"env":{"LD_PRELOAD":"/x.so","HOPX_API_KEY":"k"}}})");
        QVERIFY(filtered);
        QCOMPARE(filtered->env.keys(), QStringList{QStringLiteral("HOPX_API_KEY")});
    }
};

QTEST_GUILESS_MAIN(TestIpc)
#include "tst_ipc.moc"

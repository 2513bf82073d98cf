// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// KernelFrame::parse: the lines the sandbox's Python kernel writes (attacker-written: code in
// the sandbox controls that process). tests/fuzz/fuzz_kernelframe explores the rest.
#include "providers/local/agentlink/KernelFrame.h"

#include <QJsonArray>
#include <QTest>

using Hopx::Local::KernelFrame;

class TestKernelFrame : public QObject
{
    Q_OBJECT

private slots:
    void frames()
    {
        QCOMPARE(KernelFrame::parse(R"({"type":"ready"})").type, KernelFrame::Type::Ready);

        const KernelFrame stream =
            KernelFrame::parse(R"({"type":"stream","id":3,"name":"stderr","text":"é\n"})");
        QCOMPARE(stream.type, KernelFrame::Type::Stream);
        QCOMPARE(stream.id, 3);
        QVERIFY(stream.stderrStream);
        QCOMPARE(stream.text, QByteArray("\xc3\xa9\n"));

        const KernelFrame result = KernelFrame::parse(
            R"({"type":"result","id":4,"exit_code":1,"result":[1],"error":{"ename":"E"},)"
            R"("rich_outputs":[{"type":"image/png","data":"iVBORw=="},)"
            R"({"type":"image/svg+xml","data":"<svg/>"},{"type":"","data":"x"},)"
            R"({"type":"text/html","data":""},7]})");
        QCOMPARE(result.type, KernelFrame::Type::Result);
        QCOMPARE(result.exitCode, 1);
        QCOMPARE(result.result, QJsonValue(QJsonArray {1}));
        QCOMPARE(result.error.value(QStringLiteral("ename")).toString(), QStringLiteral("E"));
        // Images are base64-decoded, SVG stays text; entries without a type or data are dropped.
        QCOMPARE(result.richOutputs.size(), 2);
        QCOMPARE(result.richOutputs.at(0).data, QByteArray("\x89PNG"));
        QCOMPARE(result.richOutputs.at(1).data, QByteArray("<svg/>"));

        const KernelFrame error = KernelFrame::parse(R"({"type":"error","id":5,"message":"m"})");
        QCOMPARE(error.type, KernelFrame::Type::Error);
        QCOMPARE(error.message, QStringLiteral("m"));
    }

    void checkpointPids_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<int>("type");
        QTest::addColumn<qint64>("pid");
        const int checkpoint = int(KernelFrame::Type::Checkpoint);
        const int restored = int(KernelFrame::Type::Restored);
        QTest::newRow("checkpoint")
            << QByteArray(R"({"type":"checkpoint","id":2,"pid":41})") << checkpoint << qint64(41);
        QTest::newRow("restored") << QByteArray(R"({"type":"restored","checkpoint_pid":77})")
                                  << restored << qint64(77);
        // A pid the kernel could not have (the sandbox's init, the agent, past pid_max, a
        // string): 0, so nothing is ever signalled by it.
        QTest::newRow("init") << QByteArray(R"({"type":"checkpoint","pid":1})") << checkpoint
                              << qint64(0);
        QTest::newRow("agent") << QByteArray(R"({"type":"restored","checkpoint_pid":2})")
                               << restored << qint64(0);
        QTest::newRow("negative") << QByteArray(R"({"type":"checkpoint","pid":-1})") << checkpoint
                                  << qint64(0);
        QTest::newRow("past pid_max")
            << QByteArray(R"({"type":"checkpoint","pid":4194305})") << checkpoint << qint64(0);
        QTest::newRow("string") << QByteArray(R"({"type":"checkpoint","pid":"41"})") << checkpoint
                                << qint64(0);
        QTest::newRow("wrong key")
            << QByteArray(R"({"type":"restored","pid":41})") << restored << qint64(0);
    }

    void checkpointPids()
    {
        QFETCH(QByteArray, line);
        QFETCH(int, type);
        QFETCH(qint64, pid);
        const KernelFrame frame = KernelFrame::parse(line);
        QCOMPARE(int(frame.type), type);
        QCOMPARE(frame.pid, pid);
    }

    void stateFrames_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<QStringList>("carried");
        QTest::addColumn<QStringList>("notCarried");
        QTest::addColumn<QString>("message");
        QTest::newRow("saved") << QByteArray(
            R"({"type":"state","id":4,"carried":["x","df"],"not_carried":{"fh":"an open file"},"bytes":9})")
                               << QStringList {"x", "df"} << QStringList {"fh"} << QString();
        QTest::newRow("failed") << QByteArray(
            R"({"type":"state","id":4,"carried":[],"not_carried":{},"error":"ImportError: dill"})")
                                << QStringList() << QStringList()
                                << QStringLiteral("ImportError: dill");
        // Written by sandboxed code: what is not a name is dropped, not trusted.
        QTest::newRow("hostile") << QByteArray(
            R"({"type":"state","id":4,"carried":[1,"",null,"ok"],"not_carried":[],"bytes":-5})")
                                 << QStringList {"ok"} << QStringList() << QString();
    }
    void stateFrames()
    {
        QFETCH(QByteArray, line);
        QFETCH(QStringList, carried);
        QFETCH(QStringList, notCarried);
        QFETCH(QString, message);
        const KernelFrame f = KernelFrame::parse(line);
        QCOMPARE(f.type, KernelFrame::Type::State);
        QCOMPARE(f.id, qint64(4));
        QCOMPARE(f.carried, carried);
        QCOMPARE(f.notCarried.keys(), notCarried);
        QCOMPARE(f.message, message);
        QVERIFY(f.stateBytes >= 0);
    }

    void noise_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::newRow("empty") << QByteArray();
        QTest::newRow("not json") << QByteArray("Traceback (most recent call last):");
        QTest::newRow("array") << QByteArray(R"([{"type":"ready"}])");
        QTest::newRow("unknown type") << QByteArray(R"({"type":"exec","id":1})");
        QTest::newRow("type not a string") << QByteArray(R"({"type":1,"id":1})");
    }
    void noise()
    {
        QFETCH(QByteArray, line);
        const KernelFrame f = KernelFrame::parse(line);
        QCOMPARE(f.type, KernelFrame::Type::Unknown);
        QVERIFY(f.richOutputs.isEmpty() && f.text.isEmpty());
    }

    void idMustBeAnInteger()
    {
        QCOMPARE(KernelFrame::parse(R"({"type":"stream","id":"3"})").id, -1);
        QCOMPARE(KernelFrame::parse(R"({"type":"stream","id":3.5})").id, -1);
        QCOMPARE(KernelFrame::parse(R"({"type":"stream"})").id, -1);
    }
};

QTEST_APPLESS_MAIN(TestKernelFrame)
#include "tst_kernelframe.moc"

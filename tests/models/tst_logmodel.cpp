// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "gui/FakeSandboxProvider.h"

#include "core/manager/SandboxManager.h"
#include "core/models/LogFeed.h"
#include "core/models/LogFilterModel.h"
#include "core/models/LogModel.h"

#include <QAbstractItemModelTester>
#include <QElapsedTimer>
#include <QSet>
#include <QSignalSpy>
#include <QTest>

#include <memory>

using namespace Hopx::Core;
using Record = Hopx::Mcp::RequestRecord;

class TestLogModel : public QObject
{
    Q_OBJECT

    std::unique_ptr<LogModel> m_model;
    std::unique_ptr<LogFilterModel> m_filter;
    std::unique_ptr<QAbstractItemModelTester> m_tester;
    std::unique_ptr<QAbstractItemModelTester> m_filterTester;
    std::unique_ptr<QSignalSpy> m_resets;

    static LogEntry entry(const QString &message, LogEntry::Level level = LogEntry::Level::Info,
        const QString &sandbox = {}, const QString &client = {})
    {
        LogEntry e;
        e.message = message;
        e.level = level;
        e.sandboxId = sandbox;
        e.client = client;
        e.kind = client.isEmpty() ? LogEntry::Kind::Output : LogEntry::Kind::ToolCall;
        return e;
    }
    QString message(int row) const { return m_model->entry(row).message; }
    //! An execution row with one figure of `bytes` bytes.
    static LogEntry withFigure(const QString &message, qint64 bytes = 1000)
    {
        LogEntry e = entry(message);
        e.kind = LogEntry::Kind::Execution;
        e.figures.append({0, QStringLiteral("image/png"), 0, QByteArray(bytes, 'p')});
        return e;
    }
    int keptFigures(int row) const
    {
        return m_model->index(row, LogModel::Message).data(LogModel::FigureCountRole).toInt();
    }

private slots:
    void init()
    {
        m_model = std::make_unique<LogModel>();
        m_filter = std::make_unique<LogFilterModel>();
        m_filter->setSourceModel(m_model.get());
        m_tester = std::make_unique<QAbstractItemModelTester>(
            m_model.get(), QAbstractItemModelTester::FailureReportingMode::Fatal);
        m_filterTester = std::make_unique<QAbstractItemModelTester>(
            m_filter.get(), QAbstractItemModelTester::FailureReportingMode::Fatal);
        m_resets =
            std::make_unique<QSignalSpy>(m_model.get(), &QAbstractItemModel::modelAboutToBeReset);
    }
    void cleanup()
    {
        QCOMPARE(m_resets->count(), 0);
        m_resets.reset();
        m_filterTester.reset();
        m_tester.reset();
        m_filter.reset();
        m_model.reset();
    }

    void appendsAreBatchedEvery50ms()
    {
        QSignalSpy inserted(m_model.get(), &QAbstractItemModel::rowsInserted);
        QElapsedTimer timer;
        timer.start();
        for (int i = 0; i < 10; ++i)
            m_model->append(entry(QStringLiteral("line %1").arg(i)));
        QCOMPARE(m_model->rowCount(), 0); // nothing until the batch is flushed
        QCOMPARE(m_model->pendingCount(), 10);
        QTRY_COMPARE(m_model->rowCount(), 10);
        QVERIFY(timer.elapsed() >= LogModel::kFlushIntervalMs - 5);
        QCOMPARE(inserted.count(), 1); // one beginInsertRows for the whole batch
        QCOMPARE(message(0), QStringLiteral("line 0"));
        QCOMPARE(message(9), QStringLiteral("line 9"));
    }

    void ringTrimsOldestWithRemoveRows()
    {
        m_model->setMaxRows(5);
        for (int i = 0; i < 4; ++i)
            m_model->append(entry(QString::number(i)));
        m_model->flush();
        QSignalSpy removed(m_model.get(), &QAbstractItemModel::rowsRemoved);
        for (int i = 4; i < 8; ++i)
            m_model->append(entry(QString::number(i)));
        m_model->flush();
        QCOMPARE(removed.count(), 1);
        QCOMPARE(removed.at(0).at(1).toInt(), 0);
        QCOMPARE(removed.at(0).at(2).toInt(), 2);
        QCOMPARE(m_model->rowCount(), 5);
        for (int row = 0; row < 5; ++row)
            QCOMPARE(message(row), QString::number(row + 3));
        QCOMPARE(m_model->droppedCount(), 3);
    }

    void ringWrapsManyTimes()
    {
        m_model->setMaxRows(7);
        int next = 0;
        for (int batch = 1; batch <= 12; ++batch) {
            for (int i = 0; i < batch % 5 + 1; ++i)
                m_model->append(entry(QString::number(next++)));
            m_model->flush();
            const int rows = m_model->rowCount();
            QVERIFY(rows <= 7);
            for (int row = 0; row < rows; ++row)
                QCOMPARE(message(row), QString::number(next - rows + row));
        }
        // A burst bigger than the ring keeps the newest lines only.
        for (int i = 0; i < 20; ++i)
            m_model->append(entry(QString::number(next++)));
        m_model->flush();
        QCOMPARE(m_model->rowCount(), 7);
        QCOMPARE(message(6), QString::number(next - 1));
        QCOMPARE(message(0), QString::number(next - 7));
    }

    void resizeKeepsNewestInOrder()
    {
        m_model->setMaxRows(4);
        for (int i = 0; i < 6; ++i)
            m_model->append(entry(QString::number(i)));
        m_model->flush(); // ring holds 2..5 and has wrapped
        m_model->setMaxRows(3);
        QCOMPARE(m_model->rowCount(), 3);
        QCOMPARE(message(0), QStringLiteral("3"));
        m_model->setMaxRows(10);
        m_model->append(entry(QStringLiteral("6")));
        m_model->flush();
        QCOMPARE(m_model->rowCount(), 4);
        QCOMPARE(message(3), QStringLiteral("6"));
        m_model->clear();
        QCOMPARE(m_model->rowCount(), 0);
    }

    void memoryIsBounded()
    {
        m_model->setMaxRows(100);
        const QString big(100000, QLatin1Char('x'));
        for (int i = 0; i < 1000; ++i)
            m_model->append(entry(big + QLatin1Char('\n') + big));
        m_model->flush();
        QCOMPARE(m_model->rowCount(), 100);
        QVERIFY(m_model->entry(0).message.size() <= LogModel::kMaxMessage + 2);
        QVERIFY(m_model->entry(0).detail.size() <= LogModel::kMaxDetail + 1);
    }

    void figuresOfTheNewestRunsAreKept()
    {
        QSignalSpy changed(m_model.get(), &QAbstractItemModel::dataChanged);
        const int runs = LogModel::kMaxFigureRuns + 5;
        for (int i = 0; i < runs; ++i) {
            m_model->append(withFigure(QStringLiteral("run %1").arg(i)));
            m_model->append(entry(QStringLiteral("output %1").arg(i)));
        }
        m_model->flush();
        QCOMPARE(m_model->rowCount(), 2 * runs);
        QCOMPARE(m_model->figureRows(), LogModel::kMaxFigureRuns);
        QCOMPARE(m_model->figureBytes(), qint64(LogModel::kMaxFigureRuns) * 1000);
        QSet<quint64> ids;
        for (int i = 0; i < runs; ++i) {
            const LogEntry &e = m_model->entry(2 * i);
            QCOMPARE(e.figures.size(), 1);
            ids.insert(e.figures.first().id);
            // The oldest lose their images but still say what they had.
            QCOMPARE(keptFigures(2 * i), i < 5 ? 0 : 1);
            QCOMPARE(e.figures.first().data.isEmpty(), i < 5);
            QCOMPARE(e.figures.first().bytes, qint64(1000));
        }
        QCOMPARE(ids.size(), runs);
        QVERIFY(!ids.contains(0));
        QCOMPARE(changed.count(), 5); // each row that lost its images
    }

    void figureBytesAreBoundedAcrossTheLog()
    {
        const qint64 five = 5 * 1024 * 1024;
        for (int i = 0; i < 10; ++i) {
            m_model->append(withFigure(QStringLiteral("run %1").arg(i), five));
            QVERIFY(m_model->figureBytes() <= LogModel::kMaxFigureBytes);
        }
        m_model->flush();
        const int kept = int(LogModel::kMaxFigureBytes / five);
        QCOMPARE(m_model->figureRows(), kept);
        QCOMPARE(m_model->figureBytes(), kept * five);
        for (int row = 0; row < 10; ++row)
            QCOMPARE(keptFigures(row), row < 10 - kept ? 0 : 1);
    }

    void figuresGoWithTheirRows()
    {
        m_model->setMaxRows(10);
        for (int i = 0; i < 15; ++i)
            m_model->append(withFigure(QStringLiteral("run %1").arg(i)));
        m_model->flush();
        QCOMPARE(m_model->figureRows(), 10);
        QCOMPARE(m_model->figureBytes(), qint64(10 * 1000));
        m_model->setMaxRows(4);
        QCOMPARE(m_model->figureRows(), 4);
        QCOMPARE(m_model->figureBytes(), qint64(4 * 1000));
        QCOMPARE(message(0), QStringLiteral("run 11"));
        QCOMPARE(keptFigures(0), 1);
        m_model->append(withFigure(QStringLiteral("queued")));
        QCOMPARE(m_model->figureBytes(), qint64(5 * 1000));
        m_model->clear();
        QCOMPARE(m_model->figureRows(), 0);
        QCOMPARE(m_model->figureBytes(), qint64(0));
    }

    void multiLineMessageKeepsDetail()
    {
        m_model->append(entry(QStringLiteral("import os\nprint(os.getcwd())")));
        m_model->flush();
        QCOMPARE(
            m_model->index(0, LogModel::Message).data().toString(), QStringLiteral("import os …"));
        QCOMPARE(m_model->index(0, LogModel::Message).data(LogModel::DetailRole).toString(),
            QStringLiteral("import os\nprint(os.getcwd())"));
        QVERIFY(m_model->toText(0).contains(QStringLiteral("print(os.getcwd())")));
    }

    void filterByLevelSandboxClientAndSearch()
    {
        m_model->append(entry(QStringLiteral("debug noise"), LogEntry::Level::Debug));
        m_model->append(entry(
            QStringLiteral("hello from a"), LogEntry::Level::Info, QStringLiteral("local-a")));
        m_model->append(
            entry(QStringLiteral("oops in b"), LogEntry::Level::Error, QStringLiteral("local-b")));
        m_model->append(entry(QStringLiteral("execute_code ok"), LogEntry::Level::Info, {},
            QStringLiteral("Cursor")));
        m_model->flush();
        QCOMPARE(m_filter->rowCount(), 3); // Info and above by default
        m_filter->setMinimumLevel(LogEntry::Level::Debug);
        QCOMPARE(m_filter->rowCount(), 4);
        m_filter->setMinimumLevel(LogEntry::Level::Error);
        QCOMPARE(m_filter->rowCount(), 1);
        m_filter->setMinimumLevel(LogEntry::Level::Info);
        m_filter->setSandbox(QStringLiteral("local-a"));
        QCOMPARE(m_filter->rowCount(), 1);
        m_filter->setSandbox({});
        m_filter->setClient(QStringLiteral("Cursor"));
        QCOMPARE(m_filter->rowCount(), 1);
        m_filter->setClient({});
        m_filter->setSearchText(QStringLiteral("OOPS"));
        QCOMPARE(m_filter->rowCount(), 1);
        QCOMPARE(m_filter->index(0, LogModel::Source).data().toString(), QStringLiteral("local-b"));
        // New rows pass through the active filter as they arrive.
        m_model->append(entry(
            QStringLiteral("oops again"), LogEntry::Level::Warning, QStringLiteral("local-c")));
        m_model->append(
            entry(QStringLiteral("fine"), LogEntry::Level::Warning, QStringLiteral("local-c")));
        m_model->flush();
        QCOMPARE(m_filter->rowCount(), 2);
    }

    void feedShowsCodeAndOutcomeOfEachExecution()
    {
        LogFeed feed(m_model.get());
        ExecutionRecord run;
        run.sandboxId = QStringLiteral("local-x");
        run.language = QStringLiteral("python");
        run.code = QStringLiteral("import math\nprint(math.pi)");
        feed.execution(run);
        run.finished = true;
        run.exitCode = 3;
        run.seconds = 0.25;
        run.stdoutTail = "3.14159\n";
        run.stdoutBytes = 8;
        run.stderrTail = "boom\n";
        run.stderrBytes = 5000; // more than the tail: the detail says so
        feed.execution(run);
        ExecutionRecord failed = run;
        failed.failure = QStringLiteral("The sandbox is gone");
        feed.execution(failed);
        // Its kind says enough: the row says it shortly, the detail keeps what the model read.
        ExecutionRecord died = failed;
        died.failure = QStringLiteral("The sandbox's agent died (exit code 137); its state is "
                                      "lost. Create a new sandbox.");
        died.failureCode = Error::Code::SandboxDead;
        feed.execution(died);
        m_model->flush();

        QCOMPARE(m_model->rowCount(), 4);
        QCOMPARE(message(0), QStringLiteral("python started: import math"));
        QCOMPARE(message(1),
            QStringLiteral(
                "python exited with code 3 after 250 ms, 4.9 KiB of output: import math"));
        QCOMPARE(m_model->entry(1).level, LogEntry::Level::Warning);
        QCOMPARE(m_model->entry(1).kind, LogEntry::Kind::Execution);
        const QString detail =
            m_model->index(1, LogModel::Message).data(LogModel::DetailRole).toString();
        QVERIFY2(detail.contains(run.code), qPrintable(detail));
        QVERIFY2(detail.contains(QStringLiteral("3.14159")), qPrintable(detail));
        QVERIFY2(detail.contains(QStringLiteral("boom")), qPrintable(detail));
        QVERIFY2(detail.contains(QStringLiteral("only the last")), qPrintable(detail));
        QVERIFY(m_model->index(0, LogModel::Message)
                    .data(LogModel::DetailRole)
                    .toString()
                    .contains(QStringLiteral("print(math.pi)")));
        QCOMPARE(message(2), QStringLiteral("python could not run: The sandbox is gone"));
        QCOMPARE(m_model->entry(2).level, LogEntry::Level::Error);
        QCOMPARE(
            message(3), QStringLiteral("python could not run: the sandbox is no longer running"));
        const QString diedDetail =
            m_model->index(3, LogModel::Message).data(LogModel::DetailRole).toString();
        QVERIFY2(diedDetail.contains(died.failure), qPrintable(diedDetail));
    }

    void feedDescribesCallsSandboxesAndOutput()
    {
        SandboxManager manager(nullptr); // names the providers, as the app's does
        FakeSandboxProvider local(QStringLiteral("local"));
        manager.addProvider(&local);
        LogFeed feed(m_model.get());
        feed.attachManager(&manager);
        feed.clientIdentified(7, QStringLiteral("Claude Code"), QStringLiteral("2.0.1"),
            QStringLiteral("2025-06-18"));
        Record ok {QStringLiteral("tools/call"), QStringLiteral("execute_code"), 1234567,
            Record::Outcome::Ok, {}};
        Record failed {QStringLiteral("tools/call"), QStringLiteral("file_read"), 2500,
            Record::Outcome::ToolError, QStringLiteral("File not found")};
        Record list {QStringLiteral("tools/list"), {}, 300, Record::Outcome::Ok, {}};
        SandboxInfo s;
        s.id = QStringLiteral("local-x");
        s.provider = QStringLiteral("local");
        s.status = SandboxStatus::Running;
        s.templateName = QStringLiteral("python");
        feed.sandboxAdded(s);
        feed.activity(
            QStringLiteral("local-x"), QStringLiteral("execute_code: print(1)\nprint(2)"));
        feed.output(QStringLiteral("local-x"), QStringLiteral("stdout"), "1\n2");
        feed.output(QStringLiteral("local-x"), QStringLiteral("stderr"), "warn\n");
        feed.requestFinished(7, ok); // flushes the unterminated "2"
        feed.requestFinished(7, failed);
        feed.requestFinished(7, list);
        s.status = SandboxStatus::Paused;
        feed.sandboxChanged(s);
        feed.sandboxChanged(s); // same status: nothing new
        feed.sandboxRemoved(QStringLiteral("local-x"), QStringLiteral("timeout"));
        feed.clientDisconnected(7);
        feed.clientDisconnected(99); // never identified (a probe): nothing
        m_model->flush();

        QStringList rows;
        for (int i = 0; i < m_model->rowCount(); ++i)
            rows << m_model->index(i, LogModel::Source).data().toString() + QStringLiteral(" | ")
                    + m_model->index(i, LogModel::Message).data().toString();
        const QStringList expected {
            QStringLiteral("Claude Code | Connected: version 2.0.1, MCP 2025-06-18"),
            QStringLiteral("local-x | Sandbox created: Local, template python, running"),
            QStringLiteral("local-x | execute_code: print(1) …"),
            QStringLiteral("local-x | [stdout] 1"),
            QStringLiteral("local-x | [stderr] warn"),
            QStringLiteral("local-x | [stdout] 2"),
            QStringLiteral("Claude Code | execute_code succeeded in 1.23 s"),
            QStringLiteral("Claude Code | file_read failed after 2.5 ms: File not found"),
            QStringLiteral("Claude Code | tools/list answered in 300 µs"),
            QStringLiteral("local-x | Status: running → paused"),
            QStringLiteral("local-x | Sandbox deleted: its timeout passed"),
            QStringLiteral("Claude Code | Disconnected"),
        };
        QCOMPARE(rows, expected);
        QCOMPARE(m_model->entry(7).level, LogEntry::Level::Error);
        QCOMPARE(m_model->entry(8).level, LogEntry::Level::Debug);
        QCOMPARE(m_model->entry(6).durationUs, qint64(1234567));
        QCOMPARE(m_model->entry(4).level, LogEntry::Level::Warning);
    }

    void feedFollowsTheManager()
    {
        SandboxManager manager(nullptr);
        FakeSandboxProvider cloud(QStringLiteral("hopx"));
        manager.addProvider(&cloud);
        LogFeed feed(m_model.get());
        feed.attachManager(&manager);
        SandboxInfo s;
        s.id = QStringLiteral("cloud-1");
        s.provider = QStringLiteral("hopx");
        s.status = SandboxStatus::Running;
        cloud.add(s);
        manager.noteActivity(s.id, QStringLiteral("run_command: ls"));
        emit manager.output(s.id, QStringLiteral("stdout"), "a.txt\n");
        cloud.remove(s.id);
        // What a provider reports after the sandbox is gone (a disk that stayed mounted).
        emit manager.problem(s.id, QStringLiteral("Its disk is still mounted"));
        QTRY_COMPARE(m_model->rowCount(), 5);
        QCOMPARE(m_model->entry(1).kind, LogEntry::Kind::Execution);
        QCOMPARE(m_model->entry(2).message, QStringLiteral("a.txt"));
        QCOMPARE(m_model->entry(4).level, LogEntry::Level::Error);
        QCOMPARE(m_model->entry(4).kind, LogEntry::Kind::Sandbox);
        QCOMPARE(m_model->entry(4).sandboxId, s.id);
        QCOMPARE(m_model->entry(4).message, QStringLiteral("Its disk is still mounted"));
    }
};

QTEST_GUILESS_MAIN(TestLogModel)
#include "tst_logmodel.moc"

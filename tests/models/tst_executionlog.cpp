// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// The execution tools as the app registers them, over a fake provider, feeding the log the
// GUI shows: every run's rows carry the code, the exit code and the output.
#include "../gui/FakeSandboxProvider.h"

#include "core/manager/SandboxManager.h"
#include "core/models/LogFeed.h"
#include "core/models/LogModel.h"
#include "core/settings/Settings.h"
#include "core/tools/McpTools.h"
#include "tools/ToolCall.h"
#include "tools/ToolRegistry.h"

#include <QAbstractItemModelTester>
#include <QTemporaryDir>
#include <QTest>

#include <optional>

using namespace Hopx;

class TestExecutionLog : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<Core::Settings> m_settings;
    std::unique_ptr<Core::SandboxManager> m_manager;
    std::unique_ptr<FakeSandboxProvider> m_local;
    std::unique_ptr<Core::LogModel> m_model;
    std::unique_ptr<QAbstractItemModelTester> m_tester;
    std::unique_ptr<Core::LogFeed> m_feed;
    std::unique_ptr<Mcp::ToolRegistry> m_tools;

    //! Calls a tool the way McpSession does and waits for its result.
    Mcp::ToolResult call(const QString &tool, const QJsonObject &arguments)
    {
        Mcp::ToolCall call(tool, arguments, QJsonValue::Undefined, {});
        std::optional<Mcp::ToolResult> result;
        connect(&call, &Mcp::ToolCall::finished, this,
            [&result](const Mcp::ToolResult &r) { result = r; });
        m_tools->find(tool)->handler(&call);
        if (!QTest::qWaitFor([&result] { return result.has_value(); }, 5000))
            return Mcp::ToolResult::text(QStringLiteral("no result"), true);
        return *result;
    }
    QStringList rows() const
    {
        QStringList out;
        for (int i = 0; i < m_model->rowCount(); ++i)
            out << m_model->entry(i).message;
        return out;
    }
    //! The detail of the first execution row whose message contains `text`.
    QString detailOf(const QString &text) const
    {
        for (int i = 0; i < m_model->rowCount(); ++i) {
            const Core::LogEntry &e = m_model->entry(i);
            if (e.kind == Core::LogEntry::Kind::Execution && e.message.contains(text))
                return m_model->index(i, Core::LogModel::Message)
                    .data(Core::LogModel::DetailRole)
                    .toString();
        }
        return {};
    }

private slots:
    void init()
    {
        m_settings = std::make_unique<Core::Settings>(
            m_dir.path() + QStringLiteral("/settings.ini"), nullptr);
        m_manager = std::make_unique<Core::SandboxManager>(m_settings.get());
        m_local = std::make_unique<FakeSandboxProvider>(QStringLiteral("local"));
        m_manager->addProvider(m_local.get());
        m_model = std::make_unique<Core::LogModel>();
        m_tester = std::make_unique<QAbstractItemModelTester>(
            m_model.get(), QAbstractItemModelTester::FailureReportingMode::Fatal);
        m_feed = std::make_unique<Core::LogFeed>(m_model.get());
        m_feed->attachManager(m_manager.get());
        m_tools = std::make_unique<Mcp::ToolRegistry>();
        Core::Tools::registerAll(
            *m_tools, Core::Tools::ToolDeps {m_manager.get(), m_settings.get(), nullptr});
    }
    void cleanup()
    {
        m_tools.reset();
        m_feed.reset();
        m_tester.reset();
        m_model.reset();
        m_manager.reset();
        m_local.reset();
        m_settings.reset();
    }

    void executeCodeRowsCarryCodeAndOutcome()
    {
        m_local->outputs = {QStringLiteral("42"), QStringLiteral("stderr:careful")};
        const QString code = QStringLiteral("answer = 6 * 7\nprint(answer)");
        const Mcp::ToolResult r = call(QStringLiteral("execute_code"),
            QJsonObject {{"code", code}, {"sandbox_id", "local-a"}, {"language", "python"}});
        QVERIFY(!r.isError());
        m_model->flush();
        const QStringList all = rows();
        QVERIFY2(all.contains(QStringLiteral("python started: answer = 6 * 7")),
            qPrintable(all.join('\n')));
        const QString done = detailOf(QStringLiteral("exited with code 0"));
        QVERIFY2(done.contains(code), qPrintable(all.join('\n')));
        QVERIFY2(done.contains(QStringLiteral("42")) && done.contains(QStringLiteral("careful")),
            qPrintable(done));
    }

    void runCommandRowCarriesTheCommand()
    {
        const Mcp::ToolResult r = call(QStringLiteral("run_command"),
            QJsonObject {{"command", "ls -la /workspace"}, {"sandbox_id", "local-a"}});
        QVERIFY(!r.isError());
        m_model->flush();
        QVERIFY2(rows().contains(QStringLiteral("Command started: ls -la /workspace")),
            qPrintable(rows().join('\n')));
        QVERIFY(detailOf(QStringLiteral("Command exited with code 0"))
                    .contains(QStringLiteral("ls -la /workspace")));
    }

    //! The finished execution row (the last execution row).
    const Core::LogEntry *finishedRow() const
    {
        for (int i = m_model->rowCount() - 1; i >= 0; --i)
            if (m_model->entry(i).kind == Core::LogEntry::Kind::Execution)
                return &m_model->entry(i);
        return nullptr;
    }
    static QByteArray png(int n) { return QByteArray("\x89PNG\r\n\x1a\n") + QByteArray(n, 'p'); }

    void theRowCarriesTheFiguresTheModelGot()
    {
        m_local->richOutputs = {{QStringLiteral("image/png"), png(100)},
            {QStringLiteral("text/html"), QByteArray("<b>table</b>")},
            {QStringLiteral("image/jpeg"), QByteArray("\xff\xd8\xff jpeg")}};
        const Mcp::ToolResult r = call(QStringLiteral("execute_code"),
            QJsonObject {{"code", "plt.plot([1, 2])"}, {"sandbox_id", "local-a"}});
        QVERIFY(!r.isError());
        m_model->flush();
        const Core::LogEntry *row = finishedRow();
        QVERIFY(row);
        // What the model got as image content, the row holds as figures: the same bytes.
        QList<QByteArray> sent;
        for (const QJsonValue &c : r.content())
            if (c[QStringLiteral("type")].toString() == QLatin1String("image"))
                sent << QByteArray::fromBase64(c[QStringLiteral("data")].toString().toLatin1());
        QCOMPARE(sent.size(), 2);
        QCOMPARE(row->figures.size(), 2);
        QCOMPARE(row->figures[0].mimeType, QStringLiteral("image/png"));
        QCOMPARE(row->figures[0].data, sent[0]);
        QCOMPARE(row->figures[1].mimeType, QStringLiteral("image/jpeg"));
        QCOMPARE(row->figures[1].data, sent[1]);
        QCOMPARE(row->figuresLeftOut, 0);
        QVERIFY2(
            row->message.contains(QStringLiteral("of output, 2 figure")), qPrintable(row->message));
        QVERIFY2(row->detail.contains(QStringLiteral("Figures:\n1. PNG image, 108 bytes\n2. JPEG")),
            qPrintable(row->detail));
    }

    void aRunKeepsBoundedFigures()
    {
        for (int i = 0; i < Core::ExecutionRecord::kMaxFigures + 3; ++i)
            m_local->richOutputs.append({QStringLiteral("image/png"), png(10)});
        call(QStringLiteral("execute_code"),
            QJsonObject {{"code", "for i in range(11): plot(i)"}, {"sandbox_id", "local-a"}});
        m_model->flush();
        QCOMPARE(finishedRow()->figures.size(), Core::ExecutionRecord::kMaxFigures);
        QCOMPARE(finishedRow()->figuresLeftOut, 3);
        QVERIFY2(finishedRow()->detail.contains(QStringLiteral("(3 more not kept")),
            qPrintable(finishedRow()->detail));

        // Bytes too: two figures of 5 MiB are more than a run keeps.
        const int five = 5 * 1024 * 1024;
        m_local->richOutputs = {
            {QStringLiteral("image/png"), png(five)}, {QStringLiteral("image/png"), png(five)}};
        call(QStringLiteral("execute_code"),
            QJsonObject {{"code", "two big ones"}, {"sandbox_id", "local-a"}});
        m_model->flush();
        QCOMPARE(finishedRow()->figures.size(), 1);
        QCOMPARE(finishedRow()->figuresLeftOut, 1);
        QVERIFY(five < Core::ExecutionRecord::kMaxFigureBytes);
        QVERIFY(2 * five > Core::ExecutionRecord::kMaxFigureBytes);
    }

    void hugeCodeIsBounded()
    {
        const QString code = QStringLiteral("x = 1\n") + QString(200 * 1024, QLatin1Char('#'));
        call(QStringLiteral("execute_code"),
            QJsonObject {{"code", code}, {"sandbox_id", "local-a"}, {"language", "python"}});
        m_model->flush();
        const QString detail = detailOf(QStringLiteral("exited"));
        QVERIFY(detail.startsWith(QStringLiteral("Code:\nx = 1")));
        QVERIFY2(detail.size() <= Core::ExecutionRecord::kMaxCode + 4 * 1024,
            qPrintable(QString::number(detail.size())));
        QVERIFY(detail.contains(QStringLiteral("(code cut here)")));
    }
};

QTEST_GUILESS_MAIN(TestExecutionLog)
#include "tst_executionlog.moc"

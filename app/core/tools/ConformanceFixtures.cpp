// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ConformanceFixtures.h"
#include "Schema.h"

#include "protocol/ToolCall.h"
#include "protocol/ToolRegistry.h"

#include <QPointer>
#include <QTimer>

namespace Hopx::Core::Tools {

using Mcp::ToolCall;
using Mcp::ToolResult;
using Mcp::ToolSpec;

namespace {
ToolSpec fixture(const QString &name, const QString &description)
{
    ToolSpec spec;
    spec.name = name;
    spec.description = description;
    spec.inputSchema = Schema::object({}, {}, false);
    spec.readOnly = true;
    spec.openWorld = false;
    return spec;
}
} // namespace

void registerConformanceFixtures(Mcp::ToolRegistry &registry)
{
    registry.add(fixture(QStringLiteral("test_simple_text"), QStringLiteral("Returns a simple text response.")),
                 [](ToolCall *call) {
                     call->finish(ToolResult::text(QStringLiteral("This is a simple text response for testing.")));
                 });
    registry.add(fixture(QStringLiteral("test_error_handling"), QStringLiteral("Always fails with an isError result.")),
                 [](ToolCall *call) {
                     call->finish(ToolResult::text(QStringLiteral("This tool intentionally returns an error for testing"), true));
                 });

    ToolSpec progress = fixture(QStringLiteral("test_tool_with_progress"),
                                QStringLiteral("Reports progress 0, 50, 100 of 100 with 50 ms between, then "
                                               "answers; `steps` and `delay_ms` stretch it for tests."));
    progress.inputSchema = Schema::object(
        {{QStringLiteral("steps"), Schema::integer(QStringLiteral("progress steps"), 1, 100000, 3)},
         {QStringLiteral("delay_ms"), Schema::integer(QStringLiteral("delay between steps"), 0, 600000, 50)}},
        {}, false);
    registry.add(progress, [](ToolCall *call) {
        const int steps = call->arguments().value(QStringLiteral("steps")).toInt(3);
        const int delay = call->arguments().value(QStringLiteral("delay_ms")).toInt(50);
        auto *timer = new QTimer(call);
        timer->setInterval(delay);
        auto step = std::make_shared<int>(0);
        QPointer<ToolCall> guard(call);
        auto tick = [guard, timer, step, steps]() {
            if (!guard)
                return;
            const double total = 100;
            const double value = steps == 1 ? total : total * *step / (steps - 1);
            guard->reportProgress(value, total, QStringLiteral("step %1 of %2").arg(*step + 1).arg(steps));
            if (++*step >= steps) {
                timer->stop();
                guard->finish(ToolResult::text(QStringLiteral("Progress complete")));
            }
        };
        QObject::connect(timer, &QTimer::timeout, call, tick);
        tick();
        if (!call->isFinished())
            timer->start();
    });
}

} // namespace Hopx::Core::Tools

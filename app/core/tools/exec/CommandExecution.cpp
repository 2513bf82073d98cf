// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/tools/exec/CommandExecution.h"

#include "core/tools/McpTools.h"
#include "core/tools/ToolArgs.h"
#include "core/tools/ToolSupport.h"
#include "core/tools/exec/CodeExecution.h"
#include "core/tools/exec/ExecArgs.h"
#include "core/tools/exec/ExecutionActivity.h"
#include "core/tools/exec/ExecutionResult.h"
#include "core/tools/exec/LiveOutput.h"

#include "core/manager/SandboxManager.h"
#include "core/manager/SandboxProvider.h"

namespace Hopx::Core::Tools {

using Mcp::ToolCall;
using Mcp::ToolResult;

namespace {

QJsonObject processListResult(const QJsonArray &all, int max)
{
    QJsonArray processes;
    for (const QJsonValue &p : all) {
        if (max > 0 && processes.size() >= max)
            break;
        processes.append(p);
    }
    const bool truncated = processes.size() < all.size();
    return QJsonObject {{QStringLiteral("processes"), processes},
        {QStringLiteral("count"), processes.size()}, {QStringLiteral("truncated"), truncated},
        {QStringLiteral("total_processes"), all.size()}};
}

} // namespace

void runCommand(ToolCall *call, const ToolDeps &deps, const ToolArgs &args)
{
    const QString id = args.string(QStringLiteral("sandbox_id"));
    CommandSpec spec;
    spec.command = args.string(QStringLiteral("command"));
    spec.timeoutSeconds = args.integer(QStringLiteral("timeout"));
    spec.workingDir = args.string(QStringLiteral("working_dir"));
    spec.env = args.env(QStringLiteral("env"));
    spec.maxOutputBytes = outputCapBytes(deps);
    if (spec.timeoutSeconds > ExecArgs::kMaxSyncTimeout) {
        finishWithInvalid(call,
            QStringLiteral(
                "timeout is at most %1 s; use run_command_background for longer commands.")
                .arg(ExecArgs::kMaxSyncTimeout),
            QJsonObject {{QStringLiteral("timeout"), spec.timeoutSeconds}});
        return;
    }
    SandboxProvider *provider = providerFor(call, deps.manager, id);
    if (!provider)
        return;
    spec.onOutput = (new LiveOutput(call))->sink();
    const ExecutionActivity activity = ExecutionActivity::start(deps.manager, id,
        QStringLiteral("command"), spec.command, false, !call->taskId().isEmpty());
    ExecutionResult::Context context;
    context.sandboxId = id;
    context.timeoutSeconds = spec.timeoutSeconds;
    context.command = true;
    const Callback<ExecResult> reply =
        guarded<ExecResult>(call, [context](ToolCall *call, Result<ExecResult> r) {
            if (!r) {
                finishWithError(call, r.error(),
                    QJsonObject {{QStringLiteral("stdout"), QString()},
                        {QStringLiteral("stderr"), r.error().message},
                        {QStringLiteral("exit_code"), 1}});
                return;
            }
            call->finish(ExecutionResult(r.value(), context).toolResult());
        });
    const Cancel cancel = onCapability<SandboxExec>(provider, id,
        Callback<ExecResult>([activity, reply](Result<ExecResult> r) {
            activity.finished(r);
            reply(std::move(r));
        }),
        [spec](SandboxExec *exec, Callback<ExecResult> done) {
            return exec->runCommand(spec, std::move(done));
        });
    QObject::connect(call, &ToolCall::cancelled, call, [cancel]() { cancel(); });
}

void runCommandBackground(ToolCall *call, const ToolDeps &deps, const ToolArgs &args)
{
    startBackground(call, deps, ExecArgs::readCommand(args), true);
}

void listProcesses(ToolCall *call, const ToolDeps &deps, const ToolArgs &args, bool executionsOnly)
{
    const QString id = args.string(QStringLiteral("sandbox_id"));
    const int max = args.integer(QStringLiteral("max_results"));
    SandboxProvider *provider = providerFor(call, deps.manager, id);
    if (!provider)
        return;
    auto done = onSuccess<QJsonArray>(call, QJsonObject {{QStringLiteral("sandbox_id"), id}},
        [max](ToolCall *call, const QJsonArray &list) {
            call->finish(ToolResult::structured(processListResult(list, max)));
        });
    onCapability<SandboxJobs>(
        provider, id, done, [executionsOnly](SandboxJobs *jobs, Callback<QJsonArray> done) {
            if (executionsOnly)
                jobs->listExecutions(std::move(done));
            else
                jobs->listProcesses(std::move(done));
        });
}

void killProcess(ToolCall *call, const ToolDeps &deps, const ToolArgs &args)
{
    const QString id = args.string(QStringLiteral("sandbox_id"));
    const QString processId = args.string(QStringLiteral("process_id"));
    SandboxProvider *provider = providerFor(call, deps.manager, id);
    if (!provider)
        return;
    onCapability<SandboxJobs>(provider, id,
        onSuccess<Unit>(call, QJsonObject {{QStringLiteral("process_id"), processId}},
            [processId](ToolCall *call, const Unit &) {
                call->finish(ToolResult::structured(
                    QJsonObject {{QStringLiteral("status"), QStringLiteral("killed")},
                        {QStringLiteral("process_id"), processId}}));
            }),
        [processId](SandboxJobs *jobs, Callback<Unit> done) {
            jobs->killProcess(processId, std::move(done));
        });
}

} // namespace Hopx::Core::Tools

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/tools/exec/CodeExecution.h"

#include "core/tools/McpTools.h"
#include "core/tools/ToolArgs.h"
#include "core/tools/ToolSupport.h"
#include "core/tools/exec/ExecArgs.h"
#include "core/tools/exec/ExecutionActivity.h"
#include "core/tools/exec/ExecutionResult.h"
#include "core/tools/exec/WebhookClient.h"

#include "core/manager/SandboxManager.h"
#include "core/manager/SandboxProvider.h"

#include <QUuid>

namespace Hopx::Core::Tools {

using Mcp::ToolCall;
using Mcp::ToolResult;

namespace {

void runIn(ToolCall *call, const ToolDeps &deps, SandboxProvider *provider, const ExecArgs &a,
    std::function<void()> after = {}, const QJsonObject &extra = {})
{
    const ExecutionActivity activity = ExecutionActivity::start(
        deps.manager, a.sandboxId, a.language, a.code, false, !call->taskId().isEmpty());
    Callback<ExecResult> done = [guard = QPointer<ToolCall>(call), activity, a, after, extra](
                                    Result<ExecResult> r) {
        activity.finished(r);
        if (guard && !guard->isCancelled() && !guard->isFinished()) {
            if (!r) {
                finishWithError(guard, r.error(),
                    QJsonObject {{QStringLiteral("mode"), a.mode},
                        {QStringLiteral("sandbox_id"), a.sandboxId},
                        {QStringLiteral("stdout"), QString()},
                        {QStringLiteral("stderr"), r.error().message},
                        {QStringLiteral("exit_code"), 1}});
            } else {
                ExecutionResult::Context context = a.resultContext();
                context.extra = extra;
                guard->finish(ExecutionResult(r.value(), context).toolResult());
            }
        }
        // After the answer: deleting an isolated run's sandbox is not the caller's wait.
        if (after)
            after();
    };
    const Cancel cancel = onCapability<SandboxExec>(provider, a.sandboxId, std::move(done),
        [spec = a.execSpec(deps, call)](SandboxExec *exec, Callback<ExecResult> done) {
            return exec->execute(spec, std::move(done));
        });
    QObject::connect(call, &ToolCall::cancelled, call, [cancel]() { cancel(); });
}

void executeIsolated(ToolCall *call, const ToolDeps &deps, ExecArgs a)
{
    // hopx-mcp runs in the given sandbox when one is passed, even in isolated mode.
    if (!a.sandboxId.isEmpty()) {
        if (SandboxProvider *p = providerFor(call, deps.manager, a.sandboxId))
            runIn(call, deps, p, a);
        return;
    }
    SandboxProvider *provider = providerForNew(call, deps.manager, a.provider);
    if (!provider)
        return;
    CreateSpec create;
    create.templateName = a.templateName;
    create.region = a.region;
    create.timeoutSeconds = std::max(a.timeout + 60, 600);
    create.warmPython = a.language == QLatin1String("python");
    SandboxManager *manager = deps.manager;
    provider->create(create,
        [guard = QPointer<ToolCall>(call), deps, a, provider, manager](
            Result<SandboxInfo> r) mutable {
            if (!r) {
                if (guard && !guard->isFinished())
                    finishWithError(guard, r.error(),
                        QJsonObject {{QStringLiteral("mode"), QStringLiteral("isolated")}});
                return;
            }
            const QString id = r.value().id;
            if (!guard || guard->isCancelled()) { // the client gave up while we were creating it
                destroySandbox(provider, id, [](Result<Unit>) {});
                return;
            }
            a.sandboxId = id;
            // The sandbox is deleted as soon as the run ends, and the result says so truthfully.
            auto cleanup = [provider, id]() { destroySandbox(provider, id, [](Result<Unit>) {}); };
            QObject::connect(guard, &ToolCall::cancelled, guard, cleanup);
            runIn(guard, deps, provider, a, cleanup,
                QJsonObject {{QStringLiteral("_note"),
                    QStringLiteral("Ran in a fresh %1 sandbox that was deleted afterwards; "
                                   "use create_sandbox and sandbox_id to keep state.")
                        .arg(provider->id())}});
        });
}

QJsonObject backgroundDict(const ProcessStarted &p, const QString &sandboxId, bool isCommand)
{
    QJsonObject dict = p.raw;
    dict.insert(QStringLiteral("process_id"), p.processId);
    dict.insert(QStringLiteral("status"), p.status);
    dict.insert(QStringLiteral("message"),
        p.message.isEmpty() ? QStringLiteral("Background process started: %1").arg(p.processId)
                            : p.message);
    if (!isCommand) {
        dict.insert(QStringLiteral("execution_id"),
            dict.value(QStringLiteral("execution_id")).toString(p.processId));
        dict.insert(QStringLiteral("name"),
            p.name.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(p.name));
        dict.insert(QStringLiteral("start_time"),
            (p.startTime.isValid() ? p.startTime : QDateTime::currentDateTime())
                .toUTC()
                .toString(Qt::ISODateWithMs));
        dict.insert(QStringLiteral("mode"), QStringLiteral("background"));
    }
    dict.insert(QStringLiteral("sandbox_id"), sandboxId);
    return dict;
}

//! What execute_code_async POSTs: the run's dict with its status, id and time.
QJsonObject webhookBody(const Result<ExecResult> &r, const ExecArgs &a, const QString &executionId)
{
    QJsonObject body;
    if (r) {
        body = ExecutionResult(r.value(), a.resultContext()).dict();
        body.insert(QStringLiteral("status"),
            r.value().timedOut            ? QStringLiteral("timeout")
                : r.value().exitCode == 0 ? QStringLiteral("completed")
                                          : QStringLiteral("failed"));
    } else {
        body = errorDict(r.error());
        body.insert(QStringLiteral("status"), QStringLiteral("failed"));
        body.insert(QStringLiteral("success"), false);
    }
    body.insert(QStringLiteral("execution_id"), executionId);
    body.insert(QStringLiteral("timestamp"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate));
    return body;
}

} // namespace

void startBackground(ToolCall *call, const ToolDeps &deps, const ExecArgs &a, bool isCommand)
{
    SandboxProvider *provider = providerFor(call, deps.manager, a.sandboxId);
    if (!provider)
        return;
    ExecutionActivity::start(deps.manager, a.sandboxId,
        isCommand ? QStringLiteral("command") : a.language, a.code, true);
    const QString sandboxId = a.sandboxId;
    onCapability<SandboxJobs>(provider, a.sandboxId,
        onSuccess<ProcessStarted>(call,
            QJsonObject {{QStringLiteral("mode"), QStringLiteral("background")},
                {QStringLiteral("sandbox_id"), sandboxId}},
            [sandboxId, isCommand](ToolCall *call, const ProcessStarted &started) {
                call->finish(ToolResult::structured(backgroundDict(started, sandboxId, isCommand)));
            }),
        [spec = a.backgroundSpec(isCommand)](SandboxJobs *jobs, Callback<ProcessStarted> done) {
            jobs->startBackground(spec, std::move(done));
        });
}

void executeCode(
    ToolCall *call, const ToolDeps &deps, const ToolArgs &args, const QString &forcedMode)
{
    ExecArgs a = ExecArgs::read(args, forcedMode);
    if (!a.check(call))
        return;
    if (a.mode == QLatin1String("isolated"))
        executeIsolated(call, deps, a);
    else if (a.mode == QLatin1String("background"))
        startBackground(call, deps, a, false);
    else if (SandboxProvider *p = providerFor(call, deps.manager, a.sandboxId))
        runIn(call, deps, p, a);
}

namespace {

//! Starts the webhook run \a a in \a provider's sandbox and answers the call "queued".
void startAsync(ToolCall *call, const ToolDeps &deps, SandboxProvider *provider, const ExecArgs &a,
    const QUrl &url, const ToolArgs &args)
{
    const QString executionId =
        QStringLiteral("async_") + QUuid::createUuid().toString(QUuid::Id128).left(16);
    const QJsonObject headers = args.object(QStringLiteral("callback_headers"));
    const QString secret = args.string(QStringLiteral("callback_signature_secret"));
    const ExecutionActivity activity =
        ExecutionActivity::start(deps.manager, a.sandboxId, a.language, a.code, false, true);
    const WebhookClient webhook(deps.network);
    // Not tied to the call: the run outlives it and reports through the webhook.
    onCapability<SandboxExec>(provider, a.sandboxId,
        Callback<ExecResult>(
            [webhook, activity, url, headers, secret, executionId, a](Result<ExecResult> r) {
                activity.finished(r);
                webhook.post(url, webhookBody(r, a, executionId), headers, secret);
            }),
        [spec = a.detachedExecSpec(deps)](SandboxExec *exec, Callback<ExecResult> done) {
            return exec->execute(spec, std::move(done));
        });
    call->finish(ToolResult::structured(QJsonObject {{QStringLiteral("execution_id"), executionId},
        {QStringLiteral("status"), QStringLiteral("queued")},
        {QStringLiteral("callback_url"), url.toString()},
        {QStringLiteral("sandbox_id"), a.sandboxId},
        {QStringLiteral("message"),
            QStringLiteral("Running; the result will be POSTed to callback_url.")}}));
}

//! Why code cannot start in a sandbox in \a status now (empty: it can, or will once started).
QString cannotRunIn(const SandboxInfo &info)
{
    switch (info.status.state()) {
    case SandboxStatus::Running:
    case SandboxStatus::Creating:
    case SandboxStatus::Other:
        return {};
    case SandboxStatus::Paused:
        return SandboxStatus::pausedRefusal(info.id);
    default:
        return QStringLiteral("Sandbox %1 is %2, so nothing can run in it. Create a new one with "
                              "create_sandbox.")
            .arg(info.id, info.status.name());
    }
}

} // namespace

void executeAsync(ToolCall *call, const ToolDeps &deps, const ToolArgs &args)
{
    ExecArgs a = ExecArgs::read(args, QStringLiteral("async"));
    if (!a.checkLanguage(call))
        return;
    const QUrl url(args.string(QStringLiteral("callback_url")));
    if (const auto allowed = WebhookClient::allowed(url); !allowed) {
        finishWithInvalid(call, allowed.error().message,
            QJsonObject {{QStringLiteral("callback_url"), url.toString()}});
        return;
    }
    SandboxProvider *provider = providerFor(call, deps.manager, a.sandboxId);
    if (!provider)
        return;
    // "queued" promises a POST with a result: a sandbox that is missing, paused or gone is
    // said to the model now, not only to a webhook it may never read.
    const QJsonObject extra {{QStringLiteral("sandbox_id"), a.sandboxId}};
    onCapability<SandboxLifecycle>(provider, a.sandboxId,
        onSuccess<SandboxInfo>(call, extra,
            [deps, provider, a, url, args, extra](ToolCall *call, const SandboxInfo &info) {
                if (const QString why = cannotRunIn(info); !why.isEmpty()) {
                    finishWithError(call,
                        Error::make(Error::Code::InvalidArgument, why, {},
                            QStringLiteral("Sandbox not running")),
                        extra);
                    return;
                }
                startAsync(call, deps, provider, a, url, args);
            }),
        [](SandboxLifecycle *lifecycle, Callback<SandboxInfo> done) {
            lifecycle->info(std::move(done));
        });
}

} // namespace Hopx::Core::Tools

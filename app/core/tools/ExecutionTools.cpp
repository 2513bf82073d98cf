// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// execute_code and its mode wrappers, execute_code_async, background processes, run_command.
#include "ExecutionResult.h"
#include "LiveOutput.h"
#include "McpTools.h"
#include "Schema.h"
#include "ToolArgs.h"
#include "ToolSupport.h"

#include "core/SandboxManager.h"
#include "core/SandboxProvider.h"
#include "core/Settings.h"

#include "protocol/ToolRegistry.h"

#include <QCryptographicHash>
#include <QHostAddress>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QMessageAuthenticationCode>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QUuid>

Q_LOGGING_CATEGORY(lcExec, "hopx.core.tools", QtInfoMsg)

namespace Hopx::Core::Tools {

using Mcp::ToolCall;
using Mcp::ToolResult;

namespace {

constexpr int kMaxSyncTimeout = 300; // as HOPX: synchronous execution at most 300 s

struct ExecArgs
{
    QString code;
    QString mode;
    QString sandboxId;
    QString language;
    QString rawLanguage;
    int timeout = 30;
    EnvMap env;
    QString workingDir;
    QString name;
    QString templateName;
    QString region;
    QString provider;
};

QJsonObject provided(const ExecArgs &a)
{
    return QJsonObject {{QStringLiteral("mode"), a.mode},
        {QStringLiteral("sandbox_id"),
            a.sandboxId.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(a.sandboxId)},
        {QStringLiteral("language"), a.rawLanguage}, {QStringLiteral("timeout"), a.timeout}};
}

//! hopx-mcp's _validate_execute_code_parameters, with our language aliases.
bool validate(ToolCall *call, ExecArgs &a)
{
    static const QStringList modes {QStringLiteral("isolated"), QStringLiteral("persistent"),
        QStringLiteral("rich"), QStringLiteral("background")};
    if (!modes.contains(a.mode)) {
        finishWithInvalid(call,
            QStringLiteral("mode must be one of isolated, persistent, rich, background"),
            provided(a));
        return false;
    }
    if (a.mode != QLatin1String("isolated") && a.sandboxId.isEmpty()) {
        finishWithInvalid(call,
            QStringLiteral("sandbox_id is required for mode \"%1\": create one with "
                           "create_sandbox, or use mode \"isolated\".")
                .arg(a.mode),
            provided(a));
        return false;
    }
    a.language = normaliseLanguage(a.rawLanguage);
    if (a.language.isEmpty()) {
        finishWithInvalid(call,
            QStringLiteral("language must be python, javascript, bash or go (got \"%1\")")
                .arg(a.rawLanguage),
            provided(a));
        return false;
    }
    if (a.timeout <= 0) {
        finishWithInvalid(call, QStringLiteral("timeout must be positive"), provided(a));
        return false;
    }
    if ((a.mode == QLatin1String("persistent") || a.mode == QLatin1String("rich")
            || a.mode == QLatin1String("isolated"))
        && a.timeout > kMaxSyncTimeout) {
        finishWithInvalid(call,
            QStringLiteral("timeout is at most %1 s for synchronous execution; use "
                           "mode \"background\" or execute_code_async for longer jobs.")
                .arg(kMaxSyncTimeout),
            provided(a));
        return false;
    }
    return true;
}

ExecArgs readExecArgs(const QJsonObject &raw, const QString &forcedMode)
{
    const ToolArgs args(raw);
    ExecArgs a;
    a.code = args.string(QStringLiteral("code"));
    a.sandboxId = args.string(QStringLiteral("sandbox_id"));
    a.mode = forcedMode.isEmpty() ? args.string(QStringLiteral("mode"),
                 a.sandboxId.isEmpty() ? QStringLiteral("isolated") : QStringLiteral("persistent"))
                                  : forcedMode;
    a.rawLanguage = args.string(QStringLiteral("language"), QStringLiteral("python"));
    a.timeout =
        args.integer(QStringLiteral("timeout"), a.mode == QLatin1String("background") ? 300 : 30);
    a.env = args.env(QStringLiteral("env"));
    a.workingDir = args.string(QStringLiteral("working_dir"));
    a.name = args.string(QStringLiteral("name"));
    a.templateName =
        args.string(QStringLiteral("template_name"), QStringLiteral("code-interpreter"));
    a.region = args.string(QStringLiteral("region"));
    a.provider = args.string(QStringLiteral("provider"));
    return a;
}

//! What the activity log shows of a run; bounded here, before it travels through signals.
ExecutionRecord executionRecord(
    const QString &sandboxId, const QString &language, const QString &code)
{
    ExecutionRecord record;
    record.sandboxId = sandboxId;
    record.language = language;
    record.codeTruncated = code.size() > ExecutionRecord::kMaxCode;
    record.code = code.left(ExecutionRecord::kMaxCode);
    return record;
}

//! Tells the log how a run ended, whether or not the call that started it is still there.
void noteFinished(SandboxManager *manager, ExecutionRecord record, const Result<ExecResult> &r)
{
    if (!manager)
        return;
    record.finished = true;
    if (!r) {
        record.failure = r.error().message;
    } else {
        const ExecResult &x = r.value();
        record.exitCode = x.exitCode;
        record.timedOut = x.timedOut;
        record.seconds = x.executionTime;
        record.stdoutBytes = x.stdoutData.size();
        record.stderrBytes = x.stderrData.size();
        record.stdoutTail = x.stdoutData.right(ExecutionRecord::kMaxOutput);
        record.stderrTail = x.stderrData.right(ExecutionRecord::kMaxOutput);
        // A Python exception is no process exit: say which one, or the row reads as success.
        if (!x.error.isEmpty())
            record.exception = x.error.value(QStringLiteral("ename")).toString()
                + QStringLiteral(": ") + x.error.value(QStringLiteral("evalue")).toString();
    }
    manager->noteExecution(record);
}

ExecSpec execSpec(const ExecArgs &a, const ToolDeps &deps, ToolCall *call)
{
    ExecSpec spec;
    spec.code = a.code;
    spec.language = a.language;
    spec.timeoutSeconds = a.timeout;
    spec.env = a.env;
    spec.workingDir = a.workingDir;
    spec.maxOutputBytes = deps.settings ? deps.settings->outputCapBytes() : 1024 * 1024;
    spec.onOutput = (new LiveOutput(call))->sink();
    // Rich mode wants the figures of /execute's reply; HOPX's stream has no place for them.
    spec.liveOutput = call->hasProgressToken() && a.mode != QLatin1String("rich");
    return spec;
}

void runIn(ToolCall *call, const ToolDeps &deps, SandboxProvider *provider, const ExecArgs &a,
    const QString &modeLabel, std::function<void()> after = {}, const QJsonObject &extra = {})
{
    const ExecutionRecord record = executionRecord(a.sandboxId, a.language, a.code);
    deps.manager->noteExecution(record);
    const Cancel cancel = provider->execute(a.sandboxId, execSpec(a, deps, call),
        [guard = QPointer<ToolCall>(call), manager = QPointer<SandboxManager>(deps.manager), record,
            a, modeLabel, after, extra](Result<ExecResult> r) {
            noteFinished(manager, record, r);
            if (after)
                after();
            if (!guard || guard->isCancelled() || guard->isFinished())
                return;
            if (!r) {
                finishWithError(guard, r.error(),
                    QJsonObject {{QStringLiteral("mode"), modeLabel},
                        {QStringLiteral("sandbox_id"), a.sandboxId},
                        {QStringLiteral("stdout"), QString()},
                        {QStringLiteral("stderr"), r.error().message},
                        {QStringLiteral("exit_code"), 1}});
                return;
            }
            guard->finish(ExecutionResult::toToolResult(
                r.value(), modeLabel, a.sandboxId, a.language, a.timeout, extra));
        });
    QObject::connect(call, &ToolCall::cancelled, call, [cancel]() { cancel(); });
}

void executeIsolated(ToolCall *call, const ToolDeps &deps, ExecArgs a)
{
    // hopx-mcp runs in the given sandbox when one is passed, even in isolated mode.
    if (!a.sandboxId.isEmpty()) {
        if (SandboxProvider *p = providerFor(call, deps.manager, a.sandboxId))
            runIn(call, deps, p, a, QStringLiteral("isolated"));
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
                provider->destroy(id, [](Result<Unit>) {});
                return;
            }
            manager->track(r.value());
            a.sandboxId = id;
            // The sandbox is deleted as soon as the run ends, and the result says so truthfully.
            auto cleanup = [provider, manager, id]() {
                provider->destroy(id, [manager, id](Result<Unit>) { manager->untrack(id); });
            };
            QObject::connect(guard, &ToolCall::cancelled, guard, cleanup);
            runIn(guard, deps, provider, a, QStringLiteral("isolated"), cleanup,
                QJsonObject {{QStringLiteral("_note"),
                    QStringLiteral("Ran in a fresh %1 sandbox that was deleted afterwards; "
                                   "use create_sandbox and sandbox_id to keep state.")
                        .arg(provider->id())}});
        });
}

void executeBackground(ToolCall *call, const ToolDeps &deps, const ExecArgs &a, bool isCommand)
{
    SandboxProvider *provider = providerFor(call, deps.manager, a.sandboxId);
    if (!provider)
        return;
    BackgroundSpec spec;
    (isCommand ? spec.command : spec.code) = a.code;
    spec.language = a.language;
    spec.timeoutSeconds = a.timeout;
    spec.env = a.env;
    spec.workingDir = a.workingDir;
    spec.name = a.name;
    ExecutionRecord record =
        executionRecord(a.sandboxId, isCommand ? QStringLiteral("command") : a.language, a.code);
    record.background = true;
    deps.manager->noteExecution(record);
    provider->startBackground(a.sandboxId, spec,
        guarded<ProcessStarted>(call, [a, isCommand](ToolCall *call, Result<ProcessStarted> r) {
            if (!r) {
                finishWithError(call, r.error(),
                    QJsonObject {{QStringLiteral("mode"), QStringLiteral("background")},
                        {QStringLiteral("sandbox_id"), a.sandboxId}});
                return;
            }
            const ProcessStarted &p = r.value();
            QJsonObject dict = p.raw;
            dict.insert(QStringLiteral("process_id"), p.processId);
            dict.insert(QStringLiteral("status"), p.status);
            dict.insert(QStringLiteral("message"),
                p.message.isEmpty()
                    ? QStringLiteral("Background process started: %1").arg(p.processId)
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
            dict.insert(QStringLiteral("sandbox_id"), a.sandboxId);
            call->finish(ToolResult::structured(dict));
        }));
}

void executeCode(ToolCall *call, const ToolDeps &deps, const QString &forcedMode)
{
    ExecArgs a = readExecArgs(call->arguments(), forcedMode);
    if (!validate(call, a))
        return;
    if (a.mode == QLatin1String("isolated")) {
        executeIsolated(call, deps, a);
    } else if (a.mode == QLatin1String("background")) {
        executeBackground(call, deps, a, false);
    } else if (SandboxProvider *p = providerFor(call, deps.manager, a.sandboxId)) {
        if (a.mode == QLatin1String("rich") && a.workingDir.isEmpty())
            a.workingDir = QStringLiteral("/tmp"); // hopx-mcp's default for rich
        runIn(call, deps, p, a, a.mode);
    }
}

bool callbackUrlAllowed(const QUrl &url, QString *why)
{
    if (!url.isValid() || url.host().isEmpty()) {
        *why = QStringLiteral("callback_url is not a valid URL");
        return false;
    }
    if (url.scheme() == QLatin1String("https"))
        return true;
    if (url.scheme() == QLatin1String("http")) {
        const QString host = url.host();
        if (host == QLatin1String("localhost") || QHostAddress(host).isLoopback())
            return true;
    }
    *why = QStringLiteral(
        "callback_url must be https, or http on loopback (127.0.0.1, localhost, [::1])");
    return false;
}

void postWebhook(QNetworkAccessManager *network, const QUrl &url, const QJsonObject &body,
    const QJsonObject &headers, const QString &secret)
{
    if (!network)
        return;
    const QByteArray payload = QJsonDocument(body).toJson(QJsonDocument::Compact);
    const QByteArray timestamp = QByteArray::number(QDateTime::currentSecsSinceEpoch());
    QNetworkRequest request(url);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
    request.setTransferTimeout(30000);
    for (auto it = headers.begin(); it != headers.end(); ++it)
        request.setRawHeader(it.key().toUtf8(), it.value().toString().toUtf8());
    request.setRawHeader("X-HopX-Timestamp", timestamp);
    if (!secret.isEmpty()) {
        // As the HOPX agent documents it: HMAC-SHA256 over timestamp + body.
        const QByteArray mac = QMessageAuthenticationCode::hash(
            timestamp + payload, secret.toUtf8(), QCryptographicHash::Sha256);
        request.setRawHeader("X-HopX-Signature", "sha256=" + mac.toHex());
    }
    QNetworkReply *reply = network->post(request, payload);
    QObject::connect(reply, &QNetworkReply::finished, reply, [reply]() {
        if (reply->error() != QNetworkReply::NoError)
            qCWarning(lcExec).noquote()
                << "webhook to"
                << reply->url().toDisplayString(QUrl::RemoveUserInfo | QUrl::RemoveQuery)
                << "failed:" << reply->errorString();
        reply->deleteLater();
    });
}

void executeAsync(ToolCall *call, const ToolDeps &deps)
{
    const ToolArgs args(call->arguments());
    ExecArgs a = readExecArgs(call->arguments(), QStringLiteral("background"));
    a.mode = QStringLiteral("async");
    a.rawLanguage = args.string(QStringLiteral("language"), QStringLiteral("python"));
    a.language = normaliseLanguage(a.rawLanguage);
    a.timeout = args.integer(QStringLiteral("timeout"), 1800);
    if (a.language.isEmpty()) {
        finishWithInvalid(
            call, QStringLiteral("language must be python, javascript, bash or go"), provided(a));
        return;
    }
    const QUrl url(args.string(QStringLiteral("callback_url")));
    QString why;
    if (!callbackUrlAllowed(url, &why)) {
        finishWithInvalid(
            call, why, QJsonObject {{QStringLiteral("callback_url"), url.toString()}});
        return;
    }
    SandboxProvider *provider = providerFor(call, deps.manager, a.sandboxId);
    if (!provider)
        return;
    const QString executionId =
        QStringLiteral("async_") + QUuid::createUuid().toString(QUuid::Id128).left(16);
    const QJsonObject headers = args.raw().value(QStringLiteral("callback_headers")).toObject();
    const QString secret = args.string(QStringLiteral("callback_signature_secret"));
    ExecSpec spec;
    spec.code = a.code;
    spec.language = a.language;
    spec.timeoutSeconds = a.timeout;
    spec.env = a.env;
    spec.workingDir = a.workingDir;
    spec.maxOutputBytes = deps.settings ? deps.settings->outputCapBytes() : 1024 * 1024;
    const ExecutionRecord record = executionRecord(a.sandboxId, a.language, a.code);
    deps.manager->noteExecution(record);
    QPointer<QNetworkAccessManager> network(deps.network);
    // Not tied to the call: the run outlives it and reports through the webhook.
    provider->execute(a.sandboxId, spec,
        [network, manager = QPointer<SandboxManager>(deps.manager), record, url, headers, secret,
            executionId, a](Result<ExecResult> r) {
            noteFinished(manager, record, r);
            QJsonObject body;
            if (r) {
                body = ExecutionResult::toDict(
                    r.value(), QStringLiteral("async"), a.sandboxId, a.language, a.timeout);
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
            body.insert(
                QStringLiteral("timestamp"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate));
            postWebhook(network, url, body, headers, secret);
        });
    call->finish(ToolResult::structured(QJsonObject {{QStringLiteral("execution_id"), executionId},
        {QStringLiteral("status"), QStringLiteral("queued")},
        {QStringLiteral("callback_url"), url.toString()},
        {QStringLiteral("sandbox_id"), a.sandboxId},
        {QStringLiteral("message"),
            QStringLiteral("Running; the result will be POSTed to callback_url.")}}));
}

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

void listProcesses(ToolCall *call, const ToolDeps &deps, bool executionsOnly, int defaultMax)
{
    const ToolArgs args(call->arguments());
    const QString id = args.string(QStringLiteral("sandbox_id"));
    const int max = args.integer(QStringLiteral("max_results"), defaultMax);
    SandboxProvider *provider = providerFor(call, deps.manager, id);
    if (!provider)
        return;
    auto done = guarded<QJsonArray>(call, [max, id](ToolCall *call, Result<QJsonArray> r) {
        if (!r) {
            finishWithError(call, r.error(), QJsonObject {{QStringLiteral("sandbox_id"), id}});
            return;
        }
        call->finish(ToolResult::structured(processListResult(r.value(), max)));
    });
    if (executionsOnly)
        provider->listExecutions(id, done);
    else
        provider->listProcesses(id, done);
}

void killProcess(ToolCall *call, const ToolDeps &deps)
{
    const ToolArgs args(call->arguments());
    const QString id = args.string(QStringLiteral("sandbox_id"));
    const QString processId = args.string(QStringLiteral("process_id"));
    SandboxProvider *provider = providerFor(call, deps.manager, id);
    if (!provider)
        return;
    provider->killProcess(
        id, processId, guarded<Unit>(call, [processId](ToolCall *call, Result<Unit> r) {
            if (!r) {
                finishWithError(
                    call, r.error(), QJsonObject {{QStringLiteral("process_id"), processId}});
                return;
            }
            call->finish(ToolResult::structured(
                QJsonObject {{QStringLiteral("status"), QStringLiteral("killed")},
                    {QStringLiteral("process_id"), processId}}));
        }));
}

void runCommand(ToolCall *call, const ToolDeps &deps)
{
    const ToolArgs args(call->arguments());
    const QString id = args.string(QStringLiteral("sandbox_id"));
    CommandSpec spec;
    spec.command = args.string(QStringLiteral("command"));
    spec.timeoutSeconds = args.integer(QStringLiteral("timeout"), 30);
    spec.workingDir = args.string(QStringLiteral("working_dir"), QStringLiteral("/workspace"));
    spec.env = args.env(QStringLiteral("env"));
    spec.maxOutputBytes = deps.settings ? deps.settings->outputCapBytes() : 1024 * 1024;
    if (spec.timeoutSeconds > kMaxSyncTimeout) {
        finishWithInvalid(call,
            QStringLiteral(
                "timeout is at most %1 s; use run_command_background for longer commands.")
                .arg(kMaxSyncTimeout),
            QJsonObject {{QStringLiteral("timeout"), spec.timeoutSeconds}});
        return;
    }
    SandboxProvider *provider = providerFor(call, deps.manager, id);
    if (!provider)
        return;
    spec.onOutput = (new LiveOutput(call))->sink();
    const ExecutionRecord record = executionRecord(id, QStringLiteral("command"), spec.command);
    deps.manager->noteExecution(record);
    const int timeout = spec.timeoutSeconds;
    const Callback<ExecResult> reply =
        guarded<ExecResult>(call, [id, timeout](ToolCall *call, Result<ExecResult> r) {
            if (!r) {
                finishWithError(call, r.error(),
                    QJsonObject {{QStringLiteral("stdout"), QString()},
                        {QStringLiteral("stderr"), r.error().message},
                        {QStringLiteral("exit_code"), 1}});
                return;
            }
            QJsonObject dict =
                ExecutionResult::toDict(r.value(), QString(), id, QStringLiteral("bash"), timeout);
            dict.remove(QStringLiteral("mode"));
            dict.remove(QStringLiteral("language"));
            call->finish(ToolResult::structured(dict));
        });
    const Cancel cancel = provider->runCommand(id, spec,
        [manager = QPointer<SandboxManager>(deps.manager), record, reply](Result<ExecResult> r) {
            noteFinished(manager, record, r);
            reply(std::move(r));
        });
    QObject::connect(call, &ToolCall::cancelled, call, [cancel]() { cancel(); });
}

QJsonObject execInputSchema(
    bool withMode, bool needsSandbox, int defaultTimeout, bool withIsolatedParams)
{
    QJsonObject props {
        {QStringLiteral("code"), Schema::string(QStringLiteral("The code to run."))},
        {QStringLiteral("language"),
            Schema::string(
                QStringLiteral("python (default; state persists between calls in a sandbox), "
                               "javascript, bash or go. Aliases: python3, py, js, node, nodejs, "
                               "sh, shell, golang."))},
        {QStringLiteral("timeout"),
            Schema::integer(
                QStringLiteral(
                    "Seconds before the run is stopped (synchronous runs: at most 300)."),
                1, 86400, defaultTimeout)},
        {QStringLiteral("env"),
            Schema::stringMap(QStringLiteral("Extra environment variables for this run only."))},
        {QStringLiteral("working_dir"),
            Schema::string(QStringLiteral("Directory to run in (default /workspace)."))},
    };
    QStringList required {QStringLiteral("code")};
    props.insert(QStringLiteral("sandbox_id"), sandboxIdSchema());
    if (needsSandbox)
        required << QStringLiteral("sandbox_id");
    if (withMode) {
        props.insert(QStringLiteral("mode"),
            Schema::stringEnum(
                QStringLiteral("isolated: a fresh sandbox for this call, deleted afterwards "
                               "(default without sandbox_id); persistent: in sandbox_id "
                               "(default with it); rich: persistent, working dir /tmp; "
                               "background: returns a process_id at once."),
                {QStringLiteral("isolated"), QStringLiteral("persistent"), QStringLiteral("rich"),
                    QStringLiteral("background")}));
        props.insert(QStringLiteral("name"),
            Schema::string(QStringLiteral("Name for a background process.")));
    }
    if (withIsolatedParams) {
        props.insert(QStringLiteral("template_name"),
            Schema::string(
                QStringLiteral("Template for the fresh sandbox (default code-interpreter).")));
        props.insert(QStringLiteral("region"),
            Schema::string(QStringLiteral("HOPX region for the fresh sandbox.")));
        props.insert(QStringLiteral("provider"), providerSchema());
    }
    QJsonObject schema {{QStringLiteral("type"), QStringLiteral("object")},
        {QStringLiteral("properties"), props},
        {QStringLiteral("required"), QJsonArray::fromStringList(required)},
        {QStringLiteral("additionalProperties"), false}};
    return schema;
}

QJsonObject execOutputSchema()
{
    return Schema::output(
        {{QStringLiteral("stdout"), Schema::string(QStringLiteral("standard output (capped)"))},
            {QStringLiteral("stderr"), Schema::string(QStringLiteral("standard error (capped)"))},
            {QStringLiteral("exit_code"),
                QJsonObject {{QStringLiteral("type"), QStringLiteral("integer")}}},
            {QStringLiteral("execution_time"),
                QJsonObject {{QStringLiteral("type"), QStringLiteral("number")}}},
            {QStringLiteral("success"),
                QJsonObject {{QStringLiteral("type"), QStringLiteral("boolean")}}},
            {QStringLiteral("sandbox_id"), Schema::string(QStringLiteral("where it ran"))},
            {QStringLiteral("result"),
                Schema::any(QStringLiteral("Python: repr of the last expression"))},
            {QStringLiteral("rich_outputs"),
                QJsonObject {{QStringLiteral("type"), QStringLiteral("array")}}}});
}

/*! Runs can outlive any sensible request timeout (up to 300 s, background and async longer), so
 *  a client may call them as tasks and poll; the run belongs to the task, not to the request. */
Mcp::ToolSpec taskCapable(Mcp::ToolSpec spec)
{
    spec.taskSupport = Mcp::ToolSpec::TaskSupport::Optional;
    return spec;
}

} // namespace

void registerExecutionTools(Mcp::ToolRegistry &registry, const ToolDeps &deps)
{
    const QString stateNote = QStringLiteral(
        " Python keeps variables and imports between calls in the same sandbox (like a "
        "notebook) and returns the last expression's value as result; matplotlib figures "
        "come back as images. JavaScript, bash and Go run as fresh processes in the sandbox. "
        "With a progressToken, output lines stream as progress notifications while it runs.");
    auto execSpec = [&](const QString &name, const QString &title, const QString &description,
                        const QJsonObject &input) {
        return taskCapable(makeSpec(name, title, description + stateNote, input, execOutputSchema(),
            false, false, false, false));
    };

    registry.add(
        execSpec(QStringLiteral("execute_code"), QStringLiteral("Execute code"),
            QStringLiteral("Run Python, JavaScript, bash or Go code. Without sandbox_id it runs in "
                           "a fresh sandbox "
                           "that is deleted afterwards; with sandbox_id it runs in that sandbox."),
            execInputSchema(true, false, 30, true)),
        [deps](ToolCall *call) { executeCode(call, deps, QString()); });
    registry.add(
        execSpec(QStringLiteral("execute_code_isolated"), QStringLiteral("Execute code (isolated)"),
            QStringLiteral("Run code in a fresh sandbox that is deleted afterwards."),
            execInputSchema(false, false, 30, true)),
        [deps](ToolCall *call) { executeCode(call, deps, QStringLiteral("isolated")); });
    registry.add(execSpec(QStringLiteral("execute_code_persistent"),
                     QStringLiteral("Execute code (persistent)"),
                     QStringLiteral("Run code in an existing sandbox (sandbox_id)."),
                     execInputSchema(false, true, 30, false)),
        [deps](ToolCall *call) { executeCode(call, deps, QStringLiteral("persistent")); });
    QJsonObject richInput = execInputSchema(false, true, 30, false);
    QJsonObject richProps = richInput.value(QStringLiteral("properties")).toObject();
    richProps.insert(QStringLiteral("capture_rich"),
        Schema::boolean(
            QStringLiteral("Accepted for compatibility; rich output is always captured.")));
    richInput.insert(QStringLiteral("properties"), richProps);
    registry.add(
        execSpec(QStringLiteral("execute_code_rich"), QStringLiteral("Execute code (rich output)"),
            QStringLiteral("Run code in a sandbox and capture plots and rich values (working dir "
                           "/tmp by default)."),
            richInput),
        [deps](ToolCall *call) { executeCode(call, deps, QStringLiteral("rich")); });
    QJsonObject bgInput = execInputSchema(false, true, 300, false);
    QJsonObject bgProps = bgInput.value(QStringLiteral("properties")).toObject();
    bgProps.insert(
        QStringLiteral("name"), Schema::string(QStringLiteral("A name to find the process by.")));
    bgInput.insert(QStringLiteral("properties"), bgProps);
    registry.add(
        taskCapable(makeSpec(QStringLiteral("execute_code_background"),
            QStringLiteral("Execute code in the background"),
            QStringLiteral(
                "Start code in a sandbox and return its process_id at once; it keeps running "
                "(up to timeout) after the call. See execute_list_processes and "
                "execute_kill_process; "
                "its output goes to /tmp/.hopx/jobs/<pid>.log in the sandbox."),
            bgInput,
            Schema::output({{QStringLiteral("process_id"),
                                Schema::string(QStringLiteral("id to list or kill it by"))},
                {QStringLiteral("status"), Schema::string(QStringLiteral("running"))}}),
            false, false, false)),
        [deps](ToolCall *call) { executeCode(call, deps, QStringLiteral("background")); });

    QJsonObject asyncInput = execInputSchema(false, true, 1800, false);
    QJsonObject asyncProps = asyncInput.value(QStringLiteral("properties")).toObject();
    asyncProps.insert(QStringLiteral("callback_url"),
        Schema::string(QStringLiteral(
            "Where the result is POSTed when the run ends: https, or http on loopback.")));
    asyncProps.insert(QStringLiteral("callback_headers"),
        Schema::stringMap(QStringLiteral("Extra headers for the callback request.")));
    asyncProps.insert(QStringLiteral("callback_signature_secret"),
        Schema::string(QStringLiteral("If set, the callback carries X-HopX-Signature: "
                                      "sha256=HMAC-SHA256(secret, X-HopX-Timestamp + body).")));
    asyncInput.insert(QStringLiteral("properties"), asyncProps);
    asyncInput.insert(QStringLiteral("required"),
        QJsonArray {
            QStringLiteral("code"), QStringLiteral("sandbox_id"), QStringLiteral("callback_url")});
    registry.add(taskCapable(makeSpec(QStringLiteral("execute_code_async"),
                     QStringLiteral("Execute code with a webhook"),
                     QStringLiteral("Start code in a sandbox and return {execution_id, status: "
                                    "\"queued\"} at once; when it "
                                    "ends the app POSTs the result JSON to callback_url."),
                     asyncInput,
                     Schema::output({{QStringLiteral("execution_id"),
                                         Schema::string(QStringLiteral("id of the run"))},
                         {QStringLiteral("status"), Schema::string(QStringLiteral("queued"))}}),
                     false, false, false, true)),
        [deps](ToolCall *call) { executeAsync(call, deps); });

    const QJsonObject listOut =
        Schema::output({{QStringLiteral("processes"),
                            QJsonObject {{QStringLiteral("type"), QStringLiteral("array")}}},
            {QStringLiteral("count"),
                QJsonObject {{QStringLiteral("type"), QStringLiteral("integer")}}}});
    registry.add(
        makeSpec(QStringLiteral("execute_list_processes"),
            QStringLiteral("List background executions"),
            QStringLiteral(
                "Background executions and commands started in a sandbox, with their status."),
            Schema::object({{QStringLiteral("sandbox_id"), sandboxIdSchema()},
                               {QStringLiteral("max_results"),
                                   Schema::integer(QStringLiteral("At most this many (0 = all)."),
                                       0, 100000, 100)}},
                {QStringLiteral("sandbox_id")}),
            listOut, true, false, true),
        [deps](ToolCall *call) { listProcesses(call, deps, true, 100); });
    registry.add(
        makeSpec(QStringLiteral("execute_kill_process"),
            QStringLiteral("Kill a background process"),
            QStringLiteral(
                "Stop a background execution or command (and its children) by process_id."),
            Schema::object({{QStringLiteral("sandbox_id"), sandboxIdSchema()},
                               {QStringLiteral("process_id"),
                                   Schema::string(QStringLiteral(
                                       "From execute_code_background, run_command_background or "
                                       "the process lists."))}},
                {QStringLiteral("sandbox_id"), QStringLiteral("process_id")}),
            Schema::output({{QStringLiteral("status"), Schema::string(QStringLiteral("killed"))}}),
            false, true, true),
        [deps](ToolCall *call) { killProcess(call, deps); });

    registry.add(
        taskCapable(makeSpec(QStringLiteral("run_command"), QStringLiteral("Run a shell command"),
            QStringLiteral("Run a bash command line in a sandbox and return stdout, stderr and "
                           "exit_code. Output "
                           "streams as progress notifications while it runs."),
            Schema::object(
                {{QStringLiteral("sandbox_id"), sandboxIdSchema()},
                    {QStringLiteral("command"),
                        Schema::string(
                            QStringLiteral("A bash command line, e.g. \"pip list | head\"."))},
                    {QStringLiteral("timeout"),
                        Schema::integer(QStringLiteral("Seconds (at most 300)."), 1, 86400, 30)},
                    {QStringLiteral("working_dir"),
                        Schema::string(QStringLiteral("Directory (default /workspace)."))},
                    {QStringLiteral("env"),
                        Schema::stringMap(QStringLiteral("Extra environment variables."))}},
                {QStringLiteral("sandbox_id"), QStringLiteral("command")}),
            execOutputSchema(), false, false, false)),
        [deps](ToolCall *call) { runCommand(call, deps); });
    registry.add(
        makeSpec(QStringLiteral("run_command_background"),
            QStringLiteral("Run a command in the background"),
            QStringLiteral(
                "Start a bash command (e.g. a server: python -m http.server 8000) and return its "
                "process_id at once. It keeps running after the call and is reachable from later "
                "calls in the same sandbox."),
            Schema::object(
                {{QStringLiteral("sandbox_id"), sandboxIdSchema()},
                    {QStringLiteral("command"),
                        Schema::string(QStringLiteral("A bash command line."))},
                    {QStringLiteral("timeout"),
                        Schema::integer(
                            QStringLiteral("Seconds before it is stopped."), 1, 7 * 86400, 300)},
                    {QStringLiteral("working_dir"),
                        Schema::string(QStringLiteral("Directory (default /workspace)."))},
                    {QStringLiteral("env"),
                        Schema::stringMap(QStringLiteral("Extra environment variables."))},
                    {QStringLiteral("name"),
                        Schema::string(QStringLiteral("A name to find it by."))}},
                {QStringLiteral("sandbox_id"), QStringLiteral("command")}),
            Schema::output({{QStringLiteral("process_id"),
                                Schema::string(QStringLiteral("id to list or kill it by"))},
                {QStringLiteral("status"), Schema::string(QStringLiteral("running"))}}),
            false, false, false),
        [deps](ToolCall *call) {
            ExecArgs a;
            const ToolArgs args(call->arguments());
            a.sandboxId = args.string(QStringLiteral("sandbox_id"));
            a.code = args.string(QStringLiteral("command"));
            a.language = QStringLiteral("bash");
            a.timeout = args.integer(QStringLiteral("timeout"), 300);
            a.workingDir = args.string(QStringLiteral("working_dir"), QStringLiteral("/workspace"));
            a.env = args.env(QStringLiteral("env"));
            a.name = args.string(QStringLiteral("name"));
            executeBackground(call, deps, a, true);
        });
    registry.add(
        makeSpec(QStringLiteral("list_processes"), QStringLiteral("List processes"),
            QStringLiteral("Every process running in a sandbox (pid, command, state, memory)."),
            Schema::object({{QStringLiteral("sandbox_id"), sandboxIdSchema()},
                               {QStringLiteral("max_results"),
                                   Schema::integer(QStringLiteral("At most this many (0 = all)."),
                                       0, 100000, 200)}},
                {QStringLiteral("sandbox_id")}),
            listOut, true, false, true),
        [deps](ToolCall *call) { listProcesses(call, deps, false, 200); });
}

} // namespace Hopx::Core::Tools

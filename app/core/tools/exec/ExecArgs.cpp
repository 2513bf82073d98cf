// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/tools/exec/ExecArgs.h"

#include "core/tools/McpTools.h"
#include "core/tools/ToolArgs.h"
#include "core/tools/ToolSupport.h"
#include "core/tools/exec/LiveOutput.h"

#include "core/settings/Settings.h"

namespace Hopx::Core::Tools {

namespace {
const QString kIsolated = QStringLiteral("isolated");
const QString kPersistent = QStringLiteral("persistent");
const QString kRich = QStringLiteral("rich");
const QString kBackground = QStringLiteral("background");
} // namespace

qint64 outputCapBytes(const ToolDeps &deps)
{
    return deps.settings ? deps.settings->outputCapBytes() : 1024 * 1024;
}

ExecArgs ExecArgs::read(const ToolArgs &args, const QString &forcedMode)
{
    ExecArgs a;
    a.code = args.string(QStringLiteral("code"));
    a.sandboxId = args.string(QStringLiteral("sandbox_id"));
    if (!forcedMode.isEmpty())
        a.mode = forcedMode;
    else if (args.given(QStringLiteral("mode")))
        a.mode = args.string(QStringLiteral("mode"));
    else // what the README's execute_code(sandbox_id, code) means
        a.mode = a.sandboxId.isEmpty() ? kIsolated : kPersistent;
    a.rawLanguage = args.string(QStringLiteral("language"));
    // execute_code's schema default is for its synchronous modes; background has its own.
    a.timeout = a.mode == kBackground && !args.given(QStringLiteral("timeout"))
        ? kBackgroundTimeout
        : args.integer(QStringLiteral("timeout"));
    a.env = args.env(QStringLiteral("env"));
    a.workingDir = args.string(QStringLiteral("working_dir"));
    if (a.mode == kRich && a.workingDir.isEmpty())
        a.workingDir = QStringLiteral("/tmp"); // hopx-mcp's default for rich
    a.name = args.string(QStringLiteral("name"));
    a.templateName = args.string(QStringLiteral("template_name"));
    a.region = args.string(QStringLiteral("region"));
    a.provider = args.string(QStringLiteral("provider"));
    return a;
}

ExecArgs ExecArgs::readCommand(const ToolArgs &args)
{
    ExecArgs a;
    a.sandboxId = args.string(QStringLiteral("sandbox_id"));
    a.code = args.string(QStringLiteral("command"));
    a.language = QStringLiteral("bash");
    a.timeout = args.integer(QStringLiteral("timeout"));
    a.workingDir = args.string(QStringLiteral("working_dir"));
    a.env = args.env(QStringLiteral("env"));
    a.name = args.string(QStringLiteral("name"));
    return a;
}

bool ExecArgs::isSynchronous() const
{
    return mode == kPersistent || mode == kRich || mode == kIsolated;
}

bool ExecArgs::checkLanguage(Mcp::ToolCall *call)
{
    language = normaliseLanguage(rawLanguage);
    if (!language.isEmpty())
        return true;
    finishWithInvalid(call,
        QStringLiteral("language must be python, javascript, bash or go (got \"%1\")")
            .arg(rawLanguage),
        provided());
    return false;
}

bool ExecArgs::check(Mcp::ToolCall *call)
{
    // The schema has already checked mode's values and timeout >= 1.
    if (mode != kIsolated && sandboxId.isEmpty()) {
        finishWithInvalid(call,
            QStringLiteral("sandbox_id is required for mode \"%1\": create one with "
                           "create_sandbox, or use mode \"isolated\".")
                .arg(mode),
            provided());
        return false;
    }
    if (!checkLanguage(call))
        return false;
    if (isSynchronous() && timeout > kMaxSyncTimeout) {
        finishWithInvalid(call,
            // Named by tool, not by execute_code's mode: the compact profile's run has no mode,
            // and its words for execute_code_background replace the name.
            QStringLiteral("timeout is at most %1 s for synchronous execution; use "
                           "execute_code_background or execute_code_async for longer jobs.")
                .arg(kMaxSyncTimeout),
            provided());
        return false;
    }
    return true;
}

ExecSpec ExecArgs::detachedExecSpec(const ToolDeps &deps) const
{
    ExecSpec spec;
    spec.code = code;
    spec.language = language;
    spec.timeoutSeconds = timeout;
    spec.env = env;
    spec.workingDir = workingDir;
    spec.maxOutputBytes = outputCapBytes(deps);
    return spec;
}

ExecSpec ExecArgs::execSpec(const ToolDeps &deps, Mcp::ToolCall *call) const
{
    ExecSpec spec = detachedExecSpec(deps);
    spec.onOutput = (new LiveOutput(call))->sink();
    // Whether live output is worth what it costs, and keeps what the run makes (figures), is
    // the provider's call (HopxExec).
    spec.liveOutput = call->hasProgressToken();
    return spec;
}

BackgroundSpec ExecArgs::backgroundSpec(bool isCommand) const
{
    BackgroundSpec spec;
    (isCommand ? spec.command : spec.code) = code;
    spec.language = language;
    spec.timeoutSeconds = timeout;
    spec.env = env;
    spec.workingDir = workingDir;
    spec.name = name;
    return spec;
}

ExecutionResult::Context ExecArgs::resultContext() const
{
    ExecutionResult::Context context;
    context.mode = mode;
    context.sandboxId = sandboxId;
    context.language = language;
    context.timeoutSeconds = timeout;
    return context;
}

QJsonObject ExecArgs::provided() const
{
    return QJsonObject {{QStringLiteral("mode"), mode},
        {QStringLiteral("sandbox_id"),
            sandboxId.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(sandboxId)},
        {QStringLiteral("language"), rawLanguage}, {QStringLiteral("timeout"), timeout}};
}

} // namespace Hopx::Core::Tools

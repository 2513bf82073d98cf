// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "tools/ToolsFeature.h"

#include "features/ClientRequestsFeature.h"
#include "features/LoggingFeature.h"
#include "modern/InputRound.h"
#include "modern/ToolCallRound.h"
#include "session/FeatureHost.h"
#include "session/McpRequest.h"
#include "session/MethodTable.h"
#include "session/ServerConfig.h"
#include "tasks/TasksExtension.h"
#include "tasks/TasksFeature.h"
#include "tools/ToolCall.h"
#include "json/JsonRpc.h"
#include "json/JsonSchema.h"
#include "json/Pagination.h"

#include <optional>

namespace Hopx::Mcp {

namespace {
const QLatin1String kTools("tools");
} // namespace

ToolsFeature::ToolsFeature(FeatureHost &host, ToolRegistry *registry, TasksFeature *tasks,
    TasksExtension *tasksExtension, ClientRequestsFeature *clientRequests, LoggingFeature *logging,
    QObject *parent)
    : McpFeature(parent)
    , m_host(host)
    , m_registry(registry)
    , m_tasks(tasks)
    , m_tasksExtension(tasksExtension)
    , m_inputState(host.config())
    , m_clientRequests(clientRequests)
    , m_logging(logging)
{
    if (registry)
        connect(registry, &ToolRegistry::changed, this, [this]() {
            m_host.announce(kTools, QStringLiteral("notifications/tools/list_changed"));
        });
}

void ToolsFeature::registerMethods(MethodTable &table)
{
    table.add(QStringLiteral("tools/list"), [this](const McpRequest &request) { list(request); });
    MethodTable::Method callMethod;
    callMethod.handler = [this](const McpRequest &request) { call(request); };
    callMethod.subject = QLatin1String("name");
    callMethod.reportCancellation = true;
    table.add(QStringLiteral("tools/call"), callMethod);
}

void ToolsFeature::declare(QJsonObject &capabilities, const Caller &) const
{
    capabilities.insert(kTools, QJsonObject {{QStringLiteral("listChanged"), true}});
}

void ToolsFeature::list(const McpRequest &request)
{
    // The same for every caller of a profile (tools/list "SHOULD" be deterministic for
    // caching, too).
    Pagination::answerList(request,
        m_registry ? m_registry->specs(request.caller().toolProfile) : QList<ToolSpec> {},
        QStringLiteral("tools"), m_host.config().pageSize,
        CacheHint {m_host.config().listTtlMs, true});
}

void ToolsFeature::call(const McpRequest &request)
{
    const auto nameParam = request.stringParam(QLatin1String("name"));
    if (!nameParam)
        return;
    const QString &name = *nameParam;
    const QJsonObject &params = request.params();
    const ToolRegistry::Entry *entry = m_registry ? m_registry->find(name) : nullptr;
    if (!entry) {
        request.fail(JsonRpc::InvalidParams, unknownToolMessage(name, request.caller()));
        return;
    }
    const QJsonValue argsValue = params.value(QLatin1String("arguments"));
    if (!argsValue.isUndefined() && !argsValue.isNull() && !argsValue.isObject()) {
        request.fail(JsonRpc::InvalidParams,
            QStringLiteral("Invalid params: \"arguments\" must be an object"));
        return;
    }
    const QJsonObject arguments = argsValue.toObject();
    const bool stateless = request.caller().stateless;
    // How this era runs the call: refused here if the tool cannot run that way.
    const QJsonValue taskValue = params.value(QLatin1String("task"));
    bool asTask = false;
    if (!(stateless ? admitStateless(request, *entry) : admitLegacy(request, *entry, &asTask)))
        return;

    // Bad argument values are execution errors (2025-11-25): the model reads them and retries.
    // A legacy task is created all the same and fails with them (tasks spec).
    const QString invalid = entry->validate(arguments);
    std::optional<ToolResult> invalidResult;
    if (!invalid.isEmpty()) {
        invalidResult =
            ToolResult::error(QStringLiteral("Invalid arguments for %1: %2").arg(name, invalid),
                QJsonObject {{QStringLiteral("message"), invalid}});
        if (!asTask) {
            request.succeedJson(
                invalidResult->toResponseJson(), RequestRecord::Outcome::ToolError, invalid);
            return;
        }
    }

    std::shared_ptr<InputRound> round; // 2026-07-28: its questions become input-required results
    if (stateless) {
        round = InputRound::begin(request, m_inputState, name, arguments);
        if (!round)
            return;
    }
    const QJsonValue token =
        params.value(QLatin1String("_meta")).toObject().value(QLatin1String("progressToken"));
    const bool tokenValid = token.isString() || JsonRpc::isValidId(token);
    auto *call = new ToolCall(request.context(), name, arguments,
        tokenValid ? token : QJsonValue(QJsonValue::Undefined), this);
    if (round) {
        call->setRoundState(round->data());
        ToolCallRound::run(ToolCallRound::Deps {m_host, m_logging, m_tasksExtension}, request,
            *entry, call, std::move(round));
    } else if (asTask) {
        m_tasks->start(request, *entry, call, taskValue.toObject(), invalidResult);
    } else {
        run(request, *entry, call);
    }
}

bool ToolsFeature::admitLegacy(
    const McpRequest &request, const ToolRegistry::Entry &entry, bool *asTask) const
{
    // Receivers that did not declare tasks MUST ignore params.task (tasks spec).
    const bool tasksDeclared = m_tasks && request.caller().declared(QLatin1String("tasks"));
    *asTask = tasksDeclared && request.params().value(QLatin1String("task")).isObject();
    if (!tasksDeclared)
        return true;
    const QString &name = entry.spec.name;
    QString refusal;
    if (*asTask && entry.spec.taskSupport == ToolSpec::TaskSupport::Forbidden)
        refusal = QStringLiteral("Tool %1 does not support task-augmented calls").arg(name);
    else if (!*asTask && entry.spec.taskSupport == ToolSpec::TaskSupport::Required)
        refusal = QStringLiteral("Tool %1 must be called as a task (params.task)").arg(name);
    if (refusal.isEmpty())
        return true;
    request.fail(JsonRpc::MethodNotFound, refusal);
    return false;
}

bool ToolsFeature::admitStateless(const McpRequest &request, const ToolRegistry::Entry &entry) const
{
    const ToolSpec &spec = entry.spec;
    // A tool that only runs as a task cannot serve a caller that takes no task (SEP-2663);
    // 2025-11-25's params.task means nothing in this era.
    if (spec.taskSupport != ToolSpec::TaskSupport::Required
        || (m_tasksExtension && m_tasksExtension->offers(request.caller(), spec)))
        return true;
    request.fail(JsonRpc::MissingRequiredClientCapability,
        QStringLiteral("Missing required client capability: tool %1 runs only as a task "
                       "(declare the %2 extension)")
            .arg(spec.name, TasksExtension::kId),
        TasksExtension::requirement());
    return false;
}

QString ToolsFeature::unknownToolMessage(const QString &name, const Caller &caller) const
{
    // The model reads this: name what it can call instead of sending it back to tools/list.
    QStringList names;
    if (m_registry)
        for (const ToolSpec &spec : m_registry->specs(caller.toolProfile))
            names.append(spec.name);
    return QStringLiteral("Unknown tool: %1. The tools are: %2")
        .arg(name, names.join(QStringLiteral(", ")));
}

void ToolsFeature::run(const McpRequest &request, const ToolRegistry::Entry &entry, ToolCall *call)
{
    // Everything the call says goes on its request's stream, before the response.
    const QString key = request.context().key;
    const QString name = entry.spec.name;
    connect(call, &ToolCall::progressNotification, this, [this, key](const QJsonObject &p) {
        m_host.send(JsonRpc::notification(QStringLiteral("notifications/progress"), p), key);
    });
    const CallerPtr caller = request.context().caller;
    connect(call, &ToolCall::logNotification, this,
        [this, name, key, caller](const QString &level, const QJsonValue &data) {
            m_logging->log(*caller, level, name, data, key);
        });
    connect(call, &ToolCall::finished, this, [this, request, call](const ToolResult &result) {
        m_clientRequests->cancelRequestsOf(call);
        request.succeedJson(result.toResponseParts(),
            result.isError() ? RequestRecord::Outcome::ToolError : RequestRecord::Outcome::Ok,
            result.isError() ? result.structuredString(QStringLiteral("error")) : QString());
        if (call != m_inHandler)
            call->deleteLater(); // its handler may still be on the stack
    });
    connect(call, &ToolCall::failed, this, [this, request, call](int code, const QString &message) {
        m_clientRequests->cancelRequestsOf(call);
        request.fail(code, message);
        if (call != m_inHandler)
            call->deleteLater();
    });
    request.onCancel([this, call]() {
        m_clientRequests->cancelRequestsOf(call);
        call->cancel();
        call->deleteLater();
    });
    m_clientRequests->bind(call, [key] { return key; });
    // A call finished before its handler returns (most are) is deleted right here: deleteLater()
    // would wake the event loop once more for every call.
    ToolCall *const outer = std::exchange(m_inHandler, call);
    entry.handler(call);
    m_inHandler = outer;
    if (call->isFinished())
        delete call;
}

} // namespace Hopx::Mcp

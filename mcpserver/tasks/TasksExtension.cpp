// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "tasks/TasksExtension.h"

#include "modern/InputRound.h"
#include "session/FeatureHost.h"
#include "session/McpRequest.h"
#include "session/MethodTable.h"
#include "tasks/TasksFeature.h"
#include "tools/ToolCall.h"
#include "json/JsonRpc.h"

#include <QLoggingCategory>

Q_DECLARE_LOGGING_CATEGORY(lcSession)

namespace Hopx::Mcp {

TasksExtension::TasksExtension(
    FeatureHost &host, TaskStore *store, ToolRegistry *tools, QObject *parent)
    : McpFeature(parent)
    , m_host(host)
    , m_store(store)
    , m_tools(tools)
{ }

QJsonObject TasksExtension::requirement()
{
    return QJsonObject {{QStringLiteral("requiredCapabilities"),
        QJsonObject {{QStringLiteral("extensions"), QJsonObject {{kId, QJsonObject {}}}}}}};
}

void TasksExtension::registerMethods(MethodTable &table)
{
    const auto add = [&](const char *name, void (TasksExtension::*handler)(const McpRequest &)) {
        MethodTable::Method method;
        method.eras = MethodTable::Modern;
        method.handler = [this, handler](const McpRequest &request) {
            // Each request declares the extension itself: there is no session to remember it.
            if (!request.caller().clientHasExtension(kId)) {
                request.fail(JsonRpc::MissingRequiredClientCapability,
                    QStringLiteral("Missing required client capability: %1 needs the %2 "
                                   "extension in clientCapabilities")
                        .arg(request.method(), kId),
                    requirement());
                return;
            }
            (this->*handler)(request);
        };
        table.add(QLatin1String(name), method);
    };
    add("tasks/get", &TasksExtension::get);
    add("tasks/update", &TasksExtension::update);
    add("tasks/cancel", &TasksExtension::cancel);
}

void TasksExtension::declare(QJsonObject &capabilities, const Caller &caller) const
{
    if (!caller.stateless || !m_store || !m_tools)
        return;
    if (!TasksFeature::anyToolRunsAsTask(*m_tools))
        return;
    QJsonObject extensions = capabilities.value(QLatin1String("extensions")).toObject();
    extensions.insert(kId, QJsonObject {});
    capabilities.insert(QStringLiteral("extensions"), extensions);
}

bool TasksExtension::offers(const Caller &caller, const ToolSpec &spec) const
{
    return m_store && caller.stateless && caller.clientHasExtension(kId)
        && spec.taskSupport != ToolSpec::TaskSupport::Forbidden;
}

void TasksExtension::adopt(const McpRequest &request, ToolCall *call)
{
    const auto task = m_store->create(request.caller().authContext, std::nullopt, true);
    if (!task) {
        request.fail(JsonRpc::InternalError,
            QStringLiteral("Too many unfinished tasks (%1); wait for some to finish or cancel them")
                .arg(m_host.config().maxTasks));
        call->cancel();
        call->deleteLater();
        return;
    }
    const QString taskId = task->id;
    call->setTaskId(taskId);
    m_store->attach(taskId, call); // the store owns it now: it outlives request and session
    // The store, not this session, hears how it ends: the outcome is kept if we are gone.
    QPointer<TaskStore> store = m_store;
    connect(call, &ToolCall::finished, store.data(), [store, taskId](const ToolResult &result) {
        // A tool error is still a result: `completed`, with isError inside (SEP-2663).
        if (store)
            store->finish(taskId, TaskStore::Status::Completed,
                QJsonObject {{QStringLiteral("result"), result.toJson()}});
    });
    connect(
        call, &ToolCall::failed, store.data(), [store, taskId](int code, const QString &message) {
            if (store)
                store->finish(taskId, TaskStore::Status::Failed,
                    QJsonObject {{QStringLiteral("error"),
                        QJsonObject {
                            {QStringLiteral("code"), code}, {QStringLiteral("message"), message}}}},
                    message);
        });
    // What the task asks waits in the store for tasks/update.
    call->setClientRequester([store, taskId](ToolCall *c, const QString &method,
                                 const QJsonObject &params, const ToolCall::ClientCallback &cb,
                                 const QString &key) {
        QJsonObject requirement;
        const QString missing =
            InputRound::capabilityFor(method, params, *c->context().caller, &requirement);
        if (!missing.isEmpty() || !store) {
            c->failLater(cb, JsonRpc::MissingRequiredClientCapability,
                QStringLiteral("The client did not declare %1 (needed for %2)")
                    .arg(missing.isEmpty() ? QStringLiteral("a connection") : missing, method));
            return;
        }
        QPointer<ToolCall> guard(c);
        store->ask(taskId, key.isEmpty() ? method.section(QLatin1Char('/'), 0, 0) : key,
            QJsonObject {{QStringLiteral("method"), method}, {QStringLiteral("params"), params}},
            [guard, cb](const QJsonObject &response) {
                if (guard && !guard->isCancelled() && !guard->isFinished())
                    cb(ToolCall::ClientReply {true, response, 0, {}});
            });
    });
    QJsonObject created = task->toDetailedJson();
    created.insert(QStringLiteral("resultType"), QStringLiteral("task"));
    request.succeed(created, QStringLiteral("task created"));
    qCDebug(lcSession) << "tool" << call->toolName() << "goes on as a task";
}

void TasksExtension::get(const McpRequest &request)
{
    if (const auto task = TasksFeature::findTask(m_store, request))
        request.succeed(task->toDetailedJson());
}

void TasksExtension::update(const McpRequest &request)
{
    const QJsonValue responses = request.params().value(QLatin1String("inputResponses"));
    if (!responses.isObject()) {
        request.fail(JsonRpc::InvalidParams,
            QStringLiteral("Invalid params: tasks/update needs inputResponses (an object)"));
        return;
    }
    if (const auto task = TasksFeature::findTask(m_store, request)) {
        m_store->answer(task->id, responses.toObject());
        request.succeed({});
    }
}

void TasksExtension::cancel(const McpRequest &request)
{
    // An acknowledgement, whatever the task's state: cancelling is a wish, not a query.
    if (const auto task = TasksFeature::findTask(m_store, request)) {
        if (!task->isTerminal())
            m_store->cancel(task->id, QStringLiteral("The task was cancelled by request."));
        request.succeed({});
    }
}

} // namespace Hopx::Mcp

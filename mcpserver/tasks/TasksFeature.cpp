// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "tasks/TasksFeature.h"

#include "features/ClientRequestsFeature.h"
#include "features/LoggingFeature.h"
#include "session/FeatureHost.h"
#include "session/MethodTable.h"
#include "session/ServerConfig.h"
#include "tasks/RelatedTask.h"
#include "tools/ToolCall.h"
#include "json/JsonRpc.h"
#include "json/Pagination.h"

#include <QLoggingCategory>

#include <algorithm>

Q_DECLARE_LOGGING_CATEGORY(lcSession)

namespace Hopx::Mcp {

namespace {

const QLatin1String kTasks("tasks");

QString firstText(const ToolResult &result)
{
    for (const QJsonValue &block : result.content())
        if (block.toObject().value(QLatin1String("type")).toString() == QLatin1String("text"))
            return block.toObject().value(QLatin1String("text")).toString().left(500);
    return {};
}

} // namespace

TasksFeature::TasksFeature(FeatureHost &host, TaskStore *store, ToolRegistry *tools,
    ClientRequestsFeature *clientRequests, LoggingFeature *logging, QObject *parent)
    : McpFeature(parent)
    , m_host(host)
    , m_store(store)
    , m_tools(tools)
    , m_clientRequests(clientRequests)
    , m_logging(logging)
{
    connect(store, &TaskStore::statusChanged, this, &TasksFeature::taskChanged);
}

void TasksFeature::registerMethods(MethodTable &table)
{
    const auto add = [&](const char *name, void (TasksFeature::*handler)(const McpRequest &)) {
        MethodTable::Method method;
        method.handler = [this, handler](const McpRequest &request) { (this->*handler)(request); };
        method.capability = kTasks;
        method.eras = MethodTable::Legacy; // 2026-07-28: the tasks extension (TasksExtension)
        table.add(QLatin1String(name), method);
    };
    add("tasks/list", &TasksFeature::list);
    add("tasks/get", &TasksFeature::get);
    add("tasks/cancel", &TasksFeature::cancel);
    add("tasks/result", &TasksFeature::result);
}

bool TasksFeature::anyToolRunsAsTask(const ToolRegistry &tools)
{
    for (const ToolSpec &spec : tools.specs()) {
        if (spec.taskSupport != ToolSpec::TaskSupport::Forbidden)
            return true;
    }
    return false;
}

void TasksFeature::declare(QJsonObject &capabilities, const Caller &caller) const
{
    // Only with a tool that can run as one, and only for 2025-11-25 clients: older ones would
    // not know what to do with a task.
    if (!m_store || !m_tools || caller.stateless
        || caller.protocolVersion < QLatin1String("2025-11-25"))
        return;
    if (!TasksFeature::anyToolRunsAsTask(*m_tools))
        return;
    capabilities.insert(kTasks,
        QJsonObject {{QStringLiteral("list"), QJsonObject {}},
            {QStringLiteral("cancel"), QJsonObject {}},
            {QStringLiteral("requests"),
                QJsonObject {{QStringLiteral("tools"),
                    QJsonObject {{QStringLiteral("call"), QJsonObject {}}}}}}});
}

void TasksFeature::start(const McpRequest &request, const ToolRegistry::Entry &entry,
    ToolCall *call, const QJsonObject &taskParams, const std::optional<ToolResult> &early)
{
    std::optional<qint64> ttl;
    const QJsonValue ttlValue = taskParams.value(QLatin1String("ttl"));
    // A double past qint64 would not convert (undefined behaviour); the store caps it anyway.
    // 9e18, not double(numeric_limits<qint64>::max()): that rounds up to 2^63, itself past qint64.
    if (ttlValue.isDouble() && ttlValue.toDouble() > 0)
        ttl = qint64(std::min(ttlValue.toDouble(), 9.0e18));
    const auto task = m_store->create(request.caller().authContext, ttl);
    if (!task) {
        delete call;
        request.fail(JsonRpc::InternalError,
            QStringLiteral("Too many unfinished tasks (%1); wait for some to finish or cancel them")
                .arg(m_host.config().maxTasks));
        return;
    }
    const QString taskId = task->id;
    m_ownTasks.insert(taskId);
    call->setTaskId(taskId);
    m_store->attach(taskId, call); // the store owns it now: it outlives this request and session

    // Progress keeps the original token until the task ends; where it goes is decided per message.
    connect(call, &ToolCall::progressNotification, this, [this, taskId](const QJsonObject &p) {
        QJsonObject params = p;
        RelatedTask::addTo(params, taskId);
        m_host.send(JsonRpc::notification(QStringLiteral("notifications/progress"), params),
            waitingKey(taskId));
    });
    const QString name = entry.spec.name;
    const CallerPtr caller = request.context().caller;
    connect(call, &ToolCall::logNotification, this,
        [this, name, taskId, caller](const QString &level, const QJsonValue &data) {
            m_logging->log(*caller, level, name, data, waitingKey(taskId), taskId);
        });
    // The store, not the session, is the receiver: the result is kept even if we are gone.
    QPointer<TaskStore> store = m_store;
    connect(call, &ToolCall::finished, m_store.data(), [store, taskId](const ToolResult &result) {
        if (!store)
            return;
        const QString message = result.isError() ? firstText(result) : QString();
        store->finish(taskId,
            result.isError() ? TaskStore::Status::Failed : TaskStore::Status::Completed,
            QJsonObject {{QStringLiteral("result"), result.toJson()}}, message);
    });
    connect(call, &ToolCall::failed, m_store.data(), [store, taskId](int code, const QString &m) {
        if (store)
            store->finish(taskId, TaskStore::Status::Failed,
                QJsonObject {{QStringLiteral("error"),
                    QJsonObject {{QStringLiteral("code"), code}, {QStringLiteral("message"), m}}}},
                m);
    });
    connect(call, &ToolCall::cancelled, this,
        [this, call]() { m_clientRequests->cancelRequestsOf(call); });
    QPointer<TasksFeature> self(this);
    m_clientRequests->bind(
        call, [self, taskId] { return self ? self->waitingKey(taskId) : QString(); });

    request.succeed(
        QJsonObject {{QStringLiteral("task"), task->toJson()}}, QStringLiteral("task created"));
    qCDebug(lcSession) << "tool" << name << "runs as a task";

    if (early) {
        call->finish(*early);
        return;
    }
    entry.handler(call);
}

void TasksFeature::list(const McpRequest &request)
{
    Pagination::answerList(request, m_store->list(request.caller().authContext),
        QStringLiteral("tasks"), m_host.config().pageSize);
}

std::optional<TaskStore::Task> TasksFeature::findTask(
    const TaskStore *store, const McpRequest &request)
{
    const auto taskId = request.stringParam(QLatin1String("taskId"));
    if (!taskId)
        return std::nullopt;
    // Another context's task is reported exactly like a missing one: no existence oracle.
    auto task = store ? store->find(*taskId, request.caller().authContext) : std::nullopt;
    if (!task)
        request.fail(JsonRpc::InvalidParams,
            QStringLiteral("Task not found (unknown, expired or not yours)"));
    return task;
}

void TasksFeature::get(const McpRequest &request)
{
    if (const auto task = findTask(m_store, request))
        request.succeed(task->toJson());
}

void TasksFeature::cancel(const McpRequest &request)
{
    const auto task = findTask(m_store, request);
    if (!task)
        return;
    if (task->isTerminal()) {
        request.fail(JsonRpc::InvalidParams,
            QStringLiteral("Cannot cancel task: already in terminal status '%1'")
                .arg(TaskStore::statusName(task->status)));
        return;
    }
    m_store->cancel(task->id, QStringLiteral("The task was cancelled by request."));
    const auto cancelled = m_store->find(task->id, request.caller().authContext);
    request.succeed(cancelled ? cancelled->toJson() : task->toJson());
}

void TasksFeature::result(const McpRequest &request)
{
    const auto task = findTask(m_store, request);
    if (!task)
        return;
    if (task->isTerminal()) {
        answerResult(*task, request);
        return;
    }
    // Wait: the request stays in flight (cancellable like any other) until the task ends.
    const QString taskId = task->id;
    m_waiting[taskId].append(request);
    const QString key = request.context().key;
    request.onCancel([this, taskId, key]() {
        auto it = m_waiting.find(taskId);
        if (it == m_waiting.end())
            return;
        it->removeIf([&key](const McpRequest &r) { return r.context().key == key; });
        if (it->isEmpty())
            m_waiting.erase(it);
    });
}

void TasksFeature::answerResult(const TaskStore::Task &task, const McpRequest &request)
{
    if (task.outcome.contains(QLatin1String("result"))) {
        QJsonObject result = task.outcome.value(QLatin1String("result")).toObject();
        RelatedTask::addTo(result, task.id);
        request.succeed(result);
        return;
    }
    const QJsonObject error = task.outcome.value(QLatin1String("error")).toObject();
    request.fail(error.value(QLatin1String("code")).toInt(JsonRpc::InternalError),
        error.value(QLatin1String("message"))
            .toString(QStringLiteral("The task ended without a result")),
        RelatedTask::meta(task.id));
}

void TasksFeature::taskChanged(const TaskStore::Task &task)
{
    if (m_ownTasks.contains(task.id) && m_host.listener())
        m_host.send(
            JsonRpc::notification(QStringLiteral("notifications/tasks/status"), task.toJson()));
    if (!task.isTerminal())
        return;
    m_ownTasks.remove(task.id);
    const QList<McpRequest> waiting = m_waiting.take(task.id);
    for (const McpRequest &request : waiting)
        answerResult(task, request);
}

QString TasksFeature::waitingKey(const QString &taskId) const
{
    const auto it = m_waiting.constFind(taskId);
    return it == m_waiting.cend() || it->isEmpty() ? QString() : it->first().context().key;
}

} // namespace Hopx::Mcp

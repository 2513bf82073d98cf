// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "session/McpFeature.h"
#include "session/McpRequest.h"
#include "tasks/TaskStore.h"
#include "tools/ToolRegistry.h"

#include <QHash>
#include <QList>
#include <QPointer>
#include <QSet>

#include <optional>

namespace Hopx::Mcp {

class ClientRequestsFeature;
class FeatureHost;
class LoggingFeature;
class ToolCall;
class ToolResult;

/*! \brief Tasks (2025-11-25, experimental): task-augmented tools/call and tasks/list, get,
 *  result, cancel.
 *
 * The TaskStore is the server's: a task outlives the request that made it and this session.
 * Lookups use the caller's auth context, so another client's task reads as a missing one.
 * (2026-07-28 moves tasks to the io.modelcontextprotocol/tasks extension.)
 */
class TasksFeature final : public McpFeature
{
public:
    TasksFeature(FeatureHost &host, TaskStore *store, ToolRegistry *tools,
        ClientRequestsFeature *clientRequests, LoggingFeature *logging, QObject *parent = nullptr);

    void registerMethods(MethodTable &table) override;
    void declare(QJsonObject &capabilities, const Caller &caller) const override;

    /*! Runs `call` as a task: answers `request` with the new task at once, then the handler
     *  runs (or `early`, an invalid-arguments result, becomes the task's result). */
    void start(const McpRequest &request, const ToolRegistry::Entry &entry, ToolCall *call,
        const QJsonObject &taskParams, const std::optional<ToolResult> &early);

public:
    //! Tasks are declared (either era) only when some tool can run as one.
    static bool anyToolRunsAsTask(const ToolRegistry &tools);
    /*! The task `request` names (params.taskId) if it belongs to the caller's auth context;
     *  otherwise `request` is answered with -32602 (both eras share this). */
    static std::optional<TaskStore::Task> findTask(
        const TaskStore *store, const McpRequest &request);

private:
    void list(const McpRequest &request);
    void get(const McpRequest &request);
    void cancel(const McpRequest &request);
    void result(const McpRequest &request);
    void answerResult(const TaskStore::Task &task, const McpRequest &request);
    void taskChanged(const TaskStore::Task &task);
    //! A task's messages ride on a tasks/result that waits for it, if there is one.
    QString waitingKey(const QString &taskId) const;

    FeatureHost &m_host;
    QPointer<TaskStore> m_store;
    QPointer<ToolRegistry> m_tools;
    ClientRequestsFeature *m_clientRequests;
    LoggingFeature *m_logging;
    QSet<QString> m_ownTasks; // made by this session: their status changes are announced
    QHash<QString, QList<McpRequest>> m_waiting; // task id → tasks/result waiting for it
};

} // namespace Hopx::Mcp

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "session/McpFeature.h"
#include "tasks/TaskStore.h"
#include "tools/ToolRegistry.h"

#include <QLatin1String>
#include <QPointer>

#include <optional>

namespace Hopx::Mcp {

class FeatureHost;
class McpRequest;
class ToolCall;
struct Caller;

/*! \brief The 2026-07-28 tasks extension (`io.modelcontextprotocol/tasks`, SEP-2663): tasks/get,
 *  tasks/update, tasks/cancel, and tool calls that become tasks.
 *
 * The server decides: a tools/call that allows tasks and is still working when its handler
 * returns becomes one for a caller that declared the extension on that request
 * (ToolCallRound); the client never asks. The task lives in the server's TaskStore (it
 * outlives the request, the connection and this session), bound to the caller's auth context,
 * and is polled with tasks/get, which inlines the result, the error or the open questions
 * (answered with tasks/update). A tool error is a `completed` task whose result has isError;
 * `failed` is kept for JSON-RPC errors. Every method needs the extension declared on its own
 * request (-32021 otherwise); 2025-11-25's tasks/result and tasks/list do not exist here.
 */
class TasksExtension final : public McpFeature
{
public:
    static constexpr QLatin1String kId {"io.modelcontextprotocol/tasks"};

    TasksExtension(
        FeatureHost &host, TaskStore *store, ToolRegistry *tools, QObject *parent = nullptr);

    void registerMethods(MethodTable &table) override;
    void declare(QJsonObject &capabilities, const Caller &caller) const override;

    //! Whether a call of `spec` by `caller` may become a task.
    bool offers(const Caller &caller, const ToolSpec &spec) const;
    //! The -32021 error data naming the extension.
    static QJsonObject requirement();
    //! `call` goes on as a task: `request` is answered with the CreateTaskResult.
    void adopt(const McpRequest &request, ToolCall *call);

private:
    void get(const McpRequest &request);
    void update(const McpRequest &request);
    void cancel(const McpRequest &request);

    FeatureHost &m_host;
    QPointer<TaskStore> m_store;
    QPointer<ToolRegistry> m_tools;
};

} // namespace Hopx::Mcp

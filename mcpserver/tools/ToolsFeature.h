// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "modern/InputStateCodec.h"
#include "session/McpFeature.h"
#include "tools/ToolRegistry.h"

#include <QPointer>

namespace Hopx::Mcp {

class ClientRequestsFeature;
class FeatureHost;
class LoggingFeature;
class McpRequest;
class TasksExtension;
class TasksFeature;
class ToolCall;

/*! \brief Tools: tools/list (paginated) and tools/call (validated, asynchronous, several in
 *  flight, answered as they finish; or run as a task when the caller asks and may).
 *
 * The path of one call: the name and arguments are checked (unknown tool and malformed
 * params are protocol errors, values the schema refuses are tool errors the model can
 * read), a ToolCall carries the request's context to the tool's handler, and its result
 * is written into the response once (ToolResult::toResponseJson()). A 2026-07-28 call runs
 * under an input round instead (ToolCallRound): its questions become input-required results
 * and it may become a task of the extension; 2025-11-25's params.task means nothing there.
 */
class ToolsFeature final : public McpFeature
{
public:
    ToolsFeature(FeatureHost &host, ToolRegistry *registry, TasksFeature *tasks,
        TasksExtension *tasksExtension, ClientRequestsFeature *clientRequests,
        LoggingFeature *logging, QObject *parent = nullptr);

    void registerMethods(MethodTable &table) override;
    void declare(QJsonObject &capabilities, const Caller &caller) const override;

private:
    void list(const McpRequest &request);
    void call(const McpRequest &request);
    QString unknownToolMessage(const QString &name, const Caller &caller) const;
    /*! Whether this era can run the call as asked (a request that cannot is answered here);
     *  `asTask`: a legacy task-augmented call. */
    bool admitLegacy(
        const McpRequest &request, const ToolRegistry::Entry &entry, bool *asTask) const;
    bool admitStateless(const McpRequest &request, const ToolRegistry::Entry &entry) const;
    void run(const McpRequest &request, const ToolRegistry::Entry &entry, ToolCall *call);

    FeatureHost &m_host;
    QPointer<ToolRegistry> m_registry;
    TasksFeature *m_tasks; // null: no task-augmented calls
    TasksExtension *m_tasksExtension; // null: no tasks in 2026-07-28
    InputStateCodec m_inputState;
    ClientRequestsFeature *m_clientRequests;
    LoggingFeature *m_logging;
    ToolCall *m_inHandler = nullptr; // the call whose handler runs now
};

} // namespace Hopx::Mcp

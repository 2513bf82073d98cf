// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "session/McpFeature.h"
#include "tools/ToolCall.h"

#include <QHash>
#include <QPointer>

#include <functional>

class QTimer;

namespace Hopx::Mcp {

class FeatureHost;
class TaskStore;

/*! \brief Requests a tool sends to the client while it runs (sampling/createMessage,
 *  elicitation/create, roots/list) and the client's answers to them.
 *
 * Only what the caller declared may be asked; ids are never reused; an unanswered request
 * times out (ServerConfig::clientRequestTimeoutMs) and is cancelled when its call ends. A
 * task waiting for an answer is `input_required` meanwhile. (2026-07-28 replaces these
 * requests by input-required results; that would be a different binding, not this feature.)
 */
class ClientRequestsFeature final : public McpFeature
{
public:
    ClientRequestsFeature(FeatureHost &host, TaskStore *tasks, QObject *parent = nullptr);
    ~ClientRequestsFeature() override;

    void registerMethods(MethodTable &table) override;

    //! Lets `call` ask the client through this session; what it sends rides on relatedKey().
    void bind(ToolCall *call, std::function<QString()> relatedKey);
    //! Tells the client to stop asking its user: nobody waits for these answers any more.
    void cancelRequestsOf(ToolCall *call);

private:
    void send(ToolCall *call, const QString &method, const QJsonObject &params,
        const ToolCall::ClientCallback &callback, const QString &relatedKey);
    void handleResponse(const QJsonObject &message);
    void timeOut(const QString &key, qint64 number, const QString &method);

    struct Outgoing
    {
        ToolCall::ClientCallback callback;
        QPointer<ToolCall> call;
        QTimer *timer = nullptr;
        QString taskId;
    };

    FeatureHost &m_host;
    QPointer<TaskStore> m_tasks;
    QHash<QString, Outgoing> m_outgoing; // JsonRpc::idKey → our request
    qint64 m_nextId = 1;
};

} // namespace Hopx::Mcp

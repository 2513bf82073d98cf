// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "ServerConfig.h"
#include "ServerContext.h"
#include "TaskStore.h"
#include "ToolCall.h"
#include "ToolRegistry.h"

#include <QElapsedTimer>
#include <QHash>
#include <QJsonObject>
#include <QMap>
#include <QObject>
#include <QPointer>
#include <QSet>

#include <functional>
#include <optional>

class QTimer;

namespace Hopx::Mcp {

class PromptRegistry;
class ResourceRegistry;
class ToolRegistry;
class ToolResult;

/*! \brief One MCP conversation, independent of its transport.
 *
 * Feed it complete lines with handleLine() (or parsed JSON with handleJson()); it emits
 * outgoing() with each message to send (compact JSON, no newline). It implements JSON-RPC
 * framing and errors, the lifecycle and version negotiation, ping, tools/list (paginated),
 * tools/call (validated, asynchronous, several in flight, answered as they finish), progress,
 * cancellation, logging, 2025-03-26 batches, resources (list, templates, read, subscribe),
 * prompts, completion, tasks (2025-11-25, experimental) and server-to-client requests made by
 * tools (sampling, elicitation). Capabilities are declared only for what the ServerContext
 * offers. Nothing a client sends can make it throw or stop answering.
 *
 * outgoing()'s second argument names the client request a message belongs to (its
 * JsonRpc::idKey: the response itself, its progress and log notifications, requests a tool
 * sends to the client while serving it), or is empty for messages that belong to none. A
 * stream transport ignores it; Streamable HTTP uses it to pick the SSE stream.
 */
class McpSession : public QObject
{
    Q_OBJECT
public:
    struct RequestRecord
    {
        enum class Outcome { Ok, ProtocolError, ToolError, Cancelled };
        QString method;
        QString tool; // tools/call only
        qint64 durationUs = 0;
        Outcome outcome = Outcome::Ok;
        QString detail; // error message, if any
    };

    McpSession(const ServerConfig &config, ToolRegistry *registry, QObject *parent = nullptr);
    McpSession(const ServerConfig &config, const ServerContext &context, QObject *parent = nullptr);
    ~McpSession() override;

    void handleLine(const QByteArray &line);
    //! An already parsed message (object) or 2025-03-26 batch (array).
    void handleJson(const QJsonValue &message);
    //! The transport saw a line over the limit: answer with a parse error (then it closes).
    void handleOversizedLine(qsizetype limit);
    //! Per-connection environment from the bridge's hello (HOPX_API_KEY, …).
    void setConnectionEnv(const QMap<QString, QString> &env) { m_connectionEnv = env; }
    const QMap<QString, QString> &connectionEnv() const { return m_connectionEnv; }
    /*! Who the client is, as far as the transport can tell (e.g. "local-uid:1000"). Tasks are
     *  bound to it: another session with the same context may poll them, nobody else can. */
    void setAuthContext(const QString &context) { m_authContext = context; }
    const QString &authContext() const { return m_authContext; }
    //! A server-wide log message (notifications/message), sent if at or above the level.
    void sendLog(const QString &level, const QString &logger, const QJsonValue &data);
    //! Cancels every call in flight (the client is gone). Tasks keep running.
    void abortAll();

    bool isInitialized() const { return m_initialized; }
    const QString &protocolVersion() const { return m_protocolVersion; }
    const QJsonObject &clientInfo() const { return m_clientInfo; }
    const QJsonObject &clientCapabilities() const { return m_clientCapabilities; }
    const QJsonObject &serverCapabilities() const { return m_serverCapabilities; }
    int inFlightCount() const { return m_inFlight.size(); }

    static int logLevelRank(const QString &level); // -1 when unknown

signals:
    void outgoing(const QByteArray &message, const QString &relatedRequest = {});
    //! The request ended without any response (it was cancelled).
    void requestDropped(const QString &relatedRequest);
    void clientIdentified(const QJsonObject &clientInfo, const QString &protocolVersion);
    void requestFinished(const Hopx::Mcp::McpSession::RequestRecord &record);

private:
    // nullopt = the message gets no response (a notification, or a cancelled request)
    using Responder = std::function<void(std::optional<QJsonObject>)>;

    void dispatch(const QJsonValue &message, const Responder &respond);
    void dispatchRequest(const QJsonObject &msg, const QJsonValue &id, const Responder &respond);
    void handleNotification(const QString &method, const QJsonObject &params);
    void handleClientResponse(const QJsonObject &msg);
    QJsonObject initializeResult(const QJsonObject &params);
    void callTool(const QJsonObject &params, const QJsonValue &id, const Responder &respond);
    void startTask(const ToolRegistry::Entry &entry, ToolCall *call, const QJsonObject &taskParams,
        const QJsonValue &id, const Responder &respond, const std::optional<ToolResult> &early);
    void readResource(const QJsonObject &params, const QJsonValue &id, const Responder &respond);
    void taskRequest(const QString &method, const QJsonObject &params, const QJsonValue &id,
        const Responder &respond);
    void answerTaskResult(
        const TaskStore::Task &task, const QJsonValue &id, const Responder &respond);
    void handleTaskChanged(const TaskStore::Task &task);
    void sendClientRequest(ToolCall *call, const QString &method, const QJsonObject &params,
        const ToolCall::ClientCallback &callback);
    void cancelClientRequestsOf(ToolCall *call, bool notifyCallbacks);
    QString relatedKeyFor(ToolCall *call) const;
    void send(const QJsonObject &message, const QString &relatedKey = {});
    void emitLog(const QString &level, const QString &logger, const QJsonValue &data,
        const QString &relatedKey, const QString &taskId);
    void record(const QString &method, const QString &tool, const QElapsedTimer &timer,
        RequestRecord::Outcome outcome, const QString &detail = {});
    bool tasksOffered() const;

    struct InFlight
    {
        QPointer<ToolCall> call;
        Responder respond;
        QString taskId; // a tasks/result waiting for this task
    };
    struct OutgoingRequest
    {
        ToolCall::ClientCallback callback;
        QPointer<ToolCall> call;
        QTimer *timer = nullptr;
        QString taskId;
    };

    ServerConfig m_config;
    QPointer<ToolRegistry> m_registry;
    QPointer<ResourceRegistry> m_resources;
    QPointer<PromptRegistry> m_prompts;
    QPointer<TaskStore> m_tasks;
    QHash<QString, InFlight> m_inFlight; // JsonRpc::idKey → request in flight
    QHash<const ToolCall *, QString> m_callKeys; // plain (non-task) call → its request key
    QHash<QString, OutgoingRequest> m_outgoing; // our requests to the client
    QSet<QString> m_ownTasks; // tasks this session created
    QSet<QString> m_subscriptions; // resources/subscribe
    QMap<QString, QString> m_connectionEnv;
    QJsonObject m_clientInfo;
    QJsonObject m_clientCapabilities;
    QJsonObject m_serverCapabilities;
    QString m_protocolVersion;
    QString m_authContext;
    qint64 m_nextOutgoingId = 1;
    int m_logLevel = 1; // info: below that nothing is sent unless the client asks
    bool m_initializeAnswered = false;
    bool m_initialized = false;
};

} // namespace Hopx::Mcp

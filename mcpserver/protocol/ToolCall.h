// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "RequestContext.h"
#include "ToolResult.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QMap>
#include <QObject>

#include <functional>

namespace Hopx::Mcp {

/*! \brief One tools/call in flight, handed to the tool's handler.
 *
 * The handler keeps a QPointer to it and calls finish() exactly once, possibly much later.
 * When the client cancels (notifications/cancelled) or goes away, cancelled() is emitted,
 * finish() becomes a no-op and the object is deleted soon after: handlers must stop work
 * and must not touch a null QPointer.
 *
 * A task-augmented call (params.task, 2025-11-25) is the same object with the same API: the
 * server answers the request at once and keeps the call alive (owned by the TaskStore, so it
 * outlives the request and the session) until finish() stores the result or tasks/cancel
 * cancels it. taskId() tells a handler which case it is in, should it care.
 */
class ToolCall : public QObject
{
    Q_OBJECT
public:
    //! The answer to a server-to-client request (sampling/createMessage, elicitation/create, …).
    struct ClientReply
    {
        bool ok = false;
        QJsonObject result; // when ok
        int errorCode = 0; // JSON-RPC error code otherwise
        QString errorMessage;
    };
    using ClientCallback = std::function<void(const ClientReply &reply)>;
    using ClientRequester = std::function<void(ToolCall *call, const QString &method,
        const QJsonObject &params, const ClientCallback &callback)>;

    //! A call outside any session (tests, tools calling tools): only `connectionEnv` is known.
    ToolCall(const QString &toolName, const QJsonObject &arguments, const QJsonValue &progressToken,
        const QMap<QString, QString> &connectionEnv, QObject *parent = nullptr);
    //! A call made by a request: who asked comes from its context.
    ToolCall(const RequestContext &context, const QString &toolName, const QJsonObject &arguments,
        const QJsonValue &progressToken, QObject *parent = nullptr);

    const QString &toolName() const { return m_toolName; }
    const QJsonObject &arguments() const { return m_arguments; }
    //! The request that made the call (its caller, id and key).
    const RequestContext &context() const { return m_context; }
    //! HOPX_API_KEY / HOPX_BASE_URL / HOPX_PROVIDER sent by the bridge for this connection.
    const QMap<QString, QString> &connectionEnv() const { return caller().connectionEnv; }
    //! The protocol version and client the request came from.
    const QString &protocolVersion() const { return caller().protocolVersion; }
    const QJsonObject &clientInfo() const { return caller().clientInfo; }
    //! What the client declared (e.g. "elicitation", "sampling").
    bool clientSupports(const QString &capability) const
    {
        return caller().clientSupports(capability);
    }
    bool hasProgressToken() const { return !m_progressToken.isUndefined(); }
    bool isCancelled() const { return m_cancelled; }
    bool isFinished() const { return m_finished; }

    /*! Sends notifications/progress when the client asked for it. `progress` is raised to
     *  stay strictly increasing (the spec requires it); total < 0 means unknown. */
    void reportProgress(double progress, double total = -1, const QString &message = {});
    //! notifications/message for this call, subject to the session's log level.
    void log(const QString &level, const QJsonValue &data);
    void finish(const ToolResult &result);

    /*! Sends a request to the client (e.g. sampling/createMessage, elicitation/create) on
     *  behalf of this call; `callback` gets the answer exactly once, always later (never from
     *  inside this function). Fails with -32601 when the client did not declare the matching
     *  capability, or when the session is gone. Not called after the call was cancelled. */
    void requestFromClient(
        const QString &method, const QJsonObject &params, ClientCallback callback);

    //! Empty unless the client asked for a task (params.task).
    const QString &taskId() const { return m_taskId; }

    //! Used by the session.
    void cancel();
    void setTaskId(const QString &taskId) { m_taskId = taskId; }
    void setClientRequester(ClientRequester requester) { m_requester = std::move(requester); }

signals:
    void cancelled();
    void progressNotification(const QJsonObject &params);
    void logNotification(const QString &level, const QJsonValue &data);
    void finished(const Hopx::Mcp::ToolResult &result);

private:
    const Caller &caller() const { return *m_context.caller; }

    QString m_toolName;
    QJsonObject m_arguments;
    QJsonValue m_progressToken;
    RequestContext m_context;
    QString m_taskId;
    ClientRequester m_requester;
    double m_lastProgress = -1;
    bool m_cancelled = false;
    bool m_finished = false;
};

} // namespace Hopx::Mcp

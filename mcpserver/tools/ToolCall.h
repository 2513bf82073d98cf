// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "session/RequestContext.h"
#include "tools/ToolResult.h"

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
 *
 * Handlers need not know the protocol era either. requestFromClient() is the one way to ask
 * the client (the user's consent, a model, its roots): a legacy client gets a request of its
 * own (elicitation/create …); a 2026-07-28 one gets an input-required result, and the retry
 * runs the handler again with the answer at hand (InputRound); a task of either era waits in
 * `input_required`. Code before the question must therefore be harmless to run twice.
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
        const QJsonObject &params, const ClientCallback &callback, const QString &key)>;
    using ResultFilter = std::function<ToolResult(const ToolResult &result)>;

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
    //! The tool profile of the caller's connection (empty: the default).
    const QString &toolProfile() const { return caller().toolProfile; }
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
    /*! Ends the call with a JSON-RPC error instead of a result: for a protocol fault, never for
     *  what the model should read (that is an isError result). */
    void fail(int code, const QString &message);

    /*! Asks the client (sampling/createMessage, elicitation/create, roots/list) on behalf of
     *  this call; `callback` gets the answer at most once, always later (never from inside
     *  this function). `key` names the question among this call's (2026-07-28 input requests;
     *  empty: numbered in asking order). Legacy clients that did not declare the capability,
     *  or a session that is gone, make the callback fail with -32601; in 2026-07-28 the whole
     *  request fails with -32021 instead, and the callback is never called (the call is
     *  cancelled), as it is when the answer comes only with a retry. Not called after the call
     *  was cancelled. */
    void requestFromClient(const QString &method, const QJsonObject &params,
        ClientCallback callback, const QString &key = {});
    /*! A value of the handler's own kept across 2026-07-28 input rounds (inside the signed
     *  requestState): set it before asking, read it when the retry runs the handler again. */
    const QJsonValue &roundState() const { return m_roundState; }
    void setRoundState(const QJsonValue &value) { m_roundState = value; }

    //! Empty unless the client asked for a task (params.task).
    const QString &taskId() const { return m_taskId; }

    //! Tells `callback` on the next loop turn (unless the call is over by then) that asking failed.
    void failLater(const ClientCallback &callback, int code, const QString &message);

    //! What finish() passes the result through first (e.g. tool names in the caller's profile).
    void setResultFilter(ResultFilter filter) { m_filter = std::move(filter); }
    /*! Hands the call on to another tool that does the work (the compact profile's `run` to
     *  execute_code, …): from here on it is that tool's call, with that tool's arguments. */
    void redirect(const QString &toolName, const QJsonObject &arguments);

    //! Used by the session.
    void cancel();
    void setTaskId(const QString &taskId) { m_taskId = taskId; }
    void setClientRequester(ClientRequester requester) { m_requester = std::move(requester); }

signals:
    void cancelled();
    void progressNotification(const QJsonObject &params);
    void logNotification(const QString &level, const QJsonValue &data);
    void finished(const Hopx::Mcp::ToolResult &result);
    void failed(int code, const QString &message);

private:
    const Caller &caller() const { return *m_context.caller; }

    QString m_toolName;
    QJsonObject m_arguments;
    QJsonValue m_progressToken;
    RequestContext m_context;
    QString m_taskId;
    ClientRequester m_requester;
    ResultFilter m_filter;
    QJsonValue m_roundState = QJsonValue::Undefined;
    double m_lastProgress = -1;
    bool m_cancelled = false;
    bool m_finished = false;
};

} // namespace Hopx::Mcp

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "session/RequestContext.h"
#include "session/RequestRecord.h"
#include "json/JsonParts.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QJsonObject>
#include <QPointer>

#include <functional>
#include <memory>
#include <optional>

namespace Hopx::Mcp {

class McpSession;
struct BatchCollector;

/*! \brief One request being served: what a feature handler gets, and how it answers.
 *
 * A handle: copies share the request. Answer it once with succeed(), succeedJson() or fail();
 * later answers are ignored. A handler that returns without answering leaves the request in
 * flight, to be answered later from a copy it kept, unless the client cancels it (or goes
 * away) first: then the onCancel() hook runs and any later answer is dropped. Each answer is
 * recorded (method, duration, outcome) for the server's SessionObserver.
 */
class McpRequest
{
public:
    const RequestContext &context() const { return m_state->context; }
    const Caller &caller() const { return *m_state->context.caller; }
    const QString &method() const { return m_state->method; }
    const QJsonObject &params() const { return m_state->params; }
    /*! params[key] when it is a string (and not empty, unless `allowEmpty`); otherwise the
     *  request fails with -32602 naming the method and the key, and this is nullopt. */
    std::optional<QString> stringParam(QLatin1String key, bool allowEmpty = true) const;
    //! Neither answered nor cancelled yet.
    bool isPending() const { return !m_state->answered && !m_state->cancelled; }

    /*! For a 2026-07-28 caller the result gains `resultType` ("complete" unless it names one)
     *  and `_meta["io.modelcontextprotocol/serverInfo"]`. */
    void succeed(const QJsonObject &result, const QString &detail = {}) const;
    //! A result that is compact JSON already (a tool's, written once by ToolResult), with no
    //! top-level `_meta` or `resultType` of its own.
    void succeedJson(const JsonParts &resultJson,
        RequestRecord::Outcome outcome = RequestRecord::Outcome::Ok,
        const QString &detail = {}) const;
    void fail(
        int code, const QString &message, const QJsonValue &data = QJsonValue::Undefined) const;
    //! Runs if the request is cancelled before it is answered (at most once).
    void onCancel(std::function<void()> hook) const { m_state->onCancel = std::move(hook); }

private:
    friend class McpSession;
    struct State
    {
        QPointer<McpSession> session;
        RequestContext context;
        QString method;
        QJsonObject params;
        QString subject; // RequestRecord::tool
        std::shared_ptr<BatchCollector> batch; // null: a message of its own
        std::function<void()> onCancel;
        QElapsedTimer timer;
        bool reportCancellation = false;
        bool inFlight = false;
        bool answered = false;
        bool cancelled = false;
    };
    explicit McpRequest(std::shared_ptr<State> state)
        : m_state(std::move(state))
    { }
    void answer(const JsonParts &message, RequestRecord::Outcome outcome, const QString &detail,
        int errorCode = 0) const;

    std::shared_ptr<State> m_state;
};

} // namespace Hopx::Mcp

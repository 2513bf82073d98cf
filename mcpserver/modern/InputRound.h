// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "modern/InputStateCodec.h"
#include "session/Caller.h"

#include <QJsonObject>
#include <QString>

#include <memory>

namespace Hopx::Mcp {

class McpRequest;

/*! \brief One round of a 2026-07-28 request that may need the client's input (MRTR): what the
 *  client answered, what the handler asks now, and the input-required result that asks it.
 *
 * The server sends no requests of its own in this era. A handler that needs the user (an
 * elicitation), a model (sampling) or the client's roots asks here; when an answer came with
 * the request (its `inputResponses`, or the verified `requestState` of an earlier round) it
 * gets it, otherwise the question joins the round's `inputRequests` and the request is
 * answered with `resultType: "input_required"`. The client retries with the answers and the
 * handler runs again from the start, so whatever it does before it asks must be harmless to
 * repeat. Only what the caller declared may be asked (elicitation, sampling, roots).
 */
class InputRound
{
public:
    enum class Ask {
        Answered, // `answer` holds the client's response
        Pending, // asked in this round's input-required result
        Unsupported, // the caller did not declare the capability: requirement() names it
    };

    /*! Reads `inputResponses` and `requestState` of `request` (a tools/call, prompts/get or
     *  resources/read naming `subject`). Fails the request with -32602 and returns null when
     *  either is malformed or the state does not verify. */
    static std::shared_ptr<InputRound> begin(const McpRequest &request,
        const InputStateCodec &codec, const QString &subject, const QJsonObject &arguments);

    Ask ask(
        const QString &key, const QString &method, const QJsonObject &params, QJsonObject *answer);
    bool hasPending() const { return !m_pending.isEmpty(); }
    //! The MissingRequiredClientCapability data for the last Unsupported ask.
    const QJsonObject &requirement() const { return m_requirement; }
    //! The handler's own value, kept across rounds (from the last round's state, if any).
    const QJsonValue &data() const { return m_state.data; }
    void setData(const QJsonValue &data) { m_state.data = data; }
    /*! Answers `request` with the input-required result asking the pending questions (or an
     *  error when its state would exceed the size bound). */
    void answerInputRequired(const McpRequest &request) const;
    //! The caller's capability a method needs ("elicitation" …), empty if none.
    static QString capabilityFor(const QString &method, const QJsonObject &params,
        const Caller &caller, QJsonObject *requirement);

private:
    InputRound(const InputStateCodec &codec, InputStateCodec::Binding binding, CallerPtr caller);

    InputStateCodec m_codec;
    InputStateCodec::Binding m_binding;
    CallerPtr m_caller;
    InputState m_state; // verified: the answers of earlier rounds
    QJsonObject m_responses; // this request's inputResponses
    QJsonObject m_pending; // key → {method, params}
    QJsonObject m_asked; // key → {m, d}
    QJsonObject m_kept; // answers used this round, carried into the next state
    QJsonObject m_requirement;
};

} // namespace Hopx::Mcp

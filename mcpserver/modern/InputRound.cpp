// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "modern/InputRound.h"

#include "session/McpRequest.h"
#include "json/JsonRpc.h"

namespace Hopx::Mcp {

namespace {

const QLatin1String kElicit("elicitation/create");
const QLatin1String kSample("sampling/createMessage");
const QLatin1String kRoots("roots/list");

//! Whether `response` is the kind of answer `method` asks for (else the question is asked again).
bool fits(const QString &method, const QJsonObject &response)
{
    if (method == kElicit) {
        const QString action = response.value(QLatin1String("action")).toString();
        return action == QLatin1String("accept") || action == QLatin1String("decline")
            || action == QLatin1String("cancel");
    }
    if (method == kSample)
        return response.contains(QLatin1String("role"))
            && response.contains(QLatin1String("content"));
    if (method == kRoots)
        return response.value(QLatin1String("roots")).isArray();
    return true;
}

} // namespace

InputRound::InputRound(
    const InputStateCodec &codec, InputStateCodec::Binding binding, CallerPtr caller)
    : m_codec(codec)
    , m_binding(std::move(binding))
    , m_caller(std::move(caller))
{ }

std::shared_ptr<InputRound> InputRound::begin(const McpRequest &request,
    const InputStateCodec &codec, const QString &subject, const QJsonObject &arguments)
{
    const QJsonObject &params = request.params();
    const QJsonValue responses = params.value(QLatin1String("inputResponses"));
    if (!responses.isUndefined() && !responses.isObject()) {
        request.fail(JsonRpc::InvalidParams,
            QStringLiteral("Invalid params: inputResponses must be an object (input request key "
                           "→ the client's result)"));
        return nullptr;
    }
    const QJsonObject answers = responses.toObject();
    for (auto it = answers.begin(); it != answers.end(); ++it) {
        if (!it.value().isObject()) {
            request.fail(JsonRpc::InvalidParams,
                QStringLiteral("Invalid params: inputResponses[\"%1\"] must be an object (the "
                               "result of the request it answers)")
                    .arg(it.key()));
            return nullptr;
        }
    }
    const QJsonValue token = params.value(QLatin1String("requestState"));
    if (!token.isUndefined() && !token.isString()) {
        request.fail(JsonRpc::InvalidParams,
            QStringLiteral("Invalid params: requestState must be the string this server sent"));
        return nullptr;
    }
    InputStateCodec::Binding binding {
        request.caller().authContext, request.method(), subject, arguments};
    std::shared_ptr<InputRound> round(
        new InputRound(codec, std::move(binding), request.context().caller));
    round->m_responses = answers;
    if (token.isString()) {
        const Expected<InputState> state = codec.decode(token.toString(), round->m_binding);
        if (!state) {
            request.fail(
                JsonRpc::InvalidParams, QStringLiteral("Invalid params: %1").arg(state.error()));
            return nullptr;
        }
        round->m_state = state.value();
    }
    return round;
}

QString InputRound::capabilityFor(const QString &method, const QJsonObject &params,
    const Caller &caller, QJsonObject *requirement)
{
    QString capability;
    if (method == kElicit)
        capability = QStringLiteral("elicitation");
    else if (method == kSample)
        capability = QStringLiteral("sampling");
    else if (method == kRoots)
        capability = QStringLiteral("roots");
    if (capability.isEmpty())
        return {};
    const QJsonValue declared = caller.clientCapabilities.value(capability);
    const bool url =
        method == kElicit && params.value(QLatin1String("mode")).toString() == QLatin1String("url");
    if (!declared.isUndefined() && (!url || declared.toObject().contains(QLatin1String("url"))))
        return {};
    *requirement = QJsonObject {{QStringLiteral("requiredCapabilities"),
        QJsonObject {{capability,
            url ? QJsonObject {{QStringLiteral("url"), QJsonObject {}}} : QJsonObject {}}}}};
    return capability;
}

InputRound::Ask InputRound::ask(
    const QString &key, const QString &method, const QJsonObject &params, QJsonObject *answer)
{
    const QString digest = InputStateCodec::digest(method, params);
    const QJsonObject asked = m_state.asked.value(key).toObject();
    const auto given = m_responses.constFind(key);
    // An answer to what was asked under this key, or given unasked; not one to another question.
    const bool sameQuestion = asked.isEmpty()
        || (asked.value(QLatin1String("m")).toString() == method
            && asked.value(QLatin1String("d")).toString() == digest);
    QJsonObject response;
    if (given != m_responses.constEnd() && sameQuestion)
        response = given->toObject();
    const QJsonObject earlier = m_state.answers.value(key).toObject();
    if (response.isEmpty() && earlier.value(QLatin1String("m")).toString() == method
        && earlier.value(QLatin1String("d")).toString() == digest)
        response = earlier.value(QLatin1String("r")).toObject();
    if (!response.isEmpty() && fits(method, response)) {
        m_kept.insert(key,
            QJsonObject {{QStringLiteral("m"), method}, {QStringLiteral("d"), digest},
                {QStringLiteral("r"), response}});
        *answer = response;
        return Ask::Answered;
    }
    if (!capabilityFor(method, params, *m_caller, &m_requirement).isEmpty())
        return Ask::Unsupported;
    m_pending.insert(
        key, QJsonObject {{QStringLiteral("method"), method}, {QStringLiteral("params"), params}});
    m_asked.insert(key, QJsonObject {{QStringLiteral("m"), method}, {QStringLiteral("d"), digest}});
    return Ask::Pending;
}

void InputRound::answerInputRequired(const McpRequest &request) const
{
    const QString token = m_codec.encode(InputState {m_kept, m_asked, m_state.data}, m_binding);
    if (token.isNull()) {
        request.fail(JsonRpc::InternalError,
            QStringLiteral("The answers gathered for this request grew past what its "
                           "requestState may carry; send it again with fewer rounds"));
        return;
    }
    request.succeed(
        QJsonObject {{QStringLiteral("resultType"), QStringLiteral("input_required")},
            {QStringLiteral("inputRequests"), m_pending}, {QStringLiteral("requestState"), token}},
        QStringLiteral("input required"));
}

} // namespace Hopx::Mcp

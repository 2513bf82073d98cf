// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "session/McpRequest.h"

#include "session/McpSession.h"
#include "json/JsonRpc.h"
#include "json/JsonWriter.h"

namespace Hopx::Mcp {

std::optional<QString> McpRequest::stringParam(QLatin1String key, bool allowEmpty) const
{
    const QJsonValue value = params().value(key);
    if (value.isString() && (allowEmpty || !value.toString().isEmpty()))
        return value.toString();
    fail(JsonRpc::InvalidParams,
        QStringLiteral("Invalid params: %1 needs \"%2\" (a string)").arg(method(), key));
    return std::nullopt;
}

void McpRequest::succeed(const QJsonObject &result, const QString &detail) const
{
    if (!isPending())
        return;
    if (caller().stateless && m_state->session) {
        QJsonObject decorated = result;
        m_state->session->m_modern.decorate(decorated);
        answer(JsonRpc::serializeResponse(context().id, JsonWriter::toJson(decorated)),
            RequestRecord::Outcome::Ok, detail);
        return;
    }
    // ping, subscribe, setLevel, …: an empty result needs no writer.
    const QByteArray json = result.isEmpty() ? QByteArrayLiteral("{}") : JsonWriter::toJson(result);
    answer(JsonRpc::serializeResponse(context().id, json), RequestRecord::Outcome::Ok, detail);
}

void McpRequest::succeedJson(
    const JsonParts &resultJson, RequestRecord::Outcome outcome, const QString &detail) const
{
    if (!isPending())
        return;
    if (caller().stateless && m_state->session)
        answer(JsonRpc::serializeResponse(
                   context().id, m_state->session->m_modern.decorateJson(resultJson.toByteArray())),
            outcome, detail);
    else
        answer(JsonRpc::responseParts(context().id, resultJson), outcome, detail);
}

void McpRequest::fail(int code, const QString &message, const QJsonValue &data) const
{
    if (isPending())
        answer(JsonRpc::serialize(JsonRpc::error(context().id, code, message, data)),
            RequestRecord::Outcome::ProtocolError, message, code);
}

void McpRequest::answer(const JsonParts &message, RequestRecord::Outcome outcome,
    const QString &detail, int errorCode) const
{
    m_state->answered = true;
    m_state->onCancel = nullptr; // it may hold the only reference to a tool call's wiring
    if (m_state->session)
        m_state->session->deliver(*m_state, message, outcome, detail, errorCode);
}

} // namespace Hopx::Mcp

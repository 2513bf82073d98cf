// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "session/ModernCallers.h"

#include "json/JsonWriter.h"

namespace Hopx::Mcp {

ModernCallers::ModernCallers(
    QStringList versions, const QJsonObject &serverInfo, Declare declare, NewClient newClient)
    : m_versions(std::move(versions))
    , m_serverInfo(serverInfo)
    , m_resultTrailer(",\"_meta\":{\"" + QByteArray(RequestEnvelope::kServerInfo.data())
          + "\":" + JsonWriter::toJson(serverInfo) + "},\"resultType\":\"complete\"")
    , m_declare(std::move(declare))
    , m_newClient(std::move(newClient))
{ }

CallerPtr ModernCallers::make(
    const QJsonObject &params, const Caller &connection, RequestEnvelope::Error *error)
{
    const auto envelope = RequestEnvelope::read(params, m_versions, error);
    if (!envelope)
        return nullptr;
    auto caller = std::make_shared<Caller>();
    caller->protocolVersion = envelope->protocolVersion;
    caller->stateless = true;
    caller->logLevel = envelope->logLevel;
    caller->clientInfo = envelope->clientInfo;
    caller->clientCapabilities = envelope->clientCapabilities;
    caller->connectionEnv = connection.connectionEnv;
    caller->toolProfile = connection.toolProfile;
    caller->authContext = connection.authContext;
    caller->serverCapabilities = capabilities();
    if (caller->clientInfo != m_reportedClient) {
        // Said once per client, not per request: every 2026-07-28 request names its client.
        m_reportedClient = caller->clientInfo;
        if (m_newClient)
            m_newClient(*caller);
    }
    m_lastMeta = params.value(QLatin1String("_meta")).toObject();
    m_last = caller;
    return caller;
}

const QJsonObject &ModernCallers::capabilities()
{
    // It depends only on what the server offers: worked out once, again after a change (no
    // initialize marks the moment to do it).
    if (m_capabilities.isEmpty()) {
        Caller prototype;
        prototype.protocolVersion = m_versions.value(0);
        prototype.stateless = true;
        m_capabilities = m_declare(prototype);
    }
    return m_capabilities;
}

void ModernCallers::decorate(QJsonObject &result) const
{
    if (!result.contains(QLatin1String("resultType")))
        result.insert(QStringLiteral("resultType"), QStringLiteral("complete"));
    QJsonObject meta = result.value(QLatin1String("_meta")).toObject();
    if (!meta.contains(RequestEnvelope::kServerInfo)) {
        meta.insert(RequestEnvelope::kServerInfo, m_serverInfo);
        result.insert(QStringLiteral("_meta"), meta);
    }
}

QByteArray ModernCallers::decorateJson(const QByteArray &resultJson) const
{
    // A result written already ({...}, a tool's: no resultType, no _meta of its own) gets the
    // same two keys appended rather than parsed and written again.
    if (resultJson.size() < 2 || !resultJson.endsWith('}'))
        return resultJson;
    QByteArray out;
    out.reserve(resultJson.size() + m_resultTrailer.size());
    out.append(resultJson.constData(), resultJson.size() - 1);
    if (resultJson == "{}")
        out.append(m_resultTrailer.constData() + 1, m_resultTrailer.size() - 1);
    else
        out.append(m_resultTrailer);
    out.append('}');
    return out;
}

} // namespace Hopx::Mcp

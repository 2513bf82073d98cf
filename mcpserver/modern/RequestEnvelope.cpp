// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "modern/RequestEnvelope.h"

#include "features/LoggingFeature.h"
#include "json/JsonRpc.h"

#include <QJsonArray>

namespace Hopx::Mcp {

namespace {
const QLatin1String kMeta("_meta");

RequestEnvelope::Error invalid(const QString &what)
{
    return {JsonRpc::InvalidParams,
        QStringLiteral("Invalid params: %1 (a 2026-07-28 request carries _meta with "
                       "io.modelcontextprotocol/protocolVersion and "
                       "io.modelcontextprotocol/clientCapabilities)")
            .arg(what),
        QJsonValue::Undefined};
}
} // namespace

bool RequestEnvelope::namesVersion(const QJsonObject &params)
{
    const auto meta = params.constFind(kMeta);
    return meta != params.constEnd() && meta->toObject().contains(kProtocolVersion);
}

RequestEnvelope::Error RequestEnvelope::unsupportedVersion(
    const QString &requested, const QStringList &supported)
{
    return {JsonRpc::UnsupportedProtocolVersion,
        QStringLiteral("Unsupported protocol version %1 (supported: %2)")
            .arg(requested, supported.join(QStringLiteral(", "))),
        QJsonObject {{QStringLiteral("supported"), QJsonArray::fromStringList(supported)},
            {QStringLiteral("requested"), requested}}};
}

std::optional<RequestEnvelope> RequestEnvelope::read(
    const QJsonObject &params, const QStringList &supported, Error *error)
{
    const QJsonValue metaValue = params.value(kMeta);
    if (!metaValue.isObject()) {
        *error = invalid(QStringLiteral("no _meta"));
        return std::nullopt;
    }
    const QJsonObject meta = metaValue.toObject();
    const QJsonValue version = meta.value(kProtocolVersion);
    if (!version.isString()) {
        *error = invalid(QStringLiteral("_meta has no protocolVersion string"));
        return std::nullopt;
    }
    const QJsonValue capabilities = meta.value(kClientCapabilities);
    if (!capabilities.isObject()) {
        *error = invalid(QStringLiteral("_meta has no clientCapabilities object"));
        return std::nullopt;
    }
    const QJsonValue info = meta.value(kClientInfo);
    if (!info.isUndefined() && !info.isObject()) {
        *error = invalid(QStringLiteral("_meta clientInfo is not an object"));
        return std::nullopt;
    }
    RequestEnvelope envelope;
    const QJsonValue level = meta.value(kLogLevel);
    if (!level.isUndefined()) {
        envelope.logLevel = LoggingFeature::levelRank(level.toString());
        if (envelope.logLevel < 0) {
            *error = invalid(QStringLiteral("_meta logLevel is not a log level"));
            return std::nullopt;
        }
    }
    envelope.protocolVersion = version.toString();
    if (!supported.contains(envelope.protocolVersion)) {
        *error = unsupportedVersion(envelope.protocolVersion, supported);
        return std::nullopt;
    }
    envelope.clientCapabilities = capabilities.toObject();
    envelope.clientInfo = info.toObject();
    return envelope;
}

} // namespace Hopx::Mcp

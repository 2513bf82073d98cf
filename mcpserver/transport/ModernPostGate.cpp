// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "transport/ModernPostGate.h"

#include "modern/RequestEnvelope.h"
#include "json/JsonRpc.h"

namespace Hopx::Mcp {

namespace {

ModernPostGate::Rejection reject(
    int status, const QJsonValue &id, int code, const QString &message, const QJsonValue &data = {})
{
    QJsonObject error {{QStringLiteral("code"), code}, {QStringLiteral("message"), message}};
    if (!data.isUndefined() && !data.isNull())
        error.insert(QStringLiteral("data"), data);
    return {status,
        JsonRpc::serialize(QJsonObject {{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
            {QStringLiteral("id"), id.isUndefined() ? QJsonValue(QJsonValue::Null) : id},
            {QStringLiteral("error"), error}})};
}

//! The body field a method's Mcp-Name header mirrors (SEP-2243, SEP-2663), or empty.
QLatin1String nameField(const QString &method)
{
    if (method == QLatin1String("tools/call") || method == QLatin1String("prompts/get"))
        return QLatin1String("name");
    if (method == QLatin1String("resources/read"))
        return QLatin1String("uri");
    if (method == QLatin1String("tasks/get") || method == QLatin1String("tasks/update")
        || method == QLatin1String("tasks/cancel"))
        return QLatin1String("taskId");
    return {};
}

// A name outside the header-safe set comes as =?base64?...?= (SEP-2243); any other value is
// compared as sent, byte for byte.
bool nameMatches(const HttpRequest &request, const QString &name)
{
    if (!request.hasHeader("mcp-name"))
        return false;
    const QByteArray raw = request.header("mcp-name");
    QString decoded;
    if (raw.startsWith("=?base64?") && ParamHeaders::decodeValue(raw, &decoded))
        return decoded == name;
    return QString::fromUtf8(raw) == name;
}

} // namespace

bool ModernPostGate::isModern(
    const HttpRequest &request, const QJsonArray &messages, const ServerConfig &config)
{
    if (request.hasHeader("mcp-session-id"))
        return false;
    const QJsonObject message = messages.size() == 1 ? messages.first().toObject() : QJsonObject();
    const QString method = message.value(QLatin1String("method")).toString();
    const QByteArray header = request.header("mcp-protocol-version");
    // An initialize starts a legacy session, its version negotiated in its body, unless its
    // header names a stateless version (which has no initialize: 404, -32601). An unknown
    // version is never an error by itself.
    if (method == QLatin1String("initialize"))
        return config.modernProtocolVersions.contains(QString::fromLatin1(header));
    if (!header.isEmpty() && !config.protocolVersions.contains(QString::fromLatin1(header)))
        return true;
    if (messages.size() != 1)
        return false;
    return method == QLatin1String("server/discover")
        || RequestEnvelope::namesVersion(message.value(QLatin1String("params")).toObject());
}

std::optional<ModernPostGate::Rejection> ModernPostGate::check(const HttpRequest &request,
    const QJsonArray &messages, const ServerConfig &config,
    const std::function<bool(const QString &)> &serves, const ParamHeadersOf &paramHeadersOf)
{
    if (messages.size() != 1)
        return reject(400, {}, JsonRpc::InvalidRequest,
            QStringLiteral("Invalid Request: protocol version 2026-07-28 has no batches"));
    const QJsonObject message = messages.first().toObject();
    const QJsonValue id = message.value(QLatin1String("id"));
    const QString method = message.value(QLatin1String("method")).toString();
    if (!message.contains(QLatin1String("method")))
        return std::nullopt; // a response: nothing in this era asks the client anything
    const QJsonObject params = message.value(QLatin1String("params")).toObject();
    const QString header = QString::fromLatin1(request.header("mcp-protocol-version"));
    if (header.isEmpty())
        return reject(400, id, JsonRpc::HeaderMismatch,
            QStringLiteral("Bad Request: the MCP-Protocol-Version header is required"));
    const bool isRequest = message.contains(QLatin1String("id"));
    if (isRequest) {
        RequestEnvelope::Error error;
        if (!RequestEnvelope::read(params, config.modernProtocolVersions, &error)) {
            const QJsonObject meta = params.value(QLatin1String("_meta")).toObject();
            const QJsonValue named = meta.value(RequestEnvelope::kProtocolVersion);
            // A body that names another version than its header is a mismatch first.
            if (named.isString() && named.toString() != header)
                return reject(400, id, JsonRpc::HeaderMismatch,
                    QStringLiteral(
                        "Bad Request: MCP-Protocol-Version header does not match _meta"));
            return reject(400, id, error.code, error.message, error.data);
        }
        if (params.value(QLatin1String("_meta")).toObject().value(RequestEnvelope::kProtocolVersion)
            != header)
            return reject(400, id, JsonRpc::HeaderMismatch,
                QStringLiteral("Bad Request: MCP-Protocol-Version header does not match _meta"));
    } else if (!config.modernProtocolVersions.contains(header)) {
        const auto error =
            RequestEnvelope::unsupportedVersion(header, config.modernProtocolVersions);
        return reject(400, id, error.code, error.message, error.data);
    }
    // Header values are compared exactly (trimmed by the parser): method names are
    // case-sensitive, and a name is what the body says, byte for byte.
    if (!request.hasHeader("mcp-method")
        || QString::fromUtf8(request.header("mcp-method")) != method)
        return reject(400, id, JsonRpc::HeaderMismatch,
            QStringLiteral("Bad Request: the Mcp-Method header must equal the body's method (%1)")
                .arg(method));
    const QLatin1String field = nameField(method);
    if (field.size()) {
        const QJsonValue value = params.value(field);
        if (value.isString() && !nameMatches(request, value.toString()))
            return reject(400, id, JsonRpc::HeaderMismatch,
                QStringLiteral("Bad Request: the Mcp-Name header must equal params.%1").arg(field));
    }
    if (method == QLatin1String("tools/call") && paramHeadersOf) {
        const QString why =
            ParamHeaders::mismatch(paramHeadersOf(params.value(QLatin1String("name")).toString()),
                params.value(QLatin1String("arguments")).toObject(), request.headers);
        if (!why.isEmpty())
            return reject(400, id, JsonRpc::HeaderMismatch, QStringLiteral("Bad Request: ") + why);
    }
    if (isRequest && !serves(method))
        return reject(404, id, JsonRpc::MethodNotFound,
            QStringLiteral("Method not found: %1 (not in protocol version %2)")
                .arg(method, header));
    return std::nullopt;
}

} // namespace Hopx::Mcp

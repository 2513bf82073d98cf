// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QJsonObject>
#include <QJsonValue>
#include <QLatin1String>
#include <QString>
#include <QStringList>

#include <optional>

namespace Hopx::Mcp {

/*! \brief What a 2026-07-28 request says about itself in `params._meta`: its protocol version,
 *  the client's capabilities and identity, and the log level it wants.
 *
 * The stateless era has no initialize: every request carries these, and a request that names
 * a version (`io.modelcontextprotocol/protocolVersion`) is served in that era whatever came
 * before it on the connection (versioning.mdx, "Backward Compatibility"). Both transports use
 * this one reading: the session core, and Streamable HTTP before it dispatches (it must answer
 * some of these errors with HTTP 400).
 */
struct RequestEnvelope
{
    static constexpr QLatin1String kProtocolVersion {"io.modelcontextprotocol/protocolVersion"};
    static constexpr QLatin1String kClientCapabilities {
        "io.modelcontextprotocol/clientCapabilities"};
    static constexpr QLatin1String kClientInfo {"io.modelcontextprotocol/clientInfo"};
    static constexpr QLatin1String kLogLevel {"io.modelcontextprotocol/logLevel"};
    static constexpr QLatin1String kServerInfo {"io.modelcontextprotocol/serverInfo"};
    static constexpr QLatin1String kSubscriptionId {"io.modelcontextprotocol/subscriptionId"};

    struct Error
    {
        int code = 0;
        QString message;
        QJsonValue data = QJsonValue::Undefined;
    };

    QString protocolVersion;
    QJsonObject clientCapabilities;
    QJsonObject clientInfo;
    int logLevel = -1; // LoggingFeature::levelRank(); -1: none asked for

    //! The version key of params._meta, if it is there (a string or not).
    static bool namesVersion(const QJsonObject &params);
    /*! The envelope, or nullopt with `error` set: -32602 for a missing or malformed field,
     *  -32022 (data: supported, requested) for a version not in `supported`. */
    static std::optional<RequestEnvelope> read(
        const QJsonObject &params, const QStringList &supported, Error *error);
    //! The -32022 error for `requested`.
    static Error unsupportedVersion(const QString &requested, const QStringList &supported);
};

} // namespace Hopx::Mcp

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QJsonObject>
#include <QLatin1String>
#include <QMap>
#include <QString>

#include <memory>

namespace Hopx::Mcp {

/*! \brief Who sent a request and what was agreed with them: all a feature handler may know
 *  about its caller.
 *
 * Legacy era (2024-11-05 … 2025-11-25): the session builds one when it answers `initialize`
 * and every later request of the session shares it. 2026-07-28 is stateless: each request
 * names its protocol version, capabilities and client in `params._meta`, so the session
 * builds one per request (McpSession::callerFor()). Handlers read these fields either way,
 * never the session's, which is what lets one set of handlers serve both eras.
 */
struct Caller
{
    QString protocolVersion; // empty before initialize
    //! 2026-07-28: the request named its own version and capabilities (no initialize).
    bool stateless = false;
    //! 2026-07-28 `_meta[".../logLevel"]` as a LoggingFeature rank; -1: send no log messages.
    int logLevel = -1;
    QJsonObject clientInfo;
    QJsonObject clientCapabilities;
    //! What this server declared to this caller (it depends on the protocol version).
    QJsonObject serverCapabilities;
    //! The connection's environment from the bridge's hello (HOPX_API_KEY, …).
    QMap<QString, QString> connectionEnv;
    //! The tool profile the connection asked for (hopx-mcp --tools, HTTP ?tools=); empty: the
    //! registry's default. It shapes tools/list only: a call by name reaches any tool.
    QString toolProfile;
    //! Who the transport says the client is; tasks are bound to it.
    QString authContext;

    bool clientSupports(const QString &capability) const
    {
        return clientCapabilities.contains(capability);
    }
    bool declared(QLatin1String capability) const
    {
        return serverCapabilities.contains(capability);
    }
    //! An extension (e.g. "io.modelcontextprotocol/tasks") the client declared.
    bool clientHasExtension(QLatin1String extension) const
    {
        return clientCapabilities.value(QLatin1String("extensions")).toObject().contains(extension);
    }
};

using CallerPtr = std::shared_ptr<const Caller>;

} // namespace Hopx::Mcp

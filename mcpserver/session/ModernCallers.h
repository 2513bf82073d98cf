// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "modern/RequestEnvelope.h"
#include "session/Caller.h"

#include <QByteArray>
#include <QJsonObject>
#include <QStringList>

#include <functional>

namespace Hopx::Mcp {

/*! \brief The 2026-07-28 side of a session: the Caller each request names in its `_meta`, and
 *  the two keys every result of that era carries.
 *
 * The era seam. A legacy request (2024-11-05 … 2025-11-25) is served for the caller that
 * `initialize` agreed on. A 2026-07-28 request names its own in params._meta; it gets a Caller
 * of its own, with the connection's env, tool profile and auth context and what this server
 * offers that era. Every feature handler then serves it unchanged.
 *
 * A client sends the same `_meta` with each request: the Caller made from it the last time
 * serves again (a Caller never changes) and the envelope is not read anew. A client that puts
 * a per-request progressToken in `_meta` misses that and pays what a first request pays.
 */
class ModernCallers
{
public:
    //! What the server declares to \a caller (the features' capabilities).
    using Declare = std::function<QJsonObject(const Caller &caller)>;
    //! A request named a client not seen before on this connection (told once per client).
    using NewClient = std::function<void(const Caller &caller)>;

    ModernCallers(
        QStringList versions, const QJsonObject &serverInfo, Declare declare, NewClient newClient);

    //! The Caller made for the last request when \a meta (its params._meta) is the same; else null.
    CallerPtr cached(const QJsonObject &meta) const
    {
        return m_last && !meta.isEmpty() && meta == m_lastMeta ? m_last : nullptr;
    }
    /*! The Caller a request with \a params names, built on \a connection's; null, with
     *  \a error, when its envelope is not valid. Kept for the next request with its `_meta`. */
    CallerPtr make(
        const QJsonObject &params, const Caller &connection, RequestEnvelope::Error *error);
    //! The connection's caller changed (env, profile, auth context): no Caller made from the
    //! old one serves again.
    void forgetCallers() { m_last.reset(); }
    //! What the server offers changed (tools, resources, prompts): declared anew when next asked.
    void forgetCapabilities() { m_capabilities = QJsonObject(); }

    //! Adds resultType and serverInfo, which every 2026-07-28 result carries.
    void decorate(QJsonObject &result) const;
    //! The same for a result written already (a tool's): the keys are appended, not parsed in.
    QByteArray decorateJson(const QByteArray &resultJson) const;

private:
    const QJsonObject &capabilities();

    QStringList m_versions;
    QJsonObject m_serverInfo; // io.modelcontextprotocol/serverInfo
    QByteArray m_resultTrailer; // the same as JSON, for results written already
    Declare m_declare;
    NewClient m_newClient;
    QJsonObject m_capabilities; // what callers of this era are told (cached)
    QJsonObject m_reportedClient; // the last clientInfo given to m_newClient
    QJsonObject m_lastMeta; // the last request's _meta …
    CallerPtr m_last; // … and the Caller made from it
};

} // namespace Hopx::Mcp

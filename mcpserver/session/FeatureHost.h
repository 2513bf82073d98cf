// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QJsonObject>
#include <QLatin1String>
#include <QString>

namespace Hopx::Mcp {

struct Caller;
struct ServerConfig;

/*! \brief What a feature handler may use of the session that hosts it: a way to talk to the
 *  client and the server's configuration; nothing about the caller (that comes with each
 *  request, see McpRequest::caller()).
 */
class FeatureHost
{
public:
    //! Sends a notification; `relatedKey` names the request it belongs to (see RequestContext).
    virtual void send(const QJsonObject &notification, const QString &relatedKey = {}) = 0;
    //! Sends a request to the client (sampling, elicitation, roots), the same way.
    virtual void sendRequest(const QJsonObject &request, const QString &relatedKey) = 0;
    /*! Whom to tell about what no request asked for (list_changed, resources/updated, task
     *  status): the session's caller once it is initialized, else null. (In 2026-07-28 such
     *  notifications go on subscriptions/listen streams instead; this is where they would.)
     */
    virtual const Caller *listener() const = 0;
    virtual const ServerConfig &config() const = 0;

    //! `method` (list_changed) to the listener, if `capability` was declared to it.
    void announce(QLatin1String capability, const QString &method);

protected:
    ~FeatureHost() = default;
};

} // namespace Hopx::Mcp

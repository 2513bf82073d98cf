// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QHash>
#include <QJsonObject>
#include <QLatin1String>
#include <QString>
#include <QStringList>

#include <functional>

namespace Hopx::Mcp {

class McpRequest;

/*! \brief Method name → handler: how the session finds who answers a request.
 *
 * Each feature adds its own methods (McpFeature::registerMethods()), so a new MCP method is
 * one entry in the feature it belongs to, never a branch in the session. Notifications have
 * their own table; an unknown notification is ignored, an unknown request is -32601.
 */
class MethodTable
{
public:
    using Handler = std::function<void(const McpRequest &request)>;
    using NotificationHandler = std::function<void(const QJsonObject &params)>;
    //! A response from the client to a request this server sent it.
    using ResponseHandler = std::function<void(const QJsonObject &response)>;

    struct Method
    {
        Handler handler;
        //! Served before `initialize` (the lifecycle allows only ping and initialize itself).
        bool beforeInitialize = false;
        //! Answered only when this server capability was declared to the caller, else -32601.
        QLatin1String capability;
        //! The param naming what the request acts on, reported as RequestRecord::tool.
        QLatin1String subject;
        //! A cancelled request of this method is reported (a tool call is news, a wait is not).
        bool reportCancellation = false;
    };

    void add(const QString &name, Method method);
    void add(const QString &name, Handler handler);
    void addNotification(const QString &name, NotificationHandler handler);
    void setResponseHandler(ResponseHandler handler) { m_responses = std::move(handler); }

    const Method *find(const QString &name) const;
    const NotificationHandler *findNotification(const QString &name) const;
    QStringList methods() const; // sorted
    QStringList notifications() const; // sorted
    const ResponseHandler &responseHandler() const { return m_responses; }

private:
    QHash<QString, Method> m_methods;
    QHash<QString, NotificationHandler> m_notifications;
    ResponseHandler m_responses;
};

} // namespace Hopx::Mcp

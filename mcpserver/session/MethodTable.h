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

/*! \brief Method name → handler, per protocol era: how the session finds who answers a request.
 *
 * Each feature adds its own methods (McpFeature::registerMethods()), so a new MCP method is
 * one entry in the feature it belongs to, never a branch in the session. A method serves the
 * legacy era (2024-11-05 … 2025-11-25, after initialize), the 2026-07-28 era (stateless) or
 * both; one name may have a different handler per era (tasks/get). Notifications have their
 * own table; an unknown notification is ignored, an unknown request is -32601.
 */
class MethodTable
{
public:
    enum Era { Legacy = 0x1, Modern = 0x2, BothEras = Legacy | Modern };

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
        //! The eras it serves; elsewhere it does not exist (-32601).
        int eras = BothEras;
    };

    void add(const QString &name, Method method);
    void add(const QString &name, Handler handler);
    void addNotification(const QString &name, NotificationHandler handler);
    void setResponseHandler(ResponseHandler handler) { m_responses = std::move(handler); }

    const Method *find(const QString &name, Era era = Legacy) const;
    const NotificationHandler *findNotification(const QString &name) const;
    QStringList methods(Era era = Legacy) const; // sorted
    QStringList notifications() const; // sorted
    const ResponseHandler &responseHandler() const { return m_responses; }

private:
    QHash<QString, Method> m_legacy;
    QHash<QString, Method> m_modern;
    QHash<QString, NotificationHandler> m_notifications;
    ResponseHandler m_responses;
};

} // namespace Hopx::Mcp

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "session/RequestRecord.h"

#include <QDateTime>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QObject>

namespace Hopx::Mcp {

/*! \brief Every MCP session of a server, on every transport, for whoever wants to watch.
 *
 * One object for the whole server (ServerContext::observer): transports open() a session
 * when a client connects and close() it when it goes; the session itself reports what its
 * client says. Views subscribe once, here, instead of to each transport and connection.
 *
 * A session shows (connected()) once its client identified itself with `initialize`, so a
 * probe or an activation request never does; ended() follows only a connected(); request()
 * and response() come for every open session (a ping may precede `initialize`). Ids are
 * unique in the server and say the transport: local connections count from 1, HTTP
 * sessions from 2^32. Cheap when nobody listens: only a tool call's count is kept.
 */
class SessionObserver : public QObject
{
    Q_OBJECT
public:
    enum class Transport { Local, Http };
    Q_ENUM(Transport)

    struct Session
    {
        quint64 id = 0;
        Transport transport = Transport::Local;
        QJsonObject clientInfo;
        QString protocolVersion;
        QString toolProfile; // the profile its tools/list shows (empty: the default)
        QDateTime connectedAt; // when the transport opened it
        qint64 pid = 0; // the client's process (the bridge's), when the transport knows it
        int toolCalls = 0; // tools/call answered or cancelled so far
    };
    struct Request
    {
        QString method;
        QString tool; // tools/call only
        QString key; // JsonRpc::idKey of the request
    };

    using QObject::QObject;

    // Transports
    quint64 open(Transport transport, qint64 pid = 0);
    void setPid(quint64 id, qint64 pid);
    void close(quint64 id);
    // Sessions
    void identified(quint64 id, const QJsonObject &clientInfo, const QString &protocolVersion,
        const QString &toolProfile = {});
    void requestStarted(quint64 id, const QString &method, const QString &tool, const QString &key);
    void requestFinished(quint64 id, const RequestRecord &record);

    //! The sessions shown now (connected, not ended), oldest first.
    QList<Session> sessions() const;

signals:
    //! A client identified itself; again if it sends `initialize` once more.
    void connected(const Hopx::Mcp::SessionObserver::Session &session);
    void request(const Hopx::Mcp::SessionObserver::Session &session,
        const Hopx::Mcp::SessionObserver::Request &request);
    void response(
        const Hopx::Mcp::SessionObserver::Session &session, const Hopx::Mcp::RequestRecord &record);
    void ended(const Hopx::Mcp::SessionObserver::Session &session);

private:
    struct Entry
    {
        Session session;
        bool shown = false;
    };
    QHash<quint64, Entry> m_sessions;
    quint64 m_next[2] = {1, 1}; // per transport
};

} // namespace Hopx::Mcp

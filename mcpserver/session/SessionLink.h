// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "session/McpSession.h"
#include "session/SessionObserver.h"

#include <memory>

namespace Hopx::Mcp {

/*! \brief One McpSession bound to the transport that carries it: the wiring every transport
 *  needs, written once.
 *
 * Creates the session with the client's authorization context, opens it in the server's
 * SessionObserver (and closes it there when the client goes), connects what the session says
 * (outgoing(), requestOpened(), requestClosed()) to the transport's handlers, and cancels what
 * still runs when the transport ends it. A transport holds one as a member; when it goes, the
 * session goes too without another word to it, so no handler runs on a half-destroyed
 * transport.
 */
class SessionLink final
{
public:
    SessionLink(const ServerConfig &config, const ServerContext &context,
        SessionObserver::Transport transport, const QString &authContext, qint64 pid = 0);
    ~SessionLink();
    SessionLink(const SessionLink &) = delete;
    SessionLink &operator=(const SessionLink &) = delete;

    McpSession *session() const { return m_session.get(); }
    //! The client's process, when the transport learns it later (the bridge's hello).
    void setPid(qint64 pid);
    //! The client is gone: cancels every request in flight and closes the session in the
    //! observer. Again: nothing.
    void end();

    /*! Hands what the session says to `transport`: each message with what it is (`send`),
     *  the end of a request that outlived its dispatch (`closed`) and, for a transport that
     *  tells someone about those, their start (`opened`). */
    template<typename Transport>
    void deliverTo(Transport *transport,
        void (Transport::*send)(const JsonParts &, const Outgoing &),
        void (Transport::*closed)(const QString &),
        void (Transport::*opened)(const QString &, const QByteArray &) = nullptr)
    {
        McpSession *session = m_session.get();
        QObject::connect(session, &McpSession::outgoing, transport, send);
        QObject::connect(session, &McpSession::requestClosed, transport, closed);
        if (opened)
            QObject::connect(session, &McpSession::requestOpened, transport, opened);
    }

private:
    std::unique_ptr<McpSession> m_session;
    SessionObserver *m_observer;
    quint64 m_observerId = 0;
};

} // namespace Hopx::Mcp

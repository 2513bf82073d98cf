// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"

#include <QLocalServer>
#include <QSet>

class QLocalSocket;

namespace Hopx::Local {

/*! \brief The egress proxy's socket: hands on every client connection, and takes the sandbox's
 *  own TCP connection in its place when the sandbox agent sends one.
 *
 * The agent accepts a program's connection to 127.0.0.1:3128 inside the sandbox and, instead of
 * relaying it, sends its descriptor here (one NUL byte with SCM_RIGHTS; see ProxyForwarder).
 * The app then reads and relays that TCP socket itself: the bytes cross one relay, not two.
 * Anything else that connects (a program dialing the socket itself) starts with its request
 * head, never with NUL, and is served on the Unix connection as before.
 *
 * A received descriptor must be a TCP socket (AF_INET or AF_INET6, SOCK_STREAM); anything else a
 * sandbox could send is closed and the connection dropped. Until its first byte a connection
 * is held here, at most kMaxWaiting at once and for kFirstByteTimeoutMs.
 */
class EgressListener final : public QLocalServer
{
    Q_OBJECT
public:
    static constexpr int kMaxWaiting = 64;
    static constexpr int kFirstByteTimeoutMs = 10000;

    using QLocalServer::QLocalServer;
    ~EgressListener() override;

    /*! Listens on \a path (made 0600; an old file there is replaced), however long it is.
     *
     * sockaddr_un holds 108 bytes, less than a state directory under a long home needs, so the
     * socket is bound as "/proc/self/fd/N/NAME" through a descriptor of its directory. That
     * descriptor stays open while the server does: Qt knows the socket by that name, and removes
     * it by that name when it closes, which must not reach a file another descriptor N names.
     */
    Core::Result<Core::Unit> listenAt(const QString &path);

signals:
    //! A client ready to be served; the receiver takes ownership.
    void clientReady(QLocalSocket *client);

protected:
    void incomingConnection(quintptr socketDescriptor) override;

private:
    //! Called once \a fd is readable (or timed out): peeks at its first byte.
    void resolve(int fd);
    void handOn(int fd);

    QSet<int> m_waiting; // connections whose first byte is not known yet
    int m_dirFd = -1; // the socket's directory, see listenAt()
};

} // namespace Hopx::Local

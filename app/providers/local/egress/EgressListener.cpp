// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/egress/EgressListener.h"

#include "providers/local/LocalLogging.h"

#include "posix/FdMessage.h"

#include <QLocalSocket>
#include <QSocketNotifier>
#include <QTimer>

#include <cerrno>
#include <sys/socket.h>
#include <unistd.h>

namespace Hopx::Local {

namespace {

//! True when \a fd is a connected-stream TCP socket (what the agent accepted), nothing else.
bool isTcpStream(int fd)
{
    int domain = 0;
    int type = 0;
    socklen_t len = sizeof(domain);
    if (::getsockopt(fd, SOL_SOCKET, SO_DOMAIN, &domain, &len) != 0)
        return false;
    len = sizeof(type);
    if (::getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &len) != 0)
        return false;
    return (domain == AF_INET || domain == AF_INET6) && type == SOCK_STREAM;
}

} // namespace

EgressListener::~EgressListener()
{
    for (int fd : std::as_const(m_waiting))
        ::close(fd);
}

void EgressListener::incomingConnection(quintptr socketDescriptor)
{
    const int fd = int(socketDescriptor);
    if (m_waiting.size() >= kMaxWaiting) {
        ::close(fd);
        return;
    }
    m_waiting.insert(fd);
    // Qt must not read from the socket before its first byte is known: a read() would drop
    // the descriptor that came with it.
    auto *notifier = new QSocketNotifier(fd, QSocketNotifier::Read, this);
    auto *timer = new QTimer(notifier);
    timer->setSingleShot(true);
    const auto done = [this, fd, notifier, timer]() {
        if (!notifier->isEnabled())
            return; // the other of readable and timeout came first
        notifier->setEnabled(false);
        timer->stop();
        notifier->deleteLater();
        m_waiting.remove(fd);
        resolve(fd);
    };
    connect(notifier, &QSocketNotifier::activated, this, done);
    connect(timer, &QTimer::timeout, this, done);
    timer->start(kFirstByteTimeoutMs);
}

void EgressListener::resolve(int fd)
{
    char first = 1;
    const ssize_t n = ::recv(fd, &first, 1, MSG_PEEK | MSG_DONTWAIT);
    if (n != 1) {
        ::close(fd); // closed, failed or silent: nothing to serve
        return;
    }
    if (first != '\0') {
        handOn(fd); // a request head: served on this connection
        return;
    }
    char marker = 1;
    Ipc::FdMessage::Received r = Ipc::FdMessage::receive(fd, &marker, 1, MSG_DONTWAIT);
    ::close(fd);
    if (r.bytes != 1 || r.truncated || r.fdCount != 1 || !isTcpStream(r.fds[0])) {
        qCWarning(lcLocal) << "egress proxy: dropped a connection that sent" << r.fdCount
                           << "descriptors, not one TCP socket";
        r.closeFds();
        return;
    }
    handOn(r.fds[0]);
}

void EgressListener::handOn(int fd)
{
    auto *client = new QLocalSocket;
    if (!client->setSocketDescriptor(fd)) {
        ::close(fd);
        delete client;
        return;
    }
    emit clientReady(client);
}

} // namespace Hopx::Local

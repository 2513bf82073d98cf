// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/egress/EgressListener.h"

#include "providers/local/LocalLogging.h"

#include "posix/FdMessage.h"

#include <QFile>
#include <QFileInfo>
#include <QLocalSocket>
#include <QSocketNotifier>
#include <QTimer>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
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
    close(); // while the name Qt removes still leads to our directory
    if (m_dirFd >= 0)
        ::close(m_dirFd);
}

Core::Result<Core::Unit> EgressListener::listenAt(const QString &path)
{
    const auto fail = [&path](const char *step, int error) {
        return Core::Error::make(Core::Error::Code::Internal,
            QStringLiteral("cannot listen on %1: %2: %3")
                .arg(path, QLatin1String(step), QString::fromLocal8Bit(std::strerror(error))));
    };
    const QFileInfo info(path);
    const QByteArray name = QFile::encodeName(info.fileName());
    const int dirFd = ::open(
        QFile::encodeName(info.absolutePath()).constData(), O_PATH | O_DIRECTORY | O_CLOEXEC);
    if (dirFd < 0)
        return fail("open its directory", errno);
    bool bound = false;
    const auto failClosing = [&](const char *step, int sock) {
        const int error = errno;
        if (sock >= 0)
            ::close(sock);
        if (bound) // a socket file nobody listens on would only mislead
            ::unlinkat(dirFd, name.constData(), 0);
        ::close(dirFd);
        return fail(step, error);
    };
    if (::unlinkat(dirFd, name.constData(), 0) != 0 && errno != ENOENT)
        return failClosing("remove the old one", -1);
    const QByteArray via = "/proc/self/fd/" + QByteArray::number(dirFd) + '/' + name;
    sockaddr_un address {};
    address.sun_family = AF_UNIX;
    if (size_t(via.size()) >= sizeof(address.sun_path)) {
        errno = ENAMETOOLONG;
        return failClosing("its name", -1);
    }
    std::memcpy(address.sun_path, via.constData(), size_t(via.size()));
    const int sock = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (sock < 0)
        return failClosing("socket", -1);
    if (::bind(sock, reinterpret_cast<const sockaddr *>(&address), sizeof(address)) != 0)
        return failClosing("bind", sock);
    bound = true;
    // Only the user (and the sandbox, which runs as the user) may connect. Until this chmod the
    // socket has the umask's mode, but its directory is the user's alone (0700).
    if (::fchmodat(dirFd, name.constData(), S_IRUSR | S_IWUSR, 0) != 0)
        return failClosing("chmod", sock);
    if (::listen(sock, SOMAXCONN) != 0)
        return failClosing("listen", sock);
    if (!QLocalServer::listen(qintptr(sock))) {
        errno = EINVAL;
        return failClosing("QLocalServer", sock);
    }
    m_dirFd = dirFd;
    return Core::Unit {};
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

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "sandbox-agent/ProxyForwarder.h"

#include "posix/FdMessage.h"

#include <arpa/inet.h>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

namespace Hopx::Agent {

namespace {

std::string g_socketPath;

int dialProxy()
{
    const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return -1;
    struct sockaddr_un addr
    {
    };
    addr.sun_family = AF_UNIX;
    std::strncpy(addr.sun_path, g_socketPath.c_str(), sizeof(addr.sun_path) - 1);
    if (::connect(fd, reinterpret_cast<sockaddr *>(&addr), sizeof(addr)) != 0) {
        ::close(fd);
        return -1;
    }
    return fd;
}

void *acceptThread(void *arg)
{
    const int listenFd = int(reinterpret_cast<intptr_t>(arg));
    for (;;) {
        const int client = ::accept4(listenFd, nullptr, nullptr, SOCK_CLOEXEC);
        if (client < 0) {
            if (errno == EINTR || errno == ECONNABORTED || errno == EMFILE || errno == ENFILE)
                continue;
            return nullptr;
        }
        const int one = 1;
        ::setsockopt(client, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
        // The connection itself goes to the app, which reads and relays it (EgressListener):
        // one NUL byte carries the descriptor. Nothing is left here to copy or to wait for.
        const int proxy = dialProxy();
        if (proxy >= 0) {
            const char marker = '\0';
            Ipc::FdMessage::send(proxy, &marker, 1, &client, 1, 0);
            ::close(proxy);
        }
        ::close(client);
    }
}

} // namespace

bool ProxyForwarder::start(int port, const std::string &socketPath, std::string &error)
{
    struct sockaddr_un probe;
    if (socketPath.size() >= sizeof(probe.sun_path)) {
        error = "proxy socket path too long";
        return false;
    }
    g_socketPath = socketPath;
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        error = std::string("socket: ") + std::strerror(errno);
        return false;
    }
    const int one = 1;
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
    struct sockaddr_in addr
    {
    };
    addr.sin_family = AF_INET;
    addr.sin_port = htons(uint16_t(port));
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::bind(fd, reinterpret_cast<sockaddr *>(&addr), sizeof(addr)) != 0
        || ::listen(fd, 64) != 0) {
        error = std::string("listen on 127.0.0.1:") + std::to_string(port) + ": "
            + std::strerror(errno);
        ::close(fd);
        return false;
    }
    // Every signal stays with the agent's main thread (its signalfd).
    sigset_t all, old;
    ::sigfillset(&all);
    ::pthread_sigmask(SIG_BLOCK, &all, &old);
    pthread_attr_t attr;
    ::pthread_attr_init(&attr);
    ::pthread_attr_setstacksize(&attr, 64 * 1024);
    ::pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    pthread_t thread;
    const int rc =
        ::pthread_create(&thread, &attr, acceptThread, reinterpret_cast<void *>(intptr_t(fd)));
    ::pthread_sigmask(SIG_SETMASK, &old, nullptr);
    ::pthread_attr_destroy(&attr);
    if (rc != 0) {
        error = std::string("pthread_create: ") + std::strerror(rc);
        ::close(fd);
        return false;
    }
    return true;
}

} // namespace Hopx::Agent

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ProxyForwarder.h"

#include <arpa/inet.h>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <pthread.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

namespace Hopx::Agent {

namespace {

constexpr int kMaxConnections = 128;
constexpr size_t kBuffer = 64 * 1024;
constexpr size_t kStack = 256 * 1024;

std::atomic<int> g_connections {0};
std::string g_socketPath;

struct Pair
{
    int tcp;
    int unixFd;
};

void setNonBlocking(int fd)
{
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
}

//! Moves bytes both ways until the proxy's side ends (the client's EOF alone does not end
//! it: the response is still on its way).
void relay(int tcp, int unixFd)
{
    struct Direction
    {
        int from, to;
        char data[kBuffer];
        size_t len = 0, off = 0;
        bool eof = false;
    };
    // On the heap: the thread's stack stays small.
    auto *dirs = new Direction[2];
    struct Free
    {
        Direction *d;
        ~Free() { delete[] d; }
    } free {dirs};
    dirs[0].from = tcp;
    dirs[0].to = unixFd;
    dirs[1].from = unixFd;
    dirs[1].to = tcp;
    for (;;) {
        Direction &up = dirs[0], &down = dirs[1];
        if (down.eof && down.len == 0)
            return; // the proxy is done: so is the connection
        if (up.eof && up.len == 0 && down.eof)
            return;
        struct pollfd fds[2] = {{tcp, 0, 0}, {unixFd, 0, 0}};
        if (!up.eof && up.len == 0)
            fds[0].events |= POLLIN;
        if (down.len > 0)
            fds[0].events |= POLLOUT;
        if (!down.eof && down.len == 0)
            fds[1].events |= POLLIN;
        if (up.len > 0)
            fds[1].events |= POLLOUT;
        if (::poll(fds, 2, -1) < 0) {
            if (errno == EINTR)
                continue;
            return;
        }
        for (Direction *d : {&up, &down}) {
            if (d->len == 0 && !d->eof) {
                const ssize_t n = ::read(d->from, d->data, kBuffer);
                if (n > 0) {
                    d->len = size_t(n);
                    d->off = 0;
                } else if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
                    d->eof = true;
                    if (d == &up && n < 0)
                        return; // the client is gone
                }
            }
            while (d->len > 0) {
                const ssize_t n = ::send(d->to, d->data + d->off, d->len, MSG_NOSIGNAL);
                if (n > 0) {
                    d->off += size_t(n);
                    d->len -= size_t(n);
                } else if (n < 0 && (errno == EAGAIN || errno == EINTR)) {
                    break;
                } else {
                    return;
                }
            }
        }
    }
}

void *connectionThread(void *arg)
{
    const Pair p = *static_cast<Pair *>(arg);
    delete static_cast<Pair *>(arg);
    relay(p.tcp, p.unixFd);
    ::close(p.tcp);
    ::close(p.unixFd);
    --g_connections;
    return nullptr;
}

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
    pthread_attr_t attr;
    ::pthread_attr_init(&attr);
    ::pthread_attr_setstacksize(&attr, kStack);
    ::pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    for (;;) {
        const int client = ::accept4(listenFd, nullptr, nullptr, SOCK_CLOEXEC);
        if (client < 0) {
            if (errno == EINTR || errno == ECONNABORTED || errno == EMFILE || errno == ENFILE)
                continue;
            return nullptr;
        }
        const int proxy = g_connections.load() < kMaxConnections ? dialProxy() : -1;
        if (proxy < 0) {
            ::close(client);
            continue;
        }
        const int one = 1;
        ::setsockopt(client, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
        setNonBlocking(client);
        setNonBlocking(proxy);
        ++g_connections;
        pthread_t thread;
        auto *pair = new Pair {client, proxy};
        if (::pthread_create(&thread, &attr, connectionThread, pair) != 0) {
            delete pair;
            ::close(client);
            ::close(proxy);
            --g_connections;
        }
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

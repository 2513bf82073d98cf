// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "SpliceRelay.h"

#include <cerrno>
#include <fcntl.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

namespace Hopx::Local {

namespace {

constexpr int kPipeSize = 256 * 1024; // per direction; pipes count against the user's limit

//! Writes all of \a data to the blocking-or-not \a fd, waiting for room; false on error.
bool writeAll(int fd, const QByteArray &data)
{
    qsizetype off = 0;
    while (off < data.size()) {
        const ssize_t n =
            ::send(fd, data.constData() + off, size_t(data.size() - off), MSG_NOSIGNAL);
        if (n > 0) {
            off += n;
        } else if (n < 0 && (errno == EAGAIN || errno == EINTR)) {
            struct pollfd p = {fd, POLLOUT, 0};
            ::poll(&p, 1, 10000);
        } else {
            return false;
        }
    }
    return true;
}

struct Direction
{
    int from = -1, to = -1;
    int pipe[2] = {-1, -1};
    size_t inPipe = 0;
    bool eof = false;
};

} // namespace

void SpliceRelay::run(std::shared_ptr<Group> group, int a, int b, QByteArray toA, QByteArray toB)
{
    const int stopFd = group->m_stopFd;
    Direction dirs[2];
    dirs[0].from = a;
    dirs[0].to = b;
    dirs[1].from = b;
    dirs[1].to = a;
    bool ok = writeAll(a, toA) && writeAll(b, toB);
    for (Direction &d : dirs) {
        ok = ok && ::pipe2(d.pipe, O_CLOEXEC | O_NONBLOCK) == 0;
        if (ok)
            ::fcntl(d.pipe[1], F_SETPIPE_SZ, kPipeSize);
    }
    while (ok) {
        // Either side's end ends the tunnel once what it sent has been handed on.
        if ((dirs[0].eof && dirs[0].inPipe == 0) || (dirs[1].eof && dirs[1].inPipe == 0))
            break;
        struct pollfd fds[3] = {{a, 0, 0}, {b, 0, 0}, {stopFd, POLLIN, 0}};
        for (int i = 0; i < 2; ++i) {
            Direction &d = dirs[i];
            if (!d.eof && d.inPipe < size_t(kPipeSize))
                fds[i].events |= POLLIN;
            if (d.inPipe > 0)
                fds[1 - i].events |= POLLOUT;
        }
        if (::poll(fds, 3, -1) < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        if (fds[2].revents)
            break;
        for (int i = 0; i < 2 && ok; ++i) {
            Direction &d = dirs[i];
            if (!d.eof && (fds[i].revents & (POLLIN | POLLHUP | POLLERR))) {
                const ssize_t n = ::splice(d.from, nullptr, d.pipe[1], nullptr, kPipeSize,
                    SPLICE_F_MOVE | SPLICE_F_NONBLOCK);
                if (n > 0)
                    d.inPipe += size_t(n);
                else if (n == 0)
                    d.eof = true;
                else if (errno != EAGAIN && errno != EINTR)
                    d.eof = true;
            }
            while (d.inPipe > 0) {
                const ssize_t n = ::splice(
                    d.pipe[0], nullptr, d.to, nullptr, d.inPipe, SPLICE_F_MOVE | SPLICE_F_NONBLOCK);
                if (n > 0) {
                    d.inPipe -= size_t(n);
                } else if (n < 0 && (errno == EAGAIN || errno == EINTR)) {
                    break;
                } else {
                    ok = false;
                    break;
                }
            }
        }
    }
    for (Direction &d : dirs) {
        for (int fd : d.pipe) {
            if (fd >= 0)
                ::close(fd);
        }
    }
    ::close(a);
    ::close(b);
    --group->m_active;
}

SpliceRelay::Group::Group()
    : m_stopFd(::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK))
{ }

SpliceRelay::Group::~Group()
{
    if (m_stopFd >= 0)
        ::close(m_stopFd);
}

void SpliceRelay::Group::stop()
{
    const quint64 one = 1;
    if (m_stopFd >= 0)
        (void)!::write(m_stopFd, &one, sizeof(one));
}

bool SpliceRelay::start(
    const std::shared_ptr<Group> &group, int a, int b, const QByteArray &toA, const QByteArray &toB)
{
    for (int fd : {a, b})
        ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
    ++group->m_active;
    try {
        // The thread holds the group: its eventfd stays open until the last relay is done.
        std::thread(run, group, a, b, toA, toB).detach();
    } catch (...) {
        --group->m_active;
        ::close(a);
        ::close(b);
        return false;
    }
    return true;
}

} // namespace Hopx::Local

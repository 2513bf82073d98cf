// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/agentlink/SpliceRelay.h"

#include "sandbox-agent/SplicePump.h"

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

} // namespace

void SpliceRelay::run(std::shared_ptr<Group> group, int a, int b, QByteArray toA, QByteArray toB)
{
    const int stopFd = group->m_stopFd;
    if (writeAll(a, toA) && writeAll(b, toB))
        splicePump(a, b, stopFd, kPipeSize);
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

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

// Shared by the agent's egress forwarder and the app's SpliceRelay (libc only, no Qt).

#include <cerrno>
#include <cstddef>
#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

namespace Hopx {

/*! Moves bytes both ways between the non-blocking stream sockets \a a and \a b with splice()
 *  through a pipe per direction (no copies through user space). Returns once either side has
 *  ended and what it sent has been handed on, when a send fails, or when \a stopFd (-1: none)
 *  becomes readable. Either side's EOF ends the whole connection: HTTP clients do not
 *  half-close, and a client that closed must not leave the tunnel open behind it. */
inline void splicePump(int a, int b, int stopFd, size_t pipeSize)
{
    struct Direction
    {
        int from, to;
        int pipe[2] = {-1, -1};
        size_t capacity = 0;
        size_t inPipe = 0;
        bool full = false; // the pipe took no more (its slots hold partial pages)
        bool eof = false;
    };
    Direction dirs[2] = {{a, b}, {b, a}};
    bool ok = true;
    for (Direction &d : dirs) {
        ok = ok && ::pipe2(d.pipe, O_CLOEXEC | O_NONBLOCK) == 0;
        if (ok) {
            // The pipe may stay smaller than asked (the user's pipe quota): use what it has.
            ::fcntl(d.pipe[1], F_SETPIPE_SZ, int(pipeSize));
            const int got = ::fcntl(d.pipe[1], F_GETPIPE_SZ);
            d.capacity = got > 0 ? size_t(got) : 65536;
        }
    }
    while (ok) {
        if ((dirs[0].eof && dirs[0].inPipe == 0) || (dirs[1].eof && dirs[1].inPipe == 0))
            break;
        struct pollfd fds[3] = {{a, 0, 0}, {b, 0, 0}, {stopFd, POLLIN, 0}};
        for (int i = 0; i < 2; ++i) {
            // A full pipe waits for the other side: polling for input then would spin.
            if (!dirs[i].eof && !dirs[i].full && dirs[i].inPipe < dirs[i].capacity)
                fds[i].events |= POLLIN;
            if (dirs[i].inPipe > 0)
                fds[1 - i].events |= POLLOUT;
        }
        if (::poll(fds, stopFd >= 0 ? 3 : 2, -1) < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        if (stopFd >= 0 && fds[2].revents)
            break;
        for (int i = 0; i < 2 && ok; ++i) {
            Direction &d = dirs[i];
            if (!d.eof && (fds[i].revents & (POLLIN | POLLHUP | POLLERR))) {
                const ssize_t n = ::splice(d.from, nullptr, d.pipe[1], nullptr, d.capacity,
                    SPLICE_F_MOVE | SPLICE_F_NONBLOCK);
                if (n > 0)
                    d.inPipe += size_t(n);
                else if (n < 0 && errno == EAGAIN && (fds[i].revents & POLLIN))
                    d.full = d.inPipe > 0; // readable, yet nothing moved: no room in the pipe
                else if (n == 0 || (errno != EAGAIN && errno != EINTR))
                    d.eof = true;
            }
            while (d.inPipe > 0) {
                const ssize_t n = ::splice(
                    d.pipe[0], nullptr, d.to, nullptr, d.inPipe, SPLICE_F_MOVE | SPLICE_F_NONBLOCK);
                if (n > 0) {
                    d.inPipe -= size_t(n);
                    d.full = false;
                } else if (n < 0 && (errno == EAGAIN || errno == EINTR)) {
                    break;
                } else {
                    ok = false; // the receiver is gone
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
}

} // namespace Hopx

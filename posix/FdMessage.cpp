// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "posix/FdMessage.h"

#include <cerrno>
#include <cstring>
#include <sys/socket.h>
#include <unistd.h>

namespace Hopx::Ipc {

void FdMessage::Received::closeFds()
{
    for (int i = 0; i < fdCount; ++i)
        ::close(fds[i]);
    fdCount = 0;
}

FdMessage::Received FdMessage::receive(int socket, void *data, std::size_t size, int flags)
{
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int) * kMaxFds)];
    iovec iov {data, size};
    msghdr msg {};
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    msg.msg_control = control;
    msg.msg_controllen = sizeof(control);
    Received r;
    do
        r.bytes = ::recvmsg(socket, &msg, flags | MSG_CMSG_CLOEXEC);
    while (r.bytes < 0 && errno == EINTR);
    if (r.bytes < 0)
        return r;
    for (cmsghdr *c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c)) {
        if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS)
            continue;
        const std::size_t count = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
        for (std::size_t i = 0; i < count; ++i) {
            int fd;
            std::memcpy(&fd, CMSG_DATA(c) + i * sizeof(int), sizeof(int));
            if (r.fdCount < kMaxFds)
                r.fds[r.fdCount++] = fd;
            else
                ::close(fd); // cannot happen with a control buffer of kMaxFds; never leak
        }
    }
    r.truncated = (msg.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) != 0;
    return r;
}

ssize_t FdMessage::send(
    int socket, const void *data, std::size_t size, const int *fds, int fdCount, int flags)
{
    if (fdCount < 0 || fdCount > kMaxFds) {
        errno = EINVAL;
        return -1;
    }
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int) * kMaxFds)] = {};
    iovec iov {const_cast<void *>(data), size};
    msghdr msg {};
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    if (fdCount > 0) {
        msg.msg_control = control;
        msg.msg_controllen = CMSG_SPACE(sizeof(int) * std::size_t(fdCount));
        cmsghdr *c = CMSG_FIRSTHDR(&msg);
        c->cmsg_level = SOL_SOCKET;
        c->cmsg_type = SCM_RIGHTS;
        c->cmsg_len = CMSG_LEN(sizeof(int) * std::size_t(fdCount));
        std::memcpy(CMSG_DATA(c), fds, sizeof(int) * std::size_t(fdCount));
    }
    ssize_t n;
    do
        n = ::sendmsg(socket, &msg, flags | MSG_NOSIGNAL);
    while (n < 0 && errno == EINTR);
    return n;
}

} // namespace Hopx::Ipc

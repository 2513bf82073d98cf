// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "Handoff.h"

#include <cerrno>
#include <cstring>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

namespace Hopx::Ipc::Handoff {

namespace {
std::string withId(std::string_view prefix, std::string_view idJson)
{
    std::string line(prefix);
    line += "1,\"id\":";
    line += idJson;
    line += '}';
    return line;
}
} // namespace

std::string pendingLine(std::string_view idJson)
{
    return withId(kPendingPrefix, idJson);
}

std::string doneLine(std::string_view idJson)
{
    return withId(kDonePrefix, idJson);
}

std::string byeLine(int exitCode)
{
    return std::string(kByePrefix) + std::to_string(exitCode) + '}';
}

namespace {
//! A one-byte message with room for ancillary data in \a control.
msghdr oneByteMessage(iovec *iov, char *control, size_t controlSize)
{
    msghdr msg {};
    msg.msg_iov = iov;
    msg.msg_iovlen = 1;
    msg.msg_control = control;
    msg.msg_controllen = controlSize;
    return msg;
}
} // namespace

bool isStreamDescriptor(int fd)
{
    struct stat st
    {
    };
    return ::fstat(fd, &st) == 0 && (S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode));
}

bool sendDescriptors(int socket, int inFd, int outFd)
{
    char byte = 'H';
    iovec iov {&byte, 1};
    alignas(cmsghdr) char buffer[CMSG_SPACE(2 * sizeof(int))] = {};
    msghdr msg = oneByteMessage(&iov, buffer, sizeof(buffer));
    cmsghdr *cmsg = CMSG_FIRSTHDR(&msg);
    cmsg->cmsg_level = SOL_SOCKET;
    cmsg->cmsg_type = SCM_RIGHTS;
    cmsg->cmsg_len = CMSG_LEN(2 * sizeof(int));
    const int fds[2] = {inFd, outFd};
    std::memcpy(CMSG_DATA(cmsg), fds, sizeof(fds));
    while (true) {
        const ssize_t n = ::sendmsg(socket, &msg, MSG_NOSIGNAL);
        if (n == 1)
            return true;
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && errno == EAGAIN) {
            pollfd p {socket, POLLOUT, 0};
            if (::poll(&p, 1, 1000) > 0)
                continue;
        }
        return false;
    }
}

bool receiveDescriptors(int socket, int timeoutMs, int *inFd, int *outFd)
{
    pollfd p {socket, POLLIN, 0};
    int ready;
    do
        ready = ::poll(&p, 1, timeoutMs);
    while (ready < 0 && errno == EINTR);
    if (ready <= 0)
        return false;
    char byte = 0;
    iovec iov {&byte, 1};
    // Room for more than two, so that a peer sending extra descriptors is seen and refused.
    alignas(cmsghdr) char buffer[CMSG_SPACE(8 * sizeof(int))] = {};
    msghdr msg = oneByteMessage(&iov, buffer, sizeof(buffer));
    ssize_t n;
    do
        n = ::recvmsg(socket, &msg, MSG_CMSG_CLOEXEC | MSG_DONTWAIT);
    while (n < 0 && errno == EINTR);
    int received[8];
    int count = 0;
    for (cmsghdr *c = CMSG_FIRSTHDR(&msg); n == 1 && c; c = CMSG_NXTHDR(&msg, c)) {
        if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS)
            continue;
        const int here = int((c->cmsg_len - CMSG_LEN(0)) / sizeof(int));
        for (int i = 0; i < here && count < 8; ++i)
            std::memcpy(&received[count++], CMSG_DATA(c) + i * sizeof(int), sizeof(int));
    }
    const bool ok = n == 1 && byte == 'H' && !(msg.msg_flags & MSG_CTRUNC) && count == 2
        && isStreamDescriptor(received[0]) && isStreamDescriptor(received[1]);
    if (!ok) {
        for (int i = 0; i < count; ++i)
            ::close(received[i]);
        return false;
    }
    *inFd = received[0];
    *outFd = received[1];
    return true;
}

} // namespace Hopx::Ipc::Handoff

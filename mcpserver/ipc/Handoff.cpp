// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ipc/Handoff.h"

#include "posix/FdMessage.h"

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

bool isStreamDescriptor(int fd)
{
    struct stat st
    {
    };
    return ::fstat(fd, &st) == 0 && (S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode));
}

bool sendDescriptors(int socket, int inFd, int outFd)
{
    const char byte = 'H';
    const int fds[2] = {inFd, outFd};
    while (true) {
        const ssize_t n = FdMessage::send(socket, &byte, 1, fds, 2, 0);
        if (n == 1)
            return true;
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
    FdMessage::Received r = FdMessage::receive(socket, &byte, 1, MSG_DONTWAIT);
    const bool ok = r.bytes == 1 && byte == 'H' && !r.truncated && r.fdCount == 2
        && isStreamDescriptor(r.fds[0]) && isStreamDescriptor(r.fds[1]);
    if (!ok) {
        r.closeFds();
        return false;
    }
    *inFd = r.fds[0];
    *outFd = r.fds[1];
    return true;
}

} // namespace Hopx::Ipc::Handoff

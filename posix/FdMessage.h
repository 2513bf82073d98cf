// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <cstddef>
#include <sys/types.h>

namespace Hopx::Ipc {

/*! \brief One message with descriptors over a Unix socket (SCM_RIGHTS). Plain POSIX: the
 *  Qt-free bridge and the sandbox agent use it too.
 *
 * The bridge sends the IDE's pipes to the app, the app sends a process's stdio to a sandbox's
 * agent. One implementation, because the details are where descriptors leak: every descriptor
 * that arrives is collected, also with a message the caller then refuses, and arrives
 * close-on-exec, so that no process started later (a sandbox) inherits it.
 */
class FdMessage
{
public:
    //! More than any peer may send, so that a peer sending extra descriptors is seen and refused.
    static constexpr int kMaxFds = 8;

    struct Received
    {
        ssize_t bytes = -1; // as recvmsg(): 0 at end of file, < 0 with errno set
        bool truncated = false; // the data or the descriptors did not fit
        int fds[kMaxFds] = {};
        int fdCount = 0;
        void closeFds();
    };

    //! recvmsg() of one message into \a data (up to \a size bytes), retried on EINTR.
    static Received receive(int socket, void *data, std::size_t size, int flags);
    //! sendmsg() of \a size bytes with \a fdCount descriptors (0..kMaxFds), retried on EINTR;
    //! MSG_NOSIGNAL is always added. Returns what sendmsg() returned.
    static ssize_t send(
        int socket, const void *data, std::size_t size, const int *fds, int fdCount, int flags);
};

} // namespace Hopx::Ipc

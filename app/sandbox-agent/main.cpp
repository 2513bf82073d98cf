// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT

// hopx-sandbox-agent: started by bwrap as pid 2 of a local sandbox, with the control socket
// on fd 3. Sets the sandbox-wide rlimits (inside the user namespace, where RLIMIT_NPROC
// counts per sandbox), hardens itself, loads the seccomp filter and serves AgentProtocol.
//
//   hopx-sandbox-agent [--nproc N] [--data-mb N] [--nofile N] [--fsize-mb N] [--mem-mb N]
//                      [--proxy-port N --proxy-socket PATH] [--no-seccomp]
//
// 0 or an absent flag leaves that limit alone. --no-seccomp exists for diagnosing a filter
// problem and is never passed by the app. --proxy-port/--proxy-socket start the egress
// forwarder (127.0.0.1:N inside -> the app's proxy socket at PATH).

#include "sandbox-agent/Agent.h"
#include "sandbox-agent/AgentProtocol.h"
#include "sandbox-agent/Builtins.h"
#include "sandbox-agent/Message.h"
#include "sandbox-agent/ProxyForwarder.h"
#include "sandbox-agent/SeccompFilter.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

using namespace Hopx::Agent;

namespace {

void usage(const char *why)
{
    std::fprintf(stderr,
        "hopx-sandbox-agent: %s\nusage: hopx-sandbox-agent [--nproc N] [--data-mb N] "
        "[--nofile N] [--fsize-mb N] [--mem-mb N]\n",
        why);
}

bool setLimit(int resource, const char *name, rlim_t value)
{
    struct rlimit rl = {value, value};
    if (::setrlimit(resource, &rl) == 0)
        return true;
    // Above the inherited hard limit: take the hard limit rather than running unlimited.
    struct rlimit current;
    if (::getrlimit(resource, &current) == 0 && current.rlim_max != RLIM_INFINITY
        && value > current.rlim_max) {
        rl = {current.rlim_max, current.rlim_max};
        if (::setrlimit(resource, &rl) == 0)
            return true;
    }
    std::fprintf(stderr, "hopx-sandbox-agent: setrlimit %s: %s\n", name, std::strerror(errno));
    return false;
}

} // namespace

int main(int argc, char **argv)
{
    std::uint64_t nproc = 0, dataMb = 0, nofile = 0, fsizeMb = 0, memMb = 0;
    bool seccomp = true;
    std::uint64_t proxyPort = 0;
    std::string proxySocket;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--proxy-socket" && i + 1 < argc) {
            proxySocket = argv[++i];
            continue;
        }
        std::uint64_t *target = arg == "--nproc" ? &nproc
            : arg == "--data-mb"                 ? &dataMb
            : arg == "--nofile"                  ? &nofile
            : arg == "--fsize-mb"                ? &fsizeMb
            : arg == "--mem-mb"                  ? &memMb
            : arg == "--proxy-port"              ? &proxyPort
                                                 : nullptr;
        if (arg == "--no-seccomp") {
            seccomp = false;
            continue;
        }
        if (!target || i + 1 >= argc || !Message::parseUnsigned(argv[i + 1], 1u << 30, *target)) {
            usage(("bad argument: " + arg).c_str());
            return 2;
        }
        ++i;
    }

    // 0/1/2 must be open: otherwise a pipe or socket we create could land there and be
    // handed to a job as its stdio.
    for (int fd = 0; fd < 3; ++fd) {
        if (::fcntl(fd, F_GETFD) < 0 && ::open("/dev/null", O_RDWR) != fd)
            return 2;
    }
    int type = 0;
    socklen_t len = sizeof(type);
    if (::getsockopt(kControlFd, SOL_SOCKET, SO_TYPE, &type, &len) != 0 || type != SOCK_SEQPACKET) {
        usage("fd 3 is not a SOCK_SEQPACKET socket");
        return 2;
    }
    ::fcntl(kControlFd, F_SETFD, FD_CLOEXEC);
    // Whatever else bwrap or the host let through must not reach sandboxed code.
    if (::syscall(SYS_close_range, kControlFd + 1, ~0u, 0) != 0) {
        for (int fd = kControlFd + 1; fd < 4096; ++fd)
            ::close(fd);
    }

    // Orphaned daemons come back to us to be reaped; and same-uid code in the sandbox must
    // not read our memory, environment or fds through /proc/2.
    ::prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
    ::prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);

    bool ok = setLimit(RLIMIT_CORE, "core", 0);
    if (nproc)
        ok = setLimit(RLIMIT_NPROC, "nproc", rlim_t(nproc)) && ok;
    if (dataMb)
        ok = setLimit(RLIMIT_DATA, "data", rlim_t(dataMb) << 20) && ok;
    if (nofile)
        ok = setLimit(RLIMIT_NOFILE, "nofile", rlim_t(nofile)) && ok;
    if (fsizeMb)
        ok = setLimit(RLIMIT_FSIZE, "fsize", rlim_t(fsizeMb) << 20) && ok;
    if (!ok)
        return 3;
    Builtins::setMemoryCapKb(long(memMb * 1024));

    if (seccomp) {
        std::string error;
        if (!SeccompFilter::load(error)) {
            std::fprintf(stderr, "hopx-sandbox-agent: seccomp: %s\n", error.c_str());
            return 4;
        }
    }
    ::signal(SIGPIPE, SIG_IGN);
    if (proxyPort && !proxySocket.empty()) {
        std::string error;
        if (proxyPort > 65535 || !ProxyForwarder::start(int(proxyPort), proxySocket, error)) {
            std::fprintf(stderr, "hopx-sandbox-agent: egress forwarder: %s\n", error.c_str());
            return 5;
        }
    }

    Agent agent(kControlFd);
    return agent.run();
}

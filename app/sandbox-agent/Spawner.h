// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <string>
#include <sys/types.h>
#include <vector>

namespace Hopx::Agent {

/*! \brief Starts one EXEC child: own session, the request's fds on 0/1/2 and nothing else,
 *  env, cwd, RLIMIT_CPU, then execve (or a builtin).
 *
 * Programs start through clone(CLONE_VM|CLONE_VFORK), like posix_spawn: copying even the
 * agent's small address space costs more than the exec on slow VMs. That child therefore
 * must not allocate: everything it needs is prepared here first. Builtins run real code
 * after the split and use fork().
 */
class Spawner
{
public:
    struct Request
    {
        std::vector<std::string> argv;
        std::vector<std::string> env; // complete K=V list
        std::string cwd;
        std::uint64_t cpuSeconds = 0;
        bool background = false; // stdin /dev/null, stdout+stderr -> job log
        int fds[3] = {-1, -1, -1}; // stdin, stdout, stderr (not background)
    };

    //! The child's pid, or -1 with `error` (errno) and `message` when nothing runs.
    static pid_t start(const Request &request, int &error, std::string &message);
};

} // namespace Hopx::Agent

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <vector>

namespace Hopx::Agent {

/*! \brief The @read/@write/@list/@stat/@mkdir/@remove/@metrics file operations.
 *
 * They run in a forked child of the agent with the request's fds on 0/1/2, so they see only
 * the sandbox's mounts and act as the sandbox user: a symlink planted by sandboxed code can
 * lead them nowhere the code could not go itself. Exit status = errno (0 = success), with a
 * one-line message on stderr.
 */
class Builtins
{
public:
    //! Checks name and argument count before anything is forked. False + errno + message
    //! when the request must be answered with ERROR.
    static bool validate(const std::vector<std::string> &argv, int &error, std::string &message);
    //! Runs a validated builtin in the current (child) process; returns the exit status.
    static int run(const std::vector<std::string> &argv);

    //! The sandbox's memory cap, reported by @metrics as mem_total_kb (0 = the host's RAM).
    static void setMemoryCapKb(long kb);

    //! Backslash-escapes '\\', '\t' and '\n' so that a name fits in one tab-separated line.
    static std::string escapeName(const std::string &name);
};

} // namespace Hopx::Agent

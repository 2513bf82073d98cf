// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace Hopx::Agent {

/*! \brief The processes of the sandbox's pid namespace, read from its /proc. */
class ProcTable
{
public:
    struct Totals
    {
        long processes = 0; // every process in the namespace, pid 1 and the agent included
        long rssKb = 0; // sum of their resident sets (shared pages count more than once)
        long sandboxUptimeMs = 0;
    };

    //! PS records ("pid ppid pgid state rss_kb cpu_ms start_ms_ago name\tcmdline") of every
    //! process except pid 1 and `self`, sorted by pid, stopping before `budget` bytes.
    static std::vector<std::string> records(int self, std::size_t budget);
    static Totals totals();
};

} // namespace Hopx::Agent

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "providers/local/agentlink/AgentClient.h"

#include "core/base/Error.h"

#include <QByteArray>

namespace Hopx::Local {

/*! \brief Reading the fields of the agent's replies (AgentProtocol.h).
 *
 * The agent runs inside the sandbox, next to the code it runs, so its replies are read as
 * untrusted: numbers strictly (no sign unless allowed, no spaces, no overflow, within range),
 * text bounded. AgentClient calls these; fuzz_agentclient feeds them anything.
 */
class AgentReply
{
public:
    static constexpr qint64 kMaxPid = 4194304; // PID_MAX_LIMIT
    static constexpr int kMaxErrorText = 512;

    //! A decimal within [min, max]; a '-' only when min < 0.
    static bool number(const QByteArray &text, qint64 min, qint64 max, qint64 &out);
    //! One PROCS line: "pid ppid pgid state rss_kb cpu_ms start_ms_ago name\tcmdline".
    static bool processLine(const QByteArray &line, AgentClient::ProcessInfo *out);
    //! An ERR reply as an Error: its errno mapped (errorCodeForErrno), its text bounded.
    static Core::Error error(qint64 errnum, const QByteArray &message);
    //! What every pending request ends with when the agent is gone.
    static Core::Error deadError();
};

} // namespace Hopx::Local

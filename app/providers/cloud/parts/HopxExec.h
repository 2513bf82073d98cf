// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "providers/cloud/api/AgentChannel.h"

#include "core/sandbox/SandboxExec.h"

namespace Hopx::Cloud {

/*! \brief Runs code and shell commands on one sandbox's agent: `POST /execute`,
 *  `/execute/stream` (live output) and `POST /commands/run`.
 *
 * A value bound to an AgentChannel; keeps no state of its own, so it may be made per call or
 * kept per sandbox. Nothing here is ever sent twice: a run that may have started is not retried.
 */
class HopxExec final : public Core::SandboxExec
{
public:
    //! `echo` (may be empty) gets every chunk of output as well, for the GUI's log.
    HopxExec(AgentChannel agent, Core::OutputSink echo);

    Core::Cancel execute(
        const Core::ExecSpec &spec, Core::Callback<Core::ExecResult> done) override;
    Core::Cancel runCommand(
        const Core::CommandSpec &spec, Core::Callback<Core::ExecResult> done) override;

private:
    //! Plain HTTP: the whole output arrives with the reply.
    Core::Cancel run(const HopxRequest &req, int timeoutSeconds, qint64 maxOutput,
        const Core::OutputSink &sink, bool commandReply,
        Core::Callback<Core::ExecResult> done) const;
    //! The same run over the agent's /execute/stream, output to `sink` as it comes.
    Core::Cancel stream(const HopxRequest &req, int timeoutSeconds, qint64 maxOutput,
        const Core::OutputSink &sink, Core::Callback<Core::ExecResult> done) const;

    AgentChannel m_agent;
    Core::OutputSink m_echo;
};

} // namespace Hopx::Cloud

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "providers/cloud/api/AgentChannel.h"

#include "core/sandbox/SandboxJobs.h"

#include <QJsonArray>

namespace Hopx::Cloud {

/*! \brief Background processes on one sandbox's agent: start, list, kill-and-verify.
 *
 * A value bound to an AgentChannel, with no state of its own (see HopxExec).
 */
class HopxProcesses final : public Core::SandboxJobs
{
public:
    explicit HopxProcesses(AgentChannel agent);

    //! `/commands/background` for a shell command, `/execute/background` for code.
    void startBackground(
        const Core::BackgroundSpec &spec, Core::Callback<Core::ProcessStarted> done) override;
    //! Background executions started through the tools (`/execute/processes`).
    void listExecutions(Core::Callback<QJsonArray> done) override;
    //! Every process in the sandbox (`/processes`).
    void listProcesses(Core::Callback<QJsonArray> done) override;
    //! Done only once the process list no longer shows it running.
    void killProcess(const QString &processId, Core::Callback<Core::Unit> done) override;

private:
    static void verifyKilled(const AgentChannel &agent, const QString &processId, bool again,
        Core::Callback<Core::Unit> done);
    static HopxRequest listRequest(const QString &path, const QString &what);

    AgentChannel m_agent;
};

} // namespace Hopx::Cloud

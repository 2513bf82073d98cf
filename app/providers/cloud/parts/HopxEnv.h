// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "providers/cloud/api/AgentChannel.h"

#include "core/sandbox/SandboxEnv.h"

namespace Hopx::Cloud {

/*! \brief The environment variables of one sandbox's agent (`/env`); a value bound to an
 *  AgentChannel (see HopxExec). */
class HopxEnv final : public Core::SandboxEnv
{
public:
    explicit HopxEnv(AgentChannel agent);

    void getEnv(Core::Callback<Core::EnvMap> done) override;
    //! `merge` keeps the variables not named in `vars` (PATCH); otherwise they go (PUT).
    void setEnv(const Core::EnvMap &vars, bool merge, Core::Callback<Core::Unit> done) override;
    void clearEnv(Core::Callback<Core::Unit> done) override;

private:
    AgentChannel m_agent;
};

} // namespace Hopx::Cloud

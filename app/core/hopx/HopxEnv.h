// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "AgentChannel.h"

namespace Hopx::Cloud {

/*! \brief The environment variables of one sandbox's agent (`/env`); a value bound to an
 *  AgentChannel (see HopxExec). */
class HopxEnv
{
public:
    explicit HopxEnv(AgentChannel agent);

    void get(Core::Callback<Core::EnvMap> done) const;
    //! `merge` keeps the variables not named in `vars` (PATCH); otherwise they go (PUT).
    void set(const Core::EnvMap &vars, bool merge, Core::Callback<Core::Unit> done) const;
    void clear(Core::Callback<Core::Unit> done) const;

private:
    AgentChannel m_agent;
};

} // namespace Hopx::Cloud

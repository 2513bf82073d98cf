// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/sandbox/SandboxEnv.h"

namespace Hopx::Local {

class LocalSandbox;

/*! \brief A local sandbox's session environment: kept by the agent for every program it
 *  starts, and mirrored here for the Python interpreter (LocalExec applies the difference). */
class LocalEnv final : public Core::SandboxEnv
{
public:
    explicit LocalEnv(LocalSandbox *sandbox);

    void getEnv(Core::Callback<Core::EnvMap> done) override;
    void setEnv(const Core::EnvMap &vars, bool merge, Core::Callback<Core::Unit> done) override;
    void clearEnv(Core::Callback<Core::Unit> done) override;
    //! The session env as set through the tools.
    const Core::EnvMap &session() const { return m_env; }

private:
    LocalSandbox *m_sandbox;
    Core::EnvMap m_env;
};

} // namespace Hopx::Local

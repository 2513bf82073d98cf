// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"
#include "core/sandbox/SandboxTypes.h"

namespace Hopx::Core {

/*! \brief The session environment every later execution in the sandbox starts with. */
class SandboxEnv
{
public:
    static constexpr const char *kName = "environment variables";
    virtual ~SandboxEnv() = default;

    virtual void getEnv(Callback<EnvMap> done) = 0;
    //! \a merge false replaces the whole session environment with \a vars.
    virtual void setEnv(const EnvMap &vars, bool merge, Callback<Unit> done) = 0;
    virtual void clearEnv(Callback<Unit> done) = 0;
};

} // namespace Hopx::Core

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"
#include "core/sandbox/SandboxTypes.h"

namespace Hopx::Core {

/*! \brief A sandbox's life: what it is now, when it ends, pausing. Every sandbox has one.
 *
 * Same contract as every capability: asynchronous, exactly one callback, never synchronous.
 */
class SandboxLifecycle
{
public:
    static constexpr const char *kName = "sandbox lifecycle";
    virtual ~SandboxLifecycle() = default;

    virtual void info(Callback<SandboxInfo> done) = 0;
    virtual void destroy(Callback<Unit> done) = 0;
    virtual void setTimeout(int seconds, Callback<Unit> done) = 0;
    virtual void pause(Callback<SandboxInfo> done) = 0;
    virtual void resume(Callback<SandboxInfo> done) = 0;
};

} // namespace Hopx::Core

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "providers/local/boot/SandboxLimits.h"

#include "core/base/Result.h"
#include "core/sandbox/SandboxTypes.h"

namespace Hopx::Core {
class Settings;
}

namespace Hopx::Local {

class LocalSandbox;

/*!
 * \brief What one create_sandbox asks of the local provider, read and checked before anything
 * boots: the template, the network policy (the spec's, or the user's default), the timeout,
 * and whether this machine can give what is asked (network, secrets only behind an allowlist).
 * Once a sandbox serves it, describe() says what the tools and views show of that sandbox.
 */
class LocalCreateRequest
{
public:
    //! The request, or why it cannot be served here (unknown template, no network, ...).
    static Core::Result<LocalCreateRequest> read(
        const Core::CreateSpec &spec, Core::Settings *settings);

    const Core::CreateSpec &spec() const { return m_spec; }
    const Core::NetworkPolicy &policy() const { return m_policy; }
    bool wantsNetwork() const { return m_policy.mode != Core::NetworkPolicy::Mode::None; }
    //! A spare (booted without network or mounts, fixed when bwrap starts) can serve it.
    bool spareCanServe() const { return !wantsNetwork() && m_spec.mounts.isEmpty(); }

    //! \a sandbox's info as this request made it, with the \a limits it runs under.
    Core::SandboxInfo describe(const LocalSandbox &sandbox, const SandboxLimits &limits) const;
    /*! The variables \a sandbox starts with: the spec's, and a placeholder for each secret,
     *  whose value goes to the sandbox's egress proxy only (it swaps it in on the way out). */
    Core::EnvMap environment(LocalSandbox &sandbox) const;

private:
    LocalCreateRequest() = default;

    Core::CreateSpec m_spec;
    QString m_template;
    Core::NetworkPolicy m_policy;
    int m_timeoutSeconds = 0;
};

} // namespace Hopx::Local

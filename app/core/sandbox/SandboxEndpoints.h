// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"

namespace Hopx::Core {

/*! \brief Addresses from outside the sandbox: a port's preview URL, the agent's URL. Only
 *  sandboxes reachable over the network have them. */
class SandboxEndpoints
{
public:
    static constexpr const char *kName = "preview and agent URLs";
    virtual ~SandboxEndpoints() = default;

    virtual void previewUrl(int port, Callback<QString> done) = 0;
    virtual void agentUrl(Callback<QString> done) = 0;
};

} // namespace Hopx::Core

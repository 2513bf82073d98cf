// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"

namespace Hopx::Core {

/*! \brief Changes to a running sandbox's network allowlist, as the user makes them (the Logs
 *  view's "Allow <host> for this sandbox" on a denied connection). Only sandboxes whose
 *  traffic goes through an egress proxy have it. */
class SandboxNetwork
{
public:
    static constexpr const char *kName = "network allowlist";
    virtual ~SandboxNetwork() = default;

    //! From now on \a host (a name or pattern, as NetworkPolicy keeps them) is allowed.
    virtual void allowHost(const QString &host, Callback<Unit> done) = 0;
};

} // namespace Hopx::Core

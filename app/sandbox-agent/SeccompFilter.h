// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <string>

namespace Hopx::Agent {

/*! \brief The sandbox's syscall deny-list (local-sandbox.md §2), loaded into the agent so
 *  that every process started in the sandbox inherits it.
 *
 * Default allow, flatpak's list plus the additions codex and the spec name. Only the native
 * architecture is in the filter: 32-bit and x32 syscalls kill the process.
 */
class SeccompFilter
{
public:
    //! Sets no_new_privs and loads the filter into the calling process. False + error on
    //! failure (the caller must then refuse to run anything).
    static bool load(std::string &error);
};

} // namespace Hopx::Agent

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"
#include "core/base/Wording.h"

#include <QString>

namespace Hopx::Local {

/*! \brief What this machine offers local sandboxes, asked once at start-up: a bubblewrap that
 *  can build them, the agent binary, a private state directory, network for the sandboxes
 *  that may have it. Each answer is empty (or a path) when all is well, otherwise a sentence
 *  for the user saying what is missing and how to fix it.
 */
class SandboxHost
{
public:
    //! Empty when bwrap can build sandboxes here; otherwise a sentence saying why and how to
    //! fix it (bwrap missing or too old, user namespaces blocked by AppArmor or sysctl),
    //! worded under SandboxProvider's context so that the tray shows it translated.
    static Core::Wording selfTest(const QString &bwrapPath = {});
    //! The agent next to the app's binary, else in the install's libexec directory.
    static QString findAgent();
    //! \a name beside the app or in its libexec directory (the agent, hopx-capfs), or empty.
    static QString findHelper(const QString &name);
    //! Empty when sandboxes can be given network here; otherwise why not and what to install.
    static QString networkUnavailableReason();
    //! A per-user 0700 directory for sandbox state whose path says nothing about the user
    //! (mount sources show up in the sandbox's /proc/self/mountinfo):
    //! $XDG_RUNTIME_DIR/hopx-desktop/sbx, else /tmp/hopx-desktop-<uid>/sbx. An error when
    //! it cannot be made safely.
    static Core::Result<QString> defaultStateBase();
    //! mkdir -p of the parents, then \a path itself 0700; true if it exists or was made.
    static bool makePrivateDir(const QString &path);
};

} // namespace Hopx::Local

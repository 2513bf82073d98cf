// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QString>

namespace Hopx::Local {

class SandboxVolume;

/*! \brief Sandbox paths reached by the app itself on the host side of the sandbox's disk
 *  (the hopx-capfs mount that /workspace and /home/user are bound from).
 *
 * Only paths that mean the same thing there as in the sandbox are taken: below /workspace or
 * /home/user, reached without a symlink (the sandbox's symlinks name sandbox paths, which
 * the host side would resolve differently, perhaps onto the user's own files) and without
 * crossing a mount. Everything is resolved by the kernel beneath the mount's directory
 * (openat2 with RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_XDEV), so a sandbox that
 * swaps a directory for a link meanwhile makes the call fail, never lead elsewhere.
 *
 * "-1" answers mean: go through the sandbox's agent, which resolves the path as the sandbox
 * sees it and gives its usual answer (missing file, read-only path, ...).
 */
class VolumePath
{
public:
    //! The regular file \a path opened read-only, or -1.
    static int openFile(const SandboxVolume &volume, const QString &path);
    /*! The directory that holds \a path (O_PATH), made with its missing parents (0755) as
     *  the agent's @write would, and the last component in \a name; or -1. */
    static int openParent(const SandboxVolume &volume, const QString &path, QByteArray *name);

private:
    //! The mount's directory for /workspace or /home/user and the rest of \a path below it.
    static int openTop(const SandboxVolume &volume, const QString &path, QByteArray *rest);
};

} // namespace Hopx::Local

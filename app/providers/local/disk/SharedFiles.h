// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"

#include <QString>

#include <functional>

class QObject;

namespace Hopx::Local {

/*! \brief Files shared copy-on-write between a sandbox's disk, its checkpoints and its forks,
 *  by the disk's hopx-capfs (app/capfs/cow.c).
 *
 * A clone makes one hard link per file, marked as shared: the first change to a shared file,
 * in any of the trees, gives that tree its own copy first. So a checkpoint, a restore or a
 * fork costs about a link per file whatever the files hold, and each tree still counts in
 * full what it holds against its cap. Files open for writing in the sandbox are copied
 * instead (a clone waits for no one).
 *
 * Paths are the disk's own ("workspace", ".checkpoints/ckpt-1/home") or, with a leading
 * '/', the host's (another disk's checkpoint: the source of a fork). The requests go to the
 * daemon as setxattr on the mount's root, which no sandbox can reach; a daemon of an earlier
 * version (a mount left alive across an upgrade) does not know them: supported() is false and
 * the callers copy as before.
 *
 * Blocking: a link and an attribute per file (~10 µs); use runAsync() off the GUI thread.
 */
class SharedFiles
{
public:
    //! Whether the daemon mounted at \a mountPoint shares files.
    static bool supported(const QString &mountPoint);
    //! The entries of directory \a from into directory \a to (made when missing).
    static Core::Result<Core::Unit> clone(
        const QString &mountPoint, const QString &from, const QString &to);
    /*! Directory \a to (workspace or home) becomes a clone of \a from in one rename: a crash
     *  leaves the old files or the new ones, never a mix. */
    static Core::Result<Core::Unit> restore(
        const QString &mountPoint, const QString &from, const QString &to);
    /*! File \a from (one name) becomes file \a to, under the checkpoints' directory (made
     *  when missing), in one rename that keeps what it counts. Fails when \a to exists, and
     *  (Unavailable) with a daemon of an earlier version. */
    static Core::Result<Core::Unit> move(
        const QString &mountPoint, const QString &from, const QString &to);
    //! Removes \a path, under the checkpoints' directory, and what it counted.
    static Core::Result<Core::Unit> remove(const QString &mountPoint, const QString &path);
    //! \a work on a pool thread, then \a done with its result in \a context's thread.
    static void runAsync(QObject *context, std::function<Core::Result<Core::Unit>()> work,
        std::function<void(const Core::Result<Core::Unit> &)> done);
};

} // namespace Hopx::Local

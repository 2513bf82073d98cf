// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"

#include <QString>

namespace Hopx::Local {

/*! \brief The files of a local sandbox's checkpoints: taken, brought back, removed, and the
 *  parent's files handed to its forks.
 *
 * Shared copy-on-write by the disk's hopx-capfs (SharedFiles) where it can; a disk mounted by
 * an earlier version copies with cp -a (symlinks stay symlinks, nothing is followed) through
 * its mount, where that version shows the checkpoints. Paths are the disk's own
 * (".checkpoints/ID"); every call blocks (run it with SharedFiles::runAsync) and is made
 * while nothing in the sandbox runs.
 */
class CheckpointFiles
{
public:
    //! Checkpoint directory \a dir gets /workspace and /home/user.
    static Core::Result<Core::Unit> take(const QString &mountPoint, const QString &dir);
    /*! The files of checkpoint \a id come back into the disk mounted at \a mountPoint, whose
     *  files are in \a backingDir. */
    static Core::Result<Core::Unit> restore(
        const QString &mountPoint, const QString &backingDir, const QString &id);
    //! Checkpoint directory \a dir goes, with what it counted against the cap.
    static Core::Result<Core::Unit> remove(const QString &mountPoint, const QString &dir);
    /*! The live files shared into \a spare, a host directory beside the disk that the forks
     *  take them from (counted by no cap); Unsupported where the disk copies instead. */
    static Core::Result<Core::Unit> shareForForks(const QString &mountPoint, const QString &spare);
};

} // namespace Hopx::Local

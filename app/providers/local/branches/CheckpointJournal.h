// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "providers/local/disk/SandboxVolume.h"

#include "core/base/Result.h"

#include <QString>
#include <QStringList>

#include <functional>

namespace Hopx::Local {

/*! \brief What a checkpoint, restore or checkpoint deletion cut short by a crash leaves in a
 *  sandbox's disk, and how the next start finishes or undoes it.
 *
 * A restore replaces /workspace and /home/user in place (they are bound into the running
 * sandbox, so they cannot be swapped by a rename): between its first deletion and its last
 * copy the files are a mix of the present and the checkpoint. So it first writes a marker
 * naming the checkpoint (restoring, beside the disk; an earlier version kept it in
 * .checkpoints/.restoring), written to a temporary, synced and renamed),
 * removed once the copy is done. A start that finds the marker copies the checkpoint again,
 * the same way, before the sandbox boots: the restore is finished, never half done.
 *
 * A fork's child is made (with its record) before the parent's files are copied into it: its
 * disk holds a marker (.forking) until the copy is done and its record says whose fork it
 * is. A start that finds the marker deletes the child: the fork never happened.
 *
 * A checkpoint's files are copied before the record lists it, and a deleted checkpoint leaves
 * the record before its files go: a start removes every directory of .checkpoints the record
 * does not list. And the variables' file a checkpoint or fork writes into the live home is
 * removed: it is never part of the sandbox's files, only carried by the copy.
 */
class CheckpointJournal
{
public:
    //! The directory (in the disk's backing directory) that holds the checkpoints.
    static constexpr const char *kDir = SandboxVolume::kHiddenDir;
    //! Writes the marker of a restore of \a checkpointId into \a volume, durably.
    static Core::Result<Core::Unit> markRestore(
        const SandboxVolume &volume, const QString &checkpointId);
    //! The restore is complete: the marker goes.
    static void clearRestore(const SandboxVolume &volume);
    //! Marks \a child's disk as a fork being made; durably.
    static Core::Result<Core::Unit> markFork(const SandboxVolume &child);
    //! The fork is complete (files copied, record written): the marker goes.
    static void clearFork(const SandboxVolume &child);
    //! \a volume is a fork whose making was cut short (at start-up: delete it).
    static bool isUnfinishedFork(const SandboxVolume &volume);
    /*! At start-up, \a volume mounted and its sandbox not running: finishes a restore that was
     *  cut short, removes the checkpoints' directories \a knownIds does not name, a live
     *  variables' file (\a stateInHome, its path below the home directory), variables still being
     * written (BackgroundStateWrites) and those that reached a checkpoint whose record does not say
     *  so (not in \a withVariables). Says what it did, for the log; \a step(name) after each
     *  of those (DiskSteps). */
    static QStringList finishAtStart(const SandboxVolume &volume, const QStringList &knownIds,
        const QStringList &withVariables, const QString &stateInHome,
        const std::function<void(const QString &)> &step);
};

} // namespace Hopx::Local

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "providers/local/agentlink/PythonKernel.h"
#include "providers/local/branches/BackgroundStateWrites.h"
#include "providers/local/branches/CheckpointEntry.h"
#include "providers/local/branches/ForkSource.h"

#include "core/sandbox/SandboxCheckpoints.h"

#include <QJsonArray>
#include <QList>
#include <QSet>

namespace Hopx::Local {

class LocalSandbox;

/*! \brief Checkpoints of a local sandbox: /workspace and /home/user inside the sandbox's own
 *  disk (so they count against its cap, and a checkpoint that does not fit fails with ENOSPC
 *  like any write), plus a stopped copy-on-write fork of its Python interpreter
 *  (PythonKernel::checkpoint()): milliseconds, no pickling, any object.
 *
 * Checkpoint: the interpreter is forked once idle; every process is stopped while the files
 * are taken, then continued. Restore: every process but the agent and the checkpoints'
 * stopped interpreters is ended, the files come back (the sandbox, its pid namespace and
 * mounts stay), and the stopped interpreter is resumed in the kernel's place. Fork: new
 * sandboxes (LocalFork) get the files and the variables (ForkSource): a process cannot move
 * into another sandbox's pid namespace, so the kernel writes its namespace with dill into a
 * state file (resources/kernel_state.py) that each child's kernel loads.
 *
 * A checkpoint keeps such a state file too, written behind its answer
 * (BackgroundStateWrites), so that after an app restart (when the stopped interpreter is
 * gone) a restore still brings back every variable dill could write, and says which it could
 * not.
 *
 * Files are shared copy-on-write by the disk's hopx-capfs (SharedFiles: a link per file,
 * whatever it holds; a restore is one rename per directory), while nothing in the sandbox
 * runs. A disk mounted by an earlier version copies instead (cp -a by the host: symlinks stay
 * symlinks, nothing is followed).
 *
 * The stopped interpreters live as long as the sandbox's process tree: after an app restart
 * a checkpoint holds its files and its state file, and a restore loads the variables.
 */
class LocalCheckpoints final : public Core::SandboxCheckpoints
{
public:
    explicit LocalCheckpoints(LocalSandbox *sandbox);

    void checkpoint(const QString &name, Core::Callback<Core::CheckpointInfo> done) override;
    void restore(const QString &checkpointId, Core::Callback<Core::RestoreOutcome> done) override;
    void listCheckpoints(Core::Callback<QList<Core::CheckpointInfo>> done) override;
    void deleteCheckpoint(const QString &checkpointId, Core::Callback<Core::Unit> done) override;
    void fork(const QString &checkpointId, int count,
        Core::Callback<QList<Core::ForkOutcome>> done) override;

    //! Pids of the stopped interpreters: pause/resume and restores leave them alone.
    QSet<qint64> stoppedPids() const;
    //! What the sandbox's record keeps (files only: pids mean nothing after a restart).
    QJsonArray index() const;
    void loadIndex(const QJsonArray &index);
    qint64 totalBytes() const;
    //! Host path of checkpoint \a id's copy of the sandbox's files, for a fork.
    QString filesDir(const QString &id) const;

private:
    using Entry = CheckpointEntry;
    using PidsDone = std::function<void(const QList<qint64> &pids)>;

    Entry *find(const QString &id);
    //! Signals every process but the agent and the stopped interpreters (and \a spare);
    //! \a done gets the pids signalled.
    void signalAll(int signal, qint64 spare, PidsDone done);
    void thaw(const QList<qint64> &pids);
    void copyFiles(const QString &id, Core::Callback<qint64> done);
    //! A checkpoint being taken, once its interpreter was copied.
    struct Taking
    {
        QString id;
        QString name;
        PythonKernel::Snapshot python;
        Core::Result<PythonKernel::StateReport> saved; // its writer writes them behind
    };
    void copyCheckpoint(const Taking &taking, Core::Callback<Core::CheckpointInfo> done);
    //! The checkpoint recorded: its variables' file joins it when whole (or its note says why).
    void followWrite(const QString &id, qint64 writer, qint64 bytes);
    //! The checkpoint failed: its variables' writer, if any, ends and its file goes.
    void stopWriting(const QString &id, const Core::Result<PythonKernel::StateReport> &saved);
    void restoreFiles(const QString &id, std::function<void(const QString &error)> done);
    //! After the files of \a checkpointId came back: the interpreter continues from its
    //! stopped copy, else from its state file, else fresh.
    void restorePython(const QString &checkpointId, Core::Callback<Core::RestoreOutcome> done);
    //! What a fork asks of these checkpoints (ForkSource).
    ForkSource::Parent forkParent();
    template<typename T>
    bool refuse(const Core::Callback<T> &done);

    LocalSandbox *m_sandbox;
    QList<Entry> m_entries;
    BackgroundStateWrites m_writes;
    bool m_busy = false;
};

} // namespace Hopx::Local

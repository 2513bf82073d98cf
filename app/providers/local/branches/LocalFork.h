// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "providers/local/agentlink/PythonKernel.h"

#include "core/sandbox/SandboxCheckpoints.h"

#include <QList>
#include <QPointer>

#include <functional>
#include <memory>

namespace Hopx::Local {

class LocalSandbox;
class LocalSandboxHost;

/*! \brief The children of one fork_sandbox call: new sandboxes that each get a copy of the
 *  parent's files and then load the parent's Python variables from the state file the copy
 *  brought (resources/kernel_state.py), each into its own interpreter.
 *
 * The parent's side (writing the state file, stopping its processes while the files are
 * shared or copied) is ForkSource's; this is the children's side. Each child is on its own: one
 * that cannot start or get its files is released and says why, without failing the others;
 * one whose variables do not load keeps its files and says which variables it lacks.
 */
class LocalFork final : public std::enable_shared_from_this<LocalFork>
{
public:
    //! Where the parent's kernel writes its variables and each child's kernel reads them: in
    //! the sandbox's home, so the copy of the files carries the file with it.
    static constexpr const char *kStatePath = "/home/user/.cache/hopx/python-state";
    //! kStatePath below the home directory ("/.cache/hopx/python-state"): where the file is
    //! on the sandbox's disk, which keeps the home at "home", and in a checkpoint's copy.
    static QString stateInHome();

    using Done = std::function<void()>;

    LocalFork(LocalSandbox *parent, const Core::CreateSpec &spec, int count);

    //! Starts every child; \a done once each has started or failed.
    void create(Done done);
    /*! Gives each started child's disk workspace/ and home/ from \a source (a host directory
     *  holding both), all at once: shared copy-on-write when \a source is a checkpoint or a
     *  directory of shared files (SharedFiles), else copied; a child that fails is released. */
    void copyFiles(const QString &source, Done done);
    //! What outlives the parent and the children: asynchronous steps report to it.
    QObject *context() const;
    /*! Starts loading the state file into each child's interpreter when one was \a written,
     *  and writes each child's outcome from \a saved (what the file holds); a load that fails
     *  later says so with that child's next Python result. \a checkpointId: empty for now. */
    void loadState(const Core::Result<PythonKernel::StateReport> &saved, bool written,
        const QString &checkpointId, Done done);
    //! The fork is done: spares for a next round of as many children (SparePool::expectForks).
    void expectNextRound();
    //! The parent went away mid-fork: every child started so far goes too.
    void releaseAll();
    QList<Core::ForkOutcome> outcomes() const;

private:
    struct Child
    {
        Core::ForkOutcome outcome;
        QPointer<LocalSandbox> sandbox;
    };

    //! Runs \a step for every started child (by its index: a step outlives any reference),
    //! \a done once each has called its own done.
    void forEachStarted(
        const std::function<void(int child, const Done &childDone)> &step, Done done);
    void fail(Child &child, const Core::Error &error);
    QString note(const Child &child, const QString &checkpointId) const;

    QPointer<LocalSandbox> m_parent;
    QString m_parentId;
    LocalSandboxHost *m_host; // makes and releases the children
    Core::CreateSpec m_spec;
    QList<Child> m_children;
};

} // namespace Hopx::Local

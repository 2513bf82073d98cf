// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "providers/local/agentlink/PythonKernel.h"

#include "core/sandbox/SandboxCheckpoints.h"

#include <QList>
#include <QString>

#include <functional>
#include <optional>

namespace Hopx::Local {

class LocalSandbox;

/*! \brief The parent's side of a fork: what its children take from it.
 *
 * From the sandbox as it is (a live fork): its interpreter writes its variables into a state
 * file in its home while the children start (LocalFork); then every process of the parent is
 * stopped just long enough for its files to be linked into a directory beside its disk
 * (SharedFiles; an earlier version's disk: copied from the live mount while stopped), the
 * children take them from there, and the parent's state file goes. From a checkpoint: its
 * files, and the variables it wrote (waiting for them when they are still being written).
 *
 * It knows the parent's checkpoints only through Parent, the few things it asks of them.
 */
class ForkSource
{
public:
    //! What a checkpoint gives a fork.
    struct Kept
    {
        PythonKernel::StateReport variables; // names and why not, as the checkpoint kept them
        bool written = false; // its files hold the variables' file
        QString filesDir; // host path of its files
    };
    using Pids = QList<qint64>;
    //! What the fork asks of the parent's checkpoints.
    struct Parent
    {
        LocalSandbox *sandbox = nullptr;
        //! Stops every process but the agent and the checkpoints' interpreters; gives the pids.
        std::function<void(std::function<void(const Pids &)>)> freeze;
        std::function<void(const Pids &)> thaw;
        //! Checkpoint \a id as a fork takes it, once its variables are settled; nullopt: gone.
        std::function<void(const QString &id, std::function<void(std::optional<Kept>)>)> checkpoint;
        //! The fork is over (its answer follows): the parent's next operation may start.
        std::function<void()> idle;
    };

    /*! Makes \a count children of \a parent as it is now (\a checkpointId empty) or at that
     *  checkpoint (which exists), then \a done with each child's outcome. */
    static void run(const Parent &parent, const QString &checkpointId, int count,
        Core::Callback<QList<Core::ForkOutcome>> done);
};

} // namespace Hopx::Local

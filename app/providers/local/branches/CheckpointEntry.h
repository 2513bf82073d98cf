// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "providers/local/agentlink/PythonKernel.h"

#include "core/sandbox/SandboxCheckpoints.h"

#include <QJsonArray>
#include <QList>

namespace Hopx::Local {

/*! \brief One checkpoint of a local sandbox as LocalCheckpoints keeps it, and as the sandbox's
 *  record keeps the list of them (its files only: pids mean nothing after a restart). */
struct CheckpointEntry
{
    Core::CheckpointInfo info;
    PythonKernel::Snapshot python;
    bool stateFile = false; // its home/ holds the variables' file (LocalFork::kStatePath)

    //! The list as the sandbox's record keeps it.
    static QJsonArray toIndex(const QList<CheckpointEntry> &entries);
    //! The entries of a record's list that are well formed, each id once.
    static QList<CheckpointEntry> fromIndex(const QJsonArray &index);
};

} // namespace Hopx::Local

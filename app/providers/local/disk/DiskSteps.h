// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

namespace Hopx::Local {

/*! \brief Where the local provider's disk operations say how far they got.
 *
 * Each operation that changes a sandbox's files on the host (checkpoint, restore, fork,
 * upload, download, delete, delete-checkpoint, and the recovery at start-up) calls reached()
 * between two of its durable actions (a rename, a copy, a record written, a mount or an
 * unmount), so that what can be seen of it on disk between two calls is one consistent
 * state. This class does nothing with them: the product needs no observer. Whoever wants to
 * look at an operation step by step (a log, a test that stops the app at the N-th step)
 * gives the provider a subclass. Called on the main thread, except the last steps of a
 * deletion, which run on the storage's deleting thread.
 */
class DiskSteps
{
public:
    virtual ~DiskSteps();
    /*! \a operation ("checkpoint", "restore", …) of the sandbox whose directory is
     *  \a sandboxDir is at \a step (a short name of what was just done or comes next). */
    virtual void reached(const QString &operation, const QString &step, const QString &sandboxDir);
};

} // namespace Hopx::Local

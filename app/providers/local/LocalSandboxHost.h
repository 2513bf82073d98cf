// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"
#include "core/sandbox/SandboxTypes.h"

#include <QJsonObject>

class QObject;

namespace Hopx::Local {

class DiskSteps;
class LocalSandbox;

/*! \brief What a local sandbox and its parts may ask of whoever keeps the sandboxes (the
 *  LocalProvider), and nothing more.
 *
 * A sandbox does not know its provider: it knows this. Parts that need more than their
 * sandbox (a fork's children, the record on disk, the steps of a disk operation) ask here,
 * so a part can be tested with a host of its own, and a change of the provider's inside
 * does not reach them.
 */
class LocalSandboxHost
{
public:
    virtual ~LocalSandboxHost() = default;

    //! Outlives every sandbox: answers given "later" are posted on it, not on the sandbox.
    virtual QObject *context() = 0;
    //! Writes \a sandbox's record (SandboxRecord); an error when it could not.
    virtual Core::Result<Core::Unit> persist(LocalSandbox *sandbox) = 0;
    //! Who hears the steps of disk operations; never null.
    virtual DiskSteps *diskSteps() const = 0;
    //! Ends sandbox \a id now (kills it, deletes its files; the object is deleted later).
    virtual void release(const QString &id) = 0;
    /*! A new sandbox as \a spec says, started and listed like any create_sandbox (a fork's
     *  child): \a done gets the sandbox itself, or why it could not start. */
    //! A fork is about to ask for \a children sandboxes (spares for the next round).
    virtual void expectForks(int children) = 0;
    virtual void createChild(const Core::CreateSpec &spec, Core::Callback<LocalSandbox *> done) = 0;
    //! Language -> version of the runtimes sandboxes see (get_vm_info).
    virtual QJsonObject runtimes() const = 0;
};

} // namespace Hopx::Local

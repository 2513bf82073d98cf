// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "providers/local/SandboxRecord.h"

#include "core/base/Result.h"
#include "core/base/Wording.h"
#include "core/sandbox/SandboxTypes.h"
#include "core/settings/NetworkPolicy.h"

#include <QPointer>
#include <QStringList>

#include <functional>
#include <memory>

namespace Hopx::Core {
class SecretStore;
} // namespace Hopx::Core

namespace Hopx::Local {

class DiskSteps;
class LocalSandbox;
class SandboxStorage;
class SandboxVolume;

/*! \brief Brings back, at start-up, the sandboxes an earlier run of the app left on disk.
 *
 * Each stored sandbox is read from its record: an expired one is deleted (as if the app had
 * deleted it on time), a fork cut short by a crash is deleted, a checkpoint, restore or
 * upload cut short is finished or undone (CheckpointJournal, VolumeTarget), and the rest boot
 * again under the same id, with their network policy, environment and secrets (the same
 * placeholders, the values read from the keychain again). What cannot come back (a record
 * of a newer build, a damaged one, a disk that does not mount) is left as it is and
 * reported. Directories without a record that hold only what this build makes are a
 * crashed run's spares or unfinished creates, and are removed.
 *
 * The provider keeps the sandboxes; this only decides and asks it (Hooks).
 */
class LocalRecovery
{
public:
    struct Hooks
    {
        //! Whether \a id is not to be touched: not this provider's, alive, or a spare.
        std::function<bool(const QString &id)> leaveAlone;
        //! Starts a recovered sandbox on its disk (SandboxRecord::restoredInfo's info).
        std::function<Core::Result<LocalSandbox *>(const Core::SandboxInfo &info,
            std::unique_ptr<SandboxVolume> volume, const Core::NetworkPolicy &policy)>
            boot;
        //! \a id stays on disk as it is, unusable because of \a why.
        std::function<void(const QString &id, const Core::Wording &why)> unusable;
        //! \a sandbox is booting again; \a env (its secrets as placeholders) goes in once ready.
        std::function<void(LocalSandbox *sandbox, const Core::EnvMap &env)> booting;
    };

    LocalRecovery(SandboxStorage *storage, DiskSteps *steps, Core::SecretStore *secrets,
        QStringList packageHosts, Hooks hooks);

    //! Goes through the storage once; \a providerId is what a recovered sandbox's info says.
    void run(const QString &providerId);

private:
    void recoverOne(const QString &id, const QString &providerId);
    //! The network policy \a record was created with, as this machine can give it now.
    Core::NetworkPolicy policyOf(const SandboxRecord &record, Core::SandboxInfo &info) const;
    /*! Gives a recovered sandbox's proxy its secrets again, with the placeholders it had,
     *  the values read from the keychain; returns the names the store no longer has. */
    QStringList rebindSecrets(LocalSandbox *sandbox, const QList<SandboxRecord::Secret> &secrets);

    SandboxStorage *m_storage;
    DiskSteps *m_steps;
    QPointer<Core::SecretStore> m_secrets;
    QStringList m_packageHosts;
    Hooks m_hooks;
};

} // namespace Hopx::Local

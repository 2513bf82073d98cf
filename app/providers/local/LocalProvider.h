// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "providers/local/LocalRuntimes.h"
#include "providers/local/LocalSandboxHost.h"
#include "providers/local/SandboxRecord.h"
#include "providers/local/SparePool.h"
#include "providers/local/boot/SandboxLimits.h"
#include "providers/local/disk/DiskSteps.h"
#include "providers/local/disk/SandboxStorage.h"

#include "core/manager/SandboxProvider.h"
#include "core/settings/NetworkPolicy.h"

#include <QHash>
#include <QJsonObject>
#include <QPointer>

#include <memory>

namespace Hopx::Core {
class SecretStore;
class Settings;
} // namespace Hopx::Core

namespace Hopx::Local {

class EgressSetup;
class LocalSandbox;
class SandboxLauncher;
class SandboxCgroupFs;

/*! \brief Sandboxes on this machine: one bubblewrap + hopx-sandbox-agent per sandbox.
 *
 * Keeps warm spare sandboxes ready (SparePool), so that create_sandbox and isolated executions
 * do not wait for a sandbox to boot, and their Python has imported the data stack already
 * (Settings: local/preload); spares are replaced in the background after they are handed out.
 *
 * Each sandbox's files live on its own capped disk (SandboxStorage, SandboxVolume) with its
 * record next to it, so they outlive the app: at start-up the sandboxes of an earlier run
 * that have not expired come back under the same id, with their files (their processes and
 * Python state are gone, and the next result says so). The setting "delete local sandboxes
 * when the app quits" turns that off. Spares are never kept.
 */
class LocalProvider final : public Core::SandboxProvider, public LocalSandboxHost
{
    Q_OBJECT
public:
    struct Options
    {
        QString stateBase; // empty = SandboxHost::defaultStateBase() (/etc, kernel: small)
        QString storageBase; // empty = SandboxStorage::defaultBase() (sandbox files)
        QString agentPath; // empty = SandboxHost::findAgent()
        QString bwrapPath; // empty = bwrap on PATH
        int warmSpares = 1; // sandboxes kept booted for the next create
        int burstSpares = 16; // Python spares kept for isolated runs while they come
        SandboxCgroupFs *cgroupFs = nullptr; // null = the host's /sys/fs/cgroup
        QString packageCacheDir; // empty = PackageStore::defaultRoot()
        QString egressCaDir; // empty = $XDG_STATE_HOME/hopx-desktop/egress-ca
    };

    LocalProvider(Core::Settings *settings, const Options &options, QObject *parent = nullptr);
    ~LocalProvider() override;

    //! What a local sandbox is, for the tools' schemas (also when no provider runs).
    static Core::ProviderKind describe();
    QString id() const override { return describe().id; }
    Core::ProviderKind kind() const override { return describe(); }
    Core::Wording unavailableReason() const override { return m_unavailable; }
    //! "resource_limits": whether cgroups or only rlimits limit sandboxes here, and why.
    QJsonObject healthDetails() const override { return m_healthDetails; }
    int sandboxCount() const { return m_sandboxes.size(); }
    //! Stops every sandbox now (app exit): deletes them when the settings say so, else
    //! keeps their files and records for the next start.
    void shutdown();
    /*! Writes \a sandbox's record (after a change of its timeout or environment); an error when
     *  it could not (a full disk): the record on disk is then the one before. */
    Core::Result<Core::Unit> persist(LocalSandbox *sandbox) override;
    SandboxStorage *storage() const { return m_storage.get(); }
    //! The spares waiting for the next create (null when local sandboxes are unavailable).
    const SparePool *spares() const { return m_spares.get(); }

    //! Ids this provider mints ("local-…") are its own; it knows no others.
    Claim claims(const QString &sandboxId) const override;
    bool hostedByApp() const override { return true; }
    Core::Result<Core::Sandbox *> sandbox(const QString &id) override;
    void listTemplates(Core::Callback<QJsonArray> done) override;
    void getTemplate(const QString &name, Core::Callback<QJsonObject> done) override;
    void create(const Core::CreateSpec &spec, Core::Callback<Core::SandboxInfo> done) override;
    void list(const Core::ListSpec &spec, Core::Callback<QList<Core::SandboxInfo>> done) override;
    Core::Result<Core::Unit> discardUnusable(const QString &id) override;

    //! Language -> version of the runtimes sandboxes see (get_vm_info, templates).
    QJsonObject runtimes() const override { return m_runtimes.versions(); }
    //! Where revocations and changes of secrets come from (null: secrets stay as granted).
    void setSecretStore(Core::SecretStore *store);
    //! Ends sandbox \a id now: kills it, deletes it (later) and its files, emits sandboxRemoved.
    void release(const QString &id) override;
    //! A fork's child: created as create_sandbox creates, handed over as the sandbox itself.
    void createChild(const Core::CreateSpec &spec, Core::Callback<LocalSandbox *> done) override;
    void expectForks(int children) override;
    QObject *context() override { return this; }
    /*! Who hears the steps of the disk operations (DiskSteps); null: nobody. Set before the
     *  event loop runs, as the recovery at start-up has steps too. */
    void setDiskSteps(DiskSteps *steps);
    //! Never null (a DiskSteps that does nothing when none was set).
    DiskSteps *diskSteps() const override { return m_steps; }

private:
    LocalSandbox *find(const QString &id) const;
    SandboxLimits limits() const;
    //! The spare pool's sizes for \a warmSpares kept ready ("Kept ready" on the settings page).
    SparePool::Sizes spareSizes(int warmSpares) const;
    //! A started sandbox on a new disk, or why it could not start (the disk is then gone).
    Core::Result<LocalSandbox *> boot(const Core::SandboxInfo &info,
        const Core::NetworkPolicy &network = Core::NetworkPolicy::none(),
        const QList<Core::HostMount> &mounts = {});
    //! As above on `volume`; a recovered sandbox's disk is only unmounted when it cannot start.
    //! Kills \a sandbox, deletes its files, and schedules the object's deletion.
    void discard(LocalSandbox *sandbox);
    //! Brings back the sandboxes an earlier run left on disk (LocalRecovery).
    void recover();
    //! Lists a recovered \a sandbox while it boots; \a env goes in once it is ready.
    void watchRecovered(LocalSandbox *sandbox, const Core::EnvMap &env);
    //! \a id stays on disk as it is, listed as "unavailable" because of \a why (m_unusable).
    void markUnusable(const QString &id, const Core::Wording &why);
    void refillSpares();
    LocalSandbox *bootSpare();
    //! The preload list the settings ask for (empty when preloading is off).
    QStringList preloadModules() const;
    void adopt(LocalSandbox *sandbox);
    static QString newId();

    QPointer<Core::Settings> m_settings;
    QPointer<Core::SecretStore> m_secretStore;
    Options m_options;
    Core::Wording m_unavailable;
    std::unique_ptr<SandboxCgroupFs> m_hostCgroupFs; // when the options name none
    SandboxCgroupFs *m_cgroupFs = nullptr;
    QJsonObject m_healthDetails;
    QString m_stateBase;
    std::unique_ptr<SandboxStorage> m_storage;
    std::unique_ptr<EgressSetup> m_egress; // what the allowlist sandboxes' proxies share
    std::unique_ptr<SandboxLauncher> m_launcher;
    QHash<QString, LocalSandbox *> m_sandboxes;
    /*! Sandboxes on disk that cannot come back (a record of a newer build, a damaged one, a
     *  disk or a start that failed), and why: listed as "unavailable", every call on them
     *  answers why, their files untouched until the next start tries again. */
    QHash<QString, Core::Wording> m_unusable;
    std::unique_ptr<SparePool> m_spares; // booting or ready, not yet handed out
    LocalRuntimes m_runtimes;
    DiskSteps m_quietSteps;
    DiskSteps *m_steps = &m_quietSteps;
};

} // namespace Hopx::Local

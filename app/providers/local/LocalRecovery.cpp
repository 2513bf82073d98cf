// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/LocalRecovery.h"

#include "providers/local/LocalLogging.h"
#include "providers/local/LocalReason.h"
#include "providers/local/LocalSandbox.h"
#include "providers/local/boot/SandboxHost.h"
#include "providers/local/branches/CheckpointJournal.h"
#include "providers/local/branches/LocalFork.h"
#include "providers/local/disk/DiskSteps.h"
#include "providers/local/disk/SandboxStorage.h"
#include "providers/local/disk/VolumeTarget.h"
#include "providers/local/egress/EgressProxy.h"
#include "providers/local/egress/SecretBindings.h"

#include "core/secrets/SecretStore.h"

#include <QDir>

namespace Hopx::Local {

using Core::Result;
using Core::SandboxInfo;

LocalRecovery::LocalRecovery(SandboxStorage *storage, DiskSteps *steps, Core::SecretStore *secrets,
    QStringList packageHosts, Hooks hooks)
    : m_storage(storage)
    , m_steps(steps)
    , m_secrets(secrets)
    , m_packageHosts(std::move(packageHosts))
    , m_hooks(std::move(hooks))
{ }

void LocalRecovery::run(const QString &providerId)
{
    const QStringList stored = m_storage->storedIds();
    for (const QString &id : stored)
        if (!m_hooks.leaveAlone(id))
            recoverOne(id, providerId);
    // Directories without a record are spares, or sandboxes whose creation never finished,
    // of a run that crashed: nobody was given them. Only those holding nothing but what this
    // build makes: anything else may be a newer build's, and is not this one's to delete.
    for (const QString &name : QDir(m_storage->base()).entryList(QDir::Dirs | QDir::NoDotAndDotDot))
        if (!stored.contains(name) && !m_hooks.leaveAlone(name)) {
            if (!m_storage->isLeftover(name)) {
                qCWarning(lcLocal).noquote()
                    << "leaving" << m_storage->dirFor(name)
                    << "as it is: it has no record, and files this version does not make";
                continue;
            }
            SandboxVolume orphan(m_storage->dirFor(name), 0);
            m_storage->remove(&orphan);
        }
}

void LocalRecovery::recoverOne(const QString &id, const QString &providerId)
{
    const Result<SandboxRecord> loaded = SandboxRecord::load(m_storage->dirFor(id));
    SandboxVolume leftover(m_storage->dirFor(id), 0);
    if (!loaded || loaded.value().id != id) {
        // Nothing is mounted, moved, rewritten or deleted: a newer build, or the user repairing
        // the record, finds the directory as it was.
        m_hooks.unusable(id,
            loaded ? localReason(QT_TRANSLATE_NOOP("Hopx::Core::SandboxProvider",
                                     "its record names another sandbox (%1)"),
                {loaded.value().id})
                   : loaded.error().worded());
        return;
    }
    const SandboxRecord *record = &loaded.value();
    if (record->expiresAt.isValid() && record->expiresAt <= QDateTime::currentDateTime()) {
        // Its timeout ran out while the app was not running: as if the app had deleted it.
        qCInfo(lcLocal) << "sandbox" << id << "expired while the app was not running; deleting it";
        m_storage->remove(&leftover);
        return;
    }
    auto existing = m_storage->existingVolume(*record);
    if (!existing) {
        m_hooks.unusable(id,
            localReason(
                QT_TRANSLATE_NOOP("Hopx::Core::SandboxProvider", "its disk did not mount: %1"),
                {existing.error().worded()}));
        return;
    }
    std::unique_ptr<SandboxVolume> volume = std::move(existing.value());
    const QString dir = volume->dir();
    m_steps->reached(QStringLiteral("recovery"), QStringLiteral("mounted"), dir);
    if (CheckpointJournal::isUnfinishedFork(*volume)) {
        qCInfo(lcLocal) << "sandbox" << id << "is a fork cut short by a crash; deleting it";
        m_storage->remove(volume.get());
        return;
    }
    // What a checkpoint, restore or fork cut short by a crash left is finished or undone
    // before the sandbox runs again.
    QStringList known;
    QStringList withVariables;
    for (const QJsonValue &c : record->checkpoints) {
        known << c.toObject().value(QStringLiteral("checkpoint_id")).toString();
        if (c.toObject().value(QStringLiteral("python_state_file")).toBool())
            withVariables << known.last();
    }
    const auto step = [this, dir](const QString &name) {
        m_steps->reached(QStringLiteral("recovery"), name, dir);
    };
    for (const QString &fixed : CheckpointJournal::finishAtStart(
             *volume, known, withVariables, LocalFork::stateInHome(), step))
        qCInfo(lcLocal).noquote() << "sandbox" << id << ":" << fixed;
    if (VolumeTarget::clearIncoming(*volume)) {
        qCInfo(lcLocal).noquote() << "sandbox" << id << ": removed an upload cut short";
        step(QStringLiteral("incoming-cleared"));
    }
    m_steps->reached(QStringLiteral("recovery"), QStringLiteral("journal"), dir);
    SandboxInfo info = record->restoredInfo(providerId);
    const Core::NetworkPolicy policy = policyOf(*record, info);
    const Result<LocalSandbox *> booted = m_hooks.boot(info, std::move(volume), policy);
    if (!booted) {
        m_hooks.unusable(id,
            localReason(
                QT_TRANSLATE_NOOP("Hopx::Core::SandboxProvider", "it did not start again: %1"),
                {booted.error().worded()}));
        return;
    }
    LocalSandbox *sandbox = booted.value();
    m_steps->reached(QStringLiteral("recovery"), QStringLiteral("booted"), dir);
    SandboxRecord restored = *record;
    restored.secretsLost = rebindSecrets(sandbox, record->secrets);
    sandbox->setKernelNote(restored.restartNote());
    sandbox->checkpointsPart().loadIndex(record->checkpoints);
    Core::EnvMap env = record->env;
    for (const SandboxRecord::Secret &secret : record->secrets)
        env.insert(secret.name, QString::fromLatin1(secret.placeholder));
    m_hooks.booting(sandbox, env);
}

Core::NetworkPolicy LocalRecovery::policyOf(const SandboxRecord &record, SandboxInfo &info) const
{
    // Only full network needs slirp4netns and /dev/net/tun (which a user who is not root often
    // cannot open); an allowlist goes through the app's own egress proxy and comes back as it
    // was, with its secrets' hosts, as create_sandbox allows it without either.
    const QString noFullNetwork = SandboxHost::networkUnavailableReason();
    if (info.internetAccess && !noFullNetwork.isEmpty())
        qCWarning(lcLocal).noquote()
            << "sandbox" << info.id << "comes back without full network:" << noFullNetwork;
    info.internetAccess = info.internetAccess && noFullNetwork.isEmpty();
    // The policy it was created with (an allowlist holds its secrets' hosts); records from
    // before it was kept come back with no network or full.
    Core::NetworkPolicy policy =
        info.internetAccess ? Core::NetworkPolicy::full() : Core::NetworkPolicy::none();
    if (!record.network.isNull() && !record.network.isUndefined()) {
        const Result<Core::NetworkPolicy> kept =
            Core::NetworkPolicy::fromJson(record.network, m_packageHosts);
        if (kept
            && (kept.value().mode != Core::NetworkPolicy::Mode::Full || noFullNetwork.isEmpty()))
            policy = kept.value();
    }
    return policy;
}

QStringList LocalRecovery::rebindSecrets(
    LocalSandbox *sandbox, const QList<SandboxRecord::Secret> &secrets)
{
    QStringList lost;
    const QString id = sandbox->info().id;
    for (const SandboxRecord::Secret &secret : secrets) {
        const std::optional<Core::SecretStore::Entry> entry =
            m_secrets ? m_secrets->find(secret.name) : std::nullopt;
        if (!entry || !sandbox->egress()) {
            // Reported, not dropped in silence: the model's next result says so too.
            qCWarning(lcLocal).noquote() << "sandbox" << id << "held secret" << secret.name
                                         << "which is gone now; its placeholder is sent unreplaced";
            lost << secret.name;
            continue;
        }
        // The same placeholder as before the restart: it is what the sandbox's code holds.
        QPointer<EgressProxy> proxy = sandbox->egress();
        m_secrets->readValue(secret.name, [proxy, id, secret, e = *entry](Result<QString> value) {
            if (!value) {
                qCWarning(lcLocal).noquote() << "sandbox" << id << "cannot use secret"
                                             << secret.name << "again:" << value.error().message;
                return;
            }
            if (!proxy)
                return;
            proxy->secrets().add({secret.name, secret.placeholder, value.value().toUtf8(), e.hosts,
                e.inQuery, e.inBody});
            qCInfo(lcLocal).noquote() << "sandbox" << id << "holds secret" << secret.name
                                      << "again, for" << e.hosts.join(QLatin1Char(','));
        });
    }
    return lost;
}

} // namespace Hopx::Local

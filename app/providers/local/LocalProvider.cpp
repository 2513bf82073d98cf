// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/LocalProvider.h"

#include "providers/local/LocalCreateRequest.h"
#include "providers/local/LocalLogging.h"
#include "providers/local/LocalReason.h"
#include "providers/local/LocalRecovery.h"
#include "providers/local/LocalSandbox.h"
#include "providers/local/SandboxLauncher.h"
#include "providers/local/SandboxRecord.h"
#include "providers/local/boot/SandboxHost.h"
#include "providers/local/boot/SandboxProcess.h"
#include "providers/local/cgroup/SandboxCgroup.h"
#include "providers/local/cgroup/SandboxCgroupFs.h"
#include "providers/local/disk/SandboxStorage.h"
#include "providers/local/disk/SandboxVolume.h"
#include "providers/local/egress/EgressProxy.h"
#include "providers/local/egress/EgressSetup.h"
#include "providers/local/egress/SecretBindings.h"

#include "core/base/Later.h"
#include "core/secrets/SecretStore.h"
#include "core/settings/LocalSettings.h"
#include "core/settings/Settings.h"

#include <QDir>
#include <QFile>
#include <QRandomGenerator>
#include <QTimer>

namespace Hopx::Local {

using Core::Callback;
using Core::Error;
using Core::Result;
using Core::SandboxInfo;
using Core::Unit;

namespace {
// Every id this provider mints starts so: it claims them without a look-up (claims()).
constexpr const char *kIdPrefix = "local-";
// A discarded sandbox, killed at once, is torn down (waited for) this much later.
constexpr int kReapDelayMs = 500;

template<typename T>
void later(QObject *context, const Callback<T> &done, Result<T> value)
{
    Core::answerLater<T>(context, done, std::move(value));
}

//! How a sandbox that cannot come back is listed (LocalProvider::m_unusable).
SandboxInfo unusableInfo(const QString &id, const QString &provider, const Core::Wording &why)
{
    SandboxInfo info;
    info.id = id;
    info.provider = provider;
    info.status = Core::SandboxStatus::Unavailable;
    info.extra.insert(QStringLiteral("unavailable_reason"), why.english());
    info.problem = why;
    return info;
}
} // namespace

SparePool::Sizes LocalProvider::spareSizes(int warmSpares) const
{
    SparePool::Sizes sizes;
    sizes.plain = warmSpares;
    sizes.pythonBurst = warmSpares > 0 ? std::max(1, m_options.burstSpares) : 0;
    return sizes;
}

LocalProvider::LocalProvider(Core::Settings *settings, const Options &options, QObject *parent)
    : SandboxProvider(parent)
    , m_settings(settings)
    , m_options(options)
{
    if (!m_options.cgroupFs)
        m_hostCgroupFs = std::make_unique<SandboxCgroupFs>();
    m_cgroupFs = m_options.cgroupFs ? m_options.cgroupFs : m_hostCgroupFs.get();
    m_unavailable = SandboxHost::selfTest(options.bwrapPath);
    if (!m_unavailable.isEmpty()) {
        qCWarning(lcLocal).noquote() << "local sandboxes unavailable:" << m_unavailable.english();
        return;
    }
    const Core::Result<QString> stateBase = options.stateBase.isEmpty()
        ? SandboxHost::defaultStateBase()
        : Core::Result<QString>(options.stateBase);
    if (!stateBase) {
        m_unavailable = localReason(QT_TRANSLATE_NOOP("Hopx::Core::SandboxProvider",
                                        "Local sandboxes need a private state directory: %1"),
            {stateBase.error().worded()});
        return;
    }
    m_stateBase = stateBase.value();
    QDir().mkpath(m_stateBase);
    // Sandboxes of an earlier run that crashed: their cgroups are empty now (the pid
    // namespaces died with the app) and would pile up.
    SandboxCgroup::removeStale(*m_cgroupFs);
    m_healthDetails = {{QStringLiteral("resource_limits"),
        SandboxCgroup::describe(SandboxCgroup::prepare(*m_cgroupFs))}};
    m_storage = std::make_unique<SandboxStorage>(
        options.storageBase.isEmpty() ? SandboxStorage::defaultBase() : options.storageBase);
    // Before prepare(): it takes up the deletions an earlier run left, mounts included.
    m_storage->onLeftMounted(this,
        [this](const QString &id, const Core::Wording &message) { emit problem(id, message); });
    if (const auto prepared = m_storage->prepare(); !prepared) {
        m_unavailable = prepared.error().worded();
        qCWarning(lcLocal).noquote() << "local sandboxes unavailable:" << m_unavailable.english();
        return;
    }
    m_egress = std::make_unique<EgressSetup>(
        settings, EgressSetup::Options {options.egressCaDir, options.packageCacheDir});
    QFile::setPermissions(
        m_stateBase, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    if ((options.agentPath.isEmpty() ? SandboxHost::findAgent() : options.agentPath).isEmpty()) {
        m_unavailable = localReason(QT_TRANSLATE_NOOP("Hopx::Core::SandboxProvider",
            "hopx-sandbox-agent was not found next to the app or in its libexec directory; "
            "reinstall HOPX Desktop."));
        return;
    }
    SandboxLauncher::Options launch;
    launch.stateBase = m_stateBase;
    launch.bwrapPath = options.bwrapPath;
    launch.agentPath = options.agentPath;
    launch.cgroupFs = m_cgroupFs;
    launch.storage = m_storage.get();
    launch.egress = m_egress.get();
    launch.host = this;
    launch.provider = this;
    launch.networkLine = [this](const QString &id, const QString &line) {
        emit output(id, QStringLiteral("network"), line.toUtf8());
    };
    m_launcher = std::make_unique<SandboxLauncher>(std::move(launch));
    if (const auto prepared = m_launcher->prepare(); !prepared) {
        m_unavailable = prepared.error().worded();
        return;
    }
    m_egress->prepareCa(m_launcher->etcDir(), m_launcher->libDir());
    m_runtimes.detect();
    m_spares = std::make_unique<SparePool>([this]() { return bootSpare(); },
        [this](LocalSandbox *spare) { discard(spare); }, spareSizes(options.warmSpares));
    if (settings)
        connect(settings, &Core::Settings::changed, this, [this](const QString &key) {
            // "Kept ready" on the settings page: the pool grows or shrinks now.
            if (key == QLatin1String(Core::LocalSettings::kWarmSparesKey)) {
                m_options.warmSpares = Core::LocalSettings(m_settings).warmSpares();
                m_spares->setSizes(spareSizes(m_options.warmSpares));
                return;
            }
            if (key != QLatin1String(Core::LocalSettings::kPreloadKey)
                && key != QLatin1String(Core::LocalSettings::kPreloadModulesKey))
                return;
            // Spares made with the old setting would hand out the old interpreter.
            m_spares->setPreload(preloadModules());
            m_spares->renew();
        });
    // After the constructor: the manager watches this provider's signals by then.
    QTimer::singleShot(0, this, &LocalProvider::recover);
}

LocalProvider::~LocalProvider()
{
    shutdown();
}

Core::ProviderKind LocalProvider::describe()
{
    Core::ProviderKind k;
    k.id = QStringLiteral("local");
    k.summary = QStringLiteral("this machine, offline, no account");
    k.displayName = QString::fromLatin1(QT_TRANSLATE_NOOP("Hopx::Core::SandboxListModel", "Local"));
    k.mountsHostFolders = true;
    k.confirmsFullNetwork = true; // offline by default: going online is the user's call
    k.holdsSecrets = true; // its egress proxy is the app's
    k.reportedWhenUnavailable = true; // the default provider: its absence is news
    return k;
}

void LocalProvider::shutdown()
{
    const QList<LocalSandbox *> spares = m_spares ? m_spares->takeAll() : QList<LocalSandbox *>();
    const auto all = m_sandboxes;
    m_sandboxes.clear();
    const bool keep = !(Core::LocalSettings(m_settings.data()).deleteOnQuit());
    for (LocalSandbox *s : all.values() + spares) {
        std::unique_ptr<SandboxVolume> volume = s->takeVolume();
        const bool kept = keep && !spares.contains(s) && volume;
        if (kept)
            persist(s);
        delete s; // hard teardown: SIGKILL of the sandbox's pid 1
        if (kept)
            volume->unmount(); // every write is already in disk/; the files stay
        else if (m_storage)
            m_storage->remove(volume.get());
    }
    // Discarded sandboxes still waiting for their delayed teardown (discard()): torn down now,
    // while what their teardown uses (the cgroup file system) is still there. Left to
    // ~QObject they would be deleted after this provider's members (a crash at quit).
    const auto waiting = findChildren<LocalSandbox *>(QString(), Qt::FindDirectChildrenOnly);
    for (LocalSandbox *s : waiting)
        delete s;
}

Result<Unit> LocalProvider::persist(LocalSandbox *sandbox)
{
    SandboxVolume *volume = sandbox->volume();
    // Spares have nothing to come back to.
    if (!volume || m_sandboxes.value(sandbox->info().id) != sandbox)
        return Unit {};
    QList<SandboxRecord::Secret> secrets;
    if (sandbox->egress())
        for (const SecretBindings::Binding &b : sandbox->egress()->secrets().bindings())
            secrets.append({b.name, b.placeholder});
    SandboxRecord record =
        SandboxRecord::from(sandbox->info(), sandbox->envPart().session(), secrets);
    record.capBytes = volume->capBytes();
    record.checkpoints = sandbox->checkpointsPart().index();
    const Result<Unit> saved = record.save(volume->dir());
    if (!saved)
        qCWarning(lcLocal).noquote()
            << "could not save the record of" << record.id << ":" << saved.error().message;
    return saved;
}

void LocalProvider::discard(LocalSandbox *sandbox)
{
    std::unique_ptr<SandboxVolume> volume = sandbox->takeVolume();
    // Killed now; the teardown waits (bwrap's exit, pid 1's) once the kernel has ended them, so
    // that the next call of a burst does not wait for that on this thread.
    sandbox->process()->signalKill();
    QTimer::singleShot(kReapDelayMs, sandbox, [sandbox]() {
        sandbox->kill();
        sandbox->deleteLater();
    });
    if (m_storage)
        m_storage->removeInBackground(std::move(volume));
}

QString LocalProvider::newId()
{
    // Looks like a HOPX id but says where it lives.
    const quint64 r = QRandomGenerator::system()->generate64();
    return QLatin1String(kIdPrefix)
        + QString::number(r, 16).rightJustified(16, QLatin1Char('0')).left(12);
}

SandboxLimits LocalProvider::limits() const
{
    SandboxLimits l;
    if (m_settings) {
        const Core::LocalSettings local(m_settings.data());
        l.memoryMb = local.memoryMb();
        l.processes = local.processes();
        l.cpuSecondsPerRun = local.cpuSecondsPerRun();
        l.diskMb = local.tmpMb();
        l.workspaceMb = local.workspaceMb();
        l.openFiles = local.openFiles();
    }
    return l;
}

Result<LocalSandbox *> LocalProvider::boot(const SandboxInfo &info,
    const Core::NetworkPolicy &network, const QList<Core::HostMount> &mounts)
{
    const qint64 total = qint64(Core::LocalSettings(m_settings.data()).totalDiskMb()) << 20;
    auto volume = m_storage->newVolume(info.id, qint64(limits().workspaceMb) << 20, total);
    if (!volume)
        return volume.error();
    return m_launcher->start(info, std::move(volume.value()), limits(), network, mounts);
}

void LocalProvider::adopt(LocalSandbox *sandbox)
{
    m_sandboxes.insert(sandbox->info().id, sandbox);
    const QString id = sandbox->info().id;
    connect(sandbox, &LocalSandbox::died, this, [this, sandbox](const QString &) {
        if (m_sandboxes.value(sandbox->info().id) == sandbox)
            emit sandboxChanged(sandbox->info());
    });
    connect(sandbox, &LocalSandbox::infoChanged, this,
        [this, sandbox]() { emit sandboxChanged(sandbox->info()); });
    connect(sandbox, &LocalSandbox::output, this,
        [this, id](
            const QString &stream, const QByteArray &chunk) { emit output(id, stream, chunk); });
    connect(sandbox, &LocalSandbox::backgroundFinished, this, &LocalProvider::backgroundFinished);
}

QStringList LocalProvider::preloadModules() const
{
    const Core::LocalSettings local(m_settings.data());
    return local.preload() ? local.preloadModules() : QStringList();
}

LocalSandbox *LocalProvider::bootSpare()
{
    SandboxInfo info;
    info.id = newId();
    info.provider = id();
    info.status = Core::SandboxStatus::Creating;
    info.templateName = QStringLiteral("code-interpreter");
    const Result<LocalSandbox *> spare = boot(info);
    if (!spare) {
        qCWarning(lcLocal).noquote() << "could not boot a spare sandbox:" << spare.error().message;
        return nullptr;
    }
    return spare.value();
}

void LocalProvider::refillSpares()
{
    if (!m_unavailable.isEmpty())
        return;
    m_spares->setPreload(preloadModules());
    m_spares->refill();
}

void LocalProvider::create(const Core::CreateSpec &spec, Callback<SandboxInfo> done)
{
    done = announcing(std::move(done));
    if (!m_unavailable.isEmpty()) {
        later<SandboxInfo>(this, done, Error::make(Error::Code::Unavailable, m_unavailable));
        return;
    }
    Result<LocalCreateRequest> read = LocalCreateRequest::read(spec, m_settings.data());
    if (!read) {
        later<SandboxInfo>(this, done, read.error());
        return;
    }
    const LocalCreateRequest request = std::move(read.value());
    auto finish = [this, request, done](LocalSandbox *sandbox) {
        const Core::CreateSpec &spec = request.spec();
        const SandboxInfo info = request.describe(*sandbox, limits());
        sandbox->setInfo(info);
        adopt(sandbox);
        const Core::EnvMap env = request.environment(*sandbox);
        // An isolated run's sandbox is deleted when the run ends: a record (written with an
        // fsync) would only let a crash bring back what nobody can use.
        if (!spec.warmPython)
            persist(sandbox);
        if (env.isEmpty()) {
            done(info);
            return;
        }
        QPointer<LocalSandbox> guard(sandbox);
        sandbox->env()->setEnv(env, true, [guard, done](Result<Unit> r) {
            if (!guard)
                return;
            if (!r)
                done(r.error());
            else
                done(guard->info());
        });
    };

    const SparePool::Kind kind = spec.warmPython ? SparePool::Kind::Python : SparePool::Kind::Plain;
    m_spares->want(kind);
    m_spares->setPreload(preloadModules());
    // A spare that is up (or booting) with today's limits serves this create at once. Spares
    // have neither network nor mounts: those are fixed when bwrap starts.
    LocalSandbox *spare = request.spareCanServe()
        ? m_spares->handOut(kind, limits(), !spec.envVars.isEmpty())
        : nullptr;
    if (spare) {
        disconnect(spare, nullptr, this, nullptr);
        if (spare->isReady()) {
            QTimer::singleShot(0, this, [finish, spare]() { finish(spare); });
        } else {
            connect(spare, &LocalSandbox::ready, this, [finish, spare]() { finish(spare); });
            connect(spare, &LocalSandbox::died, this, [this, spare, done](const QString &reason) {
                discard(spare);
                done(Error::make(Error::Code::Unavailable,
                    QStringLiteral("The sandbox failed to start: %1").arg(reason)));
            });
        }
        m_spares->refillSoon();
        return;
    }

    SandboxInfo info;
    info.id = newId();
    info.provider = id();
    info.status = Core::SandboxStatus::Creating;
    const Result<LocalSandbox *> booted = boot(info, request.policy(), spec.mounts);
    if (!booted) {
        later<SandboxInfo>(this, done,
            Error::make(Error::Code::Unavailable,
                QStringLiteral("Could not start a local sandbox: %1").arg(booted.error().message)));
        return;
    }
    LocalSandbox *sandbox = booted.value();
    connect(sandbox, &LocalSandbox::ready, this, [this, finish, sandbox]() {
        finish(sandbox);
        refillSpares();
    });
    connect(sandbox, &LocalSandbox::died, this, [this, sandbox, done](const QString &reason) {
        if (!m_sandboxes.contains(sandbox->info().id)) { // died before it was ready
            discard(sandbox);
            done(Error::make(Error::Code::Unavailable,
                QStringLiteral("The sandbox failed to start: %1").arg(reason)));
        }
    });
}

void LocalProvider::setSecretStore(Core::SecretStore *store)
{
    m_secretStore = store;
    if (m_egress)
        m_egress->followSecrets(store);
}

LocalSandbox *LocalProvider::find(const QString &id) const
{
    return m_sandboxes.value(id);
}

LocalProvider::Claim LocalProvider::claims(const QString &sandboxId) const
{
    return sandboxId.startsWith(QLatin1String(kIdPrefix)) ? Claim::Yes : Claim::No;
}

Result<Core::Sandbox *> LocalProvider::sandbox(const QString &id)
{
    if (LocalSandbox *s = find(id))
        return s;
    if (m_unusable.contains(id))
        return Error::make(Error::Code::Unavailable, m_unusable.value(id),
            QJsonObject {{QStringLiteral("id"), id}}, QStringLiteral("Sandbox unavailable"));
    return Error::make(Error::Code::NotFound,
        QStringLiteral("Sandbox %1 not found; it may have been deleted or expired. "
                       "list_sandboxes shows the ones that exist.")
            .arg(id),
        QJsonObject {{QStringLiteral("id"), id}}, QStringLiteral("Sandbox not found"));
}

void LocalProvider::list(const Core::ListSpec &spec, Callback<QList<SandboxInfo>> done)
{
    QList<SandboxInfo> out;
    for (LocalSandbox *s : std::as_const(m_sandboxes)) {
        const SandboxInfo info = s->info();
        if (spec.status.isEmpty() || spec.status == info.status.name())
            out.append(info);
    }
    for (auto it = m_unusable.cbegin(); it != m_unusable.cend(); ++it)
        if (spec.status.isEmpty() || spec.status == QLatin1String("unavailable"))
            out.append(unusableInfo(it.key(), id(), it.value()));
    std::sort(out.begin(), out.end(),
        [](const SandboxInfo &a, const SandboxInfo &b) { return a.createdAt > b.createdAt; });
    later<QList<SandboxInfo>>(this, done, out);
}

Result<Unit> LocalProvider::discardUnusable(const QString &id)
{
    if (!m_unusable.contains(id) || !m_storage)
        return SandboxProvider::discardUnusable(id);
    // What recovery left untouched goes now, mounted or not, on the storage's deleting thread.
    m_unusable.remove(id);
    m_storage->removeInBackground(std::make_unique<SandboxVolume>(m_storage->dirFor(id), 0));
    qCInfo(lcLocal) << "deleted unavailable sandbox" << id << "at the user's request";
    emit sandboxRemoved(id);
    return Unit {};
}

void LocalProvider::release(const QString &id)
{
    LocalSandbox *s = m_sandboxes.take(id);
    if (!s)
        return;
    if (s->volume())
        m_steps->reached(QStringLiteral("delete"), QStringLiteral("start"), s->volume()->dir());
    discard(s);
    m_spares->finished(id);
    emit sandboxRemoved(id);
}

void LocalProvider::createChild(const Core::CreateSpec &spec, Callback<LocalSandbox *> done)
{
    create(spec, [this, done](Result<SandboxInfo> made) {
        if (!made) {
            done(made.error());
            return;
        }
        LocalSandbox *child = find(made.value().id);
        if (!child) {
            done(Error::make(Error::Code::Unavailable,
                QStringLiteral("The new sandbox %1 ended as it started.").arg(made.value().id)));
            return;
        }
        done(child);
    });
}

void LocalProvider::expectForks(int children)
{
    if (m_spares) {
        m_spares->expectForks(children);
        m_spares->refillSoon();
    }
}

void LocalProvider::setDiskSteps(DiskSteps *steps)
{
    m_steps = steps ? steps : &m_quietSteps;
    if (m_storage)
        m_storage->setDiskSteps(m_steps);
}

void LocalProvider::recover()
{
    if (!m_unavailable.isEmpty() || !m_storage)
        return;
    LocalRecovery::Hooks hooks;
    hooks.leaveAlone = [this](const QString &id) {
        return claims(id) != Claim::Yes || m_sandboxes.contains(id)
            || (m_spares && m_spares->contains(id));
    };
    hooks.boot = [this](const SandboxInfo &info, std::unique_ptr<SandboxVolume> volume,
                     const Core::NetworkPolicy &policy) {
        return m_launcher->start(info, std::move(volume), limits(), policy, {});
    };
    hooks.unusable = [this](const QString &id, const Core::Wording &why) { markUnusable(id, why); };
    hooks.booting = [this](LocalSandbox *sandbox, const Core::EnvMap &env) {
        watchRecovered(sandbox, env);
    };
    LocalRecovery recovery(m_storage.get(), m_steps, m_secretStore,
        m_settings ? m_settings->packageHosts() : QStringList(), std::move(hooks));
    recovery.run(id());
}

void LocalProvider::watchRecovered(LocalSandbox *sandbox, const Core::EnvMap &env)
{
    const QString id = sandbox->info().id;
    m_sandboxes.insert(id, sandbox);
    connect(sandbox, &LocalSandbox::ready, this, [this, sandbox, env]() {
        adopt(sandbox);
        if (!env.isEmpty())
            sandbox->env()->setEnv(env, true, [](Result<Unit>) {});
        emit sandboxChanged(sandbox->info());
    });
    connect(sandbox, &LocalSandbox::died, this, [this, sandbox, id](const QString &reason) {
        if (sandbox->isReady())
            return;
        m_sandboxes.remove(id);
        std::unique_ptr<SandboxVolume> kept = sandbox->takeVolume();
        if (kept)
            kept->unmount();
        sandbox->deleteLater();
        markUnusable(id,
            localReason(
                QT_TRANSLATE_NOOP("Hopx::Core::SandboxProvider", "it did not start again: %1"),
                {reason}));
    });
}

void LocalProvider::markUnusable(const QString &id, const Core::Wording &why)
{
    const Core::Wording message = localReason(QT_TRANSLATE_NOOP("Hopx::Core::SandboxProvider",
                                                  "Sandbox %1 cannot be used: %2. Its files are "
                                                  "left as they are in %3."),
        {id, why, m_storage->dirFor(id)});
    // The model and the log read it in English (list_sandboxes' unavailable_reason).
    qCWarning(lcLocal).noquote() << message.english();
    m_unusable.insert(id, message);
    emit sandboxChanged(unusableInfo(id, this->id(), message));
    emit problem(id, message);
}

void LocalProvider::listTemplates(Callback<QJsonArray> done)
{
    later<QJsonArray>(this, done, m_runtimes.templates());
}

void LocalProvider::getTemplate(const QString &name, Callback<QJsonObject> done)
{
    for (const QJsonValue &t : m_runtimes.templates()) {
        if (t.toObject().value(QStringLiteral("name")).toString() == name) {
            later<QJsonObject>(this, done, t.toObject());
            return;
        }
    }
    later<QJsonObject>(this, done,
        Error::make(Error::Code::NotFound,
            QStringLiteral("No local template \"%1\". Available: code-interpreter, base.")
                .arg(name),
            QJsonObject {{QStringLiteral("available"),
                QJsonArray {QStringLiteral("code-interpreter"), QStringLiteral("base")}}},
            QStringLiteral("Template not found")));
}

} // namespace Hopx::Local

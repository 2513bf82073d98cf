// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/LocalSandbox.h"

#include "providers/local/LocalLogging.h"
#include "providers/local/LocalSandboxHost.h"
#include "providers/local/agentlink/AgentClient.h"
#include "providers/local/agentlink/PythonKernel.h"
#include "providers/local/boot/ProcessRun.h"
#include "providers/local/disk/DiskSteps.h"
#include "providers/local/egress/EgressProxy.h"

#include "core/base/Later.h"

#include <QPointer>

#include <csignal>

namespace Hopx::Local {

using Core::Callback;
using Core::Error;
using Core::Result;
using Core::SandboxInfo;
using Core::Unit;

LocalSandbox::LocalSandbox(const SandboxInfo &info, const SandboxProcess::Options &options,
    std::unique_ptr<SandboxVolume> volume, LocalSandboxHost *host, Core::SandboxProvider *provider)
    : Sandbox(info.id, provider)
    , m_host(host)
    , m_info(info)
    , m_volume(std::move(volume))
    , m_process(new SandboxProcess(options, this))
    , m_exec(this)
    , m_jobs(this)
    , m_files(this)
    , m_env(this)
    , m_metrics(this)
    , m_transfer(this)
    , m_checkpoints(this)
{
    connect(m_process, &SandboxProcess::ready, this, [this]() {
        m_ready = true;
        m_info.status = Core::SandboxStatus::Running;
        connect(m_process->agent(), &AgentClient::backgroundExited, this,
            [this](qint64 pid, int code, int signal) {
                if (const auto record = m_jobs.backgroundExited(pid, code, signal))
                    emit backgroundFinished(*record);
            });
        emit ready();
    });
    connect(m_process, &SandboxProcess::died, this, [this](const QString &reason) {
        m_dead = true;
        m_deathReason = reason;
        m_info.status = Core::SandboxStatus::Dead;
        emit died(reason);
    });
}

LocalSandbox::~LocalSandbox() = default;

void LocalSandbox::setEgress(EgressProxy *proxy)
{
    m_egress = proxy;
    proxy->setParent(this);
}

void LocalSandbox::allowHost(const QString &host, Core::Callback<Core::Unit> done)
{
    const QString normal = Core::NetworkPolicy::normalizeHost(host);
    if (!m_egress || normal.isEmpty()) {
        Core::answerLater<Core::Unit>(this, std::move(done),
            Core::Error::make(Core::Error::Code::InvalidArgument,
                QStringLiteral("Cannot allow \"%1\": not a host name.").arg(host)));
        return;
    }
    m_egress->allowHost(normal);
    // get_sandbox shows the allowlist as it is now.
    m_info.extra.insert(QStringLiteral("network"), m_egress->policy().toJson());
    persist();
    qCInfo(lcLocal).noquote() << "egress: sandbox" << id() << "now allows" << normal;
    Core::answerLater<Core::Unit>(this, std::move(done), Core::Unit {});
}

bool LocalSandbox::deferUntilStarted(const std::function<void()> &operation)
{
    if (m_ready || m_dead)
        return false;
    // Whichever comes first, once.
    auto pending = std::make_shared<std::function<void()>>(operation);
    auto once = [pending]() {
        if (const auto op = std::exchange(*pending, nullptr))
            op();
    };
    connect(this, &LocalSandbox::ready, this, once, Qt::SingleShotConnection);
    connect(this, &LocalSandbox::died, this, once, Qt::SingleShotConnection);
    return true;
}

Result<Unit> LocalSandbox::start()
{
    if (auto started = m_process->start(); !started)
        return started;
    m_kernel = new PythonKernel(m_process->agent(), this);
    // An interpreter that ended between runs (killed, out of memory) is news for the next
    // run, which would otherwise fail later on a missing variable.
    connect(m_kernel, &PythonKernel::stateLost, this, [this](const QString &why, bool duringRun) {
        if (!duringRun)
            m_kernelNote = QStringLiteral("The Python interpreter stopped since the last call "
                                          "(%1) and was started again: variables and imports "
                                          "from before are gone; files are kept.")
                               .arg(why);
    });
    return Unit {};
}

QString LocalSandbox::diskFullNote() const
{
    if (!m_volume)
        return {};
    const SandboxVolume::Usage u = m_volume->usage();
    if (!u.isFull())
        return {};
    return QStringLiteral("The sandbox's workspace is full (%1): delete files (or checkpoints) "
                          "or raise the cap in Settings → Local.")
        .arg(SandboxVolume::sizeText(m_volume->capBytes()));
}

void LocalSandbox::setForkedFrom(const QString &parentId, const QString &checkpoint)
{
    m_info.extra.insert(QStringLiteral("forked_from"),
        QJsonObject {{QStringLiteral("sandbox_id"), parentId},
            {QStringLiteral("checkpoint_id"),
                checkpoint.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(checkpoint)}});
    emit infoChanged();
}

Core::Result<Core::Unit> LocalSandbox::persist()
{
    return m_host->persist(this);
}

void LocalSandbox::diskStep(const QString &operation, const QString &step) const
{
    if (m_volume)
        m_host->diskSteps()->reached(operation, step, m_volume->dir());
}

qint64 LocalSandbox::hostProcessId() const
{
    return m_dead ? -1 : m_process->bwrapPid();
}

AgentClient *LocalSandbox::agent() const
{
    return m_process->agent();
}

SandboxInfo LocalSandbox::info() const
{
    SandboxInfo info = m_info;
    if (m_paused && !m_dead)
        info.status = Core::SandboxStatus::Paused;
    if (m_volume) {
        const SandboxVolume::Usage u = m_volume->usage();
        info.diskUsedBytes = u.usedBytes;
        info.diskCapBytes = m_volume->capBytes();
    }
    if (const QJsonArray cps = m_checkpoints.index(); !cps.isEmpty())
        info.extra.insert(QStringLiteral("checkpoints"), cps);
    return info;
}

void LocalSandbox::warmUp(const QStringList &preload)
{
    if (!m_kernel)
        return;
    m_kernel->start();
    m_kernel->preload(preload);
}

void LocalSandbox::dropUnusedInterpreter()
{
    if (m_kernel && (m_kernel->isRunning() || m_kernel->isReady()) && !m_kernel->hasBeenUsed())
        m_kernel->stop();
}

void LocalSandbox::kill()
{
    m_dead = true;
    m_deathReason = QStringLiteral("deleted");
    if (m_kernel)
        m_kernel->stop();
    m_process->kill();
}

Error LocalSandbox::explainUnsupported(const QString &capability, const QJsonObject &request) const
{
    if (capability != QLatin1String(Core::SandboxEndpoints::kName))
        return Sandbox::explainUnsupported(capability, request);
    if (request.contains(QLatin1String("port")))
        return Error::make(Error::Code::Unsupported,
            QStringLiteral(
                "Local sandboxes have no network reachable from outside, so port %1 has no "
                "preview URL. Reach the server from inside the sandbox instead (e.g. "
                "run_command \"curl -s localhost:%1\"), or use provider \"hopx\".")
                .arg(request.value(QLatin1String("port")).toInt()));
    return Error::make(Error::Code::Unsupported,
        QStringLiteral("Local sandboxes are driven by HOPX Desktop directly and have no agent URL; "
                       "use the tools with sandbox_id."));
}

std::optional<Error> LocalSandbox::unusable() const
{
    if (m_dead)
        return Error::make(Error::Code::SandboxDead,
            QStringLiteral("Sandbox %1 is no longer running (%2). Create a new one with "
                           "create_sandbox; files in it are gone.")
                .arg(m_info.id, m_deathReason),
            QJsonObject {{QStringLiteral("id"), m_info.id}}, QStringLiteral("Sandbox not running"));
    if (!m_ready)
        return Error::make(Error::Code::Unavailable,
            QStringLiteral("Sandbox %1 is still starting; retry in a moment.").arg(m_info.id));
    if (m_paused)
        return Error::make(Error::Code::InvalidArgument,
            Core::SandboxStatus::pausedRefusal(m_info.id), {}, QStringLiteral("Sandbox paused"));
    return std::nullopt;
}

void LocalSandbox::builtin(
    const QByteArrayList &argv, const QByteArray &stdinData, qint64 maxOutput, BuiltinDone done)
{
    auto *run = new ProcessRun(m_process->agent(), this);
    run->setMaxOutputBytes(maxOutput);
    run->setStdinData(stdinData);
    connect(run, &ProcessRun::finished, this, [run, done]() {
        run->deleteLater();
        if (run->error()) {
            done(-1, {}, run->error()->message.toUtf8(), false);
            return;
        }
        done(run->exitStatus().code, run->stdoutData(), run->stderrData(), run->stdoutTruncated());
    });
    AgentClient::ExecRequest request;
    request.argv = argv;
    request.cwd = QByteArrayLiteral("/");
    request.timeoutMs = 60000;
    run->start(request);
}

QByteArray LocalSandbox::scriptPath(const QString &kind, const QString &language)
{
    return QStringLiteral("/tmp/.hopx/%1-%2.%3")
        .arg(kind)
        .arg(++m_scriptCounter)
        .arg(LocalExec::extensionFor(language))
        .toUtf8();
}

void LocalSandbox::forwardOutput(const QString &stream, const QByteArray &chunk)
{
    emit output(stream, chunk);
}

void LocalSandbox::info(Callback<SandboxInfo> done)
{
    Core::answerLater<SandboxInfo>(m_host->context(), std::move(done), info());
}

void LocalSandbox::destroy(Callback<Unit> done)
{
    // The provider answers: this object is deleted on the way.
    LocalSandboxHost *host = m_host;
    QObject *context = host->context();
    host->release(id());
    Core::answerLater<Unit>(context, std::move(done), Unit {});
}

void LocalSandbox::setTimeout(int seconds, Callback<Unit> done)
{
    m_info.timeoutSeconds = seconds;
    m_info.expiresAt = QDateTime::currentDateTime().addSecs(seconds);
    persist();
    emit infoChanged();
    Core::answerLater<Unit>(m_host->context(), std::move(done), Unit {});
}

void LocalSandbox::pause(Callback<SandboxInfo> done)
{
    setPaused(true, std::move(done));
}

void LocalSandbox::resume(Callback<SandboxInfo> done)
{
    setPaused(false, std::move(done));
}

void LocalSandbox::setPaused(bool paused, Callback<SandboxInfo> done)
{
    if (m_dead) {
        QTimer::singleShot(0, this, [done, e = *unusable()]() { done(e); });
        return;
    }
    if (paused == m_paused) {
        QTimer::singleShot(0, this, [this, done]() { done(info()); });
        return;
    }
    QPointer<LocalSandbox> self(this);
    m_process->agent()->ps([self, paused, done](Result<QList<AgentClient::ProcessInfo>> r) {
        if (!self)
            return;
        if (!r) {
            done(r.error());
            return;
        }
        // Every process but the agent: a stopped process keeps its memory and resumes as is.
        // Checkpoints' stopped interpreters stay stopped whatever happens.
        const QSet<qint64> keep = self->m_checkpoints.stoppedPids();
        for (const AgentClient::ProcessInfo &p : r.value())
            if (p.pid > 2 && !keep.contains(p.pid))
                self->m_process->agent()->kill(
                    p.pid, paused ? SIGSTOP : SIGCONT, false, [](Result<Unit>) {});
        self->m_paused = paused;
        emit self->infoChanged();
        done(self->info());
    });
}

} // namespace Hopx::Local

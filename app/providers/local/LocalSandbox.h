// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "providers/local/boot/SandboxProcess.h"
#include "providers/local/branches/LocalCheckpoints.h"
#include "providers/local/disk/SandboxVolume.h"
#include "providers/local/parts/LocalEnv.h"
#include "providers/local/parts/LocalExec.h"
#include "providers/local/parts/LocalFiles.h"
#include "providers/local/parts/LocalJobs.h"
#include "providers/local/parts/LocalMetrics.h"
#include "providers/local/parts/LocalTransfer.h"

#include "core/base/Result.h"
#include "core/sandbox/Sandbox.h"
#include "core/sandbox/SandboxTypes.h"

#include <QDateTime>
#include <QObject>
#include <QTimer>

#include <functional>
#include <memory>

namespace Hopx::Local {

class AgentClient;
class EgressProxy;
class LocalSandboxHost;
class PythonKernel;

/*! \brief One local sandbox: its bubblewrap process, agent and Python interpreter, its state
 *  (starting, ready, paused, dead) and its lifecycle; the capabilities are parts of it
 *  (LocalExec, LocalJobs, LocalFiles, LocalEnv, LocalMetrics) that share what is here.
 *
 * Files and programs are handled by the agent inside the sandbox (builtins run as the
 * sandbox user in its own mounts), so a symlink planted by sandboxed code can never make
 * the app read or write a host file.
 */
class LocalSandbox final : public Core::Sandbox,
                           public Core::SandboxLifecycle,
                           public Core::SandboxNetwork
{
    Q_OBJECT
public:
    /*! \a host keeps the sandbox and outlives it; \a provider (the same object, seen as
     *  core sees it) is the sandbox's QObject parent. */
    LocalSandbox(const Core::SandboxInfo &info, const SandboxProcess::Options &options,
        std::unique_ptr<SandboxVolume> volume, LocalSandboxHost *host,
        Core::SandboxProvider *provider);
    ~LocalSandbox() override;

    Core::Result<Core::Unit> start();
    bool isReady() const { return m_ready; }
    bool isDead() const { return m_dead; }
    Core::SandboxInfo info() const;
    void setInfo(const Core::SandboxInfo &info) { m_info = info; }
    /*! This sandbox is a fork of \a parentId (at its \a checkpoint, when one is named):
     *  "forked_from" {sandbox_id, checkpoint_id} among its info's extra fields, which
     *  get_sandbox, list_checkpoints and the Sandboxes view show and its record keeps. */
    void setForkedFrom(const QString &parentId, const QString &checkpoint);
    SandboxProcess *process() const { return m_process; }
    SandboxVolume *volume() const { return m_volume.get(); }
    //! Hands the volume over (to be deleted or kept by the provider); null afterwards.
    std::unique_ptr<SandboxVolume> takeVolume() { return std::move(m_volume); }
    //! A sentence for the next Python result (the interpreter restarted since the last one);
    //! empty when there is none. Taken once.
    QString takeKernelNote() { return std::exchange(m_kernelNote, QString()); }
    void setKernelNote(const QString &note) { m_kernelNote = note; }
    //! "The sandbox's workspace is full …" when its disk has (almost) no room left.
    QString diskFullNote() const;
    //! The disk cap as the settings say it ("2 GiB"); empty without a volume.
    QString capText() const
    {
        return m_volume ? SandboxVolume::sizeText(m_volume->capBytes()) : QString();
    }
    //! Writes the sandbox's record, so that it comes back after an app restart; an error when
    //! it could not (the record on disk is then the one before).
    Core::Result<Core::Unit> persist();
    //! Tells the provider's DiskSteps that \a operation on this sandbox's disk is at \a step.
    void diskStep(const QString &operation, const QString &step) const;
    AgentClient *agent() const;
    PythonKernel *kernel() const { return m_kernel; }
    //! What the parts may ask beyond this sandbox (a fork's children, the runtimes).
    LocalSandboxHost *host() const { return m_host; }
    //! The sandbox's egress proxy (network allowlist), or null; the sandbox owns it.
    EgressProxy *egress() const { return m_egress; }
    void setEgress(EgressProxy *proxy);
    //! Starts the Python interpreter ahead of the first run (warm spares), which imports
    //! \a preload in the background.
    void warmUp(const QStringList &preload = {});
    //! Ends the interpreter started by warmUp() if nothing has run in it: its memory is not
    //! kept for a sandbox that does not use Python. The next run starts a plain one.
    void dropUnusedInterpreter();
    //! Kills everything now; the object stays for its owner to delete.
    void kill();

    Core::SandboxLifecycle *lifecycle() override { return this; }
    Core::SandboxExec *exec() override { return &m_exec; }
    Core::SandboxJobs *jobs() override { return &m_jobs; }
    Core::SandboxFiles *files() override { return &m_files; }
    Core::SandboxEnv *env() override { return &m_env; }
    Core::SandboxMetrics *metrics() override { return &m_metrics; }
    Core::SandboxTransfer *transfer() override { return &m_transfer; }
    Core::SandboxCheckpoints *checkpoints() override { return &m_checkpoints; }
    //! Only a sandbox whose traffic goes through its egress proxy has an allowlist to change.
    Core::SandboxNetwork *network() override { return m_egress ? this : nullptr; }
    qint64 hostProcessId() const override;
    //! The parts, for each other (exec reads the session env, jobs and metrics run programs).
    LocalExec &execPart() { return m_exec; }
    LocalJobs &jobsPart() { return m_jobs; }
    LocalEnv &envPart() { return m_env; }
    LocalCheckpoints &checkpointsPart() { return m_checkpoints; }

    void info(Core::Callback<Core::SandboxInfo> done) override;
    void destroy(Core::Callback<Core::Unit> done) override;
    void setTimeout(int seconds, Core::Callback<Core::Unit> done) override;
    void pause(Core::Callback<Core::SandboxInfo> done) override;
    void resume(Core::Callback<Core::SandboxInfo> done) override;
    bool isPaused() const { return m_paused; }
    void allowHost(const QString &host, Core::Callback<Core::Unit> done) override;

    //! When the sandbox is dead, starting or paused, answers \a done with why (asynchronously,
    //! as every callback must) and returns true.
    template<typename T>
    bool refuseIfUnusable(const Core::Callback<T> &done)
    {
        const std::optional<Core::Error> e = unusable();
        if (e)
            QTimer::singleShot(0, this, [done, e = *e]() { done(e); });
        return e.has_value();
    }
    /*! While the sandbox is still starting (one recovered after an app restart boots as the
     *  first calls arrive), runs \a operation once it is ready or has died, and returns true;
     *  \a operation then goes through refuseIfUnusable() again. False when not starting. */
    bool deferUntilStarted(const std::function<void()> &operation);
    using BuiltinDone =
        std::function<void(int code, const QByteArray &out, const QByteArray &err, bool truncated)>;
    //! Runs one of the agent's builtins (@read, @write, @list, …) as the sandbox user.
    void builtin(const QByteArrayList &argv, const QByteArray &stdinData, qint64 maxOutput,
        BuiltinDone done);
    //! A fresh path under /tmp/.hopx for a script of \a language (\a kind: "run", "bg").
    QByteArray scriptPath(const QString &kind, const QString &language);
    //! Output of a run, for the GUI's log.
    void forwardOutput(const QString &stream, const QByteArray &chunk);

signals:
    void ready();
    void died(const QString &reason);
    //! What info() says changed (paused, resumed, a new timeout, the parent of a fork).
    void infoChanged();
    void output(const QString &stream, const QByteArray &chunk);
    void backgroundFinished(const Hopx::Core::ExecutionRecord &record);

protected:
    Core::Error explainUnsupported(
        const QString &capability, const QJsonObject &request) const override;

private:
    std::optional<Core::Error> unusable() const;
    void setPaused(bool paused, Core::Callback<Core::SandboxInfo> done);

    LocalSandboxHost *m_host;
    Core::SandboxInfo m_info;
    std::unique_ptr<SandboxVolume> m_volume;
    SandboxProcess *m_process;
    PythonKernel *m_kernel = nullptr;
    EgressProxy *m_egress = nullptr;
    QString m_kernelNote;
    LocalExec m_exec;
    LocalJobs m_jobs;
    LocalFiles m_files;
    LocalEnv m_env;
    LocalMetrics m_metrics;
    LocalTransfer m_transfer;
    LocalCheckpoints m_checkpoints;
    quint64 m_scriptCounter = 0;
    bool m_ready = false;
    bool m_dead = false;
    bool m_paused = false;
    QString m_deathReason;
};

} // namespace Hopx::Local

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"
#include "providers/local/boot/BwrapCommand.h"
#include "providers/local/boot/SandboxLimits.h"
#include "providers/local/cgroup/SandboxCgroup.h"
#include "providers/local/cgroup/SandboxCgroupFs.h"

#include <QElapsedTimer>
#include <QObject>
#include <QString>

class QSocketNotifier;
class QTimer;

namespace Hopx::Local {

class AgentClient;

/*! \brief One running sandbox: a bubblewrap process whose command is hopx-sandbox-agent.
 *
 * start() spawns bwrap with the agent's socket on fd 3, its options through --args, and
 * --info-fd for the sandbox's pid 1 ("child-pid"). With a writable cgroup, bwrap also waits
 * on --block-fd until that pid is placed in the cgroup, so nothing in the sandbox runs
 * outside it. agent() speaks to the agent; ready() follows the agent's READY.
 *
 * Teardown (kill(), the destructor, or the agent's socket reaching EOF) SIGKILLs pid 1,
 * which takes the whole pid namespace with it, reaps bwrap and empties the cgroup. died()
 * reports an end the host did not ask for (agent killed, bwrap failed...).
 *
 * Must live on the thread that started it: bwrap's --die-with-parent follows the thread
 * that spawned it.
 */
class SandboxProcess : public QObject
{
    Q_OBJECT
public:
    struct Options
    {
        QString id; // names the cgroup: [A-Za-z0-9_][A-Za-z0-9._-]*
        QString bwrapPath; // empty = "bwrap" from PATH
        QString agentPath; // empty = findAgent()
        QString etcDir; // a prepared EtcStage::path()
        QString workspaceDir; // -> /workspace (created 0700 when missing)
        QString homeDir; // -> /home/user (created 0700 when missing)
        QString stateDir; // optional -> BwrapCommand::kStatePath (created 0700 when missing)
        QString libDir; // optional -> /run/sbx/lib (read-only)
        QList<QPair<QString, QByteArray>> readOnlyMounts; // host dir -> sandbox path
        BwrapCommand::EnvList extraEnv;
        SandboxLimits limits;
        bool useCgroup = true; // when the host lets us create one
        SandboxCgroupFs *cgroupFs = nullptr; // null = the host's /sys/fs/cgroup
        QString proxyDir; // optional: holds the egress proxy's socket -> /run/sbx/net
        bool network = false; // slirp4netns --disable-host-loopback; see networkUnavailableReason()
    };

    enum class State { NotStarted, Starting, Running, Stopping, Stopped };
    Q_ENUM(State)

    explicit SandboxProcess(Options options, QObject *parent = nullptr);
    ~SandboxProcess() override; // hard teardown, no signals

    //! Spawns bwrap. An error (a sentence) when nothing could be started; later failures
    //! arrive as died().
    Core::Result<Core::Unit> start();
    //! Asks the agent to shut down, then tears down hard after `graceMs`.
    void stop(int graceMs = 500);
    //! Hard teardown now.
    void kill();
    //! SIGKILL to the sandbox's pid 1, without waiting for anything: a kill() after it finds
    //! the sandbox gone instead of waiting on this thread for the kernel to tear it down.
    void signalKill();

    State state() const { return m_state; }
    //! The agent's connection; valid from start() until the end (then disconnected).
    AgentClient *agent() const { return m_agent; }
    //! Host pid of the sandbox's pid 1 (from --info-fd); -1 until known.
    qint64 childPid() const { return m_childPid; }
    qint64 bwrapPid() const { return m_bwrapPid; }
    SandboxCgroup::Mode cgroupMode() const { return m_cgroup.mode(); }
    QStringList cgroupPaths() const { return m_cgroup.paths(); }
    const SandboxCgroup &cgroup() const { return m_cgroup; }
    //! From start() to READY.
    qint64 startupMs() const { return m_startupMs; }
    const Options &options() const { return m_options; }

Q_SIGNALS:
    //! The agent answered HELLO: requests can flow.
    void ready();
    //! The sandbox ended without kill()/stop(): `reason` is a sentence for logs and users.
    void died(const QString &reason);
    //! The sandbox is gone, whatever the reason (after died() when there was one).
    void finished();

private:
    void readInfo();
    void onInfo(qint64 childPid);
    QString attachNetwork(qint64 childPid);
    void readStderr();
    void onBwrapExited();
    void onAgentGone();
    void teardown(bool emitSignals, const QString &reason);
    bool waitForBwrap(int timeoutMs);
    QString describeExit() const;
    void closeFd(int &fd);

    Options m_options;
    State m_state = State::NotStarted;
    AgentClient *m_agent = nullptr;
    SandboxCgroupFs m_hostCgroupFs; // when the options name none
    SandboxCgroup m_cgroup;
    qint64 m_bwrapPid = -1;
    qint64 m_childPid = -1;
    int m_bwrapStatus = -1; // waitpid status once reaped
    int m_pidFd = -1; // pidfd of bwrap: readable when it exits
    int m_slirpExitFd = -1; // closing it ends slirp4netns (also when the app dies)
    qint64 m_slirpPid = -1;
    int m_childPidFd = -1; // pidfd of pid 1: signals it without a pid-reuse race
    int m_infoFd = -1;
    int m_blockFd = -1; // write end; one byte releases bwrap
    int m_stderrFd = -1;
    QSocketNotifier *m_pidNotifier = nullptr;
    QSocketNotifier *m_infoNotifier = nullptr;
    QSocketNotifier *m_stderrNotifier = nullptr;
    QTimer *m_reapPoll = nullptr; // when pidfd_open is unavailable
    QTimer *m_stopTimer = nullptr;
    QByteArray m_info;
    QByteArray m_stderr; // bounded tail of bwrap's (and the agent's) stderr
    QElapsedTimer m_clock;
    qint64 m_startupMs = -1;
    bool m_hostAsked = false;
};

} // namespace Hopx::Local

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"
#include "core/sandbox/SandboxTypes.h"
#include "providers/local/agentlink/KernelPipes.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QQueue>
#include <QStringList>

#include <memory>

class QTimer;

namespace Hopx::Local {

class AgentClient;
class KernelLink;

/*! \brief The persistent Python interpreter of one sandbox (resources/kernel.py).
 *
 * Started lazily through the agent as a long-lived EXEC whose stdin/stdout pipes the host
 * keeps: requests go in as JSON lines, frames (stream, truncated, result) come out. One run
 * at a time; later ones queue. A timeout or a cancel interrupts the run with SIGINT; if the
 * interpreter does not answer within a grace period it is killed and the next run starts a
 * fresh one (the result says the state was lost). Frames are untrusted: bounded and parsed
 * strictly.
 */
class PythonKernel : public QObject
{
    Q_OBJECT
public:
    explicit PythonKernel(AgentClient *agent, QObject *parent = nullptr);
    ~PythonKernel() override;

    //! Starts the interpreter now (warm spares do this before they are handed out).
    void start();
    /*! Asks the interpreter started by start() to import \a modules ahead of any code (warm
     *  spares), on a low-priority thread of its own: runs never wait for it. Once per launch;
     *  an interpreter started again after this one ended is a plain one. */
    void preload(const QStringList &modules);
    enum class Preload { None, Loading, Done };
    Preload preloadState() const { return m_preload; }
    //! Whether this launch has been given any run or checkpoint (a preloaded one unused so far
    //! can be ended without anyone losing state).
    bool hasBeenUsed() const { return m_used; }
    bool isRunning() const { return m_pid > 0; }
    //! The interpreter said it is ready for code.
    bool isReady() const { return m_ready; }
    qint64 pid() const { return m_pid; }

    /*! Runs code. `env`/`unset` are applied to os.environ first (they persist). Returns a
     *  Cancel that interrupts this run (or drops it from the queue). */
    Core::Cancel run(const Core::ExecSpec &spec, const Core::EnvMap &env, const QStringList &unset,
        Core::Callback<Core::ExecResult> done);
    //! Kills the interpreter; queued and running runs fail.
    void stop();

    using Pipes = KernelPipes;
    //! A stopped copy of the interpreter (pid 0: there was no interpreter to copy).
    struct Snapshot
    {
        qint64 pid = 0;
        std::shared_ptr<Pipes> pipes;
    };
    //! Forks the interpreter, once idle (after the runs queued before), into a stopped copy.
    void checkpoint(Core::Callback<Snapshot> done);
    /*! Ends the interpreter and resumes \a snapshot's copy in its place, with that state.
     *  \a done gets the snapshot to keep for the next restore (the copy leaves a stopped copy
     *  of itself). A snapshot of pid 0 just ends the interpreter: the next run starts fresh. */
    void restore(const Snapshot &snapshot, Core::Callback<Snapshot> done);
    //! What a state request did (resources/kernel_state.py).
    struct StateReport
    {
        QStringList carried; // variable names
        QJsonObject notCarried; // name -> why
        qint64 bytes = 0; // the file written (save)
        bool missing = false; // load: there was no file
        qint64 writer = 0; // saveStateBehind: the process writing the file (sandbox pid)
    };
    /*! Writes the interpreter's variables to \a path (a path inside the sandbox), once idle.
     *  Without an interpreter there is nothing to write: an empty report, and no file. */
    void saveState(const QString &path, Core::Callback<StateReport> done);
    /*! As saveState, but answers once the variables are pickled: a process of the sandbox
     *  (the report's writer) writes \a path and renames it from path.part when it is whole and
     *  synced, or writes path.failed with the reason. No writer: nothing to write. */
    void saveStateBehind(const QString &path, Core::Callback<StateReport> done);
    //! Loads the variables \a path holds (then removes it), starting an interpreter if needed.
    void loadState(const QString &path, Core::Callback<StateReport> done);
    //! Removes \a path inside the sandbox, through the interpreter, if one runs; then \a done.
    void discardState(const QString &path, std::function<void()> done);
    bool isBusy() const { return bool(m_current) || !m_queue.isEmpty() || m_restoring; }

signals:
    //! The interpreter ended (its variables are gone); \a duringRun: that run's result
    //! already says so.
    void stateLost(const QString &why, bool duringRun);
    //! The preload of this launch finished: \a modules are imported, \a failed were not found
    //! or raised.
    void preloaded(const QStringList &modules, const QStringList &failed);

private:
    struct Job
    {
        quint64 id = 0;
        Core::ExecSpec spec;
        Core::EnvMap env;
        QStringList unset;
        Core::Callback<Core::ExecResult> done;
        Core::Callback<Snapshot> forked; // a checkpoint request instead of code
        Core::Callback<StateReport> stateDone; // a state request instead of code
        QJsonObject stateRequest;
        Core::ExecResult result;
        QElapsedTimer clock;
        qint64 streamed[2] = {0, 0};
        bool interrupted = false; // SIGINT sent
        bool cancelled = false;
        bool timedOut = false;
    };

    void launch();
    void requestState(const QString &action, const QString &path, bool start,
        Core::Callback<StateReport> done, bool background = false);
    bool writeLine(const QByteArray &line);
    void sendPreload();
    void continueRestore();
    void failRestore(const Core::Error &error);
    void failQueue();
    void handleFrame(const QByteArray &line);
    void sendNext();
    void interrupt(bool timedOut, bool cancelled);
    void finishCurrent(std::optional<Core::Error> error = std::nullopt);
    void died(const QString &why, bool sandboxGone = false);
    void closePipes();

    QPointer<AgentClient> m_agent;
    KernelLink *m_link;
    struct Restore
    {
        Snapshot snapshot;
        Core::Callback<Snapshot> done;
        bool waitingForExit = false;
    };
    std::unique_ptr<Restore> m_restoring;
    QTimer *m_timeout;
    QTimer *m_killTimer;
    qint64 m_pid = 0;
    bool m_starting = false;
    bool m_ready = false;
    bool m_used = false;
    Preload m_preload = Preload::None;
    QStringList m_preloadModules; // to send once the interpreter is ready
    quint64 m_nextId = 1;
    quint64 m_generation = 0; // which launch the agent's callbacks belong to
    QQueue<std::shared_ptr<Job>> m_queue;
    std::shared_ptr<Job> m_current;
};

} // namespace Hopx::Local

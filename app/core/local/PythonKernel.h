// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/Result.h"
#include "core/SandboxTypes.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QQueue>

class QSocketNotifier;
class QTimer;

namespace Hopx::Local {

class AgentClient;

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
    bool isRunning() const { return m_pid > 0; }
    qint64 pid() const { return m_pid; }

    /*! Runs code. `env`/`unset` are applied to os.environ first (they persist). Returns a
     *  Cancel that interrupts this run (or drops it from the queue). */
    Core::Cancel run(const Core::ExecSpec &spec, const Core::EnvMap &env, const QStringList &unset,
        Core::Callback<Core::ExecResult> done);
    //! Kills the interpreter; queued and running runs fail.
    void stop();

signals:
    void stateLost(const QString &why);

private:
    struct Job
    {
        quint64 id = 0;
        Core::ExecSpec spec;
        Core::EnvMap env;
        QStringList unset;
        Core::Callback<Core::ExecResult> done;
        Core::ExecResult result;
        QElapsedTimer clock;
        qint64 streamed[2] = {0, 0};
        bool interrupted = false; // SIGINT sent
        bool cancelled = false;
        bool timedOut = false;
    };

    void launch();
    void onReadyRead();
    void onStderr();
    void handleFrame(const QByteArray &line);
    void sendNext();
    void interrupt(bool timedOut, bool cancelled);
    void finishCurrent(std::optional<Core::Error> error = std::nullopt);
    void died(const QString &why, bool sandboxGone = false);
    void closePipes();

    QPointer<AgentClient> m_agent;
    int m_in = -1;
    int m_out = -1;
    int m_err = -1;
    QSocketNotifier *m_outNotifier = nullptr;
    QSocketNotifier *m_errNotifier = nullptr;
    QTimer *m_timeout;
    QTimer *m_killTimer;
    QByteArray m_buffer;
    QByteArray m_stderr;
    qint64 m_pid = 0;
    bool m_starting = false;
    bool m_ready = false;
    quint64 m_nextId = 1;
    quint64 m_generation = 0; // which launch the agent's callbacks belong to
    QQueue<std::shared_ptr<Job>> m_queue;
    std::shared_ptr<Job> m_current;
};

} // namespace Hopx::Local

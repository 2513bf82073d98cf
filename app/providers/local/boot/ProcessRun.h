// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "providers/local/agentlink/AgentClient.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QObject>
#include <QPointer>

#include <optional>

class QSocketNotifier;
class QTimer;

namespace Hopx::Local {

/*! \brief One foreground EXEC with its three pipes: stdin fed from memory, stdout/stderr
 *  collected (and streamed) up to a cap per stream.
 *
 * Past the cap the pipes are still drained, so the program never blocks on a full pipe, but
 * the bytes are dropped and the stream is marked truncated. The run finishes once EXIT has
 * arrived and both pipes are at EOF, but waits at most kEofGraceMs after EXIT: a daemonised
 * grandchild may hold the pipes open forever. A host watchdog (timeout + 2 s) ends the run
 * with Error::Code::Timeout should the agent fail to enforce the timeout.
 *
 * finished() is emitted exactly once, never from inside start().
 */
class ProcessRun : public QObject
{
    Q_OBJECT
public:
    enum Stream { Stdout = 1, Stderr = 2 };

    explicit ProcessRun(AgentClient *client, QObject *parent = nullptr);
    ~ProcessRun() override;

    //! Per stream; default 1 MiB; < 0 = unlimited.
    void setMaxOutputBytes(qint64 bytes) { m_maxOutput = bytes; }
    //! Written to the program's stdin, which is then closed (empty = closed at once).
    void setStdinData(const QByteArray &data) { m_stdin = data; }
    //! Extra time past the request's timeout before the host gives up on the agent.
    void setWatchdogSlackMs(int ms) { m_watchdogSlackMs = ms; }

    //! Starts a foreground run (request.background is ignored).
    void start(const AgentClient::ExecRequest &request);
    //! Signals the program's process group (once started; remembered until then).
    void kill(int signal = 9);

    bool isStarted() const { return m_pid > 0; }
    bool isFinished() const { return m_finished; }
    qint64 pid() const { return m_pid; }
    const QByteArray &stdoutData() const { return m_out[0].data; }
    const QByteArray &stderrData() const { return m_out[1].data; }
    bool stdoutTruncated() const { return m_out[0].truncated; }
    bool stderrTruncated() const { return m_out[1].truncated; }
    //! Valid when hasExited().
    const AgentClient::ExitStatus &exitStatus() const { return m_exit; }
    bool hasExited() const { return m_exited; }
    //! Set when the run could not start, the sandbox died or the watchdog fired.
    const std::optional<Core::Error> &error() const { return m_error; }
    //! From start() to EXIT (or to the end when there was none).
    qint64 elapsedMs() const { return m_elapsedMs; }

Q_SIGNALS:
    void started(qint64 pid);
    //! Kept bytes as they arrive (nothing past the cap).
    void output(int stream, const QByteArray &chunk);
    void finished();

private:
    struct Output
    {
        int fd = -1;
        QSocketNotifier *notifier = nullptr;
        QByteArray data;
        bool truncated = false;
        bool eof = false;
    };

    void readStream(int index, int budget);
    void writeStdin();
    void closeStdin();
    void onExited(const AgentClient::ExitStatus &status);
    void onFailed(const Core::Error &error);
    void maybeFinish();
    void finish();
    void closeStream(Output &o);

    QPointer<AgentClient> m_client;
    qint64 m_maxOutput = 1024 * 1024;
    QByteArray m_stdin;
    qint64 m_stdinWritten = 0;
    int m_stdinFd = -1;
    QSocketNotifier *m_stdinNotifier = nullptr;
    Output m_out[2];
    static constexpr int kEofGraceMs = 200;
    int m_watchdogSlackMs = 2000;
    QTimer *m_graceTimer = nullptr;
    QTimer *m_watchdog = nullptr;
    QElapsedTimer m_clock;
    qint64 m_pid = 0;
    int m_pendingKill = 0;
    bool m_started = false; // start() called
    bool m_exited = false;
    bool m_finished = false;
    AgentClient::ExitStatus m_exit;
    std::optional<Core::Error> m_error;
    qint64 m_elapsedMs = 0;
};

} // namespace Hopx::Local

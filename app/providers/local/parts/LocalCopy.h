// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "providers/local/agentlink/AgentClient.h"

#include "core/sandbox/SandboxTransfer.h"

#include <QObject>
#include <QPointer>

class QSocketNotifier;

namespace Hopx::Local {

/*! \brief One streamed copy between a host file and an agent builtin (@write reading its stdin,
 *  or @read writing its stdout), through a pipe the app feeds or drains with splice().
 *
 * The sandbox only ever holds the pipe, never the host file's descriptor: a descriptor would
 * let sandboxed code reopen the host file through /proc/<pid>/fd with its own access mode.
 * The bytes move inside the kernel (no user-space buffer in the app), a budget per wake-up
 * keeps the event loop responsive, and nothing bounds the run's wall-clock time.
 *
 * Deletes itself once it has answered; deleted early (its sandbox went), it answers
 * SandboxDead. After cancel() it answers nothing.
 */
class LocalCopy final : public QObject
{
    Q_OBJECT
public:
    enum class Direction { ToSandbox, FromSandbox };

    LocalCopy(AgentClient *agent, Direction direction, int hostFd, const QByteArrayList &argv,
        const QString &sandboxPath, Core::SandboxTransfer::Progress progress,
        Core::Callback<qint64> done, QObject *parent);
    ~LocalCopy() override;

    void start();
    void cancel();

private:
    void pump();
    void closePipe();
    void onExited(const AgentClient::ExitStatus &status);
    void fail(const Core::Error &error);
    void maybeFinish();
    void answer(Core::Result<qint64> result);

    QPointer<AgentClient> m_agent;
    Direction m_direction;
    int m_hostFd;
    QByteArrayList m_argv;
    QString m_path;
    Core::SandboxTransfer::Progress m_progress;
    Core::Callback<qint64> m_done;
    int m_pipeFd = -1;
    int m_errFd = -1;
    QSocketNotifier *m_notifier = nullptr;
    qint64 m_pid = 0;
    qint64 m_bytes = 0;
    int m_hostError = 0;
    bool m_exited = false;
    AgentClient::ExitStatus m_exit;
};

} // namespace Hopx::Local

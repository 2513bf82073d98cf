// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/sandbox/SandboxJobs.h"

#include <QDateTime>

#include <QHash>
#include <optional>

namespace Hopx::Local {

class LocalSandbox;

/*! \brief Background executions of a local sandbox (output in /tmp/.hopx/jobs/<pid>.log),
 *  its process list, and killing processes. */
class LocalJobs final : public Core::SandboxJobs
{
public:
    explicit LocalJobs(LocalSandbox *sandbox);

    void startBackground(
        const Core::BackgroundSpec &spec, Core::Callback<Core::ProcessStarted> done) override;
    void listExecutions(Core::Callback<QJsonArray> done) override;
    void listProcesses(Core::Callback<QJsonArray> done) override;
    void killProcess(const QString &processId, Core::Callback<Core::Unit> done) override;
    //! The agent reported that a background process ended.
    //! Records the end of a background process; the run's end for the log, if it was ours.
    std::optional<Core::ExecutionRecord> backgroundExited(qint64 pid, int code, int signal);

private:
    struct Background
    {
        QString processId;
        qint64 pid = 0;
        QString name;
        QString language;
        QString command;
        QDateTime startTime;
        QDateTime endTime;
        QString status = QStringLiteral("running");
        int exitCode = 0;
        bool hasExit = false;
        bool killed = false;
    };
    void launch(const Core::BackgroundSpec &spec, const QByteArrayList &argv,
        Core::Callback<Core::ProcessStarted> done);

    LocalSandbox *m_sandbox;
    QHash<qint64, Background> m_backgrounds; // by pid
    QList<qint64> m_order;
};

} // namespace Hopx::Local

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/parts/LocalJobs.h"

#include "providers/local/LocalSandbox.h"
#include "providers/local/agentlink/AgentClient.h"
#include "providers/local/parts/LocalExec.h"
#include "providers/local/parts/LocalFiles.h"

#include <QJsonObject>
#include <QPointer>

#include <csignal>

namespace Hopx::Local {

using Core::Callback;
using Core::Error;
using Core::Result;
using Core::Unit;

LocalJobs::LocalJobs(LocalSandbox *sandbox)
    : m_sandbox(sandbox)
{ }

void LocalJobs::startBackground(
    const Core::BackgroundSpec &spec, Callback<Core::ProcessStarted> done)
{
    if (m_sandbox->refuseIfUnusable(done))
        return;
    if (!spec.command.isEmpty()) {
        launch(spec, {QByteArrayLiteral("bash"), QByteArrayLiteral("-c"), spec.command.toUtf8()},
            std::move(done));
        return;
    }
    const QByteArray file = m_sandbox->scriptPath(QStringLiteral("bg"), spec.language);
    QPointer<LocalSandbox> self(m_sandbox);
    m_sandbox->builtin(
        {QByteArrayLiteral("@write"), file, QByteArrayLiteral("600"), QByteArrayLiteral("0")},
        spec.code.toUtf8(), 4096,
        [self, file, spec, done](int code, const QByteArray &, const QByteArray &err, bool) {
            if (!self)
                return;
            if (code != 0) {
                done(LocalFiles::errorFor(code, QString::fromUtf8(file), err));
                return;
            }
            QByteArrayList argv {LocalExec::interpreterFor(spec.language)};
            if (spec.language == QLatin1String("go"))
                argv << QByteArrayLiteral("run");
            else if (spec.language == QLatin1String("python"))
                argv << QByteArrayLiteral("-u");
            argv << file;
            self->jobsPart().launch(spec, argv, done);
        });
}

void LocalJobs::launch(const Core::BackgroundSpec &spec, const QByteArrayList &argv,
    Callback<Core::ProcessStarted> done)
{
    const bool isCommand = !spec.command.isEmpty();
    AgentClient::ExecRequest request;
    request.argv = argv;
    request.env = LocalExec::envList(spec.env);
    request.cwd =
        (spec.workingDir.isEmpty() ? QStringLiteral("/workspace") : spec.workingDir).toUtf8();
    request.timeoutMs = std::max(1, spec.timeoutSeconds) * 1000;
    request.background = true;
    QPointer<LocalSandbox> self(m_sandbox);
    AgentClient::ExecHandlers handlers;
    handlers.started = [self, spec, isCommand, done](qint64 pid) {
        if (!self)
            return;
        Background bg;
        bg.processId =
            (isCommand ? QStringLiteral("cmd_") : QStringLiteral("bg_")) + QString::number(pid);
        bg.pid = pid;
        bg.name = spec.name;
        bg.language = isCommand ? QStringLiteral("bash") : spec.language;
        bg.command = (isCommand ? spec.command : spec.code).left(200);
        bg.startTime = QDateTime::currentDateTime();
        LocalJobs &jobs = self->jobsPart();
        jobs.m_backgrounds.insert(pid, bg);
        jobs.m_order.append(pid);
        Core::ProcessStarted started;
        started.processId = bg.processId;
        started.name = bg.name;
        started.startTime = bg.startTime;
        started.message =
            QStringLiteral("Background process started: %1 (output: /tmp/.hopx/jobs/%2.log)")
                .arg(bg.processId)
                .arg(pid);
        started.raw = QJsonObject {{QStringLiteral("pid"), pid},
            {QStringLiteral("log_file"), QStringLiteral("/tmp/.hopx/jobs/%1.log").arg(pid)}};
        done(started);
    };
    handlers.failed = [done](const Error &e) { done(e); };
    m_sandbox->agent()->exec(request, -1, -1, -1, handlers);
}

std::optional<Core::ExecutionRecord> LocalJobs::backgroundExited(qint64 pid, int code, int signal)
{
    auto it = m_backgrounds.find(pid);
    if (it == m_backgrounds.end())
        return std::nullopt;
    it->hasExit = true;
    it->exitCode = signal ? 128 + signal : code;
    it->endTime = QDateTime::currentDateTime();
    it->status = it->killed
        ? QStringLiteral("killed")
        : (signal == 0 && code == 0 ? QStringLiteral("completed") : QStringLiteral("failed"));
    Core::ExecutionRecord record;
    record.sandboxId = m_sandbox->id();
    record.language = it->language.isEmpty() ? QStringLiteral("command") : it->language;
    record.codeTruncated = it->command.size() > Core::ExecutionRecord::kMaxCode;
    record.code = it->command.left(Core::ExecutionRecord::kMaxCode);
    record.background = true;
    record.finished = true;
    record.exitCode = it->exitCode;
    record.seconds = it->startTime.msecsTo(it->endTime) / 1000.0;
    return record;
}

void LocalJobs::listExecutions(Callback<QJsonArray> done)
{
    QJsonArray out;
    for (qint64 pid : std::as_const(m_order)) {
        const Background &b = m_backgrounds.value(pid);
        QJsonObject o {{QStringLiteral("process_id"), b.processId},
            {QStringLiteral("execution_id"), b.processId},
            {QStringLiteral("name"),
                b.name.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(b.name)},
            {QStringLiteral("status"), b.status}, {QStringLiteral("language"), b.language},
            {QStringLiteral("command"), b.command}, {QStringLiteral("pid"), b.pid},
            {QStringLiteral("start_time"), b.startTime.toUTC().toString(Qt::ISODateWithMs)},
            {QStringLiteral("log_file"), QStringLiteral("/tmp/.hopx/jobs/%1.log").arg(b.pid)}};
        if (b.hasExit) {
            o.insert(QStringLiteral("exit_code"), b.exitCode);
            o.insert(QStringLiteral("end_time"), b.endTime.toUTC().toString(Qt::ISODateWithMs));
            o.insert(QStringLiteral("duration"), b.startTime.msecsTo(b.endTime) / 1000.0);
        }
        out.append(o);
    }
    QTimer::singleShot(0, m_sandbox, [done, out]() { done(out); });
}

void LocalJobs::listProcesses(Callback<QJsonArray> done)
{
    if (m_sandbox->refuseIfUnusable(done))
        return;
    m_sandbox->agent()->ps([done](Result<QList<AgentClient::ProcessInfo>> r) {
        if (!r) {
            done(r.error());
            return;
        }
        QJsonArray out;
        for (const AgentClient::ProcessInfo &p : r.value())
            out.append(
                QJsonObject {{QStringLiteral("pid"), p.pid}, {QStringLiteral("ppid"), p.ppid},
                    {QStringLiteral("name"), p.name}, {QStringLiteral("command"), p.cmdline},
                    {QStringLiteral("state"), QString(QLatin1Char(p.state))},
                    {QStringLiteral("memory_kb"), p.rssKb}, {QStringLiteral("cpu_ms"), p.cpuMs},
                    {QStringLiteral("running_seconds"), p.startedMsAgo / 1000.0}});
        done(out);
    });
}

void LocalJobs::killProcess(const QString &processId, Callback<Unit> done)
{
    if (m_sandbox->refuseIfUnusable(done))
        return;
    qint64 pid = 0;
    for (const Background &b : std::as_const(m_backgrounds))
        if (b.processId == processId)
            pid = b.pid;
    if (!pid) {
        bool ok = false;
        pid = processId.section(QLatin1Char('_'), -1).toLongLong(&ok);
        if (!ok)
            pid = 0;
    }
    if (pid <= 2) {
        QTimer::singleShot(0, m_sandbox, [done, processId]() {
            done(Error::make(Error::Code::NotFound,
                QStringLiteral(
                    "No process %1 in this sandbox; see execute_list_processes or list_processes.")
                    .arg(processId),
                QJsonObject {{QStringLiteral("process_id"), processId}},
                QStringLiteral("Process not found")));
        });
        return;
    }
    if (m_backgrounds.contains(pid))
        m_backgrounds[pid].killed = true;
    QPointer<LocalSandbox> self(m_sandbox);
    // The process group first (a background job and its children), then the pid alone.
    m_sandbox->agent()->kill(pid, SIGKILL, true, [self, pid, processId, done](Result<Unit> r) {
        if (!self)
            return;
        if (r) {
            done(Unit {});
            return;
        }
        self->agent()->kill(pid, SIGKILL, false, [processId, done](Result<Unit> r2) {
            if (r2)
                done(Unit {});
            else
                done(Error::make(Error::Code::NotFound,
                    QStringLiteral("No running process %1: %2").arg(processId, r2.error().message),
                    QJsonObject {{QStringLiteral("process_id"), processId}},
                    QStringLiteral("Process not found")));
        });
    });
}

} // namespace Hopx::Local

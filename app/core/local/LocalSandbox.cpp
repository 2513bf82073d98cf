// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "LocalSandbox.h"

#include "AgentClient.h"
#include "LocalLogging.h"
#include "ProcessRun.h"
#include "PythonKernel.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QPointer>
#include <QTimer>

#include <cerrno>
#include <csignal>

namespace Hopx::Local {

using Core::Callback;
using Core::Error;
using Core::ExecResult;
using Core::Result;
using Core::Unit;

namespace {

constexpr qint64 kMaxFileBytes = 64 * 1024 * 1024;

QByteArrayList envList(const Core::EnvMap &env)
{
    QByteArrayList out;
    for (auto it = env.cbegin(); it != env.cend(); ++it)
        out << (it.key() + QLatin1Char('=') + it.value()).toUtf8();
    return out;
}

QByteArray interpreterFor(const QString &language)
{
    if (language == QLatin1String("javascript"))
        return QByteArrayLiteral("node");
    if (language == QLatin1String("bash"))
        return QByteArrayLiteral("bash");
    if (language == QLatin1String("go"))
        return QByteArrayLiteral("go");
    return QByteArrayLiteral("python3");
}

QString extensionFor(const QString &language)
{
    if (language == QLatin1String("javascript"))
        return QStringLiteral("js");
    if (language == QLatin1String("bash"))
        return QStringLiteral("sh");
    if (language == QLatin1String("go"))
        return QStringLiteral("go");
    return QStringLiteral("py");
}

} // namespace

LocalSandbox::LocalSandbox(
    const Core::SandboxInfo &info, const SandboxProcess::Options &options, QObject *parent)
    : QObject(parent)
    , m_info(info)
    , m_process(new SandboxProcess(options, this))
{
    connect(m_process, &SandboxProcess::ready, this, [this]() {
        m_ready = true;
        m_info.status = QStringLiteral("running");
        connect(m_process->agent(), &AgentClient::backgroundExited, this,
            &LocalSandbox::onBackgroundExit);
        emit ready();
    });
    connect(m_process, &SandboxProcess::died, this, [this](const QString &reason) {
        m_dead = true;
        m_deathReason = reason;
        m_info.status = QStringLiteral("dead");
        emit died(reason);
    });
}

LocalSandbox::~LocalSandbox() = default;

bool LocalSandbox::start(QString *error)
{
    if (!m_process->start(error))
        return false;
    m_kernel = new PythonKernel(m_process->agent(), this);
    return true;
}

QString LocalSandbox::stateDir() const
{
    return QFileInfo(m_process->options().workspaceDir).absolutePath();
}

Core::SandboxInfo LocalSandbox::info() const
{
    Core::SandboxInfo info = m_info;
    if (m_paused && !m_dead)
        info.status = QStringLiteral("paused");
    return info;
}

void LocalSandbox::warmUp()
{
    if (m_kernel)
        m_kernel->start();
}

void LocalSandbox::kill()
{
    m_dead = true;
    m_deathReason = QStringLiteral("deleted");
    if (m_kernel)
        m_kernel->stop();
    m_process->kill();
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
            QStringLiteral("Sandbox %1 is paused; call resume_sandbox first.").arg(m_info.id), {},
            QStringLiteral("Sandbox paused"));
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

Error LocalSandbox::fileError(int code, const QString &path, const QByteArray &message) const
{
    const QJsonObject details {{QStringLiteral("path"), path}};
    switch (code) {
    case ENOENT:
        return Error::make(Error::Code::NotFound,
            QStringLiteral("No such file or directory: %1").arg(path), details,
            QStringLiteral("File not found"));
    case EACCES:
    case EPERM:
    case EROFS:
        return Error::make(Error::Code::InvalidArgument,
            QStringLiteral("Permission denied: %1. In a local sandbox only /workspace, /home/user "
                           "and /tmp are writable.")
                .arg(path),
            details, QStringLiteral("Permission denied"));
    case EISDIR:
        return Error::make(Error::Code::InvalidArgument,
            QStringLiteral("%1 is a directory; use file_list.").arg(path), details,
            QStringLiteral("Is a directory"));
    case ENOTDIR:
        return Error::make(Error::Code::InvalidArgument,
            QStringLiteral("A part of %1 is not a directory.").arg(path), details,
            QStringLiteral("Not a directory"));
    case ENOSPC:
    case EFBIG:
    case EDQUOT:
        return Error::make(Error::Code::LimitExceeded,
            QStringLiteral("The sandbox's disk or file size limit was reached writing %1.")
                .arg(path),
            details, QStringLiteral("No space left"));
    default:
        return Error::make(Error::Code::Internal,
            QStringLiteral("%1: %2").arg(path,
                QString::fromUtf8(message).trimmed().isEmpty()
                    ? qt_error_string(code)
                    : QString::fromUtf8(message).trimmed()),
            details);
    }
}

Core::Cancel LocalSandbox::runProgram(const QByteArrayList &argv, const Core::EnvMap &env,
    const QString &cwd, int timeoutSeconds, qint64 maxOutput, const Core::OutputSink &sink,
    Callback<ExecResult> done)
{
    auto *run = new ProcessRun(m_process->agent(), this);
    run->setMaxOutputBytes(maxOutput);
    QPointer<LocalSandbox> self(this);
    connect(run, &ProcessRun::output, this, [self, sink](int stream, const QByteArray &chunk) {
        const QString name =
            stream == ProcessRun::Stderr ? QStringLiteral("stderr") : QStringLiteral("stdout");
        if (sink)
            sink(name, chunk);
        if (self)
            emit self->output(name, chunk);
    });
    auto cancelled = std::make_shared<bool>(false);
    const int cpu = m_process->options().limits.cpuSecondsPerRun;
    connect(run, &ProcessRun::finished, this, [run, done, cancelled, timeoutSeconds, cpu]() {
        run->deleteLater();
        if (*cancelled) {
            done(Error::make(Error::Code::Cancelled, QStringLiteral("Cancelled")));
            return;
        }
        ExecResult r;
        r.stdoutData = run->stdoutData();
        r.stderrData = run->stderrData();
        r.stdoutTruncated = run->stdoutTruncated();
        r.stderrTruncated = run->stderrTruncated();
        r.executionTime = run->elapsedMs() / 1000.0;
        if (!run->hasExited()) {
            const Error e = run->error().value_or(Error::make(
                Error::Code::Internal, QStringLiteral("The run ended without an exit status.")));
            if (e.code == Error::Code::Timeout) {
                r.timedOut = true;
                r.exitCode = 124;
                done(r);
                return;
            }
            done(e);
            return;
        }
        const auto &status = run->exitStatus();
        r.timedOut = status.timedOut;
        r.exitCode = status.timedOut ? 124 : status.signal ? 128 + status.signal : status.code;
        if (status.cpuLimited)
            r.note = QStringLiteral("Stopped at the CPU time limit of %1 s per run.").arg(cpu);
        Q_UNUSED(timeoutSeconds);
        done(r);
    });
    AgentClient::ExecRequest request;
    request.argv = argv;
    request.env = envList(env);
    request.cwd = (cwd.isEmpty() ? QStringLiteral("/workspace") : cwd).toUtf8();
    request.timeoutMs = std::max(1, timeoutSeconds) * 1000;
    request.cpuSeconds = cpu;
    run->start(request);
    QPointer<ProcessRun> guard(run);
    return [guard, cancelled]() {
        if (guard && !guard->isFinished()) {
            *cancelled = true;
            guard->kill(SIGKILL);
        }
    };
}

Core::Cancel LocalSandbox::runScript(const QString &language, const QString &code,
    const Core::EnvMap &env, const QString &cwd, int timeoutSeconds, qint64 maxOutput,
    const Core::OutputSink &sink, Callback<ExecResult> done)
{
    // The code goes to a file first: argv is bounded, and go run needs a file anyway.
    const QByteArray file = QStringLiteral("/tmp/.hopx/run-%1.%2")
                                .arg(++m_runCounter)
                                .arg(extensionFor(language))
                                .toUtf8();
    auto cancel = std::make_shared<Core::Cancel>();
    auto cancelled = std::make_shared<bool>(false);
    QPointer<LocalSandbox> self(this);
    builtin({QByteArrayLiteral("@write"), file, QByteArrayLiteral("600"), QByteArrayLiteral("0")},
        code.toUtf8(), 4096,
        [self, language, file, env, cwd, timeoutSeconds, maxOutput, sink, done, cancel, cancelled](
            int code, const QByteArray &, const QByteArray &err, bool) {
            if (!self)
                return;
            if (*cancelled) {
                done(Error::make(Error::Code::Cancelled, QStringLiteral("Cancelled")));
                return;
            }
            if (code != 0) {
                done(self->fileError(code, QString::fromUtf8(file), err));
                return;
            }
            QByteArrayList argv {interpreterFor(language)};
            if (language == QLatin1String("go"))
                argv << QByteArrayLiteral("run");
            argv << file;
            *cancel = self->runProgram(argv, env, cwd, timeoutSeconds, maxOutput, sink,
                [self, file, done](Result<ExecResult> r) {
                    if (self && !self->m_dead)
                        self->builtin({QByteArrayLiteral("@remove"), file}, {}, 0,
                            [](int, const QByteArray &, const QByteArray &, bool) {});
                    done(std::move(r));
                });
        });
    return [cancel, cancelled]() {
        *cancelled = true;
        if (*cancel)
            (*cancel)();
    };
}

Core::Cancel LocalSandbox::execute(const Core::ExecSpec &spec, Callback<ExecResult> done)
{
    if (refuseIfUnusable(done))
        return [] {};
    if (spec.language == QLatin1String("python")) {
        // The interpreter's os.environ follows the session env; this run's overrides are
        // applied too and taken back on the next run by the same diff.
        Core::EnvMap target = m_env;
        for (auto it = spec.env.cbegin(); it != spec.env.cend(); ++it)
            target.insert(it.key(), it.value());
        Core::EnvMap changed;
        QStringList unset;
        for (auto it = target.cbegin(); it != target.cend(); ++it)
            if (m_kernelEnv.value(it.key()) != it.value() || !m_kernelEnv.contains(it.key()))
                changed.insert(it.key(), it.value());
        for (auto it = m_kernelEnv.cbegin(); it != m_kernelEnv.cend(); ++it)
            if (!target.contains(it.key()))
                unset << it.key();
        m_kernelEnv = target;
        Core::ExecSpec withSink = spec;
        QPointer<LocalSandbox> self(this);
        const Core::OutputSink sink = spec.onOutput;
        withSink.onOutput = [self, sink](const QString &stream, const QByteArray &chunk) {
            if (sink)
                sink(stream, chunk);
            if (self)
                emit self->output(stream, chunk);
        };
        return m_kernel->run(withSink, changed, unset, std::move(done));
    }
    return runScript(spec.language, spec.code, spec.env, spec.workingDir, spec.timeoutSeconds,
        spec.maxOutputBytes, spec.onOutput, std::move(done));
}

Core::Cancel LocalSandbox::runCommand(const Core::CommandSpec &spec, Callback<ExecResult> done)
{
    if (refuseIfUnusable(done))
        return [] {};
    return runProgram({QByteArrayLiteral("bash"), QByteArrayLiteral("-c"), spec.command.toUtf8()},
        spec.env, spec.workingDir, spec.timeoutSeconds, spec.maxOutputBytes, spec.onOutput,
        std::move(done));
}

void LocalSandbox::runShell(const QString &command, int timeoutSeconds, Callback<ExecResult> done)
{
    Core::CommandSpec spec;
    spec.command = command;
    spec.timeoutSeconds = timeoutSeconds;
    spec.workingDir = QStringLiteral("/");
    runCommand(spec, std::move(done));
}

void LocalSandbox::startBackground(
    const Core::BackgroundSpec &spec, Callback<Core::ProcessStarted> done)
{
    if (refuseIfUnusable(done))
        return;
    const bool isCommand = !spec.command.isEmpty();
    QPointer<LocalSandbox> self(this);
    auto launch = [self, spec, isCommand, done](const QByteArrayList &argv) {
        if (!self)
            return;
        AgentClient::ExecRequest request;
        request.argv = argv;
        request.env = envList(spec.env);
        request.cwd =
            (spec.workingDir.isEmpty() ? QStringLiteral("/workspace") : spec.workingDir).toUtf8();
        request.timeoutMs = std::max(1, spec.timeoutSeconds) * 1000;
        request.background = true;
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
            self->m_backgrounds.insert(pid, bg);
            self->m_backgroundOrder.append(pid);
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
        self->m_process->agent()->exec(request, -1, -1, -1, handlers);
    };
    if (isCommand) {
        launch({QByteArrayLiteral("bash"), QByteArrayLiteral("-c"), spec.command.toUtf8()});
        return;
    }
    const QByteArray file = QStringLiteral("/tmp/.hopx/bg-%1.%2")
                                .arg(++m_runCounter)
                                .arg(extensionFor(spec.language))
                                .toUtf8();
    builtin({QByteArrayLiteral("@write"), file, QByteArrayLiteral("600"), QByteArrayLiteral("0")},
        spec.code.toUtf8(), 4096,
        [self, file, spec, launch, done](
            int code, const QByteArray &, const QByteArray &err, bool) {
            if (!self)
                return;
            if (code != 0) {
                done(self->fileError(code, QString::fromUtf8(file), err));
                return;
            }
            QByteArrayList argv {interpreterFor(spec.language)};
            if (spec.language == QLatin1String("go"))
                argv << QByteArrayLiteral("run");
            else if (spec.language == QLatin1String("python"))
                argv << QByteArrayLiteral("-u");
            argv << file;
            launch(argv);
        });
}

void LocalSandbox::onBackgroundExit(qint64 pid, int code, int signal)
{
    auto it = m_backgrounds.find(pid);
    if (it == m_backgrounds.end())
        return;
    it->hasExit = true;
    it->exitCode = signal ? 128 + signal : code;
    it->endTime = QDateTime::currentDateTime();
    it->status = it->killed
        ? QStringLiteral("killed")
        : (signal == 0 && code == 0 ? QStringLiteral("completed") : QStringLiteral("failed"));
}

void LocalSandbox::listExecutions(Callback<QJsonArray> done)
{
    QJsonArray out;
    for (qint64 pid : std::as_const(m_backgroundOrder)) {
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
    QTimer::singleShot(0, this, [done, out]() { done(out); });
}

void LocalSandbox::listProcesses(Callback<QJsonArray> done)
{
    if (refuseIfUnusable(done))
        return;
    m_process->agent()->ps([done](Result<QList<AgentClient::ProcessInfo>> r) {
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

void LocalSandbox::killProcess(const QString &processId, Callback<Unit> done)
{
    if (refuseIfUnusable(done))
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
        QTimer::singleShot(0, this, [done, processId]() {
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
    QPointer<LocalSandbox> self(this);
    // The process group first (a background job and its children), then the pid alone.
    m_process->agent()->kill(pid, SIGKILL, true, [self, pid, processId, done](Result<Unit> r) {
        if (!self)
            return;
        if (r) {
            done(Unit {});
            return;
        }
        self->m_process->agent()->kill(pid, SIGKILL, false, [processId, done](Result<Unit> r2) {
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

void LocalSandbox::readFile(const QString &path, Callback<QByteArray> done)
{
    if (refuseIfUnusable(done))
        return;
    QPointer<LocalSandbox> self(this);
    builtin({QByteArrayLiteral("@read"), path.toUtf8()}, {}, kMaxFileBytes,
        [self, path, done](int code, const QByteArray &out, const QByteArray &err, bool truncated) {
            if (!self)
                return;
            if (code != 0)
                done(self->fileError(code, path, err));
            else if (truncated)
                done(Error::make(Error::Code::LimitExceeded,
                    QStringLiteral("%1 is larger than %2 MiB; read parts of it with run_command.")
                        .arg(path)
                        .arg(kMaxFileBytes >> 20),
                    QJsonObject {{QStringLiteral("path"), path}},
                    QStringLiteral("File too large")));
            else
                done(out);
        });
}

void LocalSandbox::writeFile(
    const QString &path, const QByteArray &content, const QString &mode, Callback<Unit> done)
{
    fileOp({QByteArrayLiteral("@write"), path.toUtf8(), mode.toUtf8(), QByteArrayLiteral("0")},
        content, path, std::move(done));
}

void LocalSandbox::listFiles(const QString &path, int maxResults, Callback<Core::FileList> done)
{
    if (refuseIfUnusable(done))
        return;
    QPointer<LocalSandbox> self(this);
    builtin(
        {QByteArrayLiteral("@list"), path.toUtf8(), QByteArray::number(std::max(1, maxResults))},
        {}, 64 * 1024 * 1024,
        [self, path, done](int code, const QByteArray &out, const QByteArray &err, bool) {
            if (!self)
                return;
            if (code != 0) {
                done(self->fileError(code, path, err));
                return;
            }
            Core::FileList list;
            const QString base = path.endsWith(QLatin1Char('/')) ? path : path + QLatin1Char('/');
            for (const QByteArray &line : out.split('\n')) {
                if (line.isEmpty())
                    continue;
                const QList<QByteArray> f = line.split('\t');
                if (f.size() == 2 && f[0] == "...") {
                    list.total = f[1].toInt();
                    continue;
                }
                if (f.size() < 5)
                    continue;
                Core::FileEntry e;
                e.name = QString::fromUtf8(f[0]);
                e.path = base + e.name;
                e.isDirectory = f[1] == "d";
                e.size = f[2].toLongLong();
                e.modifiedTime = QDateTime::fromSecsSinceEpoch(f[3].toLongLong());
                e.permissions = QString::fromLatin1(f[4]);
                list.files.append(e);
            }
            if (list.total < list.files.size())
                list.total = list.files.size();
            done(list);
        });
}

void LocalSandbox::fileExists(const QString &path, Callback<bool> done)
{
    if (refuseIfUnusable(done))
        return;
    QPointer<LocalSandbox> self(this);
    builtin({QByteArrayLiteral("@stat"), path.toUtf8()}, {}, 4096,
        [self, path, done](int code, const QByteArray &, const QByteArray &err, bool) {
            if (!self)
                return;
            if (code == 0)
                done(true);
            else if (code == ENOENT || code == ENOTDIR)
                done(false);
            else
                done(self->fileError(code, path, err));
        });
}

void LocalSandbox::fileOp(const QByteArrayList &argv, const QByteArray &stdinData,
    const QString &path, Callback<Unit> done)
{
    if (refuseIfUnusable(done))
        return;
    QPointer<LocalSandbox> self(this);
    builtin(argv, stdinData, 4096,
        [self, path, done](int code, const QByteArray &, const QByteArray &err, bool) {
            if (!self)
                return;
            if (code != 0)
                done(self->fileError(code, path, err));
            else
                done(Unit {});
        });
}

void LocalSandbox::removeFile(const QString &path, Callback<Unit> done)
{
    fileOp({QByteArrayLiteral("@remove"), path.toUtf8()}, {}, path, std::move(done));
}

void LocalSandbox::makeDirectory(const QString &path, Callback<Unit> done)
{
    fileOp({QByteArrayLiteral("@mkdir"), path.toUtf8()}, {}, path, std::move(done));
}

void LocalSandbox::getEnv(Callback<Core::EnvMap> done)
{
    if (refuseIfUnusable(done))
        return;
    m_process->agent()->getEnv(std::move(done));
}

void LocalSandbox::setEnv(const Core::EnvMap &vars, bool merge, Callback<Unit> done)
{
    if (refuseIfUnusable(done))
        return;
    QPointer<LocalSandbox> self(this);
    auto apply = [self, vars, done]() {
        if (!self)
            return;
        self->m_process->agent()->setEnv(vars, [self, vars, done](Result<Unit> r) {
            if (self && r)
                for (auto it = vars.cbegin(); it != vars.cend(); ++it)
                    self->m_env.insert(it.key(), it.value());
            done(r);
        });
    };
    if (merge) {
        apply();
        return;
    }
    m_process->agent()->clearEnv([self, apply, done](Result<Unit> r) {
        if (!r) {
            done(r);
            return;
        }
        if (self)
            self->m_env.clear();
        apply();
    });
}

void LocalSandbox::clearEnv(Callback<Unit> done)
{
    if (refuseIfUnusable(done))
        return;
    QPointer<LocalSandbox> self(this);
    m_process->agent()->clearEnv([self, done](Result<Unit> r) {
        if (self && r)
            self->m_env.clear();
        done(r);
    });
}

void LocalSandbox::metrics(Callback<QJsonObject> done)
{
    if (refuseIfUnusable(done))
        return;
    const Core::SandboxInfo info = m_info;
    const SandboxLimits limits = m_process->options().limits;
    builtin({QByteArrayLiteral("@metrics")}, {}, 65536,
        [done, info, limits](int code, const QByteArray &out, const QByteArray &err, bool) {
            if (code != 0) {
                done(Error::make(Error::Code::Internal,
                    QStringLiteral("metrics: %1").arg(QString::fromUtf8(err))));
                return;
            }
            QJsonObject m;
            for (const QByteArray &line : out.split('\n')) {
                const int sp = line.indexOf(' ');
                if (sp > 0)
                    m.insert(QString::fromUtf8(line.left(sp)), line.mid(sp + 1).toDouble());
            }
            m.insert(QStringLiteral("uptime_seconds"),
                info.createdAt.secsTo(QDateTime::currentDateTime()));
            m.insert(QStringLiteral("limits"),
                QJsonObject {{QStringLiteral("memory_mb"), limits.memoryMb},
                    {QStringLiteral("processes"), limits.processes},
                    {QStringLiteral("cpu_seconds_per_run"), limits.cpuSecondsPerRun},
                    {QStringLiteral("tmp_mb"), limits.diskMb},
                    {QStringLiteral("open_files"), limits.openFiles}});
            done(m);
        });
}

void LocalSandbox::setPaused(bool paused, Callback<Unit> done)
{
    if (m_dead) {
        QTimer::singleShot(0, this, [done, e = *unusable()]() { done(e); });
        return;
    }
    if (paused == m_paused) {
        QTimer::singleShot(0, this, [done]() { done(Unit {}); });
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
        for (const AgentClient::ProcessInfo &p : r.value())
            if (p.pid > 2)
                self->m_process->agent()->kill(
                    p.pid, paused ? SIGSTOP : SIGCONT, false, [](Result<Unit>) {});
        self->m_paused = paused;
        done(Unit {});
    });
}

} // namespace Hopx::Local

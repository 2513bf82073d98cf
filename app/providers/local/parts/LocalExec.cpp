// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/parts/LocalExec.h"

#include "providers/local/LocalSandbox.h"
#include "providers/local/agentlink/AgentClient.h"
#include "providers/local/agentlink/PythonKernel.h"
#include "providers/local/boot/ProcessRun.h"
#include "providers/local/egress/EgressProxy.h"
#include "providers/local/parts/LocalFiles.h"

#include <QPointer>

#include <csignal>
#include <memory>

namespace Hopx::Local {

using Core::Callback;
using Core::Error;
using Core::ExecResult;
using Core::Result;

LocalExec::LocalExec(LocalSandbox *sandbox)
    : m_sandbox(sandbox)
{ }

QByteArrayList LocalExec::envList(const Core::EnvMap &env)
{
    QByteArrayList out;
    for (auto it = env.cbegin(); it != env.cend(); ++it)
        out << (it.key() + QLatin1Char('=') + it.value()).toUtf8();
    return out;
}

QByteArray LocalExec::interpreterFor(const QString &language)
{
    if (language == QLatin1String("javascript"))
        return QByteArrayLiteral("node");
    if (language == QLatin1String("bash"))
        return QByteArrayLiteral("bash");
    if (language == QLatin1String("go"))
        return QByteArrayLiteral("go");
    return QByteArrayLiteral("python3");
}

QString LocalExec::extensionFor(const QString &language)
{
    if (language == QLatin1String("javascript"))
        return QStringLiteral("js");
    if (language == QLatin1String("bash"))
        return QStringLiteral("sh");
    if (language == QLatin1String("go"))
        return QStringLiteral("go");
    return QStringLiteral("py");
}

Core::Cancel LocalExec::runProgram(const QByteArrayList &argv, const Core::EnvMap &env,
    const QString &cwd, int timeoutSeconds, qint64 maxOutput, const Core::OutputSink &sink,
    Callback<ExecResult> done)
{
    auto *run = new ProcessRun(m_sandbox->agent(), m_sandbox);
    run->setMaxOutputBytes(maxOutput);
    QPointer<LocalSandbox> self(m_sandbox);
    QObject::connect(
        run, &ProcessRun::output, m_sandbox, [self, sink](int stream, const QByteArray &chunk) {
            const QString name =
                stream == ProcessRun::Stderr ? QStringLiteral("stderr") : QStringLiteral("stdout");
            if (sink)
                sink(name, chunk);
            if (self)
                self->forwardOutput(name, chunk);
        });
    auto cancelled = std::make_shared<bool>(false);
    const int cpu = m_sandbox->process()->options().limits.cpuSecondsPerRun;
    QObject::connect(
        run, &ProcessRun::finished, m_sandbox, [run, done, cancelled, timeoutSeconds, cpu]() {
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
                const Error e = run->error().value_or(Error::make(Error::Code::Internal,
                    QStringLiteral("The run ended without an exit status.")));
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

Core::Cancel LocalExec::runScript(const QString &language, const QString &code,
    const Core::EnvMap &env, const QString &cwd, int timeoutSeconds, qint64 maxOutput,
    const Core::OutputSink &sink, Callback<ExecResult> done)
{
    // The code goes to a file first: argv is bounded, and go run needs a file anyway.
    const QByteArray file = m_sandbox->scriptPath(QStringLiteral("run"), language);
    auto cancel = std::make_shared<Core::Cancel>();
    auto cancelled = std::make_shared<bool>(false);
    QPointer<LocalSandbox> self(m_sandbox);
    m_sandbox->builtin(
        {QByteArrayLiteral("@write"), file, QByteArrayLiteral("600"), QByteArrayLiteral("0")},
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
                done(LocalFiles::errorFor(code, QString::fromUtf8(file), err));
                return;
            }
            QByteArrayList argv {interpreterFor(language)};
            if (language == QLatin1String("go"))
                argv << QByteArrayLiteral("run");
            argv << file;
            *cancel = self->execPart().runProgram(argv, env, cwd, timeoutSeconds, maxOutput, sink,
                [self, file, done](Result<ExecResult> r) {
                    if (self && !self->isDead())
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

Callback<ExecResult> LocalExec::withDenials(Callback<ExecResult> done) const
{
    EgressProxy *proxy = m_sandbox->egress();
    if (!proxy)
        return done;
    QPointer<EgressProxy> guard(proxy);
    const quint64 mark = proxy->deniedMark();
    return [guard, mark, done = std::move(done)](Result<ExecResult> r) {
        const QStringList hosts = guard && r ? guard->deniedSince(mark) : QStringList();
        if (!hosts.isEmpty()) {
            QString &note = r.value().note;
            if (!note.isEmpty())
                note += QLatin1Char('\n');
            note += QStringLiteral("Network: this sandbox's egress policy blocked %1. The user "
                                   "can allow a host from HOPX Desktop's Logs view (\"Allow "
                                   "host\"), or create a sandbox with network {\"allow\": [...]} "
                                   "naming it.")
                        .arg(hosts.join(QStringLiteral(", ")));
        }
        done(std::move(r));
    };
}

Callback<ExecResult> LocalExec::withNotes(bool python, Callback<ExecResult> done)
{
    // A fresh interpreter's first result says so (once); a full disk is said every time,
    // since the program itself may only have seen a write fail with ENOSPC.
    const QString restart = python ? m_sandbox->takeKernelNote() : QString();
    QPointer<LocalSandbox> self(m_sandbox);
    return [self, python, restart, done](Result<ExecResult> r) {
        if (!r) {
            if (self && !restart.isEmpty())
                self->setKernelNote(restart);
            done(std::move(r));
            return;
        }
        ExecResult value = r.value();
        // A fork's variables load ahead of its first run, which may already be waiting: what
        // went wrong there is news for this result.
        const QString late = python && self ? self->takeKernelNote() : QString();
        QStringList notes;
        for (const QString &n :
            {restart, late, value.note, self ? self->diskFullNote() : QString()})
            if (!n.isEmpty())
                notes << n;
        value.note = notes.join(QLatin1Char(' '));
        done(value);
    };
}

Core::Cancel LocalExec::whenStarted(
    Callback<ExecResult> done, const std::function<Core::Cancel(Callback<ExecResult>)> &run)
{
    // A run asked for while the sandbox boots (right after an app restart) waits for it
    // instead of failing with "still starting".
    struct Pending
    {
        Core::Cancel cancel;
        bool cancelled = false;
    };
    auto pending = std::make_shared<Pending>();
    const bool deferred = m_sandbox->deferUntilStarted([pending, run, done]() {
        if (!pending->cancelled)
            pending->cancel = run(done);
    });
    if (!deferred)
        return {};
    QPointer<LocalSandbox> sandbox(m_sandbox);
    return [pending, sandbox, done]() {
        if (pending->cancelled)
            return;
        pending->cancelled = true;
        if (pending->cancel) {
            pending->cancel();
        } else if (sandbox) {
            QTimer::singleShot(0, sandbox, [done]() {
                done(Error::make(Error::Code::Cancelled, QStringLiteral("Cancelled")));
            });
        }
    };
}

Core::Cancel LocalExec::execute(const Core::ExecSpec &spec, Callback<ExecResult> given)
{
    if (Core::Cancel later = whenStarted(
            given, [this, spec](Callback<ExecResult> d) { return execute(spec, std::move(d)); }))
        return later;
    if (m_sandbox->refuseIfUnusable(given))
        return [] {};
    Callback<ExecResult> done =
        withNotes(spec.language == QLatin1String("python"), withDenials(given));
    if (spec.language == QLatin1String("python")) {
        // The interpreter's os.environ follows the session env; this run's overrides are
        // applied too and taken back on the next run by the same diff.
        Core::EnvMap target = m_sandbox->envPart().session();
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
        QPointer<LocalSandbox> self(m_sandbox);
        const Core::OutputSink sink = spec.onOutput;
        withSink.onOutput = [self, sink](const QString &stream, const QByteArray &chunk) {
            if (sink)
                sink(stream, chunk);
            if (self)
                self->forwardOutput(stream, chunk);
        };
        return m_sandbox->kernel()->run(withSink, changed, unset, std::move(done));
    }
    return runScript(spec.language, spec.code, spec.env, spec.workingDir, spec.timeoutSeconds,
        spec.maxOutputBytes, spec.onOutput, std::move(done));
}

Core::Cancel LocalExec::runCommand(const Core::CommandSpec &spec, Callback<ExecResult> done)
{
    if (Core::Cancel later = whenStarted(
            done, [this, spec](Callback<ExecResult> d) { return runCommand(spec, std::move(d)); }))
        return later;
    if (m_sandbox->refuseIfUnusable(done))
        return [] {};
    return runProgram({QByteArrayLiteral("bash"), QByteArrayLiteral("-c"), spec.command.toUtf8()},
        spec.env, spec.workingDir, spec.timeoutSeconds, spec.maxOutputBytes, spec.onOutput,
        withNotes(false, withDenials(std::move(done))));
}

void LocalExec::runShell(const QString &command, int timeoutSeconds, Callback<ExecResult> done)
{
    Core::CommandSpec spec;
    spec.command = command;
    spec.timeoutSeconds = timeoutSeconds;
    spec.workingDir = QStringLiteral("/");
    runCommand(spec, std::move(done));
}

} // namespace Hopx::Local

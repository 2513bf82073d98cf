// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/agentlink/PythonKernel.h"

#include "providers/local/LocalLogging.h"
#include "providers/local/agentlink/AgentClient.h"
#include "providers/local/agentlink/KernelFrame.h"
#include "providers/local/agentlink/KernelLink.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTimer>

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <unistd.h>

namespace Hopx::Local {

using Core::Error;
using Core::ExecResult;

namespace {
constexpr int kInterruptGraceMs = 2000;
constexpr int kTimeoutExitCode = 124; // as GNU timeout
const char *const kKernelPath = "/run/sbx/lib/kernel.py";
// Writing or reading a state file moves every byte of the variables (hundreds of MB for big
// arrays), through the sandbox's disk.
constexpr int kStateTimeoutMs = 10 * 60 * 1000;
} // namespace

PythonKernel::PythonKernel(AgentClient *agent, QObject *parent)
    : QObject(parent)
    , m_agent(agent)
    , m_link(new KernelLink(this))
    , m_timeout(new QTimer(this))
    , m_killTimer(new QTimer(this))
{
    m_timeout->setSingleShot(true);
    m_killTimer->setSingleShot(true);
    m_killTimer->setInterval(kInterruptGraceMs);
    connect(m_link, &KernelLink::frame, this, &PythonKernel::handleFrame);
    connect(m_link, &KernelLink::oversized, this, [this]() {
        qCWarning(lcLocal) << "python kernel sent an oversized frame; restarting it";
        if (m_agent && m_pid > 0)
            m_agent->kill(m_pid, SIGKILL, true, [](Core::Result<Core::Unit>) {});
        died(QStringLiteral("it sent an oversized message"));
    });
    connect(m_timeout, &QTimer::timeout, this, [this]() {
        if (m_restoring && !m_restoring->waitingForExit) {
            if (m_agent && m_pid > 0)
                m_agent->kill(m_pid, SIGKILL, false, [](Core::Result<Core::Unit>) {});
            failRestore(Error::make(Error::Code::Timeout,
                QStringLiteral("The checkpoint's Python interpreter did not resume.")));
            return;
        }
        interrupt(true, false);
    });
    connect(m_killTimer, &QTimer::timeout, this, [this]() {
        // SIGINT did not bring the interpreter back (C code, a blocked syscall): end it.
        if (m_agent && m_pid > 0)
            m_agent->kill(m_pid, SIGKILL, true, [](Core::Result<Core::Unit>) {});
        died(QStringLiteral("it did not stop within %1 s after the interrupt")
                 .arg(kInterruptGraceMs / 1000));
    });
}

PythonKernel::~PythonKernel()
{
    closePipes();
}

void PythonKernel::closePipes()
{
    // Closed once no checkpoint needs them either.
    m_link->detach();
}

void PythonKernel::start()
{
    if (!m_starting && !m_ready)
        launch();
}

void PythonKernel::preload(const QStringList &modules)
{
    if (modules.isEmpty() || m_preload != Preload::None || !(m_starting || m_ready) || m_used)
        return;
    m_preload = Preload::Loading;
    m_preloadModules = modules;
    if (m_ready)
        sendPreload();
}

void PythonKernel::sendPreload()
{
    if (m_preloadModules.isEmpty() || !m_link->canWrite())
        return;
    const QByteArray line = QJsonDocument(
        QJsonObject {{QStringLiteral("op"), QStringLiteral("preload")},
            {QStringLiteral("modules"),
                QJsonArray::fromStringList(std::exchange(m_preloadModules,
                    {}))}}).toJson(QJsonDocument::Compact);
    // The kernel matches the op by these bytes before it parses the line.
    Q_ASSERT(line.contains("\"op\":\"preload\""));
    writeLine(line);
}

void PythonKernel::launch()
{
    if (!m_agent || !m_agent->isConnected()) {
        died(QStringLiteral("the sandbox is not running; create a new sandbox with "
                            "create_sandbox"),
            true);
        return;
    }
    int in[2], out[2], err[2];
    if (::pipe2(in, O_CLOEXEC) != 0)
        return died(QStringLiteral("pipe: %1").arg(qt_error_string(errno)));
    if (::pipe2(out, O_CLOEXEC) != 0) {
        ::close(in[0]);
        ::close(in[1]);
        return died(QStringLiteral("pipe: %1").arg(qt_error_string(errno)));
    }
    if (::pipe2(err, O_CLOEXEC) != 0) {
        for (int fd : {in[0], in[1], out[0], out[1]})
            ::close(fd);
        return died(QStringLiteral("pipe: %1").arg(qt_error_string(errno)));
    }
    auto pipes = std::make_shared<Pipes>();
    pipes->in = in[1];
    pipes->out = out[0];
    pipes->err = err[0];
    m_link->attach(std::move(pipes));
    m_starting = true;
    m_ready = false;
    m_used = !m_queue.isEmpty();
    m_preload = Preload::None;
    m_preloadModules.clear();

    AgentClient::ExecRequest request;
    request.argv = {
        QByteArrayLiteral("/usr/bin/python3"), QByteArrayLiteral("-u"), QByteArray(kKernelPath)};
    request.cwd = QByteArrayLiteral("/workspace");
    QPointer<PythonKernel> self(this);
    const quint64 generation = ++m_generation;
    AgentClient::ExecHandlers handlers;
    handlers.started = [self, generation](qint64 pid) {
        if (self && self->m_generation == generation)
            self->m_pid = pid;
    };
    handlers.exited = [self, generation](const AgentClient::ExitStatus &status) {
        if (!self || self->m_generation != generation)
            return;
        self->m_pid = 0;
        if (self->m_restoring && self->m_restoring->waitingForExit) {
            self->continueRestore();
            return;
        }
        self->died(status.signal
                ? QStringLiteral("killed by signal %1%2")
                      .arg(status.signal)
                      .arg(status.signal == SIGKILL ? QStringLiteral(", perhaps out of memory")
                                                    : QString())
                : QStringLiteral("exited with code %1").arg(status.code));
    };
    handlers.failed = [self, generation](const Error &error) {
        if (self && self->m_generation == generation)
            self->died(error.message, error.code == Error::Code::SandboxDead);
    };
    m_agent->exec(request, in[0], out[1], err[1], handlers);
    // exec() sends copies of the child's ends; ours must go, or every interpreter start would
    // keep three pipes open in the app (and EOF on the output would never come).
    for (int fd : {in[0], out[1], err[1]})
        ::close(fd);
}

Core::Cancel PythonKernel::run(const Core::ExecSpec &spec, const Core::EnvMap &env,
    const QStringList &unset, Core::Callback<ExecResult> done)
{
    auto job = std::make_shared<Job>();
    job->id = m_nextId++;
    job->spec = spec;
    job->env = env;
    job->unset = unset;
    job->done = std::move(done);
    job->clock.start();
    m_queue.enqueue(job);
    m_used = true;
    if (!m_starting && !m_ready)
        launch();
    else
        QTimer::singleShot(0, this, &PythonKernel::sendNext);
    QPointer<PythonKernel> self(this);
    std::weak_ptr<Job> weak = job;
    return [self, weak]() {
        auto job = weak.lock();
        if (!self || !job || !job->done)
            return;
        if (self->m_current == job) {
            self->interrupt(false, true);
            return;
        }
        self->m_queue.removeAll(job);
        auto done = std::exchange(job->done, nullptr);
        done(Error::make(Error::Code::Cancelled, QStringLiteral("Cancelled")));
    };
}

void PythonKernel::sendNext()
{
    if (m_current || !m_ready || m_queue.isEmpty())
        return;
    m_current = m_queue.dequeue();
    Job &job = *m_current;
    if (job.forked) {
        m_timeout->start(30000);
        writeLine(QJsonDocument(QJsonObject {{QStringLiteral("id"), qint64(job.id)},
                                    {QStringLiteral("op"), QStringLiteral("checkpoint")}})
                      .toJson(QJsonDocument::Compact));
        return;
    }
    if (job.stateDone) {
        QJsonObject request = job.stateRequest;
        request.insert(QStringLiteral("id"), qint64(job.id));
        request.insert(QStringLiteral("op"), QStringLiteral("state"));
        m_timeout->start(kStateTimeoutMs);
        writeLine(QJsonDocument(request).toJson(QJsonDocument::Compact));
        return;
    }
    QJsonObject env;
    for (auto it = job.env.cbegin(); it != job.env.cend(); ++it)
        env.insert(it.key(), it.value());
    const QJsonObject request {{QStringLiteral("id"), qint64(job.id)},
        {QStringLiteral("code"), job.spec.code},
        {QStringLiteral("env"), env.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(env)},
        {QStringLiteral("unset"),
            job.unset.isEmpty() ? QJsonValue(QJsonValue::Null)
                                : QJsonValue(QJsonArray::fromStringList(job.unset))},
        {QStringLiteral("cwd"),
            job.spec.workingDir.isEmpty() ? QStringLiteral("/workspace") : job.spec.workingDir},
        {QStringLiteral("cpu_s"), 0},
        {QStringLiteral("max_output"), job.spec.maxOutputBytes < 0 ? 0 : job.spec.maxOutputBytes}};
    job.clock.restart();
    m_timeout->start(std::max(1, job.spec.timeoutSeconds) * 1000);
    writeLine(QJsonDocument(request).toJson(QJsonDocument::Compact));
}

bool PythonKernel::writeLine(const QByteArray &json)
{
    if (m_link->writeLine(json))
        return true;
    died(QStringLiteral("its input pipe closed"));
    return false;
}

void PythonKernel::interrupt(bool timedOut, bool cancelled)
{
    if (!m_current)
        return;
    m_current->timedOut = m_current->timedOut || timedOut;
    m_current->cancelled = m_current->cancelled || cancelled;
    if (m_current->interrupted)
        return;
    m_current->interrupted = true;
    if (m_agent && m_pid > 0)
        m_agent->kill(m_pid, SIGINT, false, [](Core::Result<Core::Unit>) {});
    m_killTimer->start();
}

void PythonKernel::handleFrame(const QByteArray &line)
{
    const KernelFrame frame = KernelFrame::parse(line);
    if (frame.type == KernelFrame::Type::Ready) {
        m_starting = false;
        m_ready = true;
        sendPreload(); // before any run: the kernel starts it and reads on at once
        sendNext();
        return;
    }
    if (frame.type == KernelFrame::Type::Preloaded) {
        if (m_preload == Preload::Loading) {
            m_preload = Preload::Done;
            emit preloaded(frame.modules, frame.failed);
        }
        return;
    }
    if (frame.type == KernelFrame::Type::Restored && m_restoring && !m_restoring->waitingForExit) {
        m_timeout->stop();
        m_starting = false;
        m_ready = true;
        const std::unique_ptr<Restore> r = std::move(m_restoring);
        r->done(Snapshot {frame.pid, m_link->pipes()});
        sendNext();
        return;
    }
    if (!m_current || frame.id != qint64(m_current->id))
        return; // late output of an earlier run, or noise
    Job &job = *m_current;
    if (job.forked
        && (frame.type == KernelFrame::Type::Checkpoint
            || frame.type == KernelFrame::Type::Error)) {
        m_timeout->stop();
        auto forkJob = std::exchange(m_current, nullptr);
        if (frame.type == KernelFrame::Type::Checkpoint && frame.pid > 0)
            forkJob->forked(Snapshot {frame.pid, m_link->pipes()});
        else
            forkJob->forked(Error::make(Error::Code::Internal,
                QStringLiteral("The Python interpreter could not be copied: %1")
                    .arg(frame.message)));
        QTimer::singleShot(0, this, &PythonKernel::sendNext);
        return;
    }
    if (job.stateDone
        && (frame.type == KernelFrame::Type::State || frame.type == KernelFrame::Type::Error)) {
        m_timeout->stop();
        m_killTimer->stop();
        auto stateJob = std::exchange(m_current, nullptr);
        if (frame.type == KernelFrame::Type::State && frame.message.isEmpty())
            stateJob->stateDone(StateReport {frame.carried, frame.notCarried, frame.stateBytes,
                frame.stateMissing, frame.stateWriter});
        else
            stateJob->stateDone(Error::make(Error::Code::Internal,
                QStringLiteral("The Python variables could not be %1: %2")
                    .arg(stateJob->stateRequest.value(QStringLiteral("action")).toString()
                                == QLatin1String("save")
                            ? QStringLiteral("saved")
                            : QStringLiteral("loaded"),
                        frame.message)));
        QTimer::singleShot(0, this, &PythonKernel::sendNext);
        return;
    }
    const bool err = frame.stderrStream;
    switch (frame.type) {
    case KernelFrame::Type::Stream: {
        const QByteArray &text = frame.text;
        QByteArray &target = err ? job.result.stderrData : job.result.stdoutData;
        const qint64 cap = job.spec.maxOutputBytes;
        const qint64 room = cap < 0 ? text.size() : std::max<qint64>(0, cap - target.size());
        target.append(text.left(room));
        if (room < text.size())
            (err ? job.result.stderrTruncated : job.result.stdoutTruncated) = true;
        if (job.spec.onOutput && room > 0)
            job.spec.onOutput(
                err ? QStringLiteral("stderr") : QStringLiteral("stdout"), text.left(room));
        break;
    }
    case KernelFrame::Type::Truncated:
        (err ? job.result.stderrTruncated : job.result.stdoutTruncated) = true;
        break;
    case KernelFrame::Type::Result:
        job.result.result = frame.result;
        if (!frame.error.isEmpty())
            job.result.error = frame.error;
        job.result.exitCode = frame.exitCode;
        job.result.richOutputs += frame.richOutputs;
        finishCurrent();
        break;
    case KernelFrame::Type::Error:
        finishCurrent(Error::make(Error::Code::Internal, frame.message));
        break;
    case KernelFrame::Type::Ready:
    case KernelFrame::Type::Checkpoint:
    case KernelFrame::Type::Restored:
    case KernelFrame::Type::State:
    case KernelFrame::Type::Preloaded:
    case KernelFrame::Type::Unknown:
        break;
    }
}

void PythonKernel::finishCurrent(std::optional<Error> error)
{
    if (!m_current)
        return;
    m_timeout->stop();
    m_killTimer->stop();
    auto job = std::exchange(m_current, nullptr);
    job->result.executionTime = job->clock.nsecsElapsed() / 1e9;
    auto done = std::exchange(job->done, nullptr);
    if (done) {
        if (job->cancelled)
            done(Error::make(Error::Code::Cancelled, QStringLiteral("Cancelled")));
        else if (error)
            done(*error);
        else {
            if (job->timedOut) {
                job->result.timedOut = true;
                job->result.exitCode = kTimeoutExitCode;
            }
            done(job->result);
        }
    }
    QTimer::singleShot(0, this, &PythonKernel::sendNext);
}

void PythonKernel::died(const QString &why, bool sandboxGone)
{
    if (m_restoring && !m_restoring->waitingForExit) {
        failRestore(Error::make(Error::Code::Internal,
            QStringLiteral("The checkpoint's Python interpreter ended as it resumed (%1).")
                .arg(why)));
        return;
    }
    if (m_current && m_current->forked) {
        m_timeout->stop();
        m_killTimer->stop();
        std::exchange(m_current, nullptr)
            ->forked(Error::make(Error::Code::Internal,
                QStringLiteral("The Python interpreter stopped (%1).").arg(why)));
    }
    if (m_current && m_current->stateDone) {
        m_timeout->stop();
        m_killTimer->stop();
        std::exchange(m_current, nullptr)
            ->stateDone(Error::make(Error::Code::Internal,
                QStringLiteral("The Python interpreter stopped (%1) while its variables were "
                               "being saved or loaded.")
                    .arg(why)));
    }
    const bool wasUp = m_ready || m_starting;
    const bool duringRun = bool(m_current);
    ++m_generation; // late callbacks of this interpreter must not touch the next one
    m_ready = false;
    m_starting = false;
    m_preload = Preload::None;
    m_preloadModules.clear();
    m_pid = 0;
    closePipes();
    qCInfo(lcLocal).noquote() << "python interpreter stopped:" << why;
    if (m_current) {
        Job &job = *m_current;
        // With the sandbox gone there is no next interpreter: the note says what the next
        // call will say, instead of promising a fresh one.
        const QString note = sandboxGone
            ? QStringLiteral("The sandbox stopped, and its Python interpreter with it (%1); its "
                             "files, variables and imports are lost.")
                  .arg(why)
            : QStringLiteral("The Python interpreter stopped (%1); its variables and imports "
                             "are lost. The next call starts a fresh one.")
                  .arg(why);
        job.result.note = note;
        if (!job.timedOut && !job.cancelled) {
            job.result.exitCode = 137;
            job.result.stderrData +=
                (job.result.stderrData.isEmpty() || job.result.stderrData.endsWith('\n') ? ""
                                                                                         : "\n")
                + QByteArray("[hopx] ") + note.toUtf8() + '\n';
        }
        finishCurrent();
    }
    if (wasUp && why != QLatin1String("stopped"))
        emit stateLost(why, duringRun);
    // Runs still queued get a fresh interpreter.
    if (!m_queue.isEmpty() && m_agent && m_agent->isConnected())
        QTimer::singleShot(0, this, &PythonKernel::launch);
    else
        failQueue();
}

void PythonKernel::failQueue()
{
    const Error gone = Error::make(
        Error::Code::SandboxDead, QStringLiteral("The sandbox stopped; create a new one."));
    while (!m_queue.isEmpty()) {
        const std::shared_ptr<Job> job = m_queue.dequeue();
        if (auto done = std::exchange(job->done, nullptr))
            done(gone);
        if (auto forked = std::exchange(job->forked, nullptr))
            forked(gone);
        if (auto state = std::exchange(job->stateDone, nullptr))
            state(gone);
    }
}

void PythonKernel::stop()
{
    if (m_agent && m_pid > 0)
        m_agent->kill(m_pid, SIGKILL, true, [](Core::Result<Core::Unit>) {});
    failQueue();
    if (m_restoring)
        failRestore(Error::make(
            Error::Code::SandboxDead, QStringLiteral("The sandbox stopped; create a new one.")));
    died(QStringLiteral("stopped"));
}

void PythonKernel::checkpoint(Core::Callback<Snapshot> done)
{
    if (!m_starting && !m_ready) {
        // No interpreter: its state is "not started", which a restore gives back by ending one.
        QTimer::singleShot(0, this, [done]() { done(Snapshot {}); });
        return;
    }
    m_used = true;
    auto job = std::make_shared<Job>();
    job->id = m_nextId++;
    job->forked = std::move(done);
    m_queue.enqueue(job);
    QTimer::singleShot(0, this, &PythonKernel::sendNext);
}

void PythonKernel::saveState(const QString &path, Core::Callback<StateReport> done)
{
    requestState(QStringLiteral("save"), path, false, std::move(done));
}

void PythonKernel::saveStateBehind(const QString &path, Core::Callback<StateReport> done)
{
    requestState(QStringLiteral("save"), path, false, std::move(done), true);
}

void PythonKernel::loadState(const QString &path, Core::Callback<StateReport> done)
{
    requestState(QStringLiteral("load"), path, true, std::move(done));
}

void PythonKernel::discardState(const QString &path, std::function<void()> done)
{
    requestState(QStringLiteral("discard"), path, false,
        [done = std::move(done)](Core::Result<StateReport>) { done(); });
}

void PythonKernel::requestState(const QString &action, const QString &path, bool start,
    Core::Callback<StateReport> done, bool background)
{
    if (!start && !m_starting && !m_ready) {
        // No interpreter: no variables to write, and no file was written to remove.
        QTimer::singleShot(0, this, [done]() { done(StateReport {}); });
        return;
    }
    m_used = true;
    auto job = std::make_shared<Job>();
    job->id = m_nextId++;
    job->stateDone = std::move(done);
    job->stateRequest = {{QStringLiteral("action"), action}, {QStringLiteral("path"), path}};
    if (background)
        job->stateRequest.insert(QStringLiteral("background"), true);
    m_queue.enqueue(job);
    if (!m_starting && !m_ready)
        launch();
    else
        QTimer::singleShot(0, this, &PythonKernel::sendNext);
}

void PythonKernel::restore(const Snapshot &snapshot, Core::Callback<Snapshot> done)
{
    if (m_current || m_restoring || (m_starting && m_pid <= 0)) {
        QTimer::singleShot(0, this, [done]() {
            done(Error::make(Error::Code::Unavailable,
                QStringLiteral("The Python interpreter is busy (a run or a restore is in "
                               "progress); retry when it is done.")));
        });
        return;
    }
    m_restoring = std::make_unique<Restore>();
    m_restoring->snapshot = snapshot;
    m_restoring->done = std::move(done);
    if (m_agent && m_pid > 0) {
        // Its end (EXIT) comes before its stopped copies are the agent's children to adopt.
        m_restoring->waitingForExit = true;
        m_agent->kill(m_pid, SIGKILL, false, [](Core::Result<Core::Unit>) {});
        return;
    }
    QTimer::singleShot(0, this, &PythonKernel::continueRestore);
}

void PythonKernel::continueRestore()
{
    if (!m_restoring)
        return;
    m_restoring->waitingForExit = false;
    ++m_generation;
    m_ready = false;
    m_starting = false;
    m_pid = 0;
    closePipes();
    const Snapshot snapshot = m_restoring->snapshot;
    if (snapshot.pid <= 0 || !snapshot.pipes || !m_agent || !m_agent->isConnected()) {
        const std::unique_ptr<Restore> r = std::move(m_restoring);
        r->done(Snapshot {});
        if (!m_queue.isEmpty())
            launch();
        return;
    }
    m_link->attach(snapshot.pipes);
    m_starting = true;
    m_timeout->start(10000);
    QPointer<PythonKernel> self(this);
    const quint64 generation = m_generation;
    AgentClient::ExecHandlers handlers;
    handlers.started = [self, generation](qint64 pid) {
        if (!self || self->m_generation != generation || !self->m_agent)
            return;
        self->m_pid = pid;
        // The copy waits for SIGUSR1 from the agent (kernel.py, _stopped_copy).
        self->m_agent->kill(pid, SIGUSR1, false, [](Core::Result<Core::Unit>) {});
    };
    handlers.exited = [self, generation](const AgentClient::ExitStatus &status) {
        if (!self || self->m_generation != generation)
            return;
        self->m_pid = 0;
        if (self->m_restoring && self->m_restoring->waitingForExit) {
            self->continueRestore(); // a restore of this restored interpreter
            return;
        }
        self->died(status.signal ? QStringLiteral("killed by signal %1").arg(status.signal)
                                 : QStringLiteral("exited with code %1").arg(status.code));
    };
    handlers.failed = [self, generation](const Error &error) {
        if (self && self->m_generation == generation)
            self->failRestore(Error::make(Error::Code::NotFound,
                QStringLiteral("The checkpoint's Python state is gone: its stopped interpreter "
                               "was ended (%1).")
                    .arg(error.message)));
    };
    m_agent->adopt(snapshot.pid, handlers);
}

void PythonKernel::failRestore(const Error &error)
{
    const std::unique_ptr<Restore> r = std::move(m_restoring);
    m_timeout->stop();
    ++m_generation;
    m_ready = false;
    m_starting = false;
    m_pid = 0;
    closePipes();
    if (r)
        r->done(error);
    if (!m_queue.isEmpty() && m_agent && m_agent->isConnected())
        QTimer::singleShot(0, this, &PythonKernel::launch);
}

} // namespace Hopx::Local

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/boot/ProcessRun.h"

#include "providers/local/LocalLogging.h"

#include <QSocketNotifier>
#include <QTimer>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <pthread.h>
#include <unistd.h>

namespace Hopx::Local {

using Core::Error;

namespace {

constexpr int kChunk = 64 * 1024;
constexpr int kReadBudget = 1024 * 1024; // per wake-up, so one chatty run cannot starve others

// write() to a pipe whose reader is gone raises SIGPIPE, which would kill the app. Block it
// for this thread around the write and swallow the one we caused (the usual technique when
// the process-wide disposition is not ours to change).
ssize_t writeNoSigpipe(int fd, const char *data, size_t size)
{
    sigset_t pipeSet, old, pending;
    sigemptyset(&pipeSet);
    sigaddset(&pipeSet, SIGPIPE);
    sigpending(&pending);
    const bool alreadyPending = sigismember(&pending, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipeSet, &old);
    ssize_t n;
    do {
        n = ::write(fd, data, size);
    } while (n < 0 && errno == EINTR);
    const int saved = errno;
    if (n < 0 && saved == EPIPE && !alreadyPending) {
        const struct timespec zero = {0, 0};
        while (sigtimedwait(&pipeSet, nullptr, &zero) < 0 && errno == EINTR) { }
    }
    pthread_sigmask(SIG_SETMASK, &old, nullptr);
    errno = saved;
    return n;
}

} // namespace

ProcessRun::ProcessRun(AgentClient *client, QObject *parent)
    : QObject(parent)
    , m_client(client)
{
    m_graceTimer = new QTimer(this);
    m_graceTimer->setSingleShot(true);
    connect(m_graceTimer, &QTimer::timeout, this, &ProcessRun::finish);
    m_watchdog = new QTimer(this);
    m_watchdog->setSingleShot(true);
    connect(m_watchdog, &QTimer::timeout, this, [this] {
        qCWarning(lcLocal) << "exec watchdog fired for pid" << m_pid;
        m_error = Error::make(Error::Code::Timeout,
            QStringLiteral("The sandbox did not stop the program at its "
                           "timeout; the sandbox should be restarted."));
        kill();
        finish();
    });
}

ProcessRun::~ProcessRun()
{
    closeStdin();
    closeStream(m_out[0]);
    closeStream(m_out[1]);
}

void ProcessRun::start(const AgentClient::ExecRequest &request)
{
    Q_ASSERT(!m_started);
    m_started = true;
    m_clock.start();
    auto failSoon = [this](const Error &e) {
        QTimer::singleShot(0, this, [this, e] { onFailed(e); });
    };
    if (!m_client || !m_client->isConnected()) {
        failSoon(
            Error::make(Error::Code::SandboxDead, QStringLiteral("The sandbox is not running.")));
        return;
    }
    int in[2] = {-1, -1}, out[2] = {-1, -1}, err[2] = {-1, -1};
    if (::pipe2(in, O_CLOEXEC) != 0 || ::pipe2(out, O_CLOEXEC) != 0
        || ::pipe2(err, O_CLOEXEC) != 0) {
        const QString why = QString::fromLocal8Bit(std::strerror(errno));
        for (int fd : {in[0], in[1], out[0], out[1], err[0], err[1]}) {
            if (fd >= 0)
                ::close(fd);
        }
        failSoon(Error::make(
            Error::Code::LimitExceeded, QStringLiteral("Cannot create pipes: %1").arg(why)));
        return;
    }
    m_stdinFd = in[1];
    m_out[0].fd = out[0];
    m_out[1].fd = err[0];
    for (int fd : {in[1], out[0], err[0]})
        ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);

    AgentClient::ExecRequest req = request;
    req.background = false;
    QPointer<ProcessRun> self(this);
    AgentClient::ExecHandlers h;
    h.started = [self](qint64 pid) {
        if (!self)
            return;
        self->m_pid = pid;
        if (self->m_pendingKill)
            self->kill(self->m_pendingKill);
        Q_EMIT self->started(pid);
    };
    h.exited = [self](const AgentClient::ExitStatus &s) {
        if (self)
            self->onExited(s);
    };
    h.failed = [self](const Error &e) {
        if (self)
            self->onFailed(e);
    };
    m_client->exec(req, in[0], out[1], err[1], h);
    // The agent got its own copies; ours must go, or EOF would never come.
    ::close(in[0]);
    ::close(out[1]);
    ::close(err[1]);

    for (int i = 0; i < 2; ++i) {
        m_out[i].notifier = new QSocketNotifier(qintptr(m_out[i].fd), QSocketNotifier::Read, this);
        connect(m_out[i].notifier, &QSocketNotifier::activated, this,
            [this, i] { readStream(i, kReadBudget); });
    }
    if (m_stdin.isEmpty()) {
        closeStdin();
    } else {
        m_stdinNotifier = new QSocketNotifier(qintptr(m_stdinFd), QSocketNotifier::Write, this);
        connect(m_stdinNotifier, &QSocketNotifier::activated, this, &ProcessRun::writeStdin);
    }
    if (request.timeoutMs > 0 && m_watchdogSlackMs >= 0)
        m_watchdog->start(request.timeoutMs + m_watchdogSlackMs);
}

void ProcessRun::kill(int signal)
{
    if (m_finished || m_exited)
        return;
    if (m_pid <= 0) {
        m_pendingKill = signal;
        return;
    }
    if (m_client)
        m_client->kill(m_pid, signal, true, [](Core::Result<Core::Unit>) {});
}

void ProcessRun::readStream(int index, int budget)
{
    Output &o = m_out[index];
    thread_local char buffer[kChunk];
    while (o.fd >= 0 && budget > 0) {
        const ssize_t n = ::read(o.fd, buffer, sizeof(buffer));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            return;
        if (n <= 0) {
            o.eof = true;
            closeStream(o);
            maybeFinish();
            return;
        }
        budget -= int(n);
        qint64 keep = n;
        if (m_maxOutput >= 0)
            keep = qBound<qint64>(0, m_maxOutput - o.data.size(), qint64(n));
        if (keep < n)
            o.truncated = true;
        if (keep > 0) {
            const QByteArray chunk(buffer, int(keep));
            o.data += chunk;
            Q_EMIT output(index == 0 ? Stdout : Stderr, chunk);
        }
    }
}

void ProcessRun::writeStdin()
{
    while (m_stdinFd >= 0 && m_stdinWritten < m_stdin.size()) {
        const ssize_t n = writeNoSigpipe(m_stdinFd, m_stdin.constData() + m_stdinWritten,
            size_t(m_stdin.size() - m_stdinWritten));
        if (n < 0) {
            if (errno == EAGAIN || errno == EWOULDBLOCK)
                return;
            break; // EPIPE: the program does not want the rest
        }
        m_stdinWritten += n;
    }
    closeStdin();
}

void ProcessRun::closeStdin()
{
    delete m_stdinNotifier;
    m_stdinNotifier = nullptr;
    if (m_stdinFd >= 0)
        ::close(m_stdinFd);
    m_stdinFd = -1;
}

void ProcessRun::closeStream(Output &o)
{
    delete o.notifier;
    o.notifier = nullptr;
    if (o.fd >= 0)
        ::close(o.fd);
    o.fd = -1;
}

void ProcessRun::onExited(const AgentClient::ExitStatus &status)
{
    m_exit = status;
    m_exited = true;
    m_elapsedMs = m_clock.elapsed();
    maybeFinish();
    if (!m_finished && !m_graceTimer->isActive())
        m_graceTimer->start(kEofGraceMs);
}

void ProcessRun::onFailed(const Error &error)
{
    if (m_finished)
        return;
    m_error = error;
    finish();
}

void ProcessRun::maybeFinish()
{
    if (m_exited && m_out[0].eof && m_out[1].eof)
        finish();
}

void ProcessRun::finish()
{
    if (m_finished)
        return;
    m_finished = true;
    // Whatever is already in the pipes still counts; a grandchild's later output does not.
    readStream(0, 16 * kReadBudget);
    readStream(1, 16 * kReadBudget);
    closeStdin();
    closeStream(m_out[0]);
    closeStream(m_out[1]);
    m_graceTimer->stop();
    m_watchdog->stop();
    if (!m_exited)
        m_elapsedMs = m_clock.elapsed();
    Q_EMIT finished();
}

} // namespace Hopx::Local

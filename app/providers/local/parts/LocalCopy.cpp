// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/parts/LocalCopy.h"

#include "providers/local/parts/LocalFiles.h"

#include <QSocketNotifier>
#include <QTimer>

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

namespace Hopx::Local {

using Core::Error;

namespace {

constexpr size_t kSpliceChunk = 1 << 20;
constexpr qint64 kBudget = 16 << 20; // per wake-up
constexpr qint64 kMaxMessage = 4096;

} // namespace

LocalCopy::LocalCopy(AgentClient *agent, Direction direction, int hostFd,
    const QByteArrayList &argv, const QString &sandboxPath,
    Core::SandboxTransfer::Progress progress, Core::Callback<qint64> done, QObject *parent)
    : QObject(parent)
    , m_agent(agent)
    , m_direction(direction)
    , m_hostFd(hostFd)
    , m_argv(argv)
    , m_path(sandboxPath)
    , m_progress(std::move(progress))
    , m_done(std::move(done))
{ }

LocalCopy::~LocalCopy()
{
    closePipe();
    if (m_errFd >= 0)
        ::close(m_errFd);
    if (m_done)
        m_done(Error::make(Error::Code::SandboxDead,
            QStringLiteral("The sandbox ended during the copy of %1.").arg(m_path)));
}

void LocalCopy::start()
{
    if (!m_agent || !m_agent->isConnected()) {
        fail(Error::make(Error::Code::SandboxDead, QStringLiteral("The sandbox is not running.")));
        return;
    }
    int p[2] = {-1, -1};
    const int nullFd = ::open("/dev/null", O_RDWR | O_CLOEXEC);
    m_errFd = ::memfd_create("hopx-copy-stderr", MFD_CLOEXEC);
    if (nullFd < 0 || m_errFd < 0 || ::pipe2(p, O_CLOEXEC) != 0) {
        const int e = errno;
        if (nullFd >= 0)
            ::close(nullFd);
        fail(Error::make(Error::Code::LimitExceeded,
            QStringLiteral("Cannot start the copy: %1").arg(qt_error_string(e))));
        return;
    }
    // A larger pipe means fewer wake-ups; the default 64 KiB would cost one per 64 KiB.
    ::fcntl(p[0], F_SETPIPE_SZ, int(kSpliceChunk));
    const bool toSandbox = m_direction == Direction::ToSandbox;
    m_pipeFd = toSandbox ? p[1] : p[0];
    const int theirs = toSandbox ? p[0] : p[1];
    ::fcntl(m_pipeFd, F_SETFL, ::fcntl(m_pipeFd, F_GETFL) | O_NONBLOCK);

    AgentClient::ExecRequest request;
    request.argv = m_argv;
    request.cwd = QByteArrayLiteral("/");
    request.timeoutMs = 0; // a large file takes as long as it takes; cancel() ends it
    QPointer<LocalCopy> self(this);
    AgentClient::ExecHandlers h;
    h.started = [self](qint64 pid) {
        if (self)
            self->m_pid = pid;
    };
    h.exited = [self](const AgentClient::ExitStatus &s) {
        if (self)
            self->onExited(s);
    };
    h.failed = [self](const Error &e) {
        if (self)
            self->fail(e);
    };
    m_agent->exec(request, toSandbox ? theirs : nullFd, toSandbox ? nullFd : theirs, m_errFd, h);
    ::close(theirs);
    ::close(nullFd);
    m_notifier = new QSocketNotifier(
        qintptr(m_pipeFd), toSandbox ? QSocketNotifier::Write : QSocketNotifier::Read, this);
    connect(m_notifier, &QSocketNotifier::activated, this, &LocalCopy::pump);
}

void LocalCopy::cancel()
{
    m_done = nullptr;
    if (m_agent && m_pid > 0 && !m_exited)
        m_agent->kill(m_pid, SIGKILL, true, [](Core::Result<Core::Unit>) {});
    closePipe();
    deleteLater();
}

void LocalCopy::pump()
{
    const bool toSandbox = m_direction == Direction::ToSandbox;
    const qint64 before = m_bytes;
    while (m_pipeFd >= 0 && m_bytes - before < kBudget) {
        const ssize_t n = toSandbox ? ::splice(m_hostFd, nullptr, m_pipeFd, nullptr, kSpliceChunk,
                              SPLICE_F_MOVE | SPLICE_F_NONBLOCK)
                                    : ::splice(m_pipeFd, nullptr, m_hostFd, nullptr, kSpliceChunk,
                                        SPLICE_F_MOVE | SPLICE_F_NONBLOCK);
        if (n > 0) {
            m_bytes += n;
            continue;
        }
        if (n == 0) { // EOF: of the host file (up) or of the builtin's output (down)
            closePipe();
            break;
        }
        if (errno == EINTR)
            continue;
        if (errno == EAGAIN)
            break;
        // EPIPE: the builtin stopped reading; its exit status says why. Anything else is the
        // host file's side failing.
        if (errno != EPIPE)
            m_hostError = errno;
        if (m_agent && m_pid > 0 && !m_exited && m_hostError)
            m_agent->kill(m_pid, SIGKILL, true, [](Core::Result<Core::Unit>) {});
        closePipe();
        break;
    }
    if (m_bytes != before && m_progress)
        m_progress(m_bytes);
    maybeFinish();
}

void LocalCopy::closePipe()
{
    delete m_notifier;
    m_notifier = nullptr;
    if (m_pipeFd >= 0)
        ::close(m_pipeFd);
    m_pipeFd = -1;
}

void LocalCopy::onExited(const AgentClient::ExitStatus &status)
{
    m_exited = true;
    m_exit = status;
    // Uploading, the builtin is done with our bytes once it has exited: whatever is still in
    // the pipe would never be read.
    if (m_direction == Direction::ToSandbox)
        closePipe();
    maybeFinish();
}

void LocalCopy::fail(const Error &error)
{
    closePipe();
    QTimer::singleShot(0, this, [this, error] { answer(error); });
}

void LocalCopy::maybeFinish()
{
    if (!m_exited || m_pipeFd >= 0 || !m_done)
        return;
    if (m_hostError) {
        answer(Error::make(Error::Code::Internal,
            QStringLiteral("The host side of the copy failed: %1")
                .arg(qt_error_string(m_hostError)),
            QJsonObject {{QStringLiteral("path"), m_path}}));
        return;
    }
    if (m_exit.code != 0 || m_exit.signal != 0) {
        QByteArray message(kMaxMessage, Qt::Uninitialized);
        const ssize_t n = ::pread(m_errFd, message.data(), size_t(message.size()), 0);
        message.truncate(std::max<ssize_t>(n, 0));
        if (m_exit.signal != 0)
            message = "stopped by signal " + QByteArray::number(m_exit.signal)
                + " (the sandbox's file size limit?)";
        answer(LocalFiles::errorFor(m_exit.code > 0 ? m_exit.code : EIO, m_path, message));
        return;
    }
    answer(m_bytes);
}

void LocalCopy::answer(Core::Result<qint64> result)
{
    Core::Callback<qint64> done = std::move(m_done);
    m_done = nullptr;
    deleteLater();
    if (done)
        done(std::move(result));
}

} // namespace Hopx::Local

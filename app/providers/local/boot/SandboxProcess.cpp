// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/boot/SandboxProcess.h"

#include "providers/local/LocalLogging.h"
#include "providers/local/agentlink/AgentClient.h"
#include "providers/local/boot/HostTool.h"
#include "providers/local/boot/SandboxHost.h"
#include "sandbox-agent/AgentProtocol.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSocketNotifier>
#include <QStandardPaths>
#include <QTimer>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif
#ifndef SYS_pidfd_send_signal
#define SYS_pidfd_send_signal 424
#endif

namespace Hopx::Local {

namespace {

constexpr int kMaxInfo = 4096;
constexpr int kMaxStderr = 8192;

// Where each fd sits in bwrap (fd 3 is the agent's control socket by contract).
constexpr int kChildStderr = 2;
constexpr int kChildArgs = 4;
constexpr int kChildInfo = 5;
constexpr int kChildBlock = 6;
constexpr int kFirstFree = 10; // sources are lifted here so no dup2 clobbers another

QString errnoText(int e)
{
    return QString::fromLocal8Bit(std::strerror(e));
}

int pidfdOpen(qint64 pid)
{
    return int(::syscall(SYS_pidfd_open, pid_t(pid), 0));
}

// Lifts `fd` to >= kFirstFree (CLOEXEC) and closes the original.
int lift(int fd)
{
    if (fd < 0 || fd >= kFirstFree)
        return fd;
    const int high = ::fcntl(fd, F_DUPFD_CLOEXEC, kFirstFree);
    ::close(fd);
    return high;
}

QString tail(const QByteArray &text)
{
    return QString::fromUtf8(text.right(600)).simplified();
}

//! posix_spawn's argv: pointers into \a args (which must outlive the call), null-terminated.
std::vector<char *> spawnArgv(QByteArrayList &args)
{
    std::vector<char *> argv;
    for (QByteArray &a : args)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    return argv;
}

//! The whole environment of bwrap and slirp4netns: nothing of the app's (no key, no D-Bus).
char *const *spawnEnvironment()
{
    static char path[] = "PATH=/usr/bin:/bin";
    static char *const env[] = {path, nullptr};
    return env;
}

} // namespace

SandboxProcess::SandboxProcess(Options options, QObject *parent)
    : QObject(parent)
    , m_options(std::move(options))
{
    m_stopTimer = new QTimer(this);
    m_stopTimer->setSingleShot(true);
    connect(m_stopTimer, &QTimer::timeout, this, &SandboxProcess::kill);
}

SandboxProcess::~SandboxProcess()
{
    m_hostAsked = true;
    teardown(false, {});
}

Core::Result<Core::Unit> SandboxProcess::start()
{
    auto fail = [this](const QString &why) {
        qCWarning(lcLocal) << "sandbox" << m_options.id << "not started:" << why;
        return Core::Error::make(Core::Error::Code::Internal, why);
    };
    if (m_state != State::NotStarted)
        return fail(QStringLiteral("A SandboxProcess starts only once."));
    m_clock.start();

    const QString bwrap = m_options.bwrapPath.isEmpty()
        ? QStandardPaths::findExecutable(QStringLiteral("bwrap"))
        : m_options.bwrapPath;
    if (bwrap.isEmpty() || !QFileInfo(bwrap).isExecutable())
        return fail(QStringLiteral("bubblewrap (bwrap) is not installed."));
    const QString agent =
        m_options.agentPath.isEmpty() ? SandboxHost::findAgent() : m_options.agentPath;
    if (agent.isEmpty() || !QFileInfo(agent).isExecutable())
        return fail(QStringLiteral("The sandbox agent (hopx-sandbox-agent) was not found."));
    for (const QString &dir : {m_options.workspaceDir, m_options.homeDir}) {
        if (dir.isEmpty() || !SandboxHost::makePrivateDir(dir))
            return fail(QStringLiteral("Cannot create the sandbox directory %1.").arg(dir));
    }
    if (!m_options.stateDir.isEmpty() && !SandboxHost::makePrivateDir(m_options.stateDir))
        return fail(
            QStringLiteral("Cannot create the sandbox directory %1.").arg(m_options.stateDir));

    if (m_options.useCgroup) {
        SandboxCgroupFs &fs = m_options.cgroupFs ? *m_options.cgroupFs : m_hostCgroupFs;
        const auto made = SandboxCgroup::create(fs, m_options.id, m_options.limits);
        if (made)
            m_cgroup = made.value();
        else
            qCDebug(lcLocal) << "no cgroup for" << m_options.id << "-" << made.error().message
                             << "- rlimits only";
    }

    BwrapCommand command;
    command.setAgentBinary(agent);
    command.setEtcDir(m_options.etcDir);
    command.setWorkspaceDir(m_options.workspaceDir);
    command.setHomeDir(m_options.homeDir);
    command.setStateDir(m_options.stateDir);
    command.setLibDir(m_options.libDir);
    command.setReadOnlyMounts(m_options.readOnlyMounts);
    command.setLimits(m_options.limits);
    command.setExtraEnvironment(m_options.extraEnv);
    command.setEgressProxyDir(m_options.proxyDir);
    command.setInfoFd(kChildInfo);
    // bwrap waits on --block-fd until pid 1 is in its cgroup and its network is plugged in,
    // so user code never runs outside either.
    const bool blockStart = m_cgroup.isActive() || m_options.network;
    command.setBlockFd(blockStart ? kChildBlock : -1);
    command.setNetwork(m_options.network);
    const QString invalid = command.validate();
    if (!invalid.isEmpty()) {
        m_cgroup.destroy();
        return fail(invalid);
    }

    int sv[2] = {-1, -1}, info[2] = {-1, -1}, block[2] = {-1, -1}, err[2] = {-1, -1};
    int args = -1;
    auto closeAll = [&] {
        for (int fd : {sv[0], sv[1], info[0], info[1], block[0], block[1], err[0], err[1], args}) {
            if (fd >= 0)
                ::close(fd);
        }
    };
    bool ok = ::socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) == 0
        && ::pipe2(info, O_CLOEXEC) == 0 && ::pipe2(err, O_CLOEXEC) == 0
        && (!blockStart || ::pipe2(block, O_CLOEXEC) == 0);
    if (ok) {
        // The options travel in a memfd: no host paths on bwrap's command line.
        args = int(::syscall(SYS_memfd_create, "hopx-bwrap-args", MFD_CLOEXEC));
        const QByteArray data = command.argsData();
        ok = args >= 0 && ::write(args, data.constData(), size_t(data.size())) == data.size()
            && ::lseek(args, 0, SEEK_SET) == 0;
    }
    if (!ok) {
        const int e = errno;
        closeAll();
        m_cgroup.destroy();
        return fail(QStringLiteral("Cannot set up the sandbox's fds: %1").arg(errnoText(e)));
    }
    sv[1] = lift(sv[1]);
    args = lift(args);
    info[1] = lift(info[1]);
    err[1] = lift(err[1]);
    block[0] = lift(block[0]);

    QByteArrayList argvBytes {QFile::encodeName(bwrap)};
    argvBytes << command.arguments(kChildArgs);
    const std::vector<char *> argv = spawnArgv(argvBytes);

    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_adddup2(&fa, err[1], kChildStderr);
    posix_spawn_file_actions_adddup2(&fa, sv[1], Agent::kControlFd);
    posix_spawn_file_actions_adddup2(&fa, args, kChildArgs);
    posix_spawn_file_actions_adddup2(&fa, info[1], kChildInfo);
    if (block[0] >= 0)
        posix_spawn_file_actions_adddup2(&fa, block[0], kChildBlock);
    posix_spawnattr_t attr;
    HostTool::initSpawnAttributes(&attr);
    pid_t pid = -1;
    const int rc = ::posix_spawn(&pid, argv[0], &fa, &attr, argv.data(), spawnEnvironment());
    posix_spawn_file_actions_destroy(&fa);
    posix_spawnattr_destroy(&attr);
    // The child's ends are bwrap's now.
    for (int *fd : {&sv[1], &args, &info[1], &err[1], &block[0]}) {
        if (*fd >= 0)
            ::close(*fd);
        *fd = -1;
    }
    if (rc != 0) {
        closeAll();
        m_cgroup.destroy();
        return fail(QStringLiteral("Cannot run %1: %2").arg(bwrap, errnoText(rc)));
    }

    m_bwrapPid = pid;
    m_state = State::Starting;
    m_infoFd = info[0];
    m_stderrFd = err[0];
    m_blockFd = block[1];
    for (int fd : {m_infoFd, m_stderrFd})
        ::fcntl(fd, F_SETFL, O_NONBLOCK);
    m_infoNotifier = new QSocketNotifier(qintptr(m_infoFd), QSocketNotifier::Read, this);
    connect(m_infoNotifier, &QSocketNotifier::activated, this, &SandboxProcess::readInfo);
    m_stderrNotifier = new QSocketNotifier(qintptr(m_stderrFd), QSocketNotifier::Read, this);
    connect(m_stderrNotifier, &QSocketNotifier::activated, this, &SandboxProcess::readStderr);
    m_pidFd = pidfdOpen(pid);
    if (m_pidFd >= 0) {
        m_pidNotifier = new QSocketNotifier(qintptr(m_pidFd), QSocketNotifier::Read, this);
        connect(m_pidNotifier, &QSocketNotifier::activated, this, &SandboxProcess::onBwrapExited);
    } else {
        m_reapPoll = new QTimer(this);
        connect(m_reapPoll, &QTimer::timeout, this, &SandboxProcess::onBwrapExited);
        m_reapPoll->start(100);
    }

    m_agent = new AgentClient(sv[0], this);
    connect(m_agent, &AgentClient::disconnected, this, &SandboxProcess::onAgentGone);
    m_agent->hello([this](Core::Result<AgentClient::Ready> r) {
        if (m_state != State::Starting)
            return;
        if (!r) {
            // EOF is handled by onAgentGone with a better reason; this is a real refusal.
            if (r.error().code != Core::Error::Code::SandboxDead)
                teardown(true,
                    QStringLiteral("The sandbox agent did not start: %1").arg(r.error().message));
            return;
        }
        m_startupMs = m_clock.elapsed();
        m_state = State::Running;
        qCDebug(lcLocal) << "sandbox" << m_options.id << "ready in" << m_startupMs
                         << "ms, pid 1 =" << m_childPid << "cgroup" << int(m_cgroup.mode());
        Q_EMIT ready();
    });
    return Core::Unit {};
}

void SandboxProcess::readInfo()
{
    char buffer[1024];
    bool eof = false;
    for (;;) {
        const ssize_t n = ::read(m_infoFd, buffer, sizeof(buffer));
        if (n > 0 && m_info.size() + n <= kMaxInfo) {
            m_info.append(buffer, int(n));
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        eof = n == 0 || (n > 0) || (n < 0 && errno != EAGAIN);
        break;
    }
    // bwrap writes the whole object at once and closes the fd; parse once it is complete.
    const QJsonDocument doc = QJsonDocument::fromJson(m_info);
    const qint64 pid =
        doc.isObject() ? doc.object().value(QStringLiteral("child-pid")).toInteger(-1) : -1;
    if (pid > 0 || eof) {
        delete m_infoNotifier;
        m_infoNotifier = nullptr;
        closeFd(m_infoFd);
        if (pid > 0 && pid <= 4194304)
            onInfo(pid);
    }
}

void SandboxProcess::onInfo(qint64 childPid)
{
    m_childPid = childPid;
    m_childPidFd = pidfdOpen(childPid);
    if (m_blockFd >= 0) {
        // bwrap's sandbox side is waiting on --block-fd: nothing of the sandbox has forked
        // yet, so placing pid 1 places everything.
        if (m_cgroup.isActive() && !m_cgroup.attach(childPid))
            qCWarning(lcLocal) << "sandbox" << m_options.id << "runs without its cgroup";
        if (m_options.network) {
            const QString why = attachNetwork(childPid);
            if (!why.isEmpty()) {
                teardown(true, QStringLiteral("Could not give the sandbox network: %1").arg(why));
                return;
            }
        }
        const char go = 1;
        (void)!::write(m_blockFd, &go, 1);
        closeFd(m_blockFd);
    }
}

void SandboxProcess::readStderr()
{
    char buffer[4096];
    for (;;) {
        const ssize_t n = ::read(m_stderrFd, buffer, sizeof(buffer));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            if (n == 0 || errno != EAGAIN) {
                delete m_stderrNotifier;
                m_stderrNotifier = nullptr;
                closeFd(m_stderrFd);
            }
            return;
        }
        const QByteArray chunk(buffer, int(n));
        qCInfo(lcLocal).noquote() << "sandbox" << m_options.id << "stderr:" << tail(chunk);
        m_stderr.append(chunk);
        m_stderr = m_stderr.right(kMaxStderr);
    }
}

void SandboxProcess::onBwrapExited()
{
    if (m_bwrapStatus != -1 || m_bwrapPid <= 0)
        return;
    int status = 0;
    if (::waitpid(pid_t(m_bwrapPid), &status, WNOHANG) != pid_t(m_bwrapPid))
        return;
    m_bwrapStatus = status;
    delete m_pidNotifier;
    m_pidNotifier = nullptr;
    closeFd(m_pidFd);
    if (m_reapPoll)
        m_reapPoll->stop();
    if (m_state == State::Stopped)
        return;
    if (m_stderrFd >= 0)
        readStderr();
    // Whichever of bwrap's exit and the agent's EOF is seen first, the reason reads the same.
    teardown(true,
        m_hostAsked ? QString()
                    : (m_state == State::Starting
                              ? QStringLiteral("The sandbox failed to start")
                              : QStringLiteral("The sandbox's agent exited unexpectedly"))
                + QStringLiteral(" (%1).").arg(describeExit()));
}

void SandboxProcess::onAgentGone()
{
    if (m_state == State::Stopped)
        return;
    if (m_hostAsked) {
        teardown(true, {});
        return;
    }
    // Give bwrap a moment to exit so that its status and last words make the reason.
    waitForBwrap(200);
    if (m_stderrFd >= 0)
        readStderr();
    QString reason = QStringLiteral("The sandbox's agent exited unexpectedly");
    if (m_state == State::Starting)
        reason = QStringLiteral("The sandbox failed to start");
    teardown(true, reason + QStringLiteral(" (%1).").arg(describeExit()));
}

QString SandboxProcess::describeExit() const
{
    QString what;
    if (m_bwrapStatus == -1)
        what = QStringLiteral("bwrap still running");
    else if (WIFEXITED(m_bwrapStatus))
        what = QStringLiteral("bwrap exit status %1").arg(WEXITSTATUS(m_bwrapStatus));
    else if (WIFSIGNALED(m_bwrapStatus))
        what = QStringLiteral("bwrap killed by signal %1").arg(WTERMSIG(m_bwrapStatus));
    const QString said = tail(m_stderr);
    if (!said.isEmpty())
        what += QStringLiteral("; it said: ") + said;
    return what;
}

bool SandboxProcess::waitForBwrap(int timeoutMs)
{
    if (m_bwrapPid <= 0 || m_bwrapStatus != -1)
        return true;
    QElapsedTimer t;
    t.start();
    while (t.elapsed() <= timeoutMs) {
        int status = 0;
        if (::waitpid(pid_t(m_bwrapPid), &status, WNOHANG) == pid_t(m_bwrapPid)) {
            m_bwrapStatus = status;
            return true;
        }
        if (m_pidFd >= 0) {
            struct pollfd p = {m_pidFd, POLLIN, 0};
            ::poll(&p, 1, int(qMax<qint64>(1, timeoutMs - t.elapsed())));
        } else {
            ::usleep(2000);
        }
    }
    return false;
}

void SandboxProcess::teardown(bool emitSignals, const QString &reason)
{
    if (m_state == State::Stopped || m_state == State::NotStarted) {
        m_state = State::Stopped;
        return;
    }
    m_state = State::Stopped;
    m_stopTimer->stop();

    // bwrap arms --die-with-parent only late in its set-up: until then pid 1 would outlive
    // bwrap. So pid 1 is what we kill, and we make sure to know it.
    if (m_childPid < 0 && m_infoFd >= 0 && m_bwrapStatus == -1) {
        struct pollfd p = {m_infoFd, POLLIN, 0};
        if (::poll(&p, 1, 300) > 0)
            readInfo();
    }
    if (m_childPidFd >= 0)
        ::syscall(SYS_pidfd_send_signal, m_childPidFd, SIGKILL, nullptr, 0);
    else if (m_childPid > 0 && m_bwrapStatus == -1)
        ::kill(pid_t(m_childPid), SIGKILL);
    if (!waitForBwrap(1000) && m_bwrapPid > 0) {
        ::kill(pid_t(m_bwrapPid), SIGKILL);
        int status = 0;
        if (::waitpid(pid_t(m_bwrapPid), &status, 0) == pid_t(m_bwrapPid))
            m_bwrapStatus = status;
    }
    if (m_childPidFd >= 0) {
        // pid 1 may have been orphaned by a killed bwrap: wait (bounded) until it is gone.
        struct pollfd p = {m_childPidFd, POLLIN, 0};
        ::poll(&p, 1, 1000);
        closeFd(m_childPidFd);
    }
    m_cgroup.destroy();
    closeFd(m_slirpExitFd); // slirp4netns exits when its --exit-fd closes
    if (m_slirpPid > 0) {
        int status = 0;
        for (int i = 0; i < 50 && ::waitpid(pid_t(m_slirpPid), &status, WNOHANG) == 0; ++i)
            ::usleep(2000);
        m_slirpPid = -1;
    }

    if (m_stderrFd >= 0)
        readStderr();
    delete m_infoNotifier;
    m_infoNotifier = nullptr;
    delete m_stderrNotifier;
    m_stderrNotifier = nullptr;
    delete m_pidNotifier;
    m_pidNotifier = nullptr;
    if (m_reapPoll)
        m_reapPoll->stop();
    closeFd(m_infoFd);
    closeFd(m_stderrFd);
    closeFd(m_blockFd);
    closeFd(m_pidFd);

    if (!reason.isEmpty())
        qCWarning(lcLocal).noquote() << "sandbox" << m_options.id << "died:" << reason;
    else
        qCDebug(lcLocal) << "sandbox" << m_options.id << "stopped";
    if (m_agent)
        m_agent->close(); // pending requests fail with SandboxDead
    if (!emitSignals)
        return;
    if (!reason.isEmpty())
        Q_EMIT died(reason);
    Q_EMIT finished();
}

void SandboxProcess::stop(int graceMs)
{
    if (m_state != State::Starting && m_state != State::Running)
        return;
    m_hostAsked = true;
    m_state = State::Stopping;
    m_agent->shutdown([](Core::Result<Core::Unit>) {});
    m_stopTimer->start(qMax(0, graceMs));
}

void SandboxProcess::kill()
{
    m_hostAsked = true;
    teardown(true, {});
}

void SandboxProcess::signalKill()
{
    if (m_state == State::Stopped || m_state == State::NotStarted)
        return;
    m_hostAsked = true; // its end, when the agent's EOF tells, is no news
    if (m_childPidFd >= 0)
        ::syscall(SYS_pidfd_send_signal, m_childPidFd, SIGKILL, nullptr, 0);
    else if (m_childPid > 0 && m_bwrapStatus == -1)
        ::kill(pid_t(m_childPid), SIGKILL);
}

void SandboxProcess::closeFd(int &fd)
{
    if (fd >= 0)
        ::close(fd);
    fd = -1;
}

QString SandboxProcess::attachNetwork(qint64 childPid)
{
    // slirp4netns joins the sandbox's first user namespace (exposed at /run/.userns: with
    // --disable-userns the payload sits in a nested one it could not enter) and plugs a tap
    // device into its network namespace. --disable-host-loopback: 10.0.2.2 must not reach the
    // host's 127.0.0.1, where the app's own services and the user's listen.
    const QString slirp = QStandardPaths::findExecutable(QStringLiteral("slirp4netns"));
    if (slirp.isEmpty())
        return SandboxHost::networkUnavailableReason();
    int ready[2] = {-1, -1}, exitPipe[2] = {-1, -1};
    if (::pipe2(ready, O_CLOEXEC) != 0 || ::pipe2(exitPipe, O_CLOEXEC) != 0) {
        for (int fd : {ready[0], ready[1], exitPipe[0], exitPipe[1]})
            if (fd >= 0)
                ::close(fd);
        return errnoText(errno);
    }
    const QByteArray pid = QByteArray::number(childPid);
    QByteArrayList args {QFile::encodeName(slirp), "--configure", "--mtu=65520",
        "--disable-host-loopback", "--ready-fd=3", "--exit-fd=4", "--netns-type=path",
        "--userns-path=/proc/" + pid + "/root/run/.userns", "/proc/" + pid + "/ns/net", "tap0"};
    const std::vector<char *> argv = spawnArgv(args);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_adddup2(&fa, ready[1], 3);
    posix_spawn_file_actions_adddup2(&fa, exitPipe[0], 4);
    pid_t spid = -1;
    const int rc = ::posix_spawn(&spid, argv[0], &fa, nullptr, argv.data(), spawnEnvironment());
    posix_spawn_file_actions_destroy(&fa);
    ::close(ready[1]);
    ::close(exitPipe[0]);
    if (rc != 0) {
        ::close(ready[0]);
        ::close(exitPipe[1]);
        return QStringLiteral("cannot run slirp4netns: %1").arg(errnoText(rc));
    }
    m_slirpPid = spid;
    m_slirpExitFd = exitPipe[1];
    // It writes "1" once tap0 is up and configured; a few ms normally.
    struct pollfd p = {ready[0], POLLIN, 0};
    char byte = 0;
    const bool ok = ::poll(&p, 1, 5000) > 0 && ::read(ready[0], &byte, 1) == 1 && byte == '1';
    ::close(ready[0]);
    if (!ok)
        return QStringLiteral("slirp4netns did not come up (is /dev/net/tun usable by this user?)");
    return {};
}

} // namespace Hopx::Local

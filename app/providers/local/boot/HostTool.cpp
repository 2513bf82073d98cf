// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/boot/HostTool.h"

#include "core/base/MainThreadCall.h"
#include "core/base/ThreadHandoff.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QThreadPool>

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <vector>

namespace Hopx::Local {

namespace {

/* PATH alone (no API key). A sanitizer build (scripts/test.sh --asan/--tsan) also hands on the
 * sanitizers' own options: hopx-capfs is instrumented too and stays as a daemon whose stderr
 * is /dev/null, so without them its reports went nowhere, unsuppressed, and failed no test.
 * Built once (thread-safe static): runAsync() calls run() on pool threads. */
const QByteArrayList &childEnvironment()
{
    static const QByteArrayList environment = [] {
        QByteArrayList variables {QByteArrayLiteral("PATH=/usr/sbin:/usr/bin:/sbin:/bin")};
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
        for (const char *name : {"ASAN_OPTIONS", "LSAN_OPTIONS", "UBSAN_OPTIONS", "TSAN_OPTIONS"})
            if (const QByteArray value = qgetenv(name); !value.isEmpty())
                variables << QByteArray(name) + '=' + value;
#endif
        return variables;
    }();
    return environment;
}

} // namespace

QString HostTool::find(const QString &name)
{
    for (const char *dir : {"/usr/sbin/", "/usr/bin/", "/sbin/", "/bin/"}) {
        const QString path = QLatin1String(dir) + name;
        if (QFileInfo(path).isExecutable())
            return path;
    }
    return {};
}

void HostTool::initSpawnAttributes(posix_spawnattr_t *attr)
{
    posix_spawnattr_init(attr);
    sigset_t none, all;
    sigemptyset(&none);
    sigfillset(&all);
    posix_spawnattr_setsigmask(attr, &none);
    posix_spawnattr_setsigdefault(attr, &all);
    // Own process group: a terminal's Ctrl-C for the app must not reach the child first.
    posix_spawnattr_setpgroup(attr, 0);
    posix_spawnattr_setflags(
        attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP);
}

void HostTool::runAsync(QObject *context, const QString &program, const QStringList &args,
    const QString &workingDir, int timeoutMs, std::function<void(const Outcome &)> done)
{
    auto *back = new Core::MainThreadCall(context); // made here: done() runs here
    Core::ThreadHandoff::start(*QThreadPool::globalInstance(),
        [back, program, args, workingDir, timeoutMs, done = std::move(done)]() {
            const Outcome outcome = run(program, args, workingDir, timeoutMs);
            back->post([done, outcome] { done(outcome); });
        });
}

HostTool::Outcome HostTool::run(
    const QString &program, const QStringList &args, const QString &workingDir, int timeoutMs)
{
    Outcome outcome;
    QByteArrayList bytes {QFile::encodeName(program)};
    for (const QString &a : args)
        bytes << QFile::encodeName(a);
    std::vector<char *> argv;
    for (QByteArray &b : bytes)
        argv.push_back(b.data());
    argv.push_back(nullptr);
    std::vector<char *> env;
    for (const QByteArray &variable : childEnvironment())
        env.push_back(const_cast<char *>(variable.constData()));
    env.push_back(nullptr);

    int err[2];
    if (::pipe2(err, O_CLOEXEC) != 0) {
        outcome.said = QStringLiteral("pipe: %1").arg(qt_error_string(errno));
        return outcome;
    }
    const QByteArray cwd = QFile::encodeName(workingDir);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_adddup2(&fa, err[1], 2);
    posix_spawn_file_actions_addclosefrom_np(&fa, 3);
    if (!cwd.isEmpty())
        posix_spawn_file_actions_addchdir_np(&fa, cwd.constData());
    posix_spawnattr_t attr;
    initSpawnAttributes(&attr);
    pid_t pid = -1;
    const int rc = ::posix_spawn(&pid, argv[0], &fa, &attr, argv.data(), env.data());
    posix_spawn_file_actions_destroy(&fa);
    posix_spawnattr_destroy(&attr);
    ::close(err[1]);
    if (rc != 0) {
        ::close(err[0]);
        outcome.said = QStringLiteral("cannot run %1: %2").arg(program, qt_error_string(rc));
        return outcome;
    }

    // A daemon (hopx-capfs) keeps no copy of the pipe: it points its stdio at /dev/null, so EOF
    // comes when the foreground part exits.
    QByteArray said;
    QElapsedTimer clock;
    clock.start();
    int status = 0;
    bool reaped = false;
    bool eof = false;
    while (!reaped) {
        const qint64 left = timeoutMs - clock.elapsed();
        if (left <= 0) {
            ::kill(pid, SIGKILL);
            ::waitpid(pid, &status, 0);
            outcome.said = QStringLiteral("%1 did not finish within %2 s")
                               .arg(QFileInfo(program).fileName())
                               .arg(timeoutMs / 1000);
            ::close(err[0]);
            return outcome;
        }
        struct pollfd p = {err[0], POLLIN, 0};
        if (eof) {
            ::usleep(1000);
        } else if (::poll(&p, 1, int(std::min<qint64>(left, 50))) > 0) {
            char buffer[4096];
            const ssize_t n = ::read(err[0], buffer, sizeof(buffer));
            if (n > 0 && said.size() < 65536)
                said.append(buffer, int(n));
            eof = n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN);
        }
        reaped = ::waitpid(pid, &status, WNOHANG) == pid;
    }
    ::close(err[0]);
    outcome.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    outcome.said = QString::fromLocal8Bit(said.right(600)).simplified();
    return outcome;
}

} // namespace Hopx::Local

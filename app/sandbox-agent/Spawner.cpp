// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "sandbox-agent/Spawner.h"

#include "sandbox-agent/Builtins.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <sched.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

namespace Hopx::Agent {

namespace {

constexpr std::size_t kChildStack = 256 * 1024;

struct Failure
{
    int error;
    int stage; // 0 setup, 1 chdir, 2 exec
};

// Everything the child touches, prepared by the parent. Only pointers into it are read
// after the split.
struct Plan
{
    const Spawner::Request *request;
    std::vector<char *> argv;
    std::vector<char *> envp;
    std::vector<std::string> candidates; // where execve looks, in PATH order
    std::vector<char *> shArgv; // "/bin/sh <script> args..." for ENOEXEC
    int report = -1;
    bool builtin = false;
};

void report(int fd, int stage)
{
    const Failure f {errno, stage};
    (void)!::write(fd, &f, sizeof(f));
    ::_exit(127);
}

// Closes every fd >= 3 but `keep`; close_range (Linux >= 5.9) with a /proc-free fallback.
void closeExtra(int keep)
{
    const bool ok = (keep <= 3 || ::syscall(SYS_close_range, 3u, unsigned(keep - 1), 0) == 0)
        && ::syscall(SYS_close_range, unsigned(keep + 1), ~0u, 0) == 0;
    if (ok)
        return;
    for (int fd = 3; fd < 65536; ++fd) {
        if (fd != keep)
            ::close(fd);
    }
}

// Async-signal-safe, no allocation: shared by the vfork-style and the fork() child.
void setUpChild(const Plan &plan)
{
    const Spawner::Request &r = *plan.request;
    sigset_t none;
    sigemptyset(&none);
    struct sigaction dfl = {};
    dfl.sa_handler = SIG_DFL;
    // Without CLONE_SIGHAND the child has its own copy of the dispositions.
    for (int s = 1; s < NSIG; ++s) {
        if (s != SIGKILL && s != SIGSTOP)
            ::sigaction(s, &dfl, nullptr);
    }
    if (::setsid() < 0)
        report(plan.report, 0);
    int in, out, err;
    if (r.background) {
        char log[64] = "/tmp/.hopx/jobs/";
        char digits[16];
        int n = 0;
        for (pid_t pid = ::getpid(); pid > 0 && n < 15; pid /= 10)
            digits[n++] = char('0' + pid % 10);
        std::size_t at = std::strlen(log);
        while (n > 0)
            log[at++] = digits[--n];
        std::memcpy(log + at, ".log", 5);
        ::mkdir("/tmp/.hopx", 0700);
        ::mkdir("/tmp/.hopx/jobs", 0700);
        in = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
        out = ::open(log, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0600);
        err = out;
    } else {
        // Lift the received fds above 2 first so that the dup2()s cannot clobber them.
        in = ::fcntl(r.fds[0], F_DUPFD_CLOEXEC, 10);
        out = ::fcntl(r.fds[1], F_DUPFD_CLOEXEC, 10);
        err = ::fcntl(r.fds[2], F_DUPFD_CLOEXEC, 10);
    }
    if (in < 0 || out < 0 || err < 0 || ::dup2(in, 0) < 0 || ::dup2(out, 1) < 0
        || ::dup2(err, 2) < 0)
        report(plan.report, 0);
    closeExtra(plan.report); // the control socket, the signalfd, the originals
    if (::chdir(r.cwd.c_str()) != 0)
        report(plan.report, 1);
    if (r.cpuSeconds > 0) {
        // Soft limit -> SIGXCPU; the hard limit a second later kills programs that catch
        // SIGXCPU (Go does).
        const struct rlimit rl = {rlim_t(r.cpuSeconds), rlim_t(r.cpuSeconds + 1)};
        ::setrlimit(RLIMIT_CPU, &rl);
    }
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
}

int execChild(void *arg)
{
    Plan &plan = *static_cast<Plan *>(arg);
    setUpChild(plan);
    // execvp's rules: EACCES is remembered but the search goes on; ENOEXEC runs the file
    // with /bin/sh.
    int error = ENOENT;
    bool sawAccess = false;
    for (const std::string &path : plan.candidates) {
        ::execve(path.c_str(), plan.argv.data(), plan.envp.data());
        error = errno;
        if (error == ENOEXEC) {
            plan.shArgv[1] = const_cast<char *>(path.c_str());
            ::execve("/bin/sh", plan.shArgv.data(), plan.envp.data());
            error = errno;
            break;
        }
        if (error == EACCES)
            sawAccess = true;
        else if (error != ENOENT && error != ENOTDIR && error != ESTALE && error != ELOOP
            && error != ENAMETOOLONG)
            break;
    }
    errno = sawAccess && error == ENOENT ? EACCES : error;
    report(plan.report, 2);
    return 127;
}

void buildCandidates(Plan &plan)
{
    const std::string &file = plan.request->argv[0];
    if (file.find('/') != std::string::npos) {
        plan.candidates.push_back(file);
        return;
    }
    std::string path = "/usr/local/bin:/usr/bin:/bin";
    for (const std::string &e : plan.request->env) {
        if (e.compare(0, 5, "PATH=") == 0)
            path = e.substr(5);
    }
    std::size_t start = 0;
    for (;;) {
        const std::size_t colon = path.find(':', start);
        std::string dir = path.substr(start, colon == std::string::npos ? colon : colon - start);
        if (dir.empty())
            dir = "."; // an empty PATH element means the current directory
        plan.candidates.push_back(dir + '/' + file);
        if (colon == std::string::npos)
            break;
        start = colon + 1;
    }
}

} // namespace

pid_t Spawner::start(const Request &request, int &error, std::string &message)
{
    Plan plan;
    plan.request = &request;
    plan.builtin = request.argv[0][0] == '@';
    for (const std::string &a : request.argv)
        plan.argv.push_back(const_cast<char *>(a.c_str()));
    plan.argv.push_back(nullptr);
    for (const std::string &e : request.env)
        plan.envp.push_back(const_cast<char *>(e.c_str()));
    plan.envp.push_back(nullptr);
    if (!plan.builtin) {
        buildCandidates(plan);
        plan.shArgv.push_back(const_cast<char *>("/bin/sh"));
        plan.shArgv.push_back(nullptr); // the script, filled in by the child
        for (std::size_t i = 1; i < request.argv.size(); ++i)
            plan.shArgv.push_back(const_cast<char *>(request.argv[i].c_str()));
        plan.shArgv.push_back(nullptr);
    }

    int pipeFds[2];
    if (::pipe2(pipeFds, O_CLOEXEC) != 0) {
        error = errno;
        message = std::string("pipe: ") + std::strerror(error);
        return -1;
    }
    plan.report = pipeFds[1];

    pid_t pid;
    if (plan.builtin) {
        pid = ::fork();
        if (pid == 0) {
            ::close(pipeFds[0]);
            setUpChild(plan);
            ::close(plan.report); // from here on the builtin reports through its exit status
            // A full file system or RLIMIT_FSIZE must show up as an error, not as a signal.
            ::signal(SIGXFSZ, SIG_IGN);
            ::_exit(Builtins::run(request.argv));
        }
    } else {
        // One stack, reused: with CLONE_VFORK we are suspended until the child has exec'd
        // or exited, so it is never used twice at once.
        static void *stack = nullptr;
        if (!stack) {
            stack = ::mmap(nullptr, kChildStack, PROT_READ | PROT_WRITE,
                MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
            if (stack == MAP_FAILED)
                stack = nullptr;
        }
        if (!stack) {
            errno = ENOMEM;
            pid = -1;
        } else {
            pid = ::clone(execChild, static_cast<char *>(stack) + kChildStack,
                CLONE_VM | CLONE_VFORK | SIGCHLD, &plan);
        }
    }
    if (pid < 0) {
        error = errno;
        message = std::string("fork: ") + std::strerror(error);
        ::close(pipeFds[0]);
        ::close(pipeFds[1]);
        return -1;
    }
    ::close(pipeFds[1]);

    Failure failure {0, -1};
    ssize_t n;
    do {
        n = ::read(pipeFds[0], &failure, sizeof(failure));
    } while (n < 0 && errno == EINTR);
    ::close(pipeFds[0]);
    if (n != ssize_t(sizeof(failure)))
        return pid; // EOF: exec'd (CLOEXEC) or the builtin is running

    int status;
    ::waitpid(pid, &status, 0);
    error = failure.error;
    const std::string what = failure.stage == 1 ? "chdir " + request.cwd
        : failure.stage == 2                    ? request.argv[0]
                                                : std::string("setup");
    message = what + ": " + std::strerror(error);
    return -1;
}

} // namespace Hopx::Agent

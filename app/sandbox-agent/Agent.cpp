// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "sandbox-agent/Agent.h"

#include "sandbox-agent/AgentProtocol.h"
#include "sandbox-agent/Builtins.h"
#include "sandbox-agent/ProcTable.h"
#include "sandbox-agent/Spawner.h"

#include <cerrno>
#include <climits>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace Hopx::Agent {

namespace {

constexpr std::uint64_t kMaxTimeoutMs = 30ull * 24 * 3600 * 1000; // 30 days
constexpr std::uint64_t kMaxCpuSeconds = 1000000;
constexpr std::size_t kMaxJobs = 4096;
constexpr std::size_t kMaxSessionEnv = 64 * 1024;
constexpr int kMaxMessagesPerWakeup = 64;

std::uint64_t nowMs()
{
    struct timespec ts;
    ::clock_gettime(CLOCK_MONOTONIC, &ts);
    return std::uint64_t(ts.tv_sec) * 1000 + std::uint64_t(ts.tv_nsec) / 1000000;
}

bool validKey(const std::string &key)
{
    return !key.empty() && key.find('=') == std::string::npos;
}

} // namespace

Agent::Agent(int controlFd)
    : m_fd(controlFd)
{
    for (char **e = environ; e && *e; ++e) {
        const std::string entry(*e);
        const std::size_t eq = entry.find('=');
        if (eq != std::string::npos && eq > 0)
            m_baseEnv[entry.substr(0, eq)] = entry.substr(eq + 1);
    }
}

Agent::~Agent()
{
    if (m_signalFd >= 0)
        ::close(m_signalFd);
}

int Agent::run()
{
    sigset_t mask;
    sigemptyset(&mask);
    sigaddset(&mask, SIGCHLD);
    sigaddset(&mask, SIGTERM);
    sigaddset(&mask, SIGINT);
    sigaddset(&mask, SIGHUP);
    ::sigprocmask(SIG_BLOCK, &mask, nullptr);
    m_signalFd = ::signalfd(-1, &mask, SFD_CLOEXEC | SFD_NONBLOCK);
    if (m_signalFd < 0) {
        ::perror("hopx-sandbox-agent: signalfd");
        return 1;
    }

    while (m_running) {
        struct pollfd fds[2] = {{m_fd, POLLIN, 0}, {m_signalFd, POLLIN, 0}};
        const int n = ::poll(fds, 2, pollTimeoutMs());
        if (n < 0 && errno != EINTR) {
            ::perror("hopx-sandbox-agent: poll");
            break;
        }
        if (n > 0 && (fds[1].revents & POLLIN)) {
            struct signalfd_siginfo info;
            while (::read(m_signalFd, &info, sizeof(info)) == ssize_t(sizeof(info))) {
                if (info.ssi_signo != SIGCHLD)
                    m_running = false;
            }
            reapChildren();
        }
        if (n > 0 && fds[0].revents) {
            for (int i = 0; i < kMaxMessagesPerWakeup && m_running; ++i) {
                Message msg;
                const Message::Status st = Message::receive(m_fd, msg);
                if (st == Message::Status::Again)
                    break;
                if (st == Message::Status::Eof) {
                    m_running = false;
                    break;
                }
                if (st == Message::Status::Invalid) {
                    // We cannot trust the REQID of a message we could not read whole.
                    replyError(0, EMSGSIZE, "malformed or oversized message");
                    continue;
                }
                handle(msg);
            }
        }
        enforceDeadlines();
    }
    killEverything();
    return 0;
}

void Agent::handle(Message &msg)
{
    const std::vector<std::string> &f = msg.fields;
    std::uint64_t reqId = 0;
    if (f.size() < 2 || !Message::parseUnsigned(f[1], UINT64_MAX, reqId) || reqId == 0) {
        replyError(0, EINVAL, "missing or invalid REQID");
        return;
    }
    const std::string &verb = f[0];
    if (verb == "EXEC") {
        handleExec(msg, reqId);
        return;
    }
    if (!msg.fds.empty()) {
        replyError(reqId, EINVAL, "unexpected file descriptors");
        return;
    }
    if (verb == "HELLO") {
        reply({"READY", f[1], std::to_string(kProtocolVersion), std::to_string(::getpid())});
    } else if (verb == "KILL") {
        handleKill(f, reqId);
    } else if (verb == "SETENV") {
        handleSetEnv(f, reqId);
    } else if (verb == "UNSETENV") {
        handleUnsetEnv(f, reqId);
    } else if (verb == "CLEARENV" && f.size() == 2) {
        m_sessionEnv.clear();
        replyOk(reqId);
    } else if (verb == "GETENV" && f.size() == 2) {
        std::vector<std::string> out {"ENV", f[1]};
        for (const auto &kv : m_sessionEnv)
            out.push_back(kv.first + '=' + kv.second);
        reply(out);
    } else if (verb == "PS" && f.size() == 2) {
        handlePs(reqId);
    } else if (verb == "ADOPT") {
        handleAdopt(f, reqId);
    } else if (verb == "SHUTDOWN" && f.size() == 2) {
        killEverything();
        replyOk(reqId);
        m_running = false;
    } else {
        replyError(reqId, EINVAL, "unknown verb or wrong field count: " + verb.substr(0, 32));
    }
}

void Agent::handleExec(Message &msg, std::uint64_t reqId)
{
    const std::vector<std::string> &f = msg.fields;
    // EXEC REQID timeout_ms cpu_s cwd flags nenv K=V... argv0 argv...
    std::uint64_t timeoutMs = 0, cpuSeconds = 0, nenv = 0;
    if (f.size() < 8 || !Message::parseUnsigned(f[2], kMaxTimeoutMs, timeoutMs)
        || !Message::parseUnsigned(f[3], kMaxCpuSeconds, cpuSeconds)
        || !Message::parseUnsigned(f[6], f.size() - 8, nenv)) {
        replyError(reqId, EINVAL, "malformed EXEC");
        return;
    }
    const std::string &cwd = f[4];
    if (cwd.empty() || cwd[0] != '/') {
        replyError(reqId, EINVAL, "cwd must be absolute");
        return;
    }
    bool background = false;
    if (f[5] != "-") {
        for (char c : f[5]) {
            if (c != 'b') {
                replyError(reqId, EINVAL, "unknown EXEC flag");
                return;
            }
            background = true;
        }
    }
    std::vector<std::string> overrides(f.begin() + 7, f.begin() + 7 + long(nenv));
    for (const std::string &kv : overrides) {
        if (!validKey(kv.substr(0, kv.find('='))) || kv.find('=') == std::string::npos) {
            replyError(reqId, EINVAL, "env entries must be K=V");
            return;
        }
    }
    const std::vector<std::string> argv(f.begin() + 7 + long(nenv), f.end());
    if (argv[0].empty()) {
        replyError(reqId, EINVAL, "empty argv0");
        return;
    }
    if (msg.fds.size() != (background ? 0u : 3u)) {
        replyError(reqId, EINVAL,
            background ? "a background EXEC takes no fds" : "EXEC needs exactly 3 fds");
        return;
    }
    const bool builtin = argv[0][0] == '@';
    int error = 0;
    std::string message;
    if (builtin && !Builtins::validate(argv, error, message)) {
        replyError(reqId, error, message);
        return;
    }
    if (m_jobs.size() >= kMaxJobs) {
        replyError(reqId, EAGAIN, "too many running executions");
        return;
    }

    Spawner::Request request;
    request.argv = argv;
    request.env = childEnvironment(overrides);
    request.cwd = cwd;
    request.cpuSeconds = cpuSeconds;
    request.background = background;
    for (std::size_t i = 0; i < msg.fds.size(); ++i)
        request.fds[i] = msg.fds[i];
    const pid_t pid = Spawner::start(request, error, message);
    msg.closeFds();
    if (pid < 0) {
        replyError(reqId, error, message);
        return;
    }
    Job job;
    job.reqId = reqId;
    job.background = background;
    job.deadlineMs = timeoutMs ? nowMs() + timeoutMs : 0;
    job.cpuSeconds = cpuSeconds;
    m_jobs[pid] = job;
    reply({"STARTED", std::to_string(reqId), std::to_string(pid)});
}

void Agent::handleAdopt(const std::vector<std::string> &f, std::uint64_t reqId)
{
    std::uint64_t pid = 0;
    if (f.size() != 3 || !Message::parseUnsigned(f[2], INT_MAX, pid) || pid <= 2) {
        replyError(reqId, EINVAL, "malformed ADOPT");
        return;
    }
    if (m_jobs.count(pid_t(pid))) {
        replyError(reqId, EBUSY, "already a job");
        return;
    }
    // Only a process that is our child now (re-parented to us, the subreaper): then its end
    // comes to reapChildren() like any job's, and nobody else can reap it first.
    long ppid = -1;
    const std::string statPath = "/proc/" + std::to_string(pid) + "/stat";
    if (FILE *stat = std::fopen(statPath.c_str(), "re")) {
        char buffer[512];
        const std::size_t n = std::fread(buffer, 1, sizeof(buffer) - 1, stat);
        std::fclose(stat);
        buffer[n] = '\0';
        // "pid (comm) state ppid …": comm may hold spaces and parentheses; the last ')' ends it.
        if (const char *close = std::strrchr(buffer, ')'))
            std::sscanf(close + 1, " %*c %ld", &ppid);
    }
    if (ppid != long(::getpid())) {
        replyError(reqId, ESRCH, "not a child of the agent");
        return;
    }
    Job job;
    job.reqId = reqId;
    m_jobs[pid_t(pid)] = job;
    reply({"STARTED", f[1], f[2]});
}

void Agent::handleKill(const std::vector<std::string> &f, std::uint64_t reqId)
{
    std::uint64_t pid = 0, sig = 0;
    if (f.size() != 5 || !Message::parseUnsigned(f[2], INT_MAX, pid)
        || !Message::parseUnsigned(f[3], 64, sig) || (f[4] != "0" && f[4] != "1")) {
        replyError(reqId, EINVAL, "malformed KILL");
        return;
    }
    if (pid <= 2 || pid_t(pid) == ::getpid()) {
        replyError(reqId, EPERM, "refusing to signal the sandbox's init or agent");
        return;
    }
    const pid_t target = f[4] == "1" ? -pid_t(pid) : pid_t(pid);
    if (::kill(target, int(sig)) != 0) {
        replyError(reqId, errno, std::strerror(errno));
        return;
    }
    replyOk(reqId);
}

void Agent::handleSetEnv(const std::vector<std::string> &f, std::uint64_t reqId)
{
    std::map<std::string, std::string> next = m_sessionEnv;
    for (std::size_t i = 2; i < f.size(); ++i) {
        const std::size_t eq = f[i].find('=');
        if (eq == std::string::npos || !validKey(f[i].substr(0, eq))) {
            replyError(reqId, EINVAL, "entries must be K=V");
            return;
        }
        next[f[i].substr(0, eq)] = f[i].substr(eq + 1);
    }
    std::size_t size = 0;
    for (const auto &kv : next)
        size += kv.first.size() + kv.second.size() + 2;
    // GETENV must always fit in one datagram.
    if (size > kMaxSessionEnv) {
        replyError(reqId, E2BIG, "session environment too large");
        return;
    }
    m_sessionEnv.swap(next);
    replyOk(reqId);
}

void Agent::handleUnsetEnv(const std::vector<std::string> &f, std::uint64_t reqId)
{
    for (std::size_t i = 2; i < f.size(); ++i) {
        if (!validKey(f[i])) {
            replyError(reqId, EINVAL, "invalid variable name");
            return;
        }
    }
    for (std::size_t i = 2; i < f.size(); ++i)
        m_sessionEnv.erase(f[i]);
    replyOk(reqId);
}

void Agent::handlePs(std::uint64_t reqId)
{
    std::vector<std::string> out {"PROCS", std::to_string(reqId)};
    for (std::string &r : ProcTable::records(::getpid(), kMaxMessage - 64))
        out.push_back(std::move(r));
    reply(out);
}

std::vector<std::string> Agent::childEnvironment(const std::vector<std::string> &overrides) const
{
    std::map<std::string, std::string> env = m_baseEnv;
    for (const auto &kv : m_sessionEnv)
        env[kv.first] = kv.second;
    for (const std::string &kv : overrides) {
        const std::size_t eq = kv.find('=');
        env[kv.substr(0, eq)] = kv.substr(eq + 1);
    }
    std::vector<std::string> out;
    out.reserve(env.size());
    for (const auto &kv : env)
        out.push_back(kv.first + '=' + kv.second);
    return out;
}

void Agent::reapChildren()
{
    for (;;) {
        int status = 0;
        struct rusage ru = {};
        const pid_t pid = ::wait4(-1, &status, WNOHANG, &ru);
        if (pid <= 0)
            return;
        // A traced child reports stops even without WUNTRACED; only an end is an end.
        if (!WIFEXITED(status) && !WIFSIGNALED(status))
            continue;
        const auto it = m_jobs.find(pid);
        if (it == m_jobs.end())
            continue; // an orphan re-parented to us (we are a subreaper)
        const Job job = it->second;
        m_jobs.erase(it);
        const int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        const int sig = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
        if (job.background) {
            reply({"BGEXIT", "0", std::to_string(pid), std::to_string(code), std::to_string(sig)});
            continue;
        }
        const std::uint64_t cpuMs = std::uint64_t(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000
            + std::uint64_t(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1000;
        std::string flags;
        if (job.timedOut)
            flags += 't';
        // SIGXCPU at the soft limit, or SIGKILL at the hard one for programs that catch it.
        if (job.cpuSeconds > 0 && !job.timedOut
            && (sig == SIGXCPU || (sig == SIGKILL && cpuMs + 50 >= job.cpuSeconds * 1000)))
            flags += 'c';
        if (flags.empty())
            flags = "-";
        reply({"EXIT", std::to_string(job.reqId), std::to_string(pid), std::to_string(code),
            std::to_string(sig), std::to_string(cpuMs), std::to_string(ru.ru_maxrss), flags});
    }
}

void Agent::enforceDeadlines()
{
    const std::uint64_t now = nowMs();
    for (auto &entry : m_jobs) {
        Job &job = entry.second;
        if (job.deadlineMs && now >= job.deadlineMs && !job.timedOut) {
            // The job leads its own process group (setsid), so this takes its children too.
            ::kill(-entry.first, SIGKILL);
            ::kill(entry.first, SIGKILL);
            job.timedOut = true;
        }
    }
}

int Agent::pollTimeoutMs() const
{
    std::uint64_t next = 0;
    for (const auto &entry : m_jobs) {
        const Job &job = entry.second;
        if (job.deadlineMs && !job.timedOut && (!next || job.deadlineMs < next))
            next = job.deadlineMs;
    }
    if (!next)
        return -1;
    const std::uint64_t now = nowMs();
    return next <= now ? 0 : int(std::min<std::uint64_t>(next - now, INT_MAX));
}

void Agent::killEverything()
{
    // In the sandbox we are pid 2 of our own pid namespace and kill(-1) reaches exactly the
    // sandbox (minus bwrap's init). Run anywhere else (debugging), it would hit every process
    // of the user, so there only our own process groups are killed.
    if (::getpid() <= 2) {
        ::kill(-1, SIGKILL);
    } else {
        for (const auto &entry : m_jobs) {
            ::kill(-entry.first, SIGKILL);
            ::kill(entry.first, SIGKILL);
        }
    }
    reapChildren();
}

void Agent::reply(const std::vector<std::string> &fields)
{
    if (!Message::send(m_fd, fields))
        m_running = false; // the host is gone
}

void Agent::replyOk(std::uint64_t reqId)
{
    reply({"OK", std::to_string(reqId)});
}

void Agent::replyError(std::uint64_t reqId, int error, const std::string &message)
{
    reply({"ERROR", std::to_string(reqId), std::to_string(error), message});
}

} // namespace Hopx::Agent

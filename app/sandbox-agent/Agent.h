// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "sandbox-agent/Message.h"

#include <cstdint>
#include <map>
#include <string>
#include <sys/types.h>
#include <vector>

namespace Hopx::Agent {

/*! \brief pid 2 of a sandbox: serves AgentProtocol requests on the control socket.
 *
 * Single-threaded: one poll() over the control socket and a signalfd (SIGCHLD, SIGTERM...).
 * It is a child subreaper, so daemonised grandchildren come back to it and are reaped.
 */
class Agent
{
public:
    explicit Agent(int controlFd);
    ~Agent();
    Agent(const Agent &) = delete;
    Agent &operator=(const Agent &) = delete;

    //! Serves until SHUTDOWN, EOF or SIGTERM; returns the process exit status.
    int run();

private:
    struct Job
    {
        std::uint64_t reqId = 0;
        bool background = false;
        std::uint64_t deadlineMs = 0; // CLOCK_MONOTONIC; 0 = none
        std::uint64_t cpuSeconds = 0;
        bool timedOut = false;
    };

    void handle(Message &msg);
    void handleExec(Message &msg, std::uint64_t reqId);
    void handleKill(const std::vector<std::string> &f, std::uint64_t reqId);
    void handleSetEnv(const std::vector<std::string> &f, std::uint64_t reqId);
    void handleUnsetEnv(const std::vector<std::string> &f, std::uint64_t reqId);
    void handlePs(std::uint64_t reqId);
    void handleAdopt(const std::vector<std::string> &f, std::uint64_t reqId);

    void reapChildren();
    void enforceDeadlines();
    int pollTimeoutMs() const;
    void killEverything();
    std::vector<std::string> childEnvironment(const std::vector<std::string> &overrides) const;

    void reply(const std::vector<std::string> &fields);
    void replyOk(std::uint64_t reqId);
    void replyError(std::uint64_t reqId, int error, const std::string &message);

    int m_fd;
    int m_signalFd = -1;
    bool m_running = true;
    std::map<pid_t, Job> m_jobs;
    std::map<std::string, std::string> m_baseEnv; // what bwrap --setenv gave us
    std::map<std::string, std::string> m_sessionEnv; // SETENV
};

} // namespace Hopx::Agent

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <chrono>
#include <deque>
#include <map>
#include <string>

namespace Hopx::Bridge {

/*! \brief stdin/stdout ⇄ the app's local socket, line for line, byte for byte.
 *
 * Plain POSIX (no Qt): an IDE may start it for every chat, so it must start in about a
 * millisecond and stay small. stdout carries protocol only. Requests forwarded to the app
 * are remembered until answered, so that when the app cannot be reached or dies, each gets
 * a JSON-RPC error saying what to do and the bridge exits 1 instead of leaving the IDE
 * waiting. stdin EOF ends the session once the requests already sent are answered.
 */
class Bridge
{
public:
    struct Options
    {
        std::string socketPath;  // the file path of the app's socket
        bool launch = true;      // start hopx-desktop when no server answers
        int launchWaitMs = 10000;
        std::string appPath;     // empty = next to this binary, else on PATH
    };

    explicit Bridge(Options options);
    ~Bridge();
    //! Runs until the session ends; returns the process exit code.
    int run();

private:
    using Clock = std::chrono::steady_clock;

    bool tryConnect();
    void onConnected();
    void connectFailed();
    bool launchApp();
    void readStdin();
    void readSocket();
    void handleStdinLine(std::string line);
    void trackRequest(const std::string &line);
    void trackResponse(const std::string &line);
    void fail(const std::string &message);
    void answerPending();
    void writeStdout(const std::string &bytes);
    bool flushSocket();
    void log(const std::string &message) const;

    Options m_options;
    int m_socket = -1;
    bool m_connected = false;
    bool m_launched = false;
    bool m_stdinClosed = false;
    bool m_done = false;
    int m_exitCode = 0;
    Clock::time_point m_launchStarted;
    Clock::time_point m_nextAttempt;
    std::string m_stdinBuffer;
    std::string m_socketIn;
    std::string m_socketOut;
    std::deque<std::string> m_queued;                 // lines read before the app answered
    std::map<std::string, std::string> m_pending;     // id key → id JSON, awaiting answers
    std::string m_failure;                            // set once the app is unreachable
};

} // namespace Hopx::Bridge

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <chrono>
#include <map>
#include <string>

namespace Hopx::Bridge {

/*! \brief stdin/stdout ⇄ the app's local socket, line for line, byte for byte.
 *
 * When stdin and stdout are pipes or sockets (as an IDE starts us), the bridge hands both to
 * the app instead (see ipc/Handoff.h): the app then reads and writes the IDE's pipes itself,
 * one process hop fewer each way, and keeps the bridge told which requests are open so the
 * bridge can still answer them if the app dies. Otherwise, or with --no-handoff, it forwards.
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
        std::string socketPath; // the file path of the app's socket
        bool launch = true; // start hopx-desktop when no server answers
        int launchWaitMs = 10000;
        std::string appPath; // empty = next to this binary, else on PATH
        bool handoff = true; // offer stdin/stdout to the app when they are pipes/sockets
        std::string tools; // the tool profile for this connection; empty: the app's default
    };

    explicit Bridge(Options options);
    ~Bridge();
    //! Runs until the session ends; returns the process exit code.
    int run();

private:
    using Clock = std::chrono::steady_clock;
    enum class Mode {
        Forwarding, // every line goes through us
        Offering, // hello sent with "handoff":1; stdin untouched until the app answers
        Offered, // descriptors sent; waiting for "ok" or "no"
        HandedOff, // the app serves stdin/stdout; the socket carries control lines only
    };

    bool tryConnect();
    void onConnected();
    void connectFailed();
    bool launchApp();
    void readStdin();
    void readSocket();
    void handleStdinLine(std::string line);
    void handleControlLine(const std::string &line);
    void appGone();
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
    Mode m_mode = Mode::Forwarding;
    int m_byeCode = -1; // the app's exit code for us once it said hopx_bye
    bool m_done = false;
    int m_exitCode = 0;
    Clock::time_point m_launchStarted;
    Clock::time_point m_nextAttempt;
    std::string m_stdinBuffer;
    std::string m_socketIn;
    std::string m_socketOut;
    std::map<std::string, std::string> m_pending; // id key → id JSON, awaiting answers
    std::string m_failure; // set once the app is unreachable
};

} // namespace Hopx::Bridge

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "bridge/Bridge.h"

#include "ipc/Handoff.h"
#include "ipc/JsonScan.h"

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace Hopx::Bridge {

using Ipc::jsonQuote;
using Ipc::MessageInfo;
using Ipc::scanMessage;

namespace {

bool startsWith(const std::string &line, std::string_view prefix)
{
    return line.compare(0, prefix.size(), prefix) == 0;
}

constexpr size_t kMaxLine = 64u * 1024 * 1024; // the app enforces its own, smaller limit
constexpr int kRetryMs = 50;
// The environment an IDE gives its bridge for its own connection (the hello carries it).
constexpr const char *kConnectionEnv[] = {"HOPX_API_KEY", "HOPX_BASE_URL", "HOPX_PROVIDER"};

std::string dirOfSelf()
{
    char buf[PATH_MAX];
    const ssize_t n = ::readlink("/proc/self/exe", buf, sizeof(buf) - 1);
    if (n <= 0)
        return {};
    std::string path(buf, size_t(n));
    const size_t slash = path.rfind('/');
    return slash == std::string::npos ? std::string() : path.substr(0, slash);
}

bool isExecutable(const std::string &path)
{
    struct stat st
    {
    };
    return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode)
        && ::access(path.c_str(), X_OK) == 0;
}

std::string findOnPath(const std::string &name)
{
    const char *path = std::getenv("PATH");
    std::string dirs = path ? path : "/usr/local/bin:/usr/bin:/bin";
    size_t start = 0;
    while (start <= dirs.size()) {
        const size_t end = dirs.find(':', start);
        const std::string dir =
            dirs.substr(start, end == std::string::npos ? std::string::npos : end - start);
        if (!dir.empty() && isExecutable(dir + "/" + name))
            return dir + "/" + name;
        if (end == std::string::npos)
            break;
        start = end + 1;
    }
    return {};
}

} // namespace

Bridge::Bridge(Options options)
    : m_options(std::move(options))
{ }

Bridge::~Bridge()
{
    if (m_socket >= 0)
        ::close(m_socket);
}

void Bridge::log(const std::string &message) const
{
    // Diagnostics go to stderr only: stdout is the protocol channel.
    const std::string line = "hopx-mcp: " + message + "\n";
    [[maybe_unused]] auto n = ::write(STDERR_FILENO, line.data(), line.size());
}

bool Bridge::tryConnect()
{
    if (m_socket >= 0)
        ::close(m_socket);
    m_socket = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (m_socket < 0)
        return false;
    sockaddr_un addr {};
    addr.sun_family = AF_UNIX;
    if (m_options.socketPath.size() >= sizeof(addr.sun_path)) {
        fail("The socket path is too long: " + m_options.socketPath);
        return false;
    }
    std::memcpy(addr.sun_path, m_options.socketPath.c_str(), m_options.socketPath.size() + 1);
    if (::connect(m_socket, reinterpret_cast<sockaddr *>(&addr), sizeof(addr)) != 0) {
        ::close(m_socket);
        m_socket = -1;
        return false;
    }
    ::fcntl(m_socket, F_SETFL, ::fcntl(m_socket, F_GETFL) | O_NONBLOCK);
    return true;
}

void Bridge::onConnected()
{
    m_connected = true;
    // The hello carries what applies to this connection only; the app never logs its values.
    std::string env;
    for (const char *name : kConnectionEnv) {
        const char *value = std::getenv(name);
        if (value && *value)
            env += (env.empty() ? "" : ",") + jsonQuote(name) + ":" + jsonQuote(value);
    }
    // Nothing has been read from stdin yet (we never read it before connecting), so the
    // IDE's bytes can all go to the app straight from the pipe.
    const bool offer = m_options.handoff && Ipc::Handoff::isStreamDescriptor(STDIN_FILENO)
        && Ipc::Handoff::isStreamDescriptor(STDOUT_FILENO);
    m_mode = offer ? Mode::Offering : Mode::Forwarding;
    m_socketOut += "{\"hopx_hello\":{\"version\":1,\"pid\":" + std::to_string(::getpid())
        + (offer ? ",\"handoff\":1" : "")
        + (m_options.tools.empty() ? "" : ",\"tools\":" + jsonQuote(m_options.tools.c_str()))
        + ",\"env\":{" + env + "}}}\n";
}

void Bridge::connectFailed()
{
    if (!m_launched) {
        if (!m_options.launch) {
            fail("HOPX Desktop is not running (no server on " + m_options.socketPath
                + "). Start HOPX Desktop, or drop --no-launch to let hopx-mcp start it, then "
                  "retry.");
            return;
        }
        m_launched = true;
        if (!launchApp()) {
            fail(
                "HOPX Desktop is not running and hopx-desktop was not found next to hopx-mcp or on "
                "PATH. Install or start HOPX Desktop, then retry.");
            return;
        }
        m_launchStarted = Clock::now();
    }
    const auto waited =
        std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - m_launchStarted)
            .count();
    if (waited > m_options.launchWaitMs) {
        fail("HOPX Desktop was started but did not open " + m_options.socketPath + " within "
            + std::to_string(m_options.launchWaitMs / 1000)
            + " s. Check that it runs (hopx-desktop --headless shows why), then retry.");
        return;
    }
    m_nextAttempt = Clock::now() + std::chrono::milliseconds(kRetryMs);
}

bool Bridge::launchApp()
{
    std::string app = m_options.appPath;
    if (app.empty()) {
        const std::string sibling = dirOfSelf() + "/hopx-desktop";
        app = isExecutable(sibling) ? sibling : findOnPath("hopx-desktop");
    }
    if (app.empty())
        return false;
    int report[2];
    if (::pipe2(report, O_CLOEXEC) != 0)
        return false;
    const pid_t child = ::fork();
    if (child < 0) {
        ::close(report[0]);
        ::close(report[1]);
        return false;
    }
    if (child == 0) {
        // Detach twice so the app is nobody's child here: it outlives the bridge, like a tray app.
        ::setsid();
        const pid_t grandchild = ::fork();
        if (grandchild == 0) {
            // The app must never write on our stdout (the protocol channel), and what the hello
            // carries (key, base URL, provider) belongs to this connection, not to every client
            // of the app: another IDE must not get the cloud because this one started the app.
            const int null = ::open("/dev/null", O_RDWR);
            ::dup2(null, STDIN_FILENO);
            ::dup2(null, STDOUT_FILENO);
            ::dup2(null, STDERR_FILENO);
            for (const char *name : kConnectionEnv)
                ::unsetenv(name);
            const char *argv[] = {
                app.c_str(), "--background", "--socket", m_options.socketPath.c_str(), nullptr};
            ::execve(app.c_str(), const_cast<char **>(argv), environ);
            ::_exit(127);
        }
        const long pid = grandchild;
        [[maybe_unused]] auto n = ::write(report[1], &pid, sizeof pid);
        ::_exit(grandchild > 0 ? 0 : 1);
    }
    ::close(report[1]);
    long pid = 0;
    const ssize_t n = ::read(report[0], &pid, sizeof pid);
    ::close(report[0]);
    int status = 0;
    ::waitpid(child, &status, 0);
    if (n != sizeof pid || pid <= 0)
        return false;
    log("started " + app + " (pid " + std::to_string(pid) + ")");
    return true;
}

void Bridge::trackRequest(const std::string &line)
{
    const MessageInfo info = scanMessage(line);
    if (info.hasMethod && info.hasId)
        m_pending[info.idKey] = info.idJson;
    // A cancelled request gets no answer (MCP's cancellation rule): without this, the bridge
    // would wait for it at exit and answer it with "HOPX Desktop stopped".
    if (!info.cancelledIdKey.empty())
        m_pending.erase(info.cancelledIdKey);
}

void Bridge::trackResponse(const std::string &line)
{
    if (m_pending.empty())
        return;
    const MessageInfo info = scanMessage(line);
    if (!info.hasMethod && info.hasId)
        m_pending.erase(info.idKey);
}

void Bridge::answerPending()
{
    std::string out;
    for (const auto &entry : m_pending)
        out += "{\"jsonrpc\":\"2.0\",\"id\":" + entry.second
            + ",\"error\":{\"code\":-32000,\"message\":" + jsonQuote(m_failure) + "}}\n";
    const bool answered = !m_pending.empty();
    m_pending.clear();
    if (!out.empty())
        writeStdout(out);
    // Without an app there is nothing to wait for once a request had its answer, or when the
    // IDE is gone; otherwise wait for the first request so the IDE sees why.
    if (answered || m_stdinClosed) {
        m_exitCode = 1;
        m_done = true;
    }
}

void Bridge::fail(const std::string &message)
{
    if (m_failure.empty())
        log(message);
    m_failure = message;
    answerPending();
}

void Bridge::writeStdout(const std::string &bytes)
{
    const char *p = bytes.data();
    size_t left = bytes.size();
    while (left > 0) {
        const ssize_t n = ::write(STDOUT_FILENO, p, left);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            if (errno == EAGAIN) {
                pollfd out {STDOUT_FILENO, POLLOUT, 0};
                ::poll(&out, 1, 1000);
                continue;
            }
            m_done = true; // the IDE went away
            m_exitCode = 1;
            return;
        }
        p += n;
        left -= size_t(n);
    }
}

bool Bridge::flushSocket()
{
    while (!m_socketOut.empty()) {
        const ssize_t n = ::send(m_socket, m_socketOut.data(), m_socketOut.size(), MSG_NOSIGNAL);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return errno == EAGAIN;
        }
        m_socketOut.erase(0, size_t(n));
    }
    return true;
}

void Bridge::handleStdinLine(std::string line)
{
    if (!line.empty() && line.back() == '\r')
        line.pop_back();
    if (!m_failure.empty()) {
        trackRequest(line);
        answerPending();
        return;
    }
    trackRequest(line);
    m_socketOut += line;
    m_socketOut += '\n';
}

void Bridge::readStdin()
{
    char buf[65536];
    const ssize_t n = ::read(STDIN_FILENO, buf, sizeof buf);
    if (n < 0 && (errno == EINTR || errno == EAGAIN))
        return;
    if (n <= 0) {
        m_stdinClosed = true;
        return;
    }
    m_stdinBuffer.append(buf, size_t(n));
    size_t start = 0;
    size_t nl;
    while ((nl = m_stdinBuffer.find('\n', start)) != std::string::npos) {
        handleStdinLine(m_stdinBuffer.substr(start, nl - start));
        start = nl + 1;
    }
    m_stdinBuffer.erase(0, start);
    if (m_stdinBuffer.size() > kMaxLine) {
        log("a message on stdin exceeded 64 MiB; closing");
        m_done = true;
        m_exitCode = 1;
    }
}

void Bridge::appGone()
{
    // The app closed the connection (quit or crashed).
    m_connected = false;
    ::close(m_socket);
    m_socket = -1;
    if (m_byeCode >= 0) { // a hand-off session the app ended normally
        m_exitCode = m_byeCode;
        m_done = true;
        return;
    }
    if (m_mode == Mode::Forwarding && m_stdinClosed && m_pending.empty()) {
        m_done = true;
        return;
    }
    log("HOPX Desktop closed the connection");
    fail("HOPX Desktop stopped while this request was running (the app quit or crashed). Start "
         "HOPX Desktop again and retry; sandboxes it ran are gone.");
    m_done = true;
    m_exitCode = 1;
}

void Bridge::handleControlLine(const std::string &line)
{
    if (m_mode == Mode::HandedOff) {
        const MessageInfo info = scanMessage(line);
        if (startsWith(line, Ipc::Handoff::kPendingPrefix) && info.hasId)
            m_pending[info.idKey] = info.idJson;
        else if (startsWith(line, Ipc::Handoff::kDonePrefix) && info.hasId)
            m_pending.erase(info.idKey);
        else if (startsWith(line, Ipc::Handoff::kByePrefix))
            m_byeCode = std::max(0, std::atoi(line.c_str() + Ipc::Handoff::kByePrefix.size()));
        return;
    }
    if (line == Ipc::Handoff::kSend && m_mode == Mode::Offering) {
        m_mode = Mode::Offered;
        if (!Ipc::Handoff::sendDescriptors(m_socket, STDIN_FILENO, STDOUT_FILENO))
            log("could not pass stdin/stdout to HOPX Desktop; forwarding instead");
        // On failure the app times out waiting and answers "no".
    } else if (line == Ipc::Handoff::kAccepted && m_mode == Mode::Offered) {
        m_mode = Mode::HandedOff;
    } else if (line == Ipc::Handoff::kDeclined) {
        m_mode = Mode::Forwarding;
    } else {
        log("unexpected line from HOPX Desktop during the hand-off; forwarding");
        m_mode = Mode::Forwarding;
    }
}

void Bridge::readSocket()
{
    char buf[65536];
    bool closed = false;
    while (true) {
        const ssize_t n = ::recv(m_socket, buf, sizeof buf, 0);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && errno == EAGAIN)
            break;
        if (n <= 0) {
            closed = true; // but first pass on what came before the end (answers, a bye)
            break;
        }
        m_socketIn.append(buf, size_t(n));
    }
    size_t start = 0;
    size_t nl;
    std::string out;
    while ((nl = m_socketIn.find('\n', start)) != std::string::npos) {
        const std::string line = m_socketIn.substr(start, nl - start);
        if (m_mode == Mode::Forwarding) {
            trackResponse(line);
            out.append(m_socketIn, start, nl - start + 1);
        } else {
            handleControlLine(line);
        }
        start = nl + 1;
    }
    m_socketIn.erase(0, start);
    if (!out.empty())
        writeStdout(out);
    if (closed)
        appGone();
}

int Bridge::run()
{
    if (tryConnect())
        onConnected();
    else
        connectFailed();

    while (!m_done) {
        if (m_connected && !flushSocket()) {
            // A send error other than EAGAIN: the next recv reports the closed connection.
        }
        if (m_stdinClosed) {
            if (!m_failure.empty()) {
                m_exitCode = 1;
                break;
            }
            if (m_connected && m_pending.empty() && m_socketOut.empty())
                break;
        }
        pollfd fds[2];
        int count = 0;
        // stdin is read only when we forward (or must answer for a missing app): before the
        // app answers the hello its bytes may still be handed off untouched.
        const bool wantStdin = (m_connected && m_mode == Mode::Forwarding) || !m_failure.empty();
        if (!m_stdinClosed && wantStdin)
            fds[count++] = {STDIN_FILENO, POLLIN, 0};
        if (m_connected)
            fds[count++] = {m_socket, short(POLLIN | (m_socketOut.empty() ? 0 : POLLOUT)), 0};
        int timeout = -1;
        if (!m_connected && m_failure.empty()) {
            timeout = int(std::max<long long>(0,
                std::chrono::duration_cast<std::chrono::milliseconds>(m_nextAttempt - Clock::now())
                    .count()));
        }
        const int ready = ::poll(fds, nfds_t(count), timeout);
        if (ready < 0 && errno != EINTR) {
            m_exitCode = 1;
            break;
        }
        if (!m_connected && m_failure.empty() && Clock::now() >= m_nextAttempt) {
            if (tryConnect())
                onConnected();
            else
                connectFailed();
        }
        for (int k = 0; k < count && !m_done; ++k) {
            if (!fds[k].revents)
                continue;
            if (fds[k].fd == STDIN_FILENO)
                readStdin();
            else if (fds[k].fd == m_socket)
                readSocket();
        }
    }
    if (m_connected)
        flushSocket();
    return m_exitCode;
}

} // namespace Hopx::Bridge

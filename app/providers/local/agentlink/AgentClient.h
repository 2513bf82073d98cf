// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"
#include "core/sandbox/SandboxTypes.h"

#include <QByteArray>
#include <QByteArrayList>
#include <QHash>
#include <QList>
#include <QObject>
#include <QString>

#include <functional>
#include <memory>

class QSocketNotifier;
class QTimer;

namespace Hopx::Local {

/*! \brief The host end of AgentProtocol (app/agent/AgentProtocol.h) over one socket.
 *
 * Asynchronous: every request ends with exactly one call of its callback (exec: `failed`, or
 * `started` then `exited`), never from inside the request call itself, also when the client
 * is destroyed first (then with Error::Code::SandboxDead). The agent is untrusted: replies
 * are size-bounded and parsed strictly, and a malformed one drops the connection (which
 * makes the agent end the sandbox).
 */
class AgentClient : public QObject
{
    Q_OBJECT
public:
    struct Ready
    {
        int version = 0;
        qint64 agentPid = 0; // inside the sandbox's pid namespace
    };

    struct ExitStatus
    {
        qint64 pid = 0;
        int code = 0; // exit status, -1 when killed by a signal
        int signal = 0; // 0 when it exited
        qint64 cpuMs = 0;
        qint64 maxRssKb = 0;
        bool timedOut = false; // the agent's wall-clock limit killed it
        bool cpuLimited = false; // RLIMIT_CPU killed it
    };

    struct ProcessInfo
    {
        qint64 pid = 0;
        qint64 ppid = 0;
        qint64 pgid = 0;
        char state = '?';
        qint64 rssKb = 0;
        qint64 cpuMs = 0;
        qint64 startedMsAgo = 0;
        QString name;
        QString cmdline; // arguments joined by ' '
    };

    struct ExecRequest
    {
        QByteArrayList argv; // argv[0] "@read" etc. runs a builtin
        QByteArrayList env; // "K=V" overrides on top of the session env
        QByteArray cwd = "/workspace";
        int timeoutMs = 0; // 0 = no wall-clock limit
        int cpuSeconds = 0; // 0 = no RLIMIT_CPU
        bool background = false; // output to /tmp/.hopx/jobs/<pid>.log; BGEXIT at the end
    };

    struct ExecHandlers
    {
        std::function<void(qint64 pid)> started;
        std::function<void(const ExitStatus &)> exited; // not for background runs
        std::function<void(const Core::Error &)> failed; // instead of started, or after it
                                                         // when the sandbox died
    };

    //! Takes ownership of `fd` (the host end of the socketpair).
    explicit AgentClient(int fd, QObject *parent = nullptr);
    ~AgentClient() override;

    bool isConnected() const { return m_fd >= 0; }
    //! Deadline for every reply except EXIT (which takes as long as the program); default
    //! 10 s. A sandbox whose agent does not answer in time is broken.
    void setRequestTimeout(int ms) { m_requestTimeoutMs = ms; }

    void hello(Core::Callback<Ready> done);
    //! The three fds (stdin, stdout, stderr) are duplicated for sending; the caller still
    //! closes its own. Background runs pass -1 for all three.
    quint64 exec(
        const ExecRequest &request, int stdinFd, int stdoutFd, int stderrFd, ExecHandlers handlers);
    //! Makes `pid`, a process re-parented to the agent, a foreground job: `started`, then
    //! `exited` when it ends (as for exec()); `failed` when the agent refuses.
    quint64 adopt(qint64 pid, ExecHandlers handlers);
    //! Signals `pid`, or its process group when `group`.
    void kill(qint64 pid, int signal, bool group, Core::Callback<Core::Unit> done);
    void setEnv(const Core::EnvMap &vars, Core::Callback<Core::Unit> done);
    void unsetEnv(const QStringList &names, Core::Callback<Core::Unit> done);
    void clearEnv(Core::Callback<Core::Unit> done);
    void getEnv(Core::Callback<Core::EnvMap> done);
    void ps(Core::Callback<QList<ProcessInfo>> done);
    //! The agent kills everything and exits; disconnected() follows.
    void shutdown(Core::Callback<Core::Unit> done);
    //! Drops the connection now: pending requests fail, disconnected() is emitted.
    void close();

Q_SIGNALS:
    void backgroundExited(qint64 pid, int code, int signal);
    //! The agent is gone (EOF, error, protocol violation or close()). Emitted once.
    void disconnected();

private:
    enum class Outcome { Done, Pending, Violation };
    using ReplyHandler = std::function<Outcome(const QByteArrayList &fields)>;
    using FailHandler = std::function<void(const Core::Error &)>;

    struct Pending
    {
        QByteArray verb;
        ReplyHandler onReply;
        FailHandler onFail;
        qint64 deadline = 0; // ms since m_clock start; 0 = none
    };

    struct Outgoing
    {
        QByteArray data;
        QList<int> fds; // owned
    };

    //! A request whose only good answer is "OK".
    void sendExpectingOk(const QByteArrayList &fields, Core::Callback<Core::Unit> done);
    static ReplyHandler execReply(const std::shared_ptr<ExecHandlers> &shared, bool background);
    quint64 send(const QByteArrayList &fields, ReplyHandler onReply, FailHandler onFail,
        QList<int> fds = {}, bool deadline = true);
    void failLater(quint64 id, const Core::Error &error);
    void flush();
    void readMessages();
    bool dispatch(const QByteArrayList &fields);
    void violation(const QString &what);
    void disconnectNow(const QString &why);
    void checkDeadlines();
    void runDeferred();
    //! Fails every request in `pending` (taken out of the client): `deferred` ones with their
    //! own error, the rest with "the agent is gone". Callbacks may delete the client.
    //! Closes the connection and the descriptors queued to be passed; the queue stays.
    void closeDescriptors();
    static void failAll(
        const QList<QPair<quint64, Core::Error>> &deferred, QHash<quint64, Pending> &pending);
    qint64 now() const;

    int m_fd = -1;
    QSocketNotifier *m_readNotifier = nullptr;
    QSocketNotifier *m_writeNotifier = nullptr;
    QTimer *m_deadlineTimer = nullptr;
    QTimer *m_deferTimer = nullptr;
    quint64 m_nextId = 1;
    int m_requestTimeoutMs = 10000;
    QHash<quint64, Pending> m_pending;
    QList<QPair<quint64, Core::Error>> m_deferred; // failures to report asynchronously
    QList<Outgoing> m_queue;
    bool m_disconnectEmitted = false;
    qint64 m_clockStart = 0;
};

} // namespace Hopx::Local

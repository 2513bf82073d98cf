// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/agentlink/AgentClient.h"

#include "posix/FdMessage.h"
#include "providers/local/LocalLogging.h"
#include "providers/local/agentlink/AgentReply.h"
#include "sandbox-agent/AgentProtocol.h"

#include <QDateTime>
#include <QPointer>
#include <QSocketNotifier>
#include <QTimer>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <limits>
#include <memory>
#include <sys/socket.h>
#include <unistd.h>

namespace Hopx::Local {

using Core::Error;

namespace {

constexpr int kMaxMessagesPerWakeup = 64;
} // namespace

AgentClient::AgentClient(int fd, QObject *parent)
    : QObject(parent)
    , m_fd(fd)
    , m_clockStart(QDateTime::currentMSecsSinceEpoch())
{
    m_deadlineTimer = new QTimer(this);
    m_deadlineTimer->setInterval(100);
    connect(m_deadlineTimer, &QTimer::timeout, this, &AgentClient::checkDeadlines);
    m_deferTimer = new QTimer(this);
    m_deferTimer->setSingleShot(true);
    m_deferTimer->setInterval(0);
    connect(m_deferTimer, &QTimer::timeout, this, &AgentClient::runDeferred);
    if (m_fd < 0)
        return;
    ::fcntl(m_fd, F_SETFD, FD_CLOEXEC);
    m_readNotifier = new QSocketNotifier(qintptr(m_fd), QSocketNotifier::Read, this);
    connect(m_readNotifier, &QSocketNotifier::activated, this, &AgentClient::readMessages);
    m_writeNotifier = new QSocketNotifier(qintptr(m_fd), QSocketNotifier::Write, this);
    m_writeNotifier->setEnabled(false);
    connect(m_writeNotifier, &QSocketNotifier::activated, this, &AgentClient::flush);
}

void AgentClient::closeDescriptors()
{
    if (m_fd >= 0)
        ::close(m_fd);
    m_fd = -1;
    for (Outgoing &o : m_queue) { // descriptors that were to travel with unsent messages
        for (int fd : std::as_const(o.fds))
            ::close(fd);
        o.fds.clear();
    }
}

AgentClient::~AgentClient()
{
    // Exactly-once, even now: whoever waits on a request hears that it is over. The
    // callbacks must not use this client any more.
    m_disconnectEmitted = true;
    const auto deferred = std::exchange(m_deferred, {});
    auto pending = std::exchange(m_pending, {});
    closeDescriptors();
    failAll(deferred, pending);
}

void AgentClient::failAll(
    const QList<QPair<quint64, Core::Error>> &deferred, QHash<quint64, Pending> &pending)
{
    // A request whose failure was already decided hears that failure, not the generic one.
    for (const auto &d : deferred) {
        auto it = pending.find(d.first);
        if (it != pending.end()) {
            const FailHandler fail = it->onFail;
            pending.erase(it);
            fail(d.second);
        }
    }
    for (auto it = pending.begin(); it != pending.end(); ++it)
        it->onFail(AgentReply::deadError());
}

qint64 AgentClient::now() const
{
    return QDateTime::currentMSecsSinceEpoch() - m_clockStart + 1;
}

quint64 AgentClient::send(const QByteArrayList &fields, ReplyHandler onReply, FailHandler onFail,
    QList<int> fds, bool deadline)
{
    const quint64 id = m_nextId++;
    Pending p;
    p.verb = fields.value(0);
    p.onReply = std::move(onReply);
    p.onFail = std::move(onFail);
    p.deadline = deadline && m_requestTimeoutMs > 0 ? now() + m_requestTimeoutMs : 0;
    m_pending.insert(id, std::move(p));

    auto closeFds = [&fds] {
        for (int fd : std::as_const(fds))
            ::close(fd);
    };
    if (m_fd < 0) {
        closeFds();
        failLater(id, AgentReply::deadError());
        return id;
    }
    QByteArray data = fields.value(0) + '\0' + QByteArray::number(id);
    for (int i = 1; i < fields.size(); ++i) {
        if (fields[i].contains('\0')) {
            closeFds();
            failLater(id,
                Error::make(Error::Code::InvalidArgument,
                    QStringLiteral("A request field contains a NUL byte.")));
            return id;
        }
        data += '\0';
        data += fields[i];
    }
    if (data.size() > int(Agent::kMaxMessage)) {
        closeFds();
        failLater(id,
            Error::make(Error::Code::InvalidArgument,
                QStringLiteral("The request is larger than %1 bytes; pass "
                               "large data through stdin or a file.")
                    .arg(Agent::kMaxMessage)));
        return id;
    }
    m_queue.append(Outgoing {data, fds});
    flush();
    if (m_pending.contains(id) && m_pending[id].deadline && !m_deadlineTimer->isActive())
        m_deadlineTimer->start();
    return id;
}

void AgentClient::failLater(quint64 id, const Error &error)
{
    m_deferred.append({id, error});
    m_deferTimer->start();
}

void AgentClient::runDeferred()
{
    QPointer<AgentClient> self(this);
    const auto deferred = std::exchange(m_deferred, {});
    for (const auto &d : deferred) {
        if (!self)
            return;
        auto it = m_pending.find(d.first);
        if (it == m_pending.end())
            continue;
        const FailHandler fail = it->onFail;
        m_pending.erase(it);
        fail(d.second);
    }
}

void AgentClient::flush()
{
    while (!m_queue.isEmpty() && m_fd >= 0) {
        Outgoing &o = m_queue.first();
        const ssize_t n = Ipc::FdMessage::send(m_fd, o.data.constData(), size_t(o.data.size()),
            o.fds.constData(), int(o.fds.size()), MSG_DONTWAIT);
        if (n < 0) {
            if (errno == EAGAIN || errno == EWOULDBLOCK) {
                m_writeNotifier->setEnabled(true);
                return;
            }
            // Defer: flush() may run inside a request call, whose callbacks must not fire
            // synchronously.
            const QString why = QString::fromLocal8Bit(std::strerror(errno));
            QTimer::singleShot(0, this, [this, why] { disconnectNow(why); });
            m_writeNotifier->setEnabled(false);
            return;
        }
        for (int fd : std::as_const(o.fds))
            ::close(fd);
        m_queue.removeFirst();
    }
    if (m_writeNotifier)
        m_writeNotifier->setEnabled(false);
}

void AgentClient::readMessages()
{
    QPointer<AgentClient> self(this);
    // Per thread: clients may live on different threads; the datagram is copied out below.
    thread_local QByteArray buffer(int(Agent::kMaxMessage), Qt::Uninitialized);
    for (int i = 0; i < kMaxMessagesPerWakeup && self && m_fd >= 0; ++i) {
        Ipc::FdMessage::Received r =
            Ipc::FdMessage::receive(m_fd, buffer.data(), size_t(buffer.size()), MSG_DONTWAIT);
        const ssize_t n = r.bytes;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            return;
        if (n <= 0) {
            disconnectNow(n == 0 ? QStringLiteral("end of file")
                                 : QString::fromLocal8Bit(std::strerror(errno)));
            return;
        }
        // The agent never sends descriptors: any it sent are closed and the channel dropped.
        const bool gotFds = r.fdCount > 0;
        r.closeFds();
        if (gotFds || r.truncated) {
            violation(QStringLiteral("oversized message or unexpected fds"));
            return;
        }
        const QByteArrayList fields =
            QByteArray::fromRawData(buffer.constData(), int(n)).split('\0');
        // Deep copies: the buffer is reused for the next datagram.
        QByteArrayList owned;
        owned.reserve(fields.size());
        for (const QByteArray &f : fields)
            owned << QByteArray(f.constData(), f.size());
        if (!dispatch(owned))
            return;
    }
}

bool AgentClient::dispatch(const QByteArrayList &f)
{
    qint64 reqId = 0;
    if (f.size() < 2 || !AgentReply::number(f[1], 0, std::numeric_limits<qint64>::max(), reqId)) {
        violation(QStringLiteral("message without a REQID"));
        return false;
    }
    const QByteArray &verb = f[0];
    if (reqId == 0) {
        if (verb == "BGEXIT" && f.size() == 5) {
            qint64 pid, code, sig;
            if (!AgentReply::number(f[2], 1, AgentReply::kMaxPid, pid)
                || !AgentReply::number(f[3], -1, 255, code)
                || !AgentReply::number(f[4], 0, 128, sig)) {
                violation(QStringLiteral("malformed BGEXIT"));
                return false;
            }
            Q_EMIT backgroundExited(pid, int(code), int(sig));
            return true;
        }
        if (verb == "ERROR" && f.size() == 4) {
            qCWarning(lcLocal) << "agent rejected a message:"
                               << f[3].left(AgentReply::kMaxErrorText);
            return true;
        }
        violation(QStringLiteral("unexpected unsolicited message"));
        return false;
    }
    auto it = m_pending.find(quint64(reqId));
    if (it == m_pending.end()) {
        // A reply to a request that already timed out on our side.
        qCDebug(lcLocal) << "reply for an unknown request" << reqId << verb.left(16);
        return true;
    }
    if (verb == "ERROR") {
        qint64 errnum;
        if (f.size() != 4 || !AgentReply::number(f[2], 0, 4095, errnum)) {
            violation(QStringLiteral("malformed ERROR"));
            return false;
        }
        const FailHandler fail = it->onFail;
        m_pending.erase(it);
        fail(AgentReply::error(errnum, f[3]));
        return true;
    }
    const ReplyHandler handler = it->onReply;
    const Outcome outcome = handler(f);
    if (outcome == Outcome::Violation) {
        violation(QStringLiteral("unexpected or malformed %1 reply")
                      .arg(QString::fromLatin1(verb.left(16))));
        return false;
    }
    // The handler may have run user code that closed us; look the request up again.
    it = m_pending.find(quint64(reqId));
    if (it != m_pending.end()) {
        if (outcome == Outcome::Done)
            m_pending.erase(it);
        else
            it->deadline = 0; // started: EXIT takes as long as the program
    }
    return m_fd >= 0;
}

void AgentClient::violation(const QString &what)
{
    qCWarning(lcLocal) << "agent protocol violation:" << what << "- dropping the sandbox";
    disconnectNow(QStringLiteral("protocol violation: ") + what);
}

void AgentClient::close()
{
    disconnectNow(QStringLiteral("closed by the host"));
}

void AgentClient::disconnectNow(const QString &why)
{
    if (m_disconnectEmitted)
        return;
    m_disconnectEmitted = true;
    qCDebug(lcLocal) << "agent connection closed:" << why;
    delete m_readNotifier;
    m_readNotifier = nullptr;
    delete m_writeNotifier;
    m_writeNotifier = nullptr;
    closeDescriptors();
    m_queue.clear();
    m_deadlineTimer->stop();

    QPointer<AgentClient> self(this);
    const auto deferred = std::exchange(m_deferred, {});
    auto pending = std::exchange(m_pending, {});
    failAll(deferred, pending);
    if (self)
        Q_EMIT disconnected();
}

void AgentClient::checkDeadlines()
{
    const qint64 t = now();
    QList<quint64> expired;
    bool any = false;
    for (auto it = m_pending.cbegin(); it != m_pending.cend(); ++it) {
        if (it->deadline && it->deadline <= t)
            expired << it.key();
        else if (it->deadline)
            any = true;
    }
    if (!any)
        m_deadlineTimer->stop();
    QPointer<AgentClient> self(this);
    for (quint64 id : std::as_const(expired)) {
        if (!self)
            return;
        auto it = m_pending.find(id);
        if (it == m_pending.end())
            continue;
        const FailHandler fail = it->onFail;
        const QByteArray verb = it->verb;
        m_pending.erase(it);
        qCWarning(lcLocal) << "agent did not answer" << verb << "in time";
        fail(Error::make(Error::Code::Timeout,
            QStringLiteral("The sandbox's agent did not answer (%1) in time.")
                .arg(QString::fromLatin1(verb))));
    }
}

// --- requests --------------------------------------------------------------------------

void AgentClient::hello(Core::Callback<Ready> done)
{
    send(
        {"HELLO"},
        [done](const QByteArrayList &f) {
            qint64 version, pid;
            if (f.size() != 4 || f[0] != "READY" || !AgentReply::number(f[2], 0, 1 << 20, version)
                || !AgentReply::number(f[3], 1, AgentReply::kMaxPid, pid))
                return Outcome::Violation;
            if (version != Agent::kProtocolVersion) {
                done(Error::make(Error::Code::Unavailable,
                    QStringLiteral("The sandbox agent speaks protocol %1, the app "
                                   "%2: reinstall HOPX Desktop.")
                        .arg(version)
                        .arg(Agent::kProtocolVersion)));
                return Outcome::Done;
            }
            done(Ready {int(version), pid});
            return Outcome::Done;
        },
        [done](const Error &e) { done(e); });
}

quint64 AgentClient::exec(
    const ExecRequest &request, int stdinFd, int stdoutFd, int stderrFd, ExecHandlers handlers)
{
    auto shared = std::make_shared<ExecHandlers>(std::move(handlers));
    const bool background = request.background;
    auto onFail = [shared](const Error &e) {
        if (shared->failed)
            shared->failed(e);
    };

    QList<int> fds;
    QString problem;
    if (request.argv.isEmpty() || request.argv[0].isEmpty())
        problem = QStringLiteral("Nothing to run: empty argv.");
    else if (!request.cwd.startsWith('/'))
        problem = QStringLiteral("The working directory must be an absolute path.");
    for (const QByteArray &kv : request.env) {
        if (kv.indexOf('=') <= 0)
            problem = QStringLiteral("Environment entries must look like NAME=value.");
    }
    if (problem.isEmpty() && !background) {
        for (int fd : {stdinFd, stdoutFd, stderrFd}) {
            const int copy = fd >= 0 ? ::fcntl(fd, F_DUPFD_CLOEXEC, 3) : -1;
            if (copy < 0) {
                problem = QStringLiteral("Cannot pass the program's stdio: %1")
                              .arg(QString::fromLocal8Bit(std::strerror(fd < 0 ? EBADF : errno)));
                break;
            }
            fds << copy;
        }
    }
    if (!problem.isEmpty()) {
        for (int fd : std::as_const(fds))
            ::close(fd);
        const quint64 id = m_nextId++;
        m_pending.insert(id, Pending {"EXEC", {}, onFail, 0});
        failLater(id, Error::make(Error::Code::InvalidArgument, problem));
        return id;
    }

    QByteArrayList fields {"EXEC", QByteArray::number(qMax(0, request.timeoutMs)),
        QByteArray::number(qMax(0, request.cpuSeconds)), request.cwd,
        background ? QByteArray("b") : QByteArray("-"), QByteArray::number(request.env.size())};
    fields << request.env << request.argv;

    return send(fields, execReply(shared, background), onFail, fds);
}

quint64 AgentClient::adopt(qint64 pid, ExecHandlers handlers)
{
    auto shared = std::make_shared<ExecHandlers>(std::move(handlers));
    auto onFail = [shared](const Error &e) {
        if (shared->failed)
            shared->failed(e);
    };
    return send({"ADOPT", QByteArray::number(pid)}, execReply(shared, false), onFail, {});
}

AgentClient::ReplyHandler AgentClient::execReply(
    const std::shared_ptr<ExecHandlers> &shared, bool background)
{
    auto state = std::make_shared<bool>(false); // started?
    return [shared, state, background](const QByteArrayList &f) {
        if (f[0] == "STARTED" && !*state) {
            qint64 pid;
            if (f.size() != 3 || !AgentReply::number(f[2], 1, AgentReply::kMaxPid, pid))
                return Outcome::Violation;
            *state = true;
            if (shared->started)
                shared->started(pid);
            return background ? Outcome::Done : Outcome::Pending;
        }
        if (f[0] == "EXIT" && *state && !background) {
            ExitStatus s;
            qint64 code, sig, cpu, rss;
            if (f.size() != 8 || !AgentReply::number(f[2], 1, AgentReply::kMaxPid, s.pid)
                || !AgentReply::number(f[3], -1, 255, code)
                || !AgentReply::number(f[4], 0, 128, sig)
                || !AgentReply::number(f[5], 0, std::numeric_limits<qint64>::max() / 2, cpu)
                || !AgentReply::number(f[6], 0, std::numeric_limits<qint64>::max() / 2, rss))
                return Outcome::Violation;
            if (f[7] != "-") {
                for (char c : f[7]) {
                    if (c == 't')
                        s.timedOut = true;
                    else if (c == 'c')
                        s.cpuLimited = true;
                    else
                        return Outcome::Violation;
                }
            }
            s.code = int(code);
            s.signal = int(sig);
            s.cpuMs = cpu;
            s.maxRssKb = rss;
            if (shared->exited)
                shared->exited(s);
            return Outcome::Done;
        }
        return Outcome::Violation;
    };
}

namespace {

Core::Callback<Core::Unit> nothing()
{
    return [](Core::Result<Core::Unit>) {};
}

} // namespace

void AgentClient::sendExpectingOk(const QByteArrayList &fields, Core::Callback<Core::Unit> done)
{
    send(
        fields,
        [done](const QByteArrayList &f) {
            if (f.size() != 2 || f[0] != "OK")
                return Outcome::Violation;
            done(Core::Unit {});
            return Outcome::Done;
        },
        [done](const Error &e) { done(e); });
}

void AgentClient::kill(qint64 pid, int signal, bool group, Core::Callback<Core::Unit> done)
{
    if (!done)
        done = nothing();
    sendExpectingOk(
        {"KILL", QByteArray::number(pid), QByteArray::number(signal), group ? "1" : "0"}, done);
}

void AgentClient::setEnv(const Core::EnvMap &vars, Core::Callback<Core::Unit> done)
{
    QByteArrayList fields {"SETENV"};
    for (auto it = vars.cbegin(); it != vars.cend(); ++it) {
        if (it.key().isEmpty() || it.key().contains(QLatin1Char('=')))
            fields << QByteArray(); // the agent refuses it; keeps one code path for errors
        else
            fields << it.key().toUtf8() + '=' + it.value().toUtf8();
    }
    sendExpectingOk(fields, done);
}

void AgentClient::unsetEnv(const QStringList &names, Core::Callback<Core::Unit> done)
{
    QByteArrayList fields {"UNSETENV"};
    for (const QString &n : names)
        fields << n.toUtf8();
    sendExpectingOk(fields, done);
}

void AgentClient::clearEnv(Core::Callback<Core::Unit> done)
{
    sendExpectingOk({"CLEARENV"}, done);
}

void AgentClient::getEnv(Core::Callback<Core::EnvMap> done)
{
    send(
        {"GETENV"},
        [done](const QByteArrayList &f) {
            if (f[0] != "ENV")
                return Outcome::Violation;
            Core::EnvMap env;
            for (int i = 2; i < f.size(); ++i) {
                const int eq = f[i].indexOf('=');
                if (eq <= 0)
                    return Outcome::Violation;
                env.insert(QString::fromUtf8(f[i].left(eq)), QString::fromUtf8(f[i].mid(eq + 1)));
            }
            done(env);
            return Outcome::Done;
        },
        [done](const Error &e) { done(e); });
}

void AgentClient::ps(Core::Callback<QList<ProcessInfo>> done)
{
    send(
        {"PS"},
        [done](const QByteArrayList &f) {
            if (f[0] != "PROCS")
                return Outcome::Violation;
            QList<ProcessInfo> list;
            for (int i = 2; i < f.size(); ++i) {
                ProcessInfo p;
                if (!AgentReply::processLine(f[i], &p))
                    return Outcome::Violation;
                list << p;
            }
            done(list);
            return Outcome::Done;
        },
        [done](const Error &e) { done(e); });
}

void AgentClient::shutdown(Core::Callback<Core::Unit> done)
{
    // The agent may exit before its OK arrives: for a shutdown that is success.
    sendExpectingOk({"SHUTDOWN"}, [done](Core::Result<Core::Unit> r) {
        if (!r && r.error().code == Error::Code::SandboxDead)
            done(Core::Unit {});
        else
            done(r);
    });
}

} // namespace Hopx::Local

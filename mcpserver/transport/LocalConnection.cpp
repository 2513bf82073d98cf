// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "transport/LocalConnection.h"

#include "ipc/Handoff.h"
#include "ipc/Hello.h"
#include "transport/PipeChannel.h"

#include <QLocalSocket>
#include <QLoggingCategory>
#include <QTimer>

#ifdef Q_OS_LINUX
#include <sys/socket.h>
#endif

Q_LOGGING_CATEGORY(lcConnection, "hopx.mcp.connection", QtInfoMsg)

namespace Hopx::Mcp {

namespace {

constexpr qsizetype kSocketPiece = 256 * 1024;

qint64 peerPid(QLocalSocket *socket)
{
#ifdef Q_OS_LINUX
    struct ucred cred
    {
    };
    socklen_t len = sizeof(cred);
    if (::getsockopt(int(socket->socketDescriptor()), SOL_SOCKET, SO_PEERCRED, &cred, &len) == 0)
        return cred.pid;
#endif
    return 0;
}

} // namespace

LocalConnection::LocalConnection(QLocalSocket *socket, quint64 id, const ServerConfig &config,
    const ServerContext &context, QObject *parent)
    : QObject(parent)
    , m_socket(socket)
    // LocalServer admits only our own uid: every client on the socket is this user.
    , m_link(config, context, SessionObserver::Transport::Local, QStringLiteral("local-user"),
          peerPid(socket))
    , m_buffer(config.maxLineBytes)
    , m_id(id)
{
    m_socket->setParent(this);
    m_link.deliverTo(this, &LocalConnection::write, &LocalConnection::requestClosed,
        &LocalConnection::requestOpened);
    connect(m_socket, &QLocalSocket::readyRead, this, &LocalConnection::readAvailable);
    connect(m_socket, &QLocalSocket::disconnected, this, [this]() {
        qCDebug(lcConnection) << "client" << m_id << "disconnected";
        m_link.end();
        emit closed();
    });
}

LocalConnection::~LocalConnection() = default;

void LocalConnection::close()
{
    m_closing = true;
    m_link.end();
    m_socket->disconnectFromServer();
}

void LocalConnection::write(const JsonParts &message, const Outgoing &)
{
    // Which request a line answers comes with requestClosed(): the line itself, a tool's
    // result of any size, goes out unread.
    if (m_stdio) {
        m_stdio->writeLine(message);
        return;
    }
    if (m_socket->state() != QLocalSocket::ConnectedState)
        return;
    // Without the hand-off (a bridge that cannot pass its pipes) the socket's own buffer takes
    // the whole message.
    for (JsonParts::Reader reader(message); !reader.atEnd();)
        m_socket->write(reader.next(kSocketPiece));
    m_socket->write("\n", 1);
    // Write now rather than on the next event-loop pass: a round trip is a few hundred µs.
    m_socket->flush();
}

void LocalConnection::requestOpened(const QString &key, const QByteArray &idJson)
{
    // The bridge hears only of requests that outlive their line (tool runs), which it answers
    // if the app dies; ping and the like are answered before their line is done.
    if (!m_stdio)
        return;
    m_openRequests.insert(key, idJson);
    writeControl(
        Ipc::Handoff::pendingLine(std::string_view(idJson.constData(), size_t(idJson.size()))));
}

void LocalConnection::requestClosed(const QString &key)
{
    // Answered (its line is written already) or cancelled (it gets none).
    const auto it = m_openRequests.constFind(key);
    if (it != m_openRequests.cend()) {
        writeControl(Ipc::Handoff::doneLine(std::string_view(it->constData(), size_t(it->size()))));
        m_openRequests.erase(it);
    }
    if (m_inputClosed)
        finishWhenIdle();
}

void LocalConnection::writeControl(const std::string &line)
{
    if (m_socket->state() != QLocalSocket::ConnectedState)
        return;
    m_socket->write(line.data(), qint64(line.size()));
    m_socket->write("\n", 1);
    m_socket->flush();
}

void LocalConnection::readAvailable()
{
    if (m_closing)
        return;
    const QByteArray bytes = m_socket->readAll();
    if (m_stdio)
        return; // after a hand-off the bridge has nothing more to say
    processInput(bytes);
}

void LocalConnection::processInput(const QByteArray &bytes)
{
    const QList<QByteArray> lines = m_buffer.append(bytes);
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QByteArray &line = lines.at(i);
        if (m_firstLine) {
            m_firstLine = false;
            if (line.trimmed() == activationLine()) {
                qCDebug(lcConnection) << "client" << m_id << "asks the app to show itself";
                emit activationRequested();
                close();
                return;
            }
            if (const auto hello = Ipc::Hello::parse(line)) {
                m_link.setPid(hello->bridgePid);
                session()->setConnectionEnv(hello->env);
                session()->setToolProfile(hello->tools);
                qCDebug(lcConnection)
                    << "client" << m_id << "is a bridge, pid" << hello->bridgePid << "forwarding"
                    << hello->env.keys(); // names only, never values
                if (hello->handoff) {
                    // A bridge that offers waits for our answer before sending anything else;
                    // more bytes after the hello mean it is not one we understand.
                    const bool alone = i == lines.size() - 1 && m_buffer.pendingBytes() == 0;
                    if (!alone || !acceptHandoff())
                        writeControl(std::string(Ipc::Handoff::kDeclined));
                }
                continue;
            }
        }
        session()->handleLine(line);
        if (m_closing)
            return;
    }
    if (m_buffer.overflowed()) {
        qCWarning(lcConnection) << "client" << m_id << "sent a message over"
                                << m_buffer.maxLineBytes() << "bytes; closing";
        session()->handleOversizedLine(m_buffer.maxLineBytes());
        m_link.end();
        if (m_stdio) {
            finish(1);
            return;
        }
        m_closing = true;
        m_socket->flush();
        m_socket->disconnectFromServer(); // waits for pending bytes to be written
    }
}

bool LocalConnection::acceptHandoff()
{
    writeControl(std::string(Ipc::Handoff::kSend));
    int in = -1;
    int out = -1;
    // The bridge answers at once; this blocks the event loop for microseconds, and for a
    // second at most if it misbehaves. Read here, not through QLocalSocket, which would
    // drop the descriptors.
    if (!Ipc::Handoff::receiveDescriptors(int(m_socket->socketDescriptor()), 1000, &in, &out)) {
        qCWarning(lcConnection) << "client" << m_id << "offered stdin/stdout but did not pass them";
        return false;
    }
    m_stdio = new PipeChannel(in, out, this);
    connect(m_stdio, &PipeChannel::received, this, &LocalConnection::processInput);
    connect(m_stdio, &PipeChannel::inputClosed, this, &LocalConnection::inputClosed);
    connect(m_stdio, &PipeChannel::outputFailed, this, [this]() {
        qCDebug(lcConnection) << "client" << m_id << "stopped reading stdout";
        m_link.end();
        finish(1);
    });
    connect(m_stdio, &PipeChannel::drained, this, [this]() {
        if (m_finishCode >= 0)
            QTimer::singleShot(0, this, [this]() { finish(m_finishCode); });
    });
    writeControl(std::string(Ipc::Handoff::kAccepted));
    qCDebug(lcConnection) << "client" << m_id << "handed over stdin/stdout";
    return true;
}

void LocalConnection::inputClosed()
{
    // The IDE closed stdin: answer what is running, then end (as the bridge does).
    m_inputClosed = true;
    finishWhenIdle();
}

void LocalConnection::finishWhenIdle()
{
    // Queued: the session may be inside the emission that answered its last request.
    QTimer::singleShot(0, this, [this]() {
        if (!m_closing && session()->inFlightCount() == 0)
            finish(0);
    });
}

void LocalConnection::finish(int exitCode)
{
    if (m_closing)
        return;
    m_finishCode = exitCode;
    if (m_stdio->hasPendingOutput())
        return; // drained() calls again
    qCDebug(lcConnection) << "client" << m_id << "ends its session, exit code" << exitCode;
    m_closing = true;
    m_link.end();
    writeControl(Ipc::Handoff::byeLine(exitCode));
    m_socket->disconnectFromServer();
}

} // namespace Hopx::Mcp

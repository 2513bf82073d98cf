// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "LocalConnection.h"

#include "ipc/Hello.h"

#include <QLocalSocket>
#include <QLoggingCategory>

#ifdef Q_OS_LINUX
#include <sys/socket.h>
#endif

Q_LOGGING_CATEGORY(lcConnection, "hopx.mcp.connection", QtInfoMsg)

namespace Hopx::Mcp {

LocalConnection::LocalConnection(QLocalSocket *socket, quint64 id, const ServerConfig &config,
                                 ToolRegistry *registry, QObject *parent)
    : LocalConnection(socket, id, config, ServerContext{registry, nullptr, nullptr, nullptr}, parent)
{
}

LocalConnection::LocalConnection(QLocalSocket *socket, quint64 id, const ServerConfig &config,
                                 const ServerContext &context, QObject *parent)
    : QObject(parent)
    , m_socket(socket)
    , m_session(new McpSession(config, context, this))
    , m_buffer(config.maxLineBytes)
    , m_id(id)
    , m_connectedAt(QDateTime::currentDateTime())
{
    m_socket->setParent(this);
#ifdef Q_OS_LINUX
    struct ucred cred {};
    socklen_t len = sizeof(cred);
    if (::getsockopt(int(m_socket->socketDescriptor()), SOL_SOCKET, SO_PEERCRED, &cred, &len) == 0)
        m_peerPid = cred.pid;
#endif
    // LocalServer admits only our own uid: every client on the socket is this user.
    m_session->setAuthContext(QStringLiteral("local-user"));
    connect(m_socket, &QLocalSocket::readyRead, this, &LocalConnection::readAvailable);
    connect(m_socket, &QLocalSocket::disconnected, this, [this]() {
        m_session->abortAll();
        emit closed();
    });
    connect(m_session, &McpSession::outgoing, this, &LocalConnection::write);
    connect(m_session, &McpSession::clientIdentified, this, &LocalConnection::identified);
    connect(m_session, &McpSession::requestFinished, this,
            [this](const McpSession::RequestRecord &r) {
                if (r.method == QLatin1String("tools/call"))
                    ++m_callCount;
                emit requestFinished(r);
            });
}

LocalConnection::~LocalConnection()
{
    m_session->abortAll();
}

void LocalConnection::close()
{
    m_closing = true;
    m_session->abortAll();
    m_socket->disconnectFromServer();
}

void LocalConnection::write(const QByteArray &message)
{
    if (m_socket->state() != QLocalSocket::ConnectedState)
        return;
    m_socket->write(message + '\n');
    // Write now rather than on the next event-loop pass: a round trip is a few hundred µs.
    m_socket->flush();
}

void LocalConnection::readAvailable()
{
    if (m_closing)
        return;
    const QList<QByteArray> lines = m_buffer.append(m_socket->readAll());
    for (const QByteArray &line : lines) {
        if (m_firstLine) {
            m_firstLine = false;
            if (line.trimmed() == activationLine()) {
                qCDebug(lcConnection) << "client" << m_id << "asks the app to show itself";
                emit activationRequested();
                close();
                return;
            }
            if (const auto hello = Ipc::Hello::parse(line)) {
                m_bridgePid = hello->bridgePid;
                m_session->setConnectionEnv(hello->env);
                qCDebug(lcConnection) << "client" << m_id << "is a bridge, pid" << m_bridgePid
                                      << "forwarding" << hello->env.keys(); // names only, never values
                continue;
            }
        }
        m_session->handleLine(line);
        if (m_closing)
            return;
    }
    if (m_buffer.overflowed()) {
        qCWarning(lcConnection) << "client" << m_id << "sent a message over"
                                << m_buffer.maxLineBytes() << "bytes; closing";
        m_session->handleOversizedLine(m_buffer.maxLineBytes());
        m_closing = true;
        m_session->abortAll();
        m_socket->flush();
        m_socket->disconnectFromServer(); // waits for pending bytes to be written
    }
}

} // namespace Hopx::Mcp

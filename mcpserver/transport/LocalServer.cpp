// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "transport/LocalServer.h"

#include "ipc/SocketPath.h"
#include "transport/LocalConnection.h"

#include <QLocalServer>
#include <QLocalSocket>
#include <QLockFile>
#include <QLoggingCategory>

#ifdef Q_OS_LINUX
#include <sys/socket.h>
#include <unistd.h>
#endif

Q_LOGGING_CATEGORY(lcServer, "hopx.mcp.server", QtInfoMsg)

namespace Hopx::Mcp {

LocalServer::LocalServer(const ServerConfig &config, const ServerContext &context, QObject *parent)
    : QObject(parent)
    , m_config(config)
    , m_context(context)
    , m_server(new QLocalServer(this))
{
    m_server->setSocketOptions(QLocalServer::UserAccessOption);
    connect(m_server, &QLocalServer::newConnection, this, &LocalServer::acceptConnections);
}

LocalServer::~LocalServer()
{
    close();
}

bool LocalServer::isServerAlive(const QString &serverName, int timeoutMs)
{
    QLocalSocket probe;
    probe.connectToServer(serverName);
    const bool alive = probe.waitForConnected(timeoutMs);
    probe.abort();
    return alive;
}

LocalServer::ListenResult LocalServer::listen(const QString &serverName)
{
    m_error = Ipc::SocketPath::prepareDirectory(serverName);
    if (!m_error.isEmpty())
        return ListenResult::Failed;

    if (serverName.contains(QLatin1Char('/'))) {
        m_lock = std::make_unique<QLockFile>(serverName + QStringLiteral(".lock"));
        m_lock->setStaleLockTime(0);
        if (!m_lock->tryLock(200)) {
            m_error = QStringLiteral("Another HOPX Desktop is already serving %1").arg(serverName);
            m_lock.reset();
            return ListenResult::AlreadyRunning;
        }
    }
    // Probe before removeServer(): a live server's socket must not be unlinked.
    if (isServerAlive(serverName)) {
        m_error = QStringLiteral("Another HOPX Desktop is already serving %1").arg(serverName);
        m_lock.reset();
        return ListenResult::AlreadyRunning;
    }
    QLocalServer::removeServer(serverName);
    if (!m_server->listen(serverName)) {
        m_error =
            QStringLiteral("Cannot listen on %1: %2").arg(serverName, m_server->errorString());
        m_lock.reset();
        return ListenResult::Failed;
    }
    qCInfo(lcServer).noquote() << "MCP server listening on" << m_server->fullServerName();
    return ListenResult::Listening;
}

void LocalServer::close()
{
    // close() emits disconnected synchronously, which edits m_connections: iterate a copy.
    const auto connections = m_connections;
    for (const auto &c : connections)
        if (c)
            c->close();
    if (m_server->isListening())
        m_server->close(); // removes the socket file
    m_lock.reset();
}

QString LocalServer::fullServerName() const
{
    return m_server->fullServerName();
}

QList<LocalConnection *> LocalServer::connections() const
{
    QList<LocalConnection *> out;
    for (const auto &c : m_connections)
        if (c)
            out.append(c);
    return out;
}

void LocalServer::acceptConnections()
{
    while (QLocalSocket *socket = m_server->nextPendingConnection()) {
#ifdef Q_OS_LINUX
        // The socket file is 0700 already; the peer check also stops a descriptor passed on
        // by another user's process.
        struct ucred cred
        {
        };
        socklen_t len = sizeof(cred);
        if (::getsockopt(int(socket->socketDescriptor()), SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0
            || cred.uid != ::getuid()) {
            qCWarning(lcServer) << "refused a client of uid" << cred.uid;
            socket->abort();
            socket->deleteLater();
            continue;
        }
#endif
        auto *connection = new LocalConnection(socket, m_nextId++, m_config, m_context, this);
        m_connections.append(connection);
        connect(connection, &LocalConnection::activationRequested, this,
            &LocalServer::activationRequested);
        connect(connection, &LocalConnection::closed, this, [this, connection]() {
            m_connections.removeAll(connection);
            connection->deleteLater();
        });
    }
}

} // namespace Hopx::Mcp

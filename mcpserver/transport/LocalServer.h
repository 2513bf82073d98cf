// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "session/ServerConfig.h"
#include "session/ServerContext.h"

#include <QList>
#include <QObject>
#include <QPointer>

#include <memory>

class QLocalServer;
class QLockFile;

namespace Hopx::Mcp {

class LocalConnection;

/*! \brief Serves MCP on the per-user local socket, one McpSession per client.
 *
 * listen() takes a lock file next to the socket, probes the socket and only removes it when
 * no live server answers (a live instance's socket must never be unlinked), then listens
 * with user-only access. On Linux each client's uid is checked with SO_PEERCRED. Who
 * connects and what they ask is told to ServerContext::observer by each connection.
 */
class LocalServer : public QObject
{
    Q_OBJECT
public:
    enum class ListenResult { Listening, AlreadyRunning, Failed };

    LocalServer(
        const ServerConfig &config, const ServerContext &context, QObject *parent = nullptr);
    ~LocalServer() override;

    ListenResult listen(const QString &serverName);
    void close();
    QString errorString() const { return m_error; }
    QString fullServerName() const;
    QList<LocalConnection *> connections() const;

    //! True when a server answers on that name (used by the probe and by a second instance).
    static bool isServerAlive(const QString &serverName, int timeoutMs = 500);

signals:
    //! Another instance of the app was started: the GUI raises its window.
    void activationRequested();

private:
    void acceptConnections();

    ServerConfig m_config;
    ServerContext m_context;
    QLocalServer *m_server;
    std::unique_ptr<QLockFile> m_lock;
    QList<QPointer<LocalConnection>> m_connections;
    QString m_error;
    quint64 m_nextId = 1;
};

} // namespace Hopx::Mcp

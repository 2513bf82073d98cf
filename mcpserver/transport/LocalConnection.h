// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "ipc/LineBuffer.h"
#include "protocol/McpSession.h"

#include <QDateTime>
#include <QObject>

class QLocalSocket;

namespace Hopx::Mcp {

/*! \brief One client on the local socket: framing, the bridge's hello, and its McpSession. */
class LocalConnection : public QObject
{
    Q_OBJECT
public:
    LocalConnection(QLocalSocket *socket, quint64 id, const ServerConfig &config,
                    ToolRegistry *registry, QObject *parent = nullptr);
    LocalConnection(QLocalSocket *socket, quint64 id, const ServerConfig &config,
                    const ServerContext &context, QObject *parent = nullptr);
    ~LocalConnection() override;

    quint64 id() const { return m_id; }
    McpSession *session() const { return m_session; }
    QDateTime connectedAt() const { return m_connectedAt; }
    qint64 bridgePid() const { return m_bridgePid; }
    qint64 peerPid() const { return m_peerPid; }
    int callCount() const { return m_callCount; }
    void close();

    //! The one line a second `hopx-desktop` sends instead of MCP: "show yourself".
    static QByteArray activationLine() { return QByteArrayLiteral("{\"hopx_activate\":1}"); }

signals:
    void closed();
    void identified();
    //! The first line was activationLine(); the connection closes right after.
    void activationRequested();
    void requestFinished(const Hopx::Mcp::McpSession::RequestRecord &record);

private:
    void readAvailable();
    void write(const QByteArray &message);

    QLocalSocket *m_socket;
    McpSession *m_session;
    Ipc::LineBuffer m_buffer;
    quint64 m_id;
    QDateTime m_connectedAt;
    qint64 m_bridgePid = 0;
    qint64 m_peerPid = 0;
    int m_callCount = 0;
    bool m_firstLine = true;
    bool m_closing = false;
};

} // namespace Hopx::Mcp

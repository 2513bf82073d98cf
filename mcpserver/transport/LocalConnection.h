// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "ipc/LineBuffer.h"
#include "protocol/McpSession.h"

#include <QDateTime>
#include <QHash>
#include <QObject>

class QLocalSocket;

namespace Hopx::Mcp {

class PipeChannel;

/*! \brief One client on the local socket: framing, the bridge's hello, and its McpSession.
 *
 * MCP arrives either on the socket (forwarded by the bridge, or from any other client) or,
 * after a hand-off (ipc/Handoff.h), on the IDE's own stdin/stdout, with the socket left as a
 * control channel to the bridge.
 */
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
    void processInput(const QByteArray &bytes);
    void handleMessage(const QByteArray &line);
    void write(const QByteArray &message);
    bool acceptHandoff();
    void writeControl(const std::string &line);
    void inputClosed();
    void finish(int exitCode);
    void finishWhenIdle();

    QLocalSocket *m_socket;
    McpSession *m_session;
    PipeChannel *m_stdio = nullptr;
    QHash<QByteArray, QByteArray> m_openRequests; // id key → id JSON, told to the bridge
    Ipc::LineBuffer m_buffer;
    quint64 m_id;
    QDateTime m_connectedAt;
    qint64 m_bridgePid = 0;
    qint64 m_peerPid = 0;
    int m_callCount = 0;
    bool m_firstLine = true;
    bool m_closing = false;
    bool m_inputClosed = false;
    int m_finishCode = -1; // set once the session ends; the bye waits for stdout to drain
};

} // namespace Hopx::Mcp

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "ipc/LineBuffer.h"
#include "session/SessionLink.h"

#include <QHash>
#include <QObject>

class QLocalSocket;

namespace Hopx::Mcp {

class PipeChannel;

/*! \brief One client on the local socket: framing, the bridge's hello, and its McpSession.
 *
 * MCP arrives either on the socket (forwarded by the bridge, or from any other client) or,
 * after a hand-off (ipc/Handoff.h), on the IDE's own stdin/stdout, with the socket left as a
 * control channel to the bridge. The connection opens its session in the server's
 * SessionObserver (with the client's process id) and closes it when the client goes.
 */
class LocalConnection : public QObject
{
    Q_OBJECT
public:
    LocalConnection(QLocalSocket *socket, quint64 id, const ServerConfig &config,
        const ServerContext &context, QObject *parent = nullptr);
    ~LocalConnection() override;

    void close();
    //! Requests the bridge has been told are running (hopx_pending) and not yet done.
    int openRequestCount() const { return int(m_openRequests.size()); }

    //! The one line a second `hopx-desktop` sends instead of MCP: "show yourself".
    static QByteArray activationLine() { return QByteArrayLiteral("{\"hopx_activate\":1}"); }

signals:
    void closed();
    //! The first line was activationLine(); the connection closes right after.
    void activationRequested();

private:
    void readAvailable();
    void processInput(const QByteArray &bytes);
    void write(const JsonParts &message, const Outgoing &what);
    void requestOpened(const QString &key, const QByteArray &idJson);
    void requestClosed(const QString &key);
    bool acceptHandoff();
    void writeControl(const std::string &line);
    void inputClosed();
    void finish(int exitCode);
    void finishWhenIdle();
    McpSession *session() const { return m_link.session(); }

    QLocalSocket *m_socket;
    SessionLink m_link;
    PipeChannel *m_stdio = nullptr;
    QHash<QString, QByteArray> m_openRequests; // request key → id JSON, told to the bridge
    Ipc::LineBuffer m_buffer;
    quint64 m_id;
    bool m_firstLine = true;
    bool m_closing = false;
    bool m_inputClosed = false;
    int m_finishCode = -1; // set once the session ends; the bye waits for stdout to drain
};

} // namespace Hopx::Mcp

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "ServerConfig.h"
#include "ToolRegistry.h"

#include <QElapsedTimer>
#include <QHash>
#include <QJsonObject>
#include <QMap>
#include <QObject>
#include <QPointer>

#include <functional>
#include <optional>

namespace Hopx::Mcp {

class ToolCall;
class ToolRegistry;
class ToolResult;

/*! \brief One MCP conversation, independent of its transport.
 *
 * Feed it complete lines with handleLine(); it emits outgoing() with each message to send
 * (compact JSON, no newline). It implements JSON-RPC framing and errors, the lifecycle and
 * version negotiation, ping, tools/list (paginated), tools/call (validated, asynchronous,
 * several in flight, answered as they finish), progress, cancellation, logging and
 * 2025-03-26 batches. Nothing a client sends can make it throw or stop answering.
 */
class McpSession : public QObject
{
    Q_OBJECT
public:
    struct RequestRecord
    {
        enum class Outcome { Ok, ProtocolError, ToolError, Cancelled };
        QString method;
        QString tool;        // tools/call only
        qint64 durationUs = 0;
        Outcome outcome = Outcome::Ok;
        QString detail;      // error message, if any
    };

    McpSession(const ServerConfig &config, ToolRegistry *registry, QObject *parent = nullptr);
    ~McpSession() override;

    void handleLine(const QByteArray &line);
    //! The transport saw a line over the limit: answer with a parse error (then it closes).
    void handleOversizedLine(qsizetype limit);
    //! Per-connection environment from the bridge's hello (HOPX_API_KEY, …).
    void setConnectionEnv(const QMap<QString, QString> &env) { m_connectionEnv = env; }
    const QMap<QString, QString> &connectionEnv() const { return m_connectionEnv; }
    //! A server-wide log message (notifications/message), sent if at or above the level.
    void sendLog(const QString &level, const QString &logger, const QJsonValue &data);
    //! Cancels every call in flight (the client is gone).
    void abortAll();

    bool isInitialized() const { return m_initialized; }
    const QString &protocolVersion() const { return m_protocolVersion; }
    const QJsonObject &clientInfo() const { return m_clientInfo; }
    const QJsonObject &clientCapabilities() const { return m_clientCapabilities; }
    int inFlightCount() const { return m_inFlight.size(); }

    static int logLevelRank(const QString &level); // -1 when unknown

signals:
    void outgoing(const QByteArray &message);
    void clientIdentified(const QJsonObject &clientInfo, const QString &protocolVersion);
    void requestFinished(const Hopx::Mcp::McpSession::RequestRecord &record);

private:
    // nullopt = the message gets no response (a notification, or a cancelled request)
    using Responder = std::function<void(std::optional<QJsonObject>)>;

    void dispatch(const QJsonValue &message, const Responder &respond);
    void dispatchRequest(const QJsonObject &msg, const QJsonValue &id, const Responder &respond);
    void handleNotification(const QString &method, const QJsonObject &params);
    QJsonObject initializeResult(const QJsonObject &params);
    QJsonObject toolsListResult(const QJsonObject &params, const QJsonValue &id, bool *ok);
    void callTool(const QJsonObject &params, const QJsonValue &id, const Responder &respond);
    void send(const QJsonObject &message);
    void record(const QString &method, const QString &tool, const QElapsedTimer &timer,
                RequestRecord::Outcome outcome, const QString &detail = {});

    struct InFlight
    {
        QPointer<ToolCall> call;
        Responder respond;
    };

    ServerConfig m_config;
    QPointer<ToolRegistry> m_registry;
    QHash<QString, InFlight> m_inFlight; // JsonRpc::idKey → call
    QMap<QString, QString> m_connectionEnv;
    QJsonObject m_clientInfo;
    QJsonObject m_clientCapabilities;
    QString m_protocolVersion;
    int m_logLevel = 1; // info: below that nothing is sent unless the client asks
    bool m_initializeAnswered = false;
    bool m_initialized = false;
};

} // namespace Hopx::Mcp

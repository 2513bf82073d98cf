// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "session/ServerConfig.h"
#include "session/ServerContext.h"
#include "transport/HttpRequest.h"
#include "transport/HttpServerConfig.h"
#include "json/JsonRpcReader.h"

#include <QHash>

#include <QObject>
#include <QPointer>
#include <optional>

class QTcpServer;
class QTimer;

namespace Hopx::Mcp {

class HttpConnection;
class HttpMcpSession;

/*! \brief MCP over Streamable HTTP (2025-11-25 transport) on a loopback address.
 *
 * One endpoint (HttpServerConfig::path) with POST, GET (SSE) and DELETE, sessions named by a
 * random Mcp-Session-Id. Every request passes, in this order: path (404), Host and Origin
 * against DNS rebinding (403), the bearer token (401), then the transport's own rules
 * (405/406/415/400/404/409/413). listen() refuses any non-loopback address.
 *
 * Built on QTcpServer/QTcpSocket rather than QtHttpServer: Qt 6.4's QHttpServer cannot stream
 * a response (SSE is the heart of this transport), reads a whole body before any handler can
 * refuse it (no 413 without buffering), and has no per-connection read timeout (slowloris);
 * a small parser with those limits is less code than working around all three.
 */
class HttpServer : public QObject
{
    Q_OBJECT
public:
    HttpServer(const ServerConfig &config, const ServerContext &context,
        const HttpServerConfig &http, QObject *parent = nullptr);
    ~HttpServer() override;

    bool listen();
    void close();
    //! Why listen() failed, whole and in English (the command line's and the log's words).
    QString errorString() const { return m_error; }
    /*! Why the socket refused the last listen() ("The bound address is already in use"), in
     *  Qt's words: the user's language where the app loads Qt's translations. Empty when
     *  listen() refused before asking the socket. */
    QString socketErrorString() const;
    quint16 port() const;
    //! e.g. http://127.0.0.1:8765/mcp
    QString endpointUrl() const;
    /*! Replaces the bearer token while serving: the next request with the old one gets 401,
     *  whatever session it belongs to (a leaked token must stop working at once). */
    void setBearerToken(const QByteArray &token) { m_http.bearerToken = token; }

private:
    void acceptConnections();
    void handleRequest(HttpConnection *connection, const HttpRequest &request);
    void handlePost(HttpConnection *connection, const HttpRequest &request);
    bool hostAllowed(QByteArrayView host) const;
    bool originAllowed(const QByteArray &origin) const;
    bool tokenAccepted(QByteArrayView authorization) const;
    HttpMcpSession *sessionFor(HttpConnection *connection, const HttpRequest &request);
    HttpMcpSession *createSession();
    //! The session every 2026-07-28 POST of a tool profile goes to (created on first use).
    HttpMcpSession *statelessSession(const QString &toolProfile);
    /*! The tool profile a request asks for (X-HOPX-Tools header, else ?tools=); empty for the
     *  default; nullopt (and a 400 sent) when the registry has no such profile. */
    std::optional<QString> toolProfileOf(HttpConnection *connection, const HttpRequest &request);
    void handleModernPost(HttpConnection *connection, const HttpRequest &request,
        const QJsonValue &body, const QJsonArray &messages, const QStringList &requestKeys);
    void removeSession(const QString &id);
    void expireSessions();
    static void sendError(HttpConnection *connection, int status, int code, const QString &message,
        const QList<QPair<QByteArray, QByteArray>> &headers = {});

    ServerConfig m_config;
    ServerContext m_context;
    HttpServerConfig m_http;
    QTcpServer *m_server;
    QTimer *m_sweep;
    QHash<QString, HttpMcpSession *> m_sessions;
    QHash<QString, HttpMcpSession *> m_stateless; // by tool profile
    quint64 m_statelessPosts = 0; // names each stateless POST's request keys
    QString m_error;
    int m_connections = 0;
    JsonRpcReader m_reader;
};

} // namespace Hopx::Mcp

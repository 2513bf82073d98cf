// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "transport/HttpServer.h"

#include "tools/ToolRegistry.h"
#include "transport/AsciiCase.h"
#include "transport/HttpConnection.h"
#include "transport/HttpMcpSession.h"
#include "transport/ModernPostGate.h"
#include "json/JsonRpc.h"
#include "json/RandomId.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>
#include <QUrl>
#include <QUrlQuery>

#include <charconv>

Q_LOGGING_CATEGORY(lcHttp, "hopx.mcp.http", QtInfoMsg)

namespace Hopx::Mcp {

namespace {

bool isLoopbackName(QByteArrayView name)
{
    return AsciiCase::equal(name, "localhost") || AsciiCase::equal(name, "127.0.0.1")
        || AsciiCase::equal(name, "::1");
}

//! Accept lists both types, or a wildcard that covers them (RFC 9110 §12.5.1).
bool accepts(QByteArrayView accept, QByteArrayView type)
{
    if (AsciiCase::contains(accept, type) || AsciiCase::contains(accept, "*/*"))
        return true;
    const QByteArray range = type.first(type.indexOf('/')).toByteArray() + "/*";
    return AsciiCase::contains(accept, range);
}

enum class Kind { Request, Notification, Response, Invalid };

/*! What a message is; for a request also its id and method (read once: every POST is
 *  classified before the session reads it again). */
Kind classify(const QJsonValue &v, QJsonValue *id, QJsonValue *method)
{
    if (!v.isObject())
        return Kind::Invalid;
    const QJsonObject o = v.toObject();
    if (o.value(QLatin1String("jsonrpc")).toString() != QLatin1String("2.0"))
        return Kind::Invalid;
    *method = o.value(QLatin1String("method"));
    if (!method->isUndefined()) {
        if (!method->isString())
            return Kind::Invalid;
        *id = o.value(QLatin1String("id"));
        if (id->isUndefined())
            return Kind::Notification;
        return JsonRpc::isValidId(*id) ? Kind::Request : Kind::Invalid;
    }
    if (o.contains(QLatin1String("result")) || o.contains(QLatin1String("error")))
        return Kind::Response;
    return Kind::Invalid;
}

} // namespace

HttpServer::HttpServer(const ServerConfig &config, const ServerContext &context,
    const HttpServerConfig &http, QObject *parent)
    : QObject(parent)
    , m_config(config)
    , m_context(context)
    , m_http(http)
    , m_server(new QTcpServer(this))
    , m_sweep(new QTimer(this))
{
    m_server->setMaxPendingConnections(64);
    // The kernel's default queue (Qt asks for 50) drops the SYNs of a burst beyond it, and
    // those clients wait out TCP's 1, 3, 7 s retransmits: a queue as deep as the connections
    // we serve lets a burst of IDE windows in at once, and lets the limit, not the kernel,
    // decide who is refused.
    m_server->setListenBacklogSize(m_http.maxConnections);
    connect(m_server, &QTcpServer::newConnection, this, &HttpServer::acceptConnections);
    m_sweep->setInterval(60 * 1000);
    connect(m_sweep, &QTimer::timeout, this, &HttpServer::expireSessions);
}

HttpServer::~HttpServer()
{
    close();
}

bool HttpServer::listen()
{
    if (!m_http.address.isLoopback()) {
        m_error = QStringLiteral(
            "Refusing to serve MCP over HTTP on %1: only a loopback address "
            "(127.0.0.1 or ::1) is allowed; the MCP server has no business on a network.")
                      .arg(m_http.address.toString());
        return false;
    }
    if (m_http.requireToken && m_http.bearerToken.isEmpty()) {
        m_error = QStringLiteral("No bearer token configured for the HTTP transport");
        return false;
    }
    if (!m_server->listen(m_http.address, m_http.port)) {
        m_error = QStringLiteral("Cannot listen on %1:%2: %3")
                      .arg(m_http.address.toString())
                      .arg(m_http.port)
                      .arg(m_server->errorString());
        return false;
    }
    m_sweep->start();
    qCInfo(lcHttp).noquote() << "MCP over HTTP at" << endpointUrl()
                             << (m_http.requireToken ? "(bearer token required)"
                                                     : "(NO token check)");
    return true;
}

void HttpServer::close()
{
    const QStringList ids = m_sessions.keys();
    for (const QString &id : ids)
        removeSession(id);
    for (HttpMcpSession *stateless : std::as_const(m_stateless)) {
        stateless->session()->endStreams(); // open listens end with a result, not a cut
        stateless->close();
        stateless->deleteLater();
    }
    m_stateless.clear();
    const auto connections = findChildren<HttpConnection *>(Qt::FindDirectChildrenOnly);
    for (HttpConnection *c : connections)
        c->abort();
    if (m_server->isListening())
        m_server->close();
    m_sweep->stop();
}

QString HttpServer::socketErrorString() const
{
    return m_server->serverError() == QAbstractSocket::UnknownSocketError ? QString()
                                                                          : m_server->errorString();
}

quint16 HttpServer::port() const
{
    return m_server->serverPort();
}

QString HttpServer::endpointUrl() const
{
    const QString host = m_http.address.protocol() == QAbstractSocket::IPv6Protocol
        ? QStringLiteral("[%1]").arg(m_http.address.toString())
        : m_http.address.toString();
    return QStringLiteral("http://%1:%2%3").arg(host).arg(port()).arg(m_http.path);
}

void HttpServer::acceptConnections()
{
    while (QTcpSocket *socket = m_server->nextPendingConnection()) {
        // Bound to loopback already; the check is for the day someone changes that.
        if (!socket->peerAddress().isLoopback() || m_connections >= m_http.maxConnections) {
            qCWarning(lcHttp) << "refusing a connection:"
                              << (m_connections >= m_http.maxConnections ? "too many connections"
                                                                         : "not loopback");
            socket->abort();
            socket->deleteLater();
            continue;
        }
        auto *connection = new HttpConnection(socket, m_http, this);
        ++m_connections;
        connect(connection, &HttpConnection::closed, this, [this]() { --m_connections; });
        connect(connection, &HttpConnection::requestReady, this,
            [this, connection](const HttpRequest &r) { handleRequest(connection, r); });
    }
}

void HttpServer::sendError(HttpConnection *connection, int status, int code, const QString &message,
    const QList<QPair<QByteArray, QByteArray>> &headers)
{
    connection->respond(
        status, headers, JsonRpc::serialize(JsonRpc::error(QJsonValue::Null, code, message)));
}

bool HttpServer::hostAllowed(QByteArrayView host) const
{
    // Read in place: every request is checked.
    QByteArrayView name;
    QByteArrayView portText;
    const QByteArrayView h = host.trimmed();
    if (h.startsWith('[')) {
        const qsizetype close = h.indexOf(']');
        if (close < 0)
            return false;
        name = h.sliced(1, close - 1);
        const QByteArrayView rest = h.sliced(close + 1);
        if (!rest.isEmpty() && !rest.startsWith(':'))
            return false;
        portText = rest.isEmpty() ? rest : rest.sliced(1);
    } else {
        const qsizetype colon = h.lastIndexOf(':');
        name = colon < 0 ? h : h.first(colon);
        portText = colon < 0 ? QByteArrayView() : h.sliced(colon + 1);
    }
    if (!isLoopbackName(name))
        return false;
    char digits[8];
    const auto written = std::to_chars(digits, digits + sizeof digits, port());
    return portText.isEmpty() || portText == QByteArrayView(digits, written.ptr - digits);
}

bool HttpServer::originAllowed(const QByteArray &origin) const
{
    const QString o = QString::fromLatin1(origin).trimmed();
    if (m_http.extraAllowedOrigins.contains(o))
        return true;
    const QUrl url(o, QUrl::StrictMode);
    if (!url.isValid()
        || (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https")))
        return false; // includes "null" (sandboxed frames, file: pages)
    // Same loopback host *and* our port: a page served by another local web server is another
    // origin and must not drive this one.
    return isLoopbackName(url.host().toLatin1()) && url.port() == int(port());
}

bool HttpServer::tokenAccepted(QByteArrayView authorization) const
{
    const qsizetype space = authorization.indexOf(' ');
    if (space < 0 || !AsciiCase::equal(authorization.first(space), "bearer"))
        return false;
    const QByteArrayView given = authorization.sliced(space + 1).trimmed();
    const QByteArray &expected = m_http.bearerToken;
    // Constant time in the token's content: no byte-by-byte timing oracle.
    unsigned char diff = given.size() == expected.size() ? 0 : 1;
    for (qsizetype i = 0; i < expected.size(); ++i)
        diff |= static_cast<unsigned char>(expected.at(i) ^ (i < given.size() ? given.at(i) : 0));
    return diff == 0;
}

HttpMcpSession *HttpServer::sessionFor(HttpConnection *connection, const HttpRequest &request)
{
    const QByteArray id = request.header("mcp-session-id");
    if (id.isEmpty()) {
        sendError(connection, 400, -32000,
            QStringLiteral("Bad Request: Mcp-Session-Id header is required"));
        return nullptr;
    }
    HttpMcpSession *session = m_sessions.value(QString::fromLatin1(id));
    if (!session) {
        // Unknown or ended (DELETE, expiry): 404 tells the client to initialize anew.
        sendError(connection, 404, -32001, QStringLiteral("Session not found"));
        return nullptr;
    }
    const QByteArray version = request.header("mcp-protocol-version");
    // Missing means 2025-03-26 (transport spec); any version we speak is fine, not only the
    // negotiated one (the conformance suite sends 2025-03-26 inside a 2025-11-25 session).
    if (!version.isEmpty() && !m_config.protocolVersions.contains(QString::fromLatin1(version))) {
        sendError(connection, 400, -32000,
            QStringLiteral("Bad Request: Unsupported protocol version (supported: %1)")
                .arg(m_config.protocolVersions.join(QStringLiteral(", "))));
        return nullptr;
    }
    return session;
}

HttpMcpSession *HttpServer::createSession()
{
    // Ended clients' sessions stay, idle (see HttpServerConfig::maxIdleSessions): beyond either
    // bound the least recently used idle session makes room (a long-idle one whenever there is
    // any); busy ones never do.
    int longIdle = 0;
    HttpMcpSession *victim = nullptr;
    for (HttpMcpSession *s : std::as_const(m_sessions)) {
        if (!s->isIdle())
            continue;
        if (s->idleMs() > m_http.idleTimeoutMs)
            ++longIdle;
        if (!victim || s->idleMs() > victim->idleMs())
            victim = s;
    }
    if (m_sessions.size() >= m_http.maxSessions || longIdle >= m_http.maxIdleSessions) {
        if (!victim)
            return nullptr;
        qCInfo(lcHttp) << "session limit reached; ending the least recently used idle session";
        removeSession(victim->id());
    }
    QString id;
    do {
        id = randomId(16);
    } while (m_sessions.contains(id));
    // With a token, every session is the same principal (whoever holds the token), so tasks
    // may be polled from a later session; without one, nobody is identified: bind to the session.
    const QString authContext =
        m_http.requireToken ? QStringLiteral("http-bearer") : QStringLiteral("http-session:") + id;
    auto *session = new HttpMcpSession(id, m_config, m_context, m_http, authContext, this);
    m_sessions.insert(id, session);
    return session;
}

void HttpServer::removeSession(const QString &id)
{
    HttpMcpSession *session = m_sessions.take(id);
    if (!session)
        return;
    session->close(); // the observer hears that it ended
    session->deleteLater();
}

void HttpServer::expireSessions()
{
    const QStringList ids = m_sessions.keys();
    for (const QString &id : ids) {
        HttpMcpSession *s = m_sessions.value(id);
        if (s && s->isIdle() && s->idleMs() > m_http.sessionIdleTimeoutMs)
            removeSession(id);
    }
}

void HttpServer::handleRequest(HttpConnection *connection, const HttpRequest &request)
{
    if (QLatin1String(request.path) != m_http.path) {
        sendError(connection, 404, -32601,
            QStringLiteral("Not found: the MCP endpoint is %1").arg(m_http.path));
        return;
    }
    // DNS rebinding: a hostile page whose name resolves to 127.0.0.1 still sends its own
    // Host and Origin. Checked before the token so such a page learns nothing about it.
    if (!hostAllowed(request.header("host"))) {
        sendError(connection, 403, -32000,
            QStringLiteral("Forbidden: Host header is not a loopback name of this server"));
        return;
    }
    if (request.hasHeader("origin") && !originAllowed(request.header("origin"))) {
        sendError(connection, 403, -32000, QStringLiteral("Forbidden: Origin not allowed"));
        return;
    }
    if (m_http.requireToken && !tokenAccepted(request.header("authorization"))) {
        sendError(connection, 401, -32000,
            QStringLiteral("Unauthorized: send \"Authorization: Bearer <token>\""),
            {{"WWW-Authenticate", "Bearer realm=\"hopx-desktop\""}});
        return;
    }
    if (request.method == "POST") {
        handlePost(connection, request);
        return;
    }
    if (request.method == "GET") {
        if (!accepts(request.header("accept"), "text/event-stream")) {
            sendError(connection, 406, -32000,
                QStringLiteral("Not Acceptable: Client must accept text/event-stream"));
            return;
        }
        if (HttpMcpSession *session = sessionFor(connection, request))
            session->handleGet(connection);
        return;
    }
    if (request.method == "DELETE") {
        if (HttpMcpSession *session = sessionFor(connection, request)) {
            qCDebug(lcHttp) << "session ended by the client";
            removeSession(session->id());
            connection->respond(200, {}, {});
        }
        return;
    }
    sendError(connection, 405, -32000, QStringLiteral("Method not allowed."),
        {{"Allow", "GET, POST, DELETE"}});
}

void HttpServer::handlePost(HttpConnection *connection, const HttpRequest &request)
{
    const QByteArray accept = request.header("accept");
    if (!accepts(accept, "application/json") || !accepts(accept, "text/event-stream")) {
        sendError(connection, 406, -32000,
            QStringLiteral(
                "Not Acceptable: Client must accept both application/json and text/event-stream"));
        return;
    }
    const QByteArray contentType = request.header("content-type");
    const qsizetype semicolon = contentType.indexOf(';');
    const QByteArrayView mediaType =
        QByteArrayView(contentType).first(semicolon < 0 ? contentType.size() : semicolon);
    if (!AsciiCase::equal(mediaType.trimmed(), "application/json")) {
        sendError(connection, 415, -32000,
            QStringLiteral("Unsupported Media Type: Content-Type must be application/json"));
        return;
    }
    if (request.hasHeader("mcp-session-id")) {
        // The common POST, one request or notification on a session, read without Qt's parser.
        // What it cannot read (and an initialize, which must not carry a session) goes below.
        const auto call = m_reader.read(request.body);
        if (call && call->method != QLatin1String("initialize")) {
            if (HttpMcpSession *session = sessionFor(connection, request))
                session->handleCall(connection, *call,
                    call->id.isUndefined() ? QStringList()
                                           : QStringList {JsonRpc::idKey(call->id)});
            return;
        }
    }
    QJsonParseError parseError {};
    const QJsonDocument doc = QJsonDocument::fromJson(request.body, &parseError);
    if (parseError.error != QJsonParseError::NoError || (!doc.isObject() && !doc.isArray())) {
        if (JsonRpc::isScalarJson(request.body))
            sendError(connection, 400, JsonRpc::InvalidRequest,
                QStringLiteral("Invalid Request: a JSON-RPC message is an object"));
        else
            sendError(
                connection, 400, JsonRpc::ParseError, QStringLiteral("Parse error: Invalid JSON"));
        return;
    }
    const QJsonValue body = doc.isArray() ? QJsonValue(doc.array()) : QJsonValue(doc.object());
    const QJsonArray messages = doc.isArray() ? doc.array() : QJsonArray {doc.object()};
    if (messages.isEmpty()) {
        sendError(connection, 400, JsonRpc::InvalidRequest,
            QStringLiteral("Invalid Request: empty batch"));
        return;
    }
    QStringList requestKeys;
    requestKeys.reserve(messages.size());
    bool initialize = false;
    for (const QJsonValue &m : messages) {
        QJsonValue id;
        QJsonValue method;
        const Kind kind = classify(m, &id, &method);
        if (kind == Kind::Invalid) {
            sendError(connection, 400, JsonRpc::InvalidRequest,
                QStringLiteral("Invalid Request: not a JSON-RPC 2.0 message"));
            return;
        }
        if (kind == Kind::Request) {
            requestKeys.append(JsonRpc::idKey(id));
            initialize = initialize || method.toString() == QLatin1String("initialize");
        }
    }

    if (ModernPostGate::isModern(request, messages, m_config)) {
        handleModernPost(connection, request, body, messages, requestKeys);
        return;
    }
    if (initialize) {
        if (messages.size() > 1) {
            sendError(connection, 400, JsonRpc::InvalidRequest,
                QStringLiteral("Invalid Request: initialize must be sent on its own"));
            return;
        }
        const QString existing = QString::fromLatin1(request.header("mcp-session-id"));
        if (!existing.isEmpty() && m_sessions.contains(existing)) {
            sendError(connection, 400, JsonRpc::InvalidRequest,
                QStringLiteral("Invalid Request: Server already initialized"));
            return;
        }
        const std::optional<QString> profile = toolProfileOf(connection, request);
        if (!profile)
            return;
        HttpMcpSession *session = createSession();
        if (session)
            session->session()->setToolProfile(*profile);
        if (!session) {
            sendError(connection, 503, -32000,
                QStringLiteral("Too many active sessions; try again later"));
            return;
        }
        const QString id = session->id();
        session->handlePost(connection, body, requestKeys);
        // A failed initialize (e.g. no protocolVersion) leaves nothing worth keeping.
        if (session->session()->protocolVersion().isEmpty())
            removeSession(id);
        return;
    }

    HttpMcpSession *session = sessionFor(connection, request);
    if (!session)
        return;
    session->handlePost(connection, body, requestKeys);
}

HttpMcpSession *HttpServer::statelessSession(const QString &toolProfile)
{
    HttpMcpSession *&stateless = m_stateless[toolProfile];
    if (!stateless) {
        // Without a token nobody is identified: tasks are bound to "stateless HTTP" as a whole.
        const QString authContext =
            m_http.requireToken ? QStringLiteral("http-bearer") : QStringLiteral("http-stateless");
        stateless = new HttpMcpSession({}, m_config, m_context, m_http, authContext, this);
        stateless->setStateless();
        stateless->session()->setToolProfile(toolProfile);
    }
    return stateless;
}

std::optional<QString> HttpServer::toolProfileOf(
    HttpConnection *connection, const HttpRequest &request)
{
    QString profile = QString::fromLatin1(request.header("x-hopx-tools")).trimmed();
    if (profile.isEmpty()) {
        const qsizetype q = request.target.indexOf('?');
        if (q >= 0)
            profile = QUrlQuery(QString::fromLatin1(request.target.mid(q + 1)))
                          .queryItemValue(QStringLiteral("tools"), QUrl::FullyDecoded);
    }
    if (profile.isEmpty() || !m_context.tools || m_context.tools->hasProfile(profile))
        return profile;
    sendError(connection, 400, JsonRpc::InvalidRequest,
        QStringLiteral("Unknown tool profile \"%1\": use one of %2")
            .arg(profile, m_context.tools->profileNames().join(QStringLiteral(", "))));
    return std::nullopt;
}

void HttpServer::handleModernPost(HttpConnection *connection, const HttpRequest &request,
    const QJsonValue &body, const QJsonArray &messages, const QStringList &requestKeys)
{
    const std::optional<QString> profile = toolProfileOf(connection, request);
    if (!profile)
        return;
    HttpMcpSession *session = statelessSession(*profile);
    const auto serves = [session](
                            const QString &method) { return session->session()->serves(method); };
    const auto paramHeadersOf = [this](const QString &tool) {
        const ToolRegistry::Entry *entry = m_context.tools ? m_context.tools->find(tool) : nullptr;
        return entry ? entry->paramHeaders : QList<ParamHeaders::Declaration> {};
    };
    if (const auto rejection =
            ModernPostGate::check(request, messages, m_config, serves, paramHeadersOf)) {
        connection->respond(rejection->status, {}, rejection->body, "application/json");
        return;
    }
    // Two clients may use the same id at once: each POST's keys are its own.
    session->handlePost(
        connection, body, requestKeys, QStringLiteral("post%1:").arg(++m_statelessPosts));
}

} // namespace Hopx::Mcp

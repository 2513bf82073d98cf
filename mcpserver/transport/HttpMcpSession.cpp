// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "transport/HttpMcpSession.h"

#include "json/JsonRpc.h"

#include <QLoggingCategory>
#include <QTimer>

Q_DECLARE_LOGGING_CATEGORY(lcHttp)

namespace Hopx::Mcp {

HttpMcpSession::HttpMcpSession(const QString &id, const ServerConfig &config,
    const ServerContext &context, const HttpServerConfig &http, const QString &authContext,
    QObject *parent)
    : QObject(parent)
    , m_id(id)
    , m_http(http)
    , m_link(config, context, SessionObserver::Transport::Http, authContext)
    , m_keepAlive(new QTimer(this))
{
    m_lastActivity.start();
    m_sessionHeaders = {{"Mcp-Session-Id", m_id.toLatin1()}};
    m_link.deliverTo(this, &HttpMcpSession::route, &HttpMcpSession::requestClosed);
    m_keepAlive->setInterval(m_http.sseKeepAliveMs);
    connect(m_keepAlive, &QTimer::timeout, this, [this]() {
        // An SSE comment: keeps idle-timeout proxies and the client's own watchdogs quiet.
        if (m_getStream)
            m_getStream->writeChunk(": keep-alive\n\n");
        else
            m_keepAlive->stop();
    });
}

HttpMcpSession::~HttpMcpSession()
{
    close();
}

JsonParts HttpMcpSession::sseEvent(const JsonParts &data)
{
    // Compact JSON never contains a raw newline, so one data: line holds the whole message.
    static const QByteArray prefix("event: message\ndata: ");
    if (data.isSingle())
        return QByteArray(prefix + data.toByteArray() + "\n\n"); // one buffer, one chunk
    // A tool's result in parts: around it, not joined to it (written as the client reads).
    return JsonParts(prefix).append(data).append(QByteArrayLiteral("\n\n"));
}

const HttpConnection::Headers &HttpMcpSession::sessionHeaders() const
{
    return m_sessionHeaders;
}

void HttpMcpSession::setStateless()
{
    m_stateless = true;
    m_sessionHeaders.clear();
    session()->setStateless(true);
}

bool HttpMcpSession::isIdle() const
{
    return m_exchanges.isEmpty() && !m_getStream && session()->inFlightCount() == 0;
}

void HttpMcpSession::close()
{
    const auto exchanges = std::exchange(m_exchanges, {});
    for (const ExchangePtr &e : exchanges) {
        disconnect(e->onClosed);
        if (e->connection && e->connection->isStreaming())
            e->connection->endStream();
        e->connection = nullptr;
    }
    disconnect(m_getStreamClosed);
    if (m_getStream)
        m_getStream->endStream();
    m_getStream = nullptr;
    m_keepAlive->stop();
    m_link.end();
}

void HttpMcpSession::handlePost(HttpConnection *connection, const QJsonValue &body,
    const QStringList &ids, const QString &keyPrefix)
{
    post(connection, ids, keyPrefix, [&]() { session()->handleJson(body, keyPrefix); });
}

void HttpMcpSession::handleCall(
    HttpConnection *connection, const JsonRpcReader::Call &call, const QStringList &ids)
{
    post(connection, ids, {}, [&]() { session()->handleCall(call); });
}

void HttpMcpSession::post(HttpConnection *connection, const QStringList &ids,
    const QString &keyPrefix, const std::function<void()> &dispatch)
{
    m_lastActivity.restart();
    QStringList requestKeys = ids; // shared, not copied, when there is no prefix
    if (!keyPrefix.isEmpty())
        for (QString &key : requestKeys)
            key.prepend(keyPrefix);
    if (requestKeys.isEmpty()) {
        QByteArray rejection;
        m_rejection = &rejection;
        dispatch();
        m_rejection = nullptr;
        if (rejection.isEmpty())
            connection->respond(202, sessionHeaders(), {});
        else
            connection->respond(400, sessionHeaders(), rejection, "application/json");
        return;
    }
    for (const QString &key : requestKeys) {
        if (m_exchanges.contains(key)) {
            // Two POSTs in flight with one id would share a stream: refuse the second.
            connection->respond(400, sessionHeaders(),
                R"({"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: a request with this id is already in flight"}})");
            return;
        }
    }
    auto exchange = std::make_shared<Exchange>();
    exchange->connection = connection;
    exchange->keys = requestKeys;
    for (const QString &key : requestKeys)
        m_exchanges.insert(key, exchange);
    dispatch();
    exchange->dispatching = false;
    if (exchange->done && exchange->early.isEmpty()) {
        // Answered at once with nothing before it: plain JSON is cheaper and reusable.
        exchange->connection = nullptr;
        // 2026-07-28 over HTTP: a request the client's capabilities cannot serve is a 400.
        const bool missingCapability =
            m_stateless && exchange->finalError == JsonRpc::MissingRequiredClientCapability;
        connection->respond(missingCapability ? 400 : 200, sessionHeaders(),
            exchange->final.toByteArray(), "application/json");
        return;
    }
    // Not answered during the dispatch (nothing runs between it and here, so the connection is
    // still open). The client gone, its requests keep running (disconnect is not cancel), but
    // what they say now has nowhere to go.
    exchange->onClosed = connect(connection, &HttpConnection::closed, this, [this, exchange]() {
        exchange->connection = nullptr;
        if (!exchange->done) {
            exchange->done = true;
            const QStringList keys = exchange->keys;
            for (const QString &key : keys)
                if (m_exchanges.value(key) == exchange)
                    m_exchanges.remove(key);
            // Stateless: the stream was the request's only link to its client, so closing it
            // is how 2026-07-28 cancels (a task, once created, lives on in the TaskStore).
            if (m_stateless)
                for (const QString &key : keys)
                    session()->cancelRequest(key);
        }
    });
    // Something will be (or was) said before the answer: stream it as SSE.
    exchange->streaming = true;
    connection->beginStream(200, sessionHeaders(), "text/event-stream");
    for (const QByteArray &m : std::as_const(exchange->early))
        connection->writeChunks(sseEvent(m));
    exchange->early.clear();
    if (exchange->done)
        finishExchange(exchange);
}

void HttpMcpSession::finishExchange(const ExchangePtr &exchange)
{
    disconnect(exchange->onClosed);
    if (!exchange->connection)
        return;
    if (!exchange->final.isEmpty())
        exchange->connection->writeChunks(sseEvent(exchange->final));
    exchange->connection->endStream();
    exchange->connection = nullptr;
}

void HttpMcpSession::route(const JsonParts &parts, const Outgoing &what)
{
    const ExchangePtr exchange = what.request.isEmpty() ? nullptr : m_exchanges.value(what.request);
    // A response or a batch's array of responses ends its POST.
    const bool isFinal = what.kind == Outgoing::Kind::Response;
    if (!exchange) {
        if (isFinal && !what.request.isEmpty())
            return; // its POST connection is gone: the answer cannot be delivered
        if (isFinal && m_rejection && m_rejection->isEmpty()) {
            *m_rejection = parts.toByteArray();
            return;
        }
        sendGeneral(parts.toByteArray());
        return;
    }
    if (isFinal) {
        exchange->done = true;
        exchange->final = parts; // a tool's result stays in parts until the stream takes it
        exchange->finalError = what.errorCode;
        for (const QString &key : std::as_const(exchange->keys))
            if (m_exchanges.value(key) == exchange)
                m_exchanges.remove(key);
        m_lastActivity.restart();
        if (!exchange->dispatching)
            finishExchange(exchange);
        return;
    }
    if (exchange->dispatching)
        exchange->early.append(parts.toByteArray());
    else if (exchange->connection)
        exchange->connection->writeChunks(sseEvent(parts));
}

void HttpMcpSession::requestClosed(const QString &key)
{
    // An answered request's POST is gone from m_exchanges already: only a cancelled one,
    // which gets no response, is still there. A POST that carried only such ends empty.
    const ExchangePtr exchange = m_exchanges.value(key);
    if (!exchange)
        return;
    exchange->keys.removeAll(key);
    m_exchanges.remove(key);
    if (!exchange->keys.isEmpty())
        return;
    exchange->done = true;
    if (!exchange->dispatching)
        finishExchange(exchange);
}

void HttpMcpSession::sendGeneral(const QByteArray &message)
{
    if (m_getStream && m_getStream->isOpen()) {
        m_getStream->writeChunks(sseEvent(message));
        return;
    }
    m_queue.push_back(message);
    while (int(m_queue.size()) > m_http.maxQueuedMessages)
        m_queue.pop_front(); // oldest first: a client that never listens must not cost memory
}

void HttpMcpSession::handleGet(HttpConnection *connection)
{
    m_lastActivity.restart();
    if (m_getStream && m_getStream->isOpen()) {
        connection->respond(409, sessionHeaders(),
            R"({"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Conflict: only one GET stream per session"}})");
        return;
    }
    m_getStream = connection;
    m_getStreamClosed = connect(connection, &HttpConnection::closed, this, [this]() {
        m_lastActivity.restart();
        m_keepAlive->stop();
    });
    connection->beginStream(200, sessionHeaders(), "text/event-stream");
    while (!m_queue.empty()) {
        connection->writeChunks(sseEvent(m_queue.front()));
        m_queue.pop_front();
    }
    m_keepAlive->start();
}

} // namespace Hopx::Mcp

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "session/SessionLink.h"
#include "transport/HttpConnection.h"
#include "transport/HttpServerConfig.h"
#include "json/JsonRpcReader.h"

#include <QElapsedTimer>
#include <QHash>
#include <QJsonValue>
#include <QObject>
#include <QPointer>
#include <QStringList>

#include <deque>
#include <functional>
#include <memory>

class QTimer;

namespace Hopx::Mcp {

/*! \brief One Streamable HTTP session (Mcp-Session-Id): an McpSession and its SSE streams.
 *
 * Routes each outgoing message to exactly one stream: a message related to a request goes
 * on that request's POST (progress, log, server-to-client requests, then the response, which
 * ends the stream); a POST whose response is ready before anything else was said is answered
 * as plain JSON instead. Unrelated messages (list_changed, resources/updated, task status)
 * go on the GET stream, or wait in a bounded queue until one is opened. The session is open
 * in the server's SessionObserver from creation to close().
 */
class HttpMcpSession : public QObject
{
    Q_OBJECT
public:
    HttpMcpSession(const QString &id, const ServerConfig &config, const ServerContext &context,
        const HttpServerConfig &http, const QString &authContext, QObject *parent = nullptr);
    ~HttpMcpSession() override;

    const QString &id() const { return m_id; }
    McpSession *session() const { return m_link.session(); }

    /*! A POST body, already parsed and checked by the server. `requestKeys` are the
     *  JsonRpc::idKey()s of the requests in it (empty → notifications/responses only: 202). */
    void handlePost(HttpConnection *connection, const QJsonValue &body,
        const QStringList &requestKeys, const QString &keyPrefix = {});
    //! The same for a POST of one request or notification read by a JsonRpcReader.
    void handleCall(HttpConnection *connection, const JsonRpcReader::Call &call,
        const QStringList &requestKeys);
    /*! Serves 2026-07-28 POSTs only: no Mcp-Session-Id, every POST its own client (keys get
     *  a per-POST prefix), and a POST whose connection closes cancels its request. */
    void setStateless();
    bool isStateless() const { return m_stateless; }
    //! GET: opens the session's one server-to-client stream (409 when one is open).
    void handleGet(HttpConnection *connection);
    //! Ends every stream and cancels what is in flight (DELETE, eviction, shutdown).
    void close();

    //! No open stream and no request in flight: the session may be evicted.
    bool isIdle() const;
    qint64 idleMs() const { return m_lastActivity.elapsed(); }

private:
    //! What both kinds of POST share; `dispatch` hands the body to the session.
    void post(HttpConnection *connection, const QStringList &ids, const QString &keyPrefix,
        const std::function<void()> &dispatch);
    //! The answer to one POST that carried requests.
    struct Exchange
    {
        QPointer<HttpConnection> connection;
        QStringList keys;
        QList<QByteArray> early; // said before we decided between JSON and SSE
        JsonParts final; // the response (or the batch's array of responses)
        int finalError = 0; // its JSON-RPC error code, if it is one
        QMetaObject::Connection
            onClosed; // dropped when done: keep-alive connections serve many POSTs
        bool dispatching = true; // inside handlePost's synchronous dispatch
        bool streaming = false;
        bool done = false;
    };
    using ExchangePtr = std::shared_ptr<Exchange>;

    void route(const JsonParts &parts, const Outgoing &what);
    void requestClosed(const QString &key);
    void finishExchange(const ExchangePtr &exchange);
    void sendGeneral(const QByteArray &message);
    const HttpConnection::Headers &sessionHeaders() const;
    static JsonParts sseEvent(const JsonParts &data);

    QString m_id;
    HttpConnection::Headers m_sessionHeaders; // Mcp-Session-Id, none when stateless
    HttpServerConfig m_http;
    SessionLink m_link;
    QHash<QString, ExchangePtr> m_exchanges; // request key → its POST
    QPointer<HttpConnection> m_getStream;
    QMetaObject::Connection m_getStreamClosed;
    std::deque<QByteArray> m_queue;
    QTimer *m_keepAlive;
    QElapsedTimer m_lastActivity;
    /*! While a POST without requests is dispatched: where an error about it goes (a rejected
     *  batch, an invalid notification). It belongs to that POST's 4xx, not the GET stream. */
    QByteArray *m_rejection = nullptr;
    bool m_stateless = false;
};

} // namespace Hopx::Mcp

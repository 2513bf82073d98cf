// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "transport/HttpRequest.h"
#include "transport/HttpRequestParser.h"
#include "transport/HttpServerConfig.h"
#include "json/JsonParts.h"

#include <QByteArray>
#include <QDeadlineTimer>
#include <QList>
#include <QObject>
#include <QPair>

#include <deque>

class QTcpSocket;
class QTimer;

namespace Hopx::Mcp {

/*! \brief One TCP connection of the HTTP transport: request framing, timeouts, responses.
 *
 * Requests are handled one at a time (bytes of a pipelined next request wait in the buffer).
 * A request must arrive completely within requestTimeoutMs of its first byte, so a client
 * that trickles bytes (slowloris) is answered 408 and dropped; a keep-alive connection with
 * no request for idleTimeoutMs is closed. Nothing here blocks: one stalled client never
 * delays another. A response is either whole (respond()) or a stream (beginStream(),
 * writeChunk()…, endStream()) sent with chunked encoding so the connection can be reused. A
 * stream's chunk may come in parts (writeChunks()): they are cut into pieces as the client
 * reads, and what is written after them waits its turn.
 */
class HttpConnection : public QObject
{
    Q_OBJECT
public:
    using Headers = QList<QPair<QByteArray, QByteArray>>;

    HttpConnection(QTcpSocket *socket, const HttpServerConfig &config, QObject *parent = nullptr);
    ~HttpConnection() override;

    void respond(int status, const Headers &headers, const QByteArray &body,
        const QByteArray &contentType = "application/json");
    void beginStream(int status, const Headers &headers, const QByteArray &contentType);
    void writeChunk(const QByteArray &data);
    //! `parts` into the stream, a piece at a time as the socket takes them (a tool's result).
    void writeChunks(const JsonParts &parts);
    //! Ends the stream once everything written to it is out.
    void endStream();
    bool isStreaming() const { return m_streaming; }
    bool isOpen() const;
    //! Drops the connection now (unsent bytes may be lost).
    void abort();

    static QByteArrayView reasonPhrase(int status);

signals:
    void requestReady(const Hopx::Mcp::HttpRequest &request);
    //! The connection is gone; the object is deleted right after.
    void closed();

private:
    void readAvailable();
    void processBuffer();
    void finishResponse();
    void failRequest(int status, const QString &message);
    //! The status line and headers; a `contentLength` of -1: chunked (or until the close).
    QByteArray head(int status, const Headers &headers, const QByteArray &contentType,
        qint64 contentLength) const;
    void write(const QByteArray &bytes);
    //! `data` as one chunk of the stream (or as it is, without chunked encoding).
    void writeFramed(const QByteArray &data);
    void writePending();
    //! What the connection waits for now, and from now on how long at most.
    enum class Wait { Nothing, Request, NextRequest };
    void await(Wait what);
    void deadlineReached();

    QTcpSocket *m_socket;
    HttpServerConfig m_config;
    HttpRequestParser m_parser;
    QByteArray m_buffer;
    /* One timer for both limits, left running between requests: starting and stopping a
     * timer per request costs more than the request. When it fires before what is awaited is
     * due (the wait began later), it is set again for the rest. */
    QTimer *m_deadlineTimer;
    Wait m_wait = Wait::Nothing;
    QDeadlineTimer m_deadline; // of m_wait
    QDeadlineTimer m_timerDue; // when m_deadlineTimer fires, while it runs
    bool m_busy = false; // a request is being answered
    bool m_keepAlive = true; // of the request being answered
    bool m_chunked = false; // the current stream uses chunked encoding
    bool m_streaming = false;
    bool m_sentContinue = false;
    bool m_closing = false;
    bool m_closedEmitted = false;
    bool m_endWhenWritten = false; // endStream() came while pieces still waited
    std::deque<JsonParts::Reader> m_pending; // the stream's parts not cut into pieces yet
};

} // namespace Hopx::Mcp

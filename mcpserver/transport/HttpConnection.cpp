// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "transport/HttpConnection.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QTcpSocket>
#include <QTimer>
#include <QVarLengthArray>

#include <sys/socket.h>

#include <charconv>
#include <cstring>

Q_DECLARE_LOGGING_CATEGORY(lcHttp)

namespace Hopx::Mcp {

namespace {
constexpr qsizetype kJoinBelow = 64 * 1024; // a body joined to its head to go out with it
} // namespace

HttpConnection::HttpConnection(QTcpSocket *socket, const HttpServerConfig &config, QObject *parent)
    : QObject(parent)
    , m_socket(socket)
    , m_config(config)
    , m_parser(config.maxHeaderBytes, config.maxBodyBytes)
    , m_deadlineTimer(new QTimer(this))
{
    m_socket->setParent(this);
    // Small JSON-RPC messages: don't let Nagle hold a response back for an ACK.
    m_socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
    m_deadlineTimer->setSingleShot(true);
    connect(m_deadlineTimer, &QTimer::timeout, this, &HttpConnection::deadlineReached);
    connect(m_socket, &QTcpSocket::readyRead, this, &HttpConnection::readAvailable);
    connect(m_socket, &QTcpSocket::disconnected, this, [this]() {
        m_closing = true;
        await(Wait::Nothing);
        m_deadlineTimer->stop();
        if (!m_closedEmitted) {
            m_closedEmitted = true;
            emit closed();
        }
        deleteLater();
    });
    connect(m_socket, &QTcpSocket::bytesWritten, this, [this]() {
        writePending();
        // A response sent with Connection: close is finished once its bytes are out.
        if (m_closing && m_socket->bytesToWrite() == 0)
            m_socket->disconnectFromHost();
    });
    // Until the first byte arrives, the request timeout is what bounds an idle newcomer.
    await(Wait::Request);
}

HttpConnection::~HttpConnection()
{
    if (!m_closedEmitted) {
        m_closedEmitted = true;
        emit closed();
    }
}

bool HttpConnection::isOpen() const
{
    return !m_closing && m_socket->state() == QAbstractSocket::ConnectedState;
}

void HttpConnection::abort()
{
    m_closing = true;
    m_socket->abort(); // emits disconnected → closed()
}

QByteArrayView HttpConnection::reasonPhrase(int status)
{
    switch (status) {
    case 100:
        return "Continue";
    case 200:
        return "OK";
    case 202:
        return "Accepted";
    case 400:
        return "Bad Request";
    case 401:
        return "Unauthorized";
    case 403:
        return "Forbidden";
    case 404:
        return "Not Found";
    case 405:
        return "Method Not Allowed";
    case 406:
        return "Not Acceptable";
    case 408:
        return "Request Timeout";
    case 409:
        return "Conflict";
    case 413:
        return "Content Too Large";
    case 415:
        return "Unsupported Media Type";
    case 431:
        return "Request Header Fields Too Large";
    case 500:
        return "Internal Server Error";
    case 501:
        return "Not Implemented";
    case 503:
        return "Service Unavailable";
    case 505:
        return "HTTP Version Not Supported";
    default:
        return "Unknown";
    }
}

void HttpConnection::readAvailable()
{
    m_buffer += m_socket->readAll();
    // Bytes that arrive while a response is being produced wait; bound them all the same.
    if (m_buffer.size() > m_config.maxHeaderBytes + m_config.maxBodyBytes + 4096) {
        abort();
        return;
    }
    if (!m_busy)
        processBuffer();
}

void HttpConnection::processBuffer()
{
    if (m_busy || m_closing)
        return;
    if (m_buffer.isEmpty())
        return;
    if (m_wait != Wait::Request) // the first byte of this request: its time starts now
        await(Wait::Request);
    const HttpRequestParser::State state = m_parser.parse(m_buffer);
    if (state == HttpRequestParser::State::Error) {
        failRequest(m_parser.errorStatus(), m_parser.errorMessage());
        return;
    }
    if (state == HttpRequestParser::State::NeedMore) {
        if (m_parser.headersDone() && m_parser.expectsContinue() && !m_sentContinue) {
            m_sentContinue = true;
            write("HTTP/1.1 100 Continue\r\n\r\n");
        }
        return;
    }
    await(Wait::Nothing);
    m_sentContinue = false;
    m_busy = true;
    const HttpRequest request = m_parser.takeRequest();
    m_keepAlive = request.keepAlive();
    emit requestReady(request);
}

void HttpConnection::await(Wait what)
{
    m_wait = what;
    if (what == Wait::Nothing)
        return; // the timer may still fire: deadlineReached() then finds nothing awaited
    m_deadline =
        QDeadlineTimer(what == Wait::Request ? m_config.requestTimeoutMs : m_config.idleTimeoutMs);
    if (m_deadlineTimer->isActive() && m_timerDue <= m_deadline)
        return; // fires first, and is set again for the rest then
    m_timerDue = m_deadline;
    m_deadlineTimer->start(int(m_deadline.remainingTime()));
}

void HttpConnection::deadlineReached()
{
    if (m_wait == Wait::Nothing)
        return;
    if (!m_deadline.hasExpired()) {
        m_timerDue = m_deadline;
        m_deadlineTimer->start(int(m_deadline.remainingTime()));
        return;
    }
    if (m_wait == Wait::NextRequest) {
        abort();
        return;
    }
    qCDebug(lcHttp) << "request not complete after" << m_config.requestTimeoutMs << "ms; dropping";
    failRequest(408, QStringLiteral("Request not received in time"));
}

void HttpConnection::failRequest(int status, const QString &message)
{
    // After a framing error the byte stream cannot be trusted: answer once, then close.
    m_keepAlive = false;
    m_busy = true;
    const QJsonObject error {{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
        {QStringLiteral("id"), QJsonValue::Null},
        {QStringLiteral("error"),
            QJsonObject {{QStringLiteral("code"), -32600}, {QStringLiteral("message"), message}}}};
    respond(status, {}, QJsonDocument(error).toJson(QJsonDocument::Compact));
}

QByteArray HttpConnection::head(
    int status, const Headers &headers, const QByteArray &contentType, qint64 contentLength) const
{
    // Collected as views, then copied into one buffer sized once: QByteArray::append goes
    // through insert(), about 110 instructions a piece in Qt 6.4, and a head has twenty pieces.
    char statusDigits[24];
    char lengthDigits[24];
    const auto number = [](char(&digits)[24], qint64 n) {
        return QByteArrayView(
            digits, std::to_chars(digits, digits + sizeof digits, n).ptr - digits);
    };
    QVarLengthArray<QByteArrayView, 32> pieces;
    pieces << "HTTP/1.1 " << number(statusDigits, status) << " " << reasonPhrase(status) << "\r\n";
    if (!contentType.isEmpty())
        pieces << "Content-Type: " << contentType << "\r\n";
    if (contentLength >= 0)
        pieces << "Content-Length: " << number(lengthDigits, contentLength) << "\r\n";
    else if (m_chunked)
        pieces << "Transfer-Encoding: chunked\r\n";
    for (const auto &h : headers)
        pieces << h.first << ": " << h.second << "\r\n";
    pieces << (m_keepAlive ? QByteArrayView("Connection: keep-alive\r\n\r\n")
                           : QByteArrayView("Connection: close\r\n\r\n"));
    qsizetype size = 0;
    for (const QByteArrayView piece : pieces)
        size += piece.size();
    QByteArray head;
    // Room for a small body too: respond() appends it to go out in the same write.
    head.reserve(size + (contentLength >= 0 && contentLength < kJoinBelow ? contentLength : 0));
    head.resize(size);
    char *at = head.data();
    for (const QByteArrayView piece : pieces) {
        std::memcpy(at, piece.data(), size_t(piece.size()));
        at += piece.size();
    }
    return head;
}

void HttpConnection::respond(
    int status, const Headers &headers, const QByteArray &body, const QByteArray &contentType)
{
    if (!isOpen() || m_streaming)
        return;
    QByteArray bytes =
        head(status, headers, body.isEmpty() ? QByteArray() : contentType, body.size());
    // Each buffer handed to write() is a system call of its own: a small body goes out with
    // its head in one (head() left room for it).
    if (body.size() < kJoinBelow) {
        bytes.append(body);
        write(bytes);
    } else {
        write(bytes);
        write(body);
    }
    finishResponse();
}

void HttpConnection::beginStream(int status, const Headers &headers, const QByteArray &contentType)
{
    if (!isOpen() || m_streaming)
        return;
    m_streaming = true;
    // HTTP/1.0 has no chunked coding: such a stream ends by closing the connection.
    m_chunked = m_keepAlive;
    Headers all = headers;
    all.append(qMakePair(QByteArray("Cache-Control"), QByteArray("no-cache, no-transform")));
    all.append(qMakePair(QByteArray("X-Accel-Buffering"), QByteArray("no")));
    write(head(status, all, contentType, -1));
}

void HttpConnection::writeChunk(const QByteArray &data)
{
    if (!isOpen() || !m_streaming || data.isEmpty())
        return;
    if (!m_pending.empty()) {
        m_pending.emplace_back(JsonParts(data)); // behind what waits, in order
        return;
    }
    writeFramed(data);
}

void HttpConnection::writeFramed(const QByteArray &data)
{
    if (m_chunked)
        write(QByteArray::number(data.size(), 16) + "\r\n" + data + "\r\n");
    else
        write(data);
}

void HttpConnection::writeChunks(const JsonParts &parts)
{
    if (!isOpen() || !m_streaming || parts.isEmpty())
        return;
    m_pending.emplace_back(parts);
    writePending();
}

void HttpConnection::writePending()
{
    // Pieces are cut (and escaped) only while the socket holds less than a window: a client
    // reading slowly never makes the app hold a result twice.
    constexpr qint64 kWindow = 1024 * 1024;
    constexpr qsizetype kPiece = 256 * 1024;
    while (!m_pending.empty() && isOpen() && m_socket->bytesToWrite() < kWindow) {
        JsonParts::Reader &reader = m_pending.front();
        const QByteArray piece = reader.next(kPiece);
        if (!piece.isEmpty())
            writeFramed(piece); // a chunk of its own: chunk boundaries mean nothing to SSE
        if (reader.atEnd())
            m_pending.pop_front();
    }
    if (m_pending.empty() && m_endWhenWritten) {
        m_endWhenWritten = false;
        endStream();
    }
}

void HttpConnection::endStream()
{
    if (!m_streaming)
        return;
    if (!m_pending.empty() && isOpen()) {
        m_endWhenWritten = true; // once the pieces waiting are out
        return;
    }
    m_pending.clear();
    if (isOpen() && m_chunked)
        write("0\r\n\r\n");
    m_streaming = false;
    m_chunked = false;
    finishResponse();
}

void HttpConnection::finishResponse()
{
    m_busy = false;
    if (!m_keepAlive) {
        m_closing = true;
        await(Wait::Nothing);
        if (m_socket->bytesToWrite() == 0)
            m_socket->disconnectFromHost();
        return;
    }
    await(Wait::NextRequest);
    // A pipelined request may already be waiting; handle it on the next turn of the loop
    // (not recursively, so a long pipeline cannot grow the stack).
    if (!m_buffer.isEmpty())
        QMetaObject::invokeMethod(this, &HttpConnection::processBuffer, Qt::QueuedConnection);
}

void HttpConnection::write(const QByteArray &bytes)
{
    if (bytes.isEmpty() || m_socket->state() != QAbstractSocket::ConnectedState)
        return;
    // Straight to the socket when nothing waits before it. QTcpSocket's buffered write arms
    // the socket's write notifier and disarms it once written, and under the glib event loop
    // each of those wakes the loop (a write to its eventfd): a ping's response cost three
    // system calls where one does. What the socket does not take now goes through Qt.
    qsizetype sent = 0;
    if (m_socket->bytesToWrite() == 0) {
        const ssize_t n = ::send(int(m_socket->socketDescriptor()), bytes.constData(),
            size_t(bytes.size()), MSG_DONTWAIT | MSG_NOSIGNAL);
        sent = n > 0 ? qsizetype(n) : 0;
        if (sent == bytes.size())
            return;
    }
    m_socket->write(sent == 0 ? bytes : bytes.sliced(sent));
    if (m_socket->bytesToWrite() > m_config.maxUnsentBytes) {
        qCWarning(lcHttp) << "client stopped reading (" << m_socket->bytesToWrite()
                          << "bytes unsent); dropping it";
        abort();
    }
}

} // namespace Hopx::Mcp

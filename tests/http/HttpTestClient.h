// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

// A raw HTTP/1.1 client for the Streamable HTTP tests: it writes exactly the bytes a test
// wants (half requests, bad headers, pipelines) and decodes responses incrementally (chunked
// SSE streams event by event). Waiting spins the event loop (QTest::qWaitFor), so the server
// may live in the same thread.

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QTcpSocket>
#include <QTest>

#include <memory>
#include <optional>

namespace HopxTest {

struct HttpResponse
{
    int status = 0;
    QMap<QByteArray, QByteArray> headers; // lower-case names
    QByteArray body; // decoded (de-chunked)
    bool complete = false;

    QByteArray header(const QByteArray &name) const { return headers.value(name.toLower()); }
    QJsonObject json() const { return QJsonDocument::fromJson(body).object(); }
    //! The SSE events' data, parsed as JSON, in order.
    QList<QJsonObject> events() const
    {
        QList<QJsonObject> out;
        for (const QByteArray &event : body.split('\n')) {
            if (event.startsWith("data: ") && event.size() > 6)
                out.append(QJsonDocument::fromJson(event.mid(6)).object());
        }
        return out;
    }
};

class HttpTestClient
{
public:
    explicit HttpTestClient(quint16 port, const QByteArray &host = "127.0.0.1")
        : m_port(port)
        , m_host(host)
    { }

    bool connect(int timeoutMs = 3000)
    {
        m_socket = std::make_unique<QTcpSocket>();
        m_socket->connectToHost(QString::fromLatin1(m_host), m_port);
        return QTest::qWaitFor(
            [this]() { return m_socket->state() == QAbstractSocket::ConnectedState; }, timeoutMs);
    }
    bool isConnected() const
    {
        return m_socket && m_socket->state() == QAbstractSocket::ConnectedState;
    }
    //! True once the server closed the connection (waits up to timeoutMs).
    bool waitForClose(int timeoutMs)
    {
        return QTest::qWaitFor(
            [this]() {
                pump();
                return m_socket->state() == QAbstractSocket::UnconnectedState;
            },
            timeoutMs);
    }
    void sendRaw(const QByteArray &bytes)
    {
        if (!m_socket)
            connect();
        m_socket->write(bytes);
        m_socket->flush();
    }

    static QByteArray buildRequest(const QByteArray &method, const QByteArray &hostHeader,
        const QList<QPair<QByteArray, QByteArray>> &headers, const QByteArray &body,
        const QByteArray &path = "/mcp")
    {
        QByteArray r = method + ' ' + path + " HTTP/1.1\r\nHost: " + hostHeader + "\r\n";
        for (const auto &h : headers)
            r += h.first + ": " + h.second + "\r\n";
        if (!body.isEmpty() || method == "POST")
            r += "Content-Length: " + QByteArray::number(body.size()) + "\r\n";
        return r + "\r\n" + body;
    }
    QByteArray hostHeader() const { return m_host + ':' + QByteArray::number(m_port); }

    //! Sends a request and waits for the complete response (or what arrived by the timeout).
    HttpResponse request(const QByteArray &method,
        const QList<QPair<QByteArray, QByteArray>> &headers, const QByteArray &body = {},
        int timeoutMs = 10000)
    {
        startRequest(method, headers, body);
        return waitForResponse(timeoutMs);
    }
    void startRequest(const QByteArray &method, const QList<QPair<QByteArray, QByteArray>> &headers,
        const QByteArray &body = {}, const QByteArray &path = "/mcp")
    {
        if (!isConnected())
            connect();
        m_current = HttpResponse();
        m_headDone = false;
        sendRaw(buildRequest(method, hostHeader(), headers, body, path));
    }
    HttpResponse waitForResponse(int timeoutMs = 10000)
    {
        (void)QTest::qWaitFor(
            [this]() {
                pump();
                return m_current.complete || !isConnected();
            },
            timeoutMs);
        pump();
        HttpResponse r = m_current;
        if (r.complete) {
            m_current = HttpResponse();
            m_headDone = false;
        }
        return r;
    }
    //! For streams: waits until the response so far holds at least `count` SSE events.
    const HttpResponse &waitForEvents(int count, int timeoutMs = 10000)
    {
        (void)QTest::qWaitFor(
            [this, count]() {
                pump();
                return m_current.events().size() >= count || m_current.complete || !isConnected();
            },
            timeoutMs);
        return m_current;
    }
    const HttpResponse &current() const { return m_current; }

private:
    void pump()
    {
        if (!m_socket)
            return;
        m_buffer += m_socket->readAll();
        if (m_current.complete)
            return; // the next response stays buffered until this one is taken
        if (!m_headDone) {
            const qsizetype end = m_buffer.indexOf("\r\n\r\n");
            if (end < 0)
                return;
            const QList<QByteArray> lines = m_buffer.left(end).split('\n');
            m_buffer.remove(0, end + 4);
            const QList<QByteArray> statusLine = lines.first().trimmed().split(' ');
            m_current.status = statusLine.value(1).toInt();
            for (int i = 1; i < lines.size(); ++i) {
                const qsizetype colon = lines[i].indexOf(':');
                if (colon > 0)
                    m_current.headers.insert(lines[i].left(colon).trimmed().toLower(),
                        lines[i].mid(colon + 1).trimmed());
            }
            m_headDone = true;
            if (m_current.status == 100) { // "100 Continue": the real response follows
                m_current = HttpResponse();
                m_headDone = false;
                pump();
                return;
            }
        }
        if (m_current.header("transfer-encoding") == "chunked") {
            while (true) {
                const qsizetype eol = m_buffer.indexOf("\r\n");
                if (eol < 0)
                    return;
                bool ok = false;
                const qsizetype size = m_buffer.left(eol).toLongLong(&ok, 16);
                if (!ok)
                    return;
                if (size == 0) {
                    if (m_buffer.size() < eol + 4)
                        return;
                    m_buffer.remove(0, eol + 4);
                    m_current.complete = true;
                    return;
                }
                if (m_buffer.size() < eol + 2 + size + 2)
                    return;
                m_current.body += m_buffer.mid(eol + 2, size);
                m_buffer.remove(0, eol + 2 + size + 2);
            }
        }
        if (m_current.headers.contains("content-length")) {
            const qsizetype length = m_current.header("content-length").toLongLong();
            if (m_buffer.size() >= length) {
                m_current.body = m_buffer.left(length);
                m_buffer.remove(0, length);
                m_current.complete = true;
            }
            return;
        }
        // Neither length nor chunks: the body runs to the end of the connection.
        m_current.body += m_buffer;
        m_buffer.clear();
        if (m_socket->state() == QAbstractSocket::UnconnectedState)
            m_current.complete = true;
    }

    quint16 m_port;
    QByteArray m_host;
    std::unique_ptr<QTcpSocket> m_socket;
    QByteArray m_buffer;
    HttpResponse m_current;
    bool m_headDone = false;
};

} // namespace HopxTest

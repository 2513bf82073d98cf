// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/egress/SecretTlsConnection.h"

#include "providers/local/LocalLogging.h"
#include "providers/local/egress/EgressProxy.h"
#include "providers/local/egress/EgressRequest.h"
#include "providers/local/egress/UpstreamTlsPool.h"

#include <QLocalSocket>
#include <QSslSocket>
#include <QTimer>

#include <openssl/err.h>
#include <openssl/ssl.h>

namespace Hopx::Local {

namespace {

constexpr int kMaxHead = 64 * 1024;
constexpr qint64 kMaxBody = 1024 * 1024; // a body substituted in is held whole, up to this
constexpr int kTimeoutMs = 30000;
constexpr int kChunk = 16 * 1024;

bool isIdempotent(const QByteArray &method)
{
    static const QList<QByteArray> safe = {"GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE"};
    return safe.contains(method);
}

} // namespace

SecretTlsConnection::SecretTlsConnection(QLocalSocket *client, EgressProxy *proxy, SSL_CTX *context,
    const QString &host, quint16 port, const QHostAddress &address, const QByteArray &early)
    : QObject(proxy)
    , m_proxy(proxy)
    , m_client(client)
    , m_timer(new QTimer(this))
    , m_host(host)
    , m_port(port)
    , m_address(address)
{
    client->setParent(this);
    m_ssl = SSL_new(context);
    m_in = BIO_new(BIO_s_mem());
    m_out = BIO_new(BIO_s_mem());
    SSL_set_bio(m_ssl, m_in, m_out); // the SSL owns both from here
    SSL_set_accept_state(m_ssl);
    m_timer->setSingleShot(true);
    connect(m_timer, &QTimer::timeout, this, [this]() {
        fail(504, "Gateway Timeout",
            QStringLiteral("HOPX Desktop got no complete request or answer for %1 in time.")
                .arg(m_host));
    });
    m_timer->start(kTimeoutMs);
    connect(client, &QLocalSocket::readyRead, this, [this]() { feed(m_client->readAll()); });
    connect(client, &QLocalSocket::disconnected, this, [this]() {
        if (m_upstream && m_state == State::Relay)
            m_upstream->disconnectFromHost();
        else
            close();
    });
    connect(client, &QLocalSocket::bytesWritten, this, [this]() {
        if (m_state == State::Closing && m_client->bytesToWrite() == 0)
            close();
    });
    m_upstream = m_proxy->upstreamPool()->take(m_host, m_port, m_address);
    if (m_upstream) {
        m_reused = true;
        m_upstream->setParent(this);
        watchUpstream();
    } else {
        dialUpstream();
    }
    feed(early + client->readAll());
}

SecretTlsConnection::~SecretTlsConnection()
{
    SSL_free(m_ssl);
}

void SecretTlsConnection::feed(const QByteArray &bytes)
{
    if (!bytes.isEmpty())
        BIO_write(m_in, bytes.constData(), int(bytes.size()));
    pump();
}

void SecretTlsConnection::pump()
{
    if (m_state == State::Closing)
        return;
    if (m_state == State::Handshake) {
        const int r = SSL_do_handshake(m_ssl);
        flushTls();
        if (r != 1) {
            const int e = SSL_get_error(m_ssl, r);
            if (e != SSL_ERROR_WANT_READ && e != SSL_ERROR_WANT_WRITE) {
                // Most often: the sandbox's TLS library does not trust this installation's CA.
                qCInfo(lcLocal).noquote() << "egress: TLS with the sandbox for" << m_host
                                          << "failed:" << ERR_reason_error_string(ERR_get_error());
                ERR_clear_error();
                close();
            }
            return;
        }
        m_state = State::Head;
    }
    readPlain();
}

void SecretTlsConnection::readPlain()
{
    char buffer[kChunk];
    int n = 0;
    QByteArray fresh;
    while ((n = SSL_read(m_ssl, buffer, sizeof(buffer))) > 0)
        fresh.append(buffer, n);
    const int e = SSL_get_error(m_ssl, n);
    flushTls();
    if (m_state == State::Head) {
        m_plain += fresh;
        onHead();
    } else if (m_state == State::Dialing) {
        m_plain += bounded(fresh);
    } else if (m_state == State::Relay && !fresh.isEmpty()) {
        m_upstream->write(bounded(fresh));
        m_upstream->flush();
    }
    if (e == SSL_ERROR_ZERO_RETURN && m_upstream && m_state == State::Relay)
        m_upstream->disconnectFromHost();
}

void SecretTlsConnection::flushTls()
{
    char buffer[kChunk];
    int n = 0;
    bool wrote = false;
    while ((n = BIO_read(m_out, buffer, sizeof(buffer))) > 0) {
        m_client->write(buffer, n);
        wrote = true;
    }
    // Now, not on the event loop's next turn: every TLS flight of the handshake and the
    // answer would wait for one (the app's thread is shared, so a turn can be long).
    if (wrote)
        m_client->flush();
}

void SecretTlsConnection::onHead()
{
    const int end = m_plain.indexOf("\r\n\r\n");
    if (end < 0) {
        if (m_plain.size() > kMaxHead)
            fail(431, "Request Header Fields Too Large",
                QStringLiteral("The request head is too large."));
        return;
    }
    const int lineEnd = m_plain.indexOf("\r\n");
    const QList<QByteArray> parts = m_plain.left(lineEnd).split(' ');
    if (parts.size() != 3 || !parts.at(2).startsWith("HTTP/1.") || !parts.at(1).startsWith('/')) {
        fail(400, "Bad Request",
            QStringLiteral("HOPX Desktop reads requests to %1 (it holds a secret for it) and "
                           "did not understand this one.")
                .arg(m_host));
        return;
    }
    const QByteArray given = m_plain.mid(lineEnd, end - lineEnd);
    // The connection to the API outlives this request only when the request's end is known
    // from its head: a transfer-coded body goes on until the sandbox closes, as before.
    const bool keepAlive = parts.at(2) == "HTTP/1.1" && !EgressRequest::hasTransferCoding(given);
    const QByteArray fields = EgressRequest::originFields(given, keepAlive);
    QByteArray body = m_plain.mid(end + 4);
    const qint64 length = EgressRequest::contentLength(fields);
    const SecretBindings &secrets = m_proxy->secrets();
    if (secrets.bodyFor(m_host) && length > body.size() && length <= kMaxBody)
        return; // the rest of the body first
    if (keepAlive) {
        // Bytes after the declared body would be a second request: never passed on unread.
        body.truncate(qMax<qint64>(0, length));
        m_requestLeft = qMax<qint64>(0, length) - body.size();
    }
    SecretBindings::Report report;
    m_plain =
        EgressRequest::rewrite(secrets, m_plain.left(lineEnd) + fields, body, m_host, &report);
    m_proxy->noteSecrets(m_host, report);
    m_response = ResponseFraming(parts.at(0));
    m_retryable = m_requestLeft == 0 && isIdempotent(parts.at(0));
    if (m_retryable)
        m_request = m_plain;

    m_state = State::Dialing;
    if (!m_upstreamError.isEmpty())
        fail(502, "Bad Gateway", m_upstreamError);
    else if (m_upstream->isEncrypted())
        startRelay();
}

void SecretTlsConnection::dialUpstream()
{
    // Dialled while the sandbox's handshake and request are still on their way, not after:
    // the two handshakes then overlap, and the request waits for neither the connect nor the
    // API's TLS (on loopback that was most of the time a substituted request added). The
    // address is the one the proxy checked before it said "Connection established".
    m_upstream = new QSslSocket(this);
    m_upstream->setSslConfiguration(m_proxy->upstreamTls());
    // The name the sandbox asked for is what the certificate must show; the address dialled
    // is the one the proxy checked, so DNS cannot change it in between.
    m_upstream->setPeerVerifyName(m_host);
    connect(m_upstream, &QSslSocket::connected, this, [this]() {
        // Requests and answers are small and go as soon as they are whole.
        m_upstream->setSocketOption(QAbstractSocket::LowDelayOption, 1);
        m_upstream->startClientEncryption();
    });
    watchUpstream();
    m_upstream->connectToHost(m_address, m_port);
}

void SecretTlsConnection::watchUpstream()
{
    connect(m_upstream, &QSslSocket::encrypted, this, [this]() {
        if (m_state == State::Dialing)
            startRelay();
    });
    connect(m_upstream, &QSslSocket::readyRead, this, [this]() {
        if (m_state == State::Relay)
            onAnswer(m_upstream->readAll());
    });
    connect(m_upstream, &QSslSocket::errorOccurred, this, [this](QAbstractSocket::SocketError e) {
        if (m_state == State::Relay && e == QAbstractSocket::RemoteHostClosedError)
            return; // disconnected() ends it
        if (retryFresh())
            return;
        QStringList why;
        for (const QSslError &s : m_upstream->sslHandshakeErrors())
            why << s.errorString();
        upstreamFailed(
            QStringLiteral("HOPX Desktop could not reach %1:%2 securely: %3.")
                .arg(m_host)
                .arg(m_port)
                .arg(why.isEmpty() ? m_upstream->errorString() : why.join(QStringLiteral("; "))));
    });
    connect(m_upstream, &QSslSocket::disconnected, this, [this]() {
        if (retryFresh())
            return;
        if (m_state != State::Relay) {
            upstreamFailed(QStringLiteral("%1:%2 closed the connection before the request.")
                               .arg(m_host)
                               .arg(m_port));
            return;
        }
        onAnswer(m_upstream->readAll());
        if (m_state != State::Relay)
            return; // the answer was whole
        if (!m_response.started()) {
            fail(502, "Bad Gateway",
                QStringLiteral("%1:%2 closed the connection without answering%3.")
                    .arg(m_host)
                    .arg(m_port)
                    .arg(m_reused ? QStringLiteral("; the request was not sent again, as the "
                                                   "API may have acted on it")
                                  : QString()));
            return;
        }
        sendToClient(m_response.rest());
        SSL_shutdown(m_ssl);
        flushTls();
        m_state = State::Closing;
        if (m_client->bytesToWrite() == 0)
            close();
    });
}

bool SecretTlsConnection::retryFresh()
{
    // A kept connection that the API closed while it was idle (its own idle timeout) and
    // before any of the answer: the request goes again, on a new connection. Not a POST: the
    // API may have acted on it before it closed.
    if (!m_reused || m_response.started() || m_state == State::Closing
        || (m_state == State::Relay && !m_retryable)
        || m_client->state() != QLocalSocket::ConnectedState)
        return false;
    qCInfo(lcLocal).noquote() << "egress: a kept connection to" << m_host
                              << "was closed by the API; a new one";
    m_reused = false;
    disconnect(m_upstream, nullptr, this, nullptr);
    m_upstream->abort();
    m_upstream->deleteLater();
    if (m_state == State::Relay) {
        m_plain = m_request;
        m_state = State::Dialing;
        m_timer->start(kTimeoutMs);
    }
    dialUpstream();
    return true;
}

void SecretTlsConnection::upstreamFailed(const QString &why)
{
    // Before the request is read the sandbox cannot be told in HTTP yet: kept until then.
    if (m_state == State::Handshake || m_state == State::Head) {
        if (m_upstreamError.isEmpty())
            m_upstreamError = why;
        return;
    }
    fail(502, "Bad Gateway", why);
}

void SecretTlsConnection::startRelay()
{
    m_timer->stop();
    m_state = State::Relay;
    m_upstream->write(m_plain);
    m_upstream->flush(); // encrypted and sent now, not when the event loop comes round
    m_plain.clear();
    if (m_upstream->bytesAvailable() > 0)
        onAnswer(m_upstream->readAll());
}

QByteArray SecretTlsConnection::bounded(QByteArray plain)
{
    if (m_requestLeft >= 0) {
        plain.truncate(m_requestLeft);
        m_requestLeft -= plain.size();
    }
    return plain;
}

void SecretTlsConnection::onAnswer(const QByteArray &bytes)
{
    sendToClient(m_response.feed(bytes));
    if (m_response.isComplete())
        finishExchange();
}

void SecretTlsConnection::finishExchange()
{
    QSslSocket *upstream = m_upstream;
    m_upstream = nullptr;
    disconnect(upstream, nullptr, this, nullptr);
    if (m_response.reusable() && m_requestLeft == 0
        && upstream->state() == QAbstractSocket::ConnectedState && upstream->isEncrypted()) {
        m_proxy->upstreamPool()->put(
            m_host, m_port, m_address, upstream, m_response.idleTimeoutMs());
    } else {
        upstream->abort();
        upstream->deleteLater();
    }
    SSL_shutdown(m_ssl);
    flushTls();
    m_state = State::Closing;
    if (m_client->bytesToWrite() == 0)
        close();
}

void SecretTlsConnection::sendToClient(const QByteArray &plain)
{
    for (qsizetype at = 0; at < plain.size();) {
        const int n = SSL_write(
            m_ssl, plain.constData() + at, int(qMin<qsizetype>(plain.size() - at, kChunk)));
        if (n <= 0)
            break;
        at += n;
    }
    flushTls();
}

void SecretTlsConnection::fail(int status, const QByteArray &reason, const QString &body)
{
    if (m_state == State::Closing)
        return;
    if (m_state != State::Handshake) {
        const QByteArray text = body.toUtf8() + '\n';
        sendToClient("HTTP/1.1 " + QByteArray::number(status) + ' ' + reason
            + "\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: "
            + QByteArray::number(text.size()) + "\r\nConnection: close\r\n\r\n" + text);
        SSL_shutdown(m_ssl);
        flushTls();
    }
    qCInfo(lcLocal).noquote() << "egress:" << m_host << status << body;
    m_state = State::Closing;
    if (m_upstream)
        m_upstream->abort();
    if (m_client->bytesToWrite() == 0)
        close();
}

void SecretTlsConnection::close()
{
    m_state = State::Closing;
    m_timer->stop();
    if (m_upstream) {
        disconnect(m_upstream, nullptr, this, nullptr);
        m_upstream->abort();
    }
    disconnect(m_client, nullptr, this, nullptr);
    m_client->abort();
    deleteLater();
}

} // namespace Hopx::Local

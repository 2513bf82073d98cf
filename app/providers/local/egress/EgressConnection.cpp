// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/egress/EgressConnection.h"

#include "providers/local/agentlink/SpliceRelay.h"
#include "providers/local/egress/EgressCa.h"
#include "providers/local/egress/EgressProxy.h"
#include "providers/local/egress/EgressRequest.h"
#include "providers/local/egress/SecretBindings.h"
#include "providers/local/egress/SecretTlsConnection.h"
#include "providers/local/packages/PackageCache.h"

#include <QLocalSocket>
#include <QPointer>
#include <QTcpSocket>
#include <QTimer>
#include <QUrl>

#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

namespace Hopx::Local {

namespace {

constexpr int kMaxHead = 64 * 1024;
constexpr qint64 kChunk = 64 * 1024;
constexpr int kHeadTimeoutMs = 30000;
constexpr int kConnectTimeoutMs = 20000;

//! host[:port] of a CONNECT target or a URL authority; IPv6 in brackets.
bool splitAuthority(const QByteArray &authority, quint16 defaultPort, QString &host, quint16 &port)
{
    QByteArray h = authority;
    port = defaultPort;
    int colon = -1;
    if (h.startsWith('[')) {
        const int close = h.indexOf(']');
        if (close < 0)
            return false;
        colon = h.indexOf(':', close);
        host = QString::fromLatin1(h.mid(1, close - 1));
    } else {
        colon = h.lastIndexOf(':');
        host = QString::fromLatin1(colon >= 0 ? h.left(colon) : h);
    }
    if (colon >= 0) {
        bool ok = false;
        const uint p = h.mid(colon + 1).toUInt(&ok);
        if (!ok || p == 0 || p > 65535)
            return false;
        port = quint16(p);
    }
    return !host.isEmpty() && port != 0;
}

} // namespace

EgressConnection::EgressConnection(QLocalSocket *client, EgressProxy *proxy)
    : QObject(proxy)
    , m_proxy(proxy)
    , m_client(client)
    , m_timer(new QTimer(this))
{
    client->setParent(this);
    client->setReadBufferSize(kChunk);
    m_timer->setSingleShot(true);
    connect(m_timer, &QTimer::timeout, this, [this]() {
        fail(408, "Request Timeout",
            m_upstream ? QStringLiteral("HOPX Desktop could not reach %1:%2 in time.")
                             .arg(m_host)
                             .arg(m_port)
                       : QStringLiteral("The request was not complete in time."));
    });
    m_timer->start(kHeadTimeoutMs);
    connect(client, &QLocalSocket::readyRead, this, [this]() {
        if (!m_deciding)
            readHead();
    });
    connect(client, &QLocalSocket::bytesWritten, this, [this]() {
        if (m_closing && m_client->bytesToWrite() == 0)
            finish();
    });
    connect(client, &QLocalSocket::disconnected, this, &EgressConnection::finish);
    readHead();
}

EgressConnection::~EgressConnection() = default;

void EgressConnection::readHead()
{
    m_head += m_client->readAll();
    const int end = m_head.indexOf("\r\n\r\n");
    if (end < 0) {
        if (m_head.size() > kMaxHead)
            fail(431, "Request Header Fields Too Large",
                QStringLiteral("The request head is too large."));
        return;
    }
    const int lineEnd = m_head.indexOf("\r\n");
    const QList<QByteArray> parts = m_head.left(lineEnd).split(' ');
    if (parts.size() != 3 || !parts.at(2).startsWith("HTTP/1.")) {
        fail(400, "Bad Request",
            QStringLiteral("This is an HTTP proxy; the request line was not understood."));
        return;
    }
    const QByteArray method = parts.at(0);
    const QByteArray target = parts.at(1);
    QByteArray rest = m_head.mid(end + 4); // body bytes or tunnel data sent early
    // The package cache's paths are answered in the app, not forwarded.
    PackageCache *cache = m_proxy->packageCache();
    const QByteArray cachePath = cache ? cache->cachePath(target) : QByteArray();
    if (!cachePath.isEmpty()) {
        m_timer->stop();
        m_deciding = true;
        disconnect(m_client, nullptr, this, nullptr);
        connect(cache->serve(m_client, m_proxy, method, cachePath), &QObject::destroyed, this,
            &QObject::deleteLater);
        return;
    }
    if (method == "CONNECT") {
        m_tunnel = true;
        if (!splitAuthority(target, 443, m_host, m_port)) {
            fail(400, "Bad Request", QStringLiteral("CONNECT needs host:port."));
            return;
        }
        m_head = rest;
    } else {
        const QUrl url(QString::fromLatin1(target), QUrl::StrictMode);
        if (!url.isValid() || url.scheme() != QLatin1String("http") || url.host().isEmpty()) {
            fail(400, "Bad Request",
                QStringLiteral("Only CONNECT and absolute http:// URLs go through this proxy."));
            return;
        }
        m_host = url.host();
        m_port = quint16(url.port(80));
        // Origin form, hop-by-hop headers dropped, and one request per connection.
        QByteArray out = method + ' '
            + url.toEncoded(QUrl::RemoveScheme | QUrl::RemoveAuthority | QUrl::RemoveFragment);
        if (out.endsWith(' '))
            out += '/';
        out += ' ' + parts.at(2);
        const QByteArray fields = EgressRequest::originFields(m_head.mid(lineEnd, end - lineEnd));
        // A secret substituted in the body needs all of it, to set its length again.
        const SecretBindings &secrets = m_proxy->secrets();
        const qint64 length = EgressRequest::contentLength(fields);
        if (secrets.bodyFor(m_host) && length > rest.size() && length <= kMaxHead * 16)
            return; // more body to come; readyRead calls again
        SecretBindings::Report report;
        m_head = EgressRequest::rewrite(secrets, out + fields, rest, m_host, &report);
        m_proxy->noteSecrets(m_host, report);
    }
    m_deciding = true;
    QPointer<EgressConnection> self(this);
    m_proxy->decide(m_host, m_port, [self](const QHostAddress &address, const QString &denial) {
        if (self)
            self->onVerdict(address, denial);
    });
}

void EgressConnection::onVerdict(const QHostAddress &address, const QString &denial)
{
    if (address.isNull()) {
        fail(403, "Forbidden", EgressProxy::denialText(m_host, denial));
        return;
    }
    // A secret's host: the proxy ends the sandbox's TLS to read and rewrite its requests.
    // Every other host stays a tunnel the proxy cannot see into.
    if (m_tunnel && m_proxy->ca() && m_proxy->secrets().boundTo(m_host)) {
        if (SSL_CTX *context = m_proxy->ca()->serverContext(m_host)) {
            m_timer->stop();
            disconnect(m_client, nullptr, this, nullptr);
            m_client->write("HTTP/1.1 200 Connection established\r\n\r\n");
            m_proxy->track(new SecretTlsConnection(
                m_client, m_proxy, context, m_host, m_port, address, m_head));
            m_client = nullptr;
            deleteLater();
            return;
        }
    }
    m_upstream = new QTcpSocket(this);
    m_upstream->setReadBufferSize(kChunk);
    connect(m_upstream, &QTcpSocket::connected, this, &EgressConnection::onUpstreamConnected);
    connect(m_upstream, &QTcpSocket::errorOccurred, this, [this](QAbstractSocket::SocketError) {
        fail(502, "Bad Gateway",
            QStringLiteral("HOPX Desktop could not reach %1:%2: %3.")
                .arg(m_host)
                .arg(m_port)
                .arg(m_upstream->errorString()));
    });
    m_timer->start(kConnectTimeoutMs);
    m_upstream->connectToHost(address, m_port);
}

void EgressConnection::onUpstreamConnected()
{
    m_timer->stop();
    // From here on the bytes go fd to fd on a relay thread, past the event loop: both
    // descriptors are duplicated for it and the Qt sockets let go of theirs.
    const QByteArray toClient =
        (m_tunnel ? QByteArray("HTTP/1.1 200 Connection established\r\n\r\n") : QByteArray())
        + m_upstream->readAll();
    const QByteArray toUpstream = m_head + m_client->readAll();
    m_head.clear();
    const int client = int(::fcntl(int(m_client->socketDescriptor()), F_DUPFD_CLOEXEC, 3));
    const int upstream = int(::fcntl(int(m_upstream->socketDescriptor()), F_DUPFD_CLOEXEC, 3));
    if (client < 0 || upstream < 0) {
        for (int fd : {client, upstream}) {
            if (fd >= 0)
                ::close(fd);
        }
        fail(502, "Bad Gateway", QStringLiteral("HOPX Desktop is out of descriptors."));
        return;
    }
    // The Unix socket to the sandbox holds only its send buffer in flight (208 KiB by
    // default): more lets the relay run on while the agent waits for a CPU (capped by the
    // kernel at wmem_max). TCP sizes its own buffers.
    const int buffer = 1 << 20;
    ::setsockopt(client, SOL_SOCKET, SO_SNDBUF, &buffer, sizeof(buffer));
    // The relay writes what it read as it comes: a small last piece must not wait for the
    // API's ACK of the one before (the sandbox's side has TCP_NODELAY from the agent).
    const int one = 1;
    ::setsockopt(upstream, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
    SpliceRelay::start(m_proxy->relays(), client, upstream, toClient, toUpstream);
    finish();
}

void EgressConnection::fail(int status, const QByteArray &reason, const QString &body)
{
    if (m_closing)
        return;
    m_closing = true;
    m_timer->stop();
    const QByteArray text = body.toUtf8() + '\n';
    QByteArray response = "HTTP/1.1 " + QByteArray::number(status) + ' ' + reason + "\r\n";
    response += "Content-Type: text/plain; charset=utf-8\r\n";
    if (status == 403)
        response += "X-Hopx-Denied-Host: " + m_host.toUtf8() + "\r\n";
    response += "Content-Length: " + QByteArray::number(text.size())
        + "\r\nConnection: close\r\n\r\n" + text;
    m_client->write(response);
    if (m_upstream)
        m_upstream->abort();
    if (m_client->bytesToWrite() == 0)
        finish();
}

void EgressConnection::finish()
{
    if (m_upstream) {
        disconnect(m_upstream, nullptr, this, nullptr);
        m_upstream->abort();
    }
    disconnect(m_client, nullptr, this, nullptr);
    m_client->abort();
    deleteLater();
}

} // namespace Hopx::Local

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/packages/PackageRequest.h"

#include "providers/local/egress/EgressProxy.h"
#include "providers/local/packages/PackageCache.h"
#include "providers/local/packages/PackageLogging.h"

#include <QFile>
#include <QLocalSocket>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QRegularExpression>
#include <QTemporaryFile>

namespace Hopx::Local {

namespace {

constexpr qint64 kChunk = 64 * 1024;
constexpr int kTransferTimeoutMs = 60000;
constexpr int kMaxRedirects = 3;

int statusOf(QNetworkReply *reply)
{
    return reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
}

QString hostOf(const QUrl &url)
{
    return url.port() > 0 ? QStringLiteral("%1:%2").arg(url.host()).arg(url.port()) : url.host();
}

} // namespace

PackageRequest::PackageRequest(QLocalSocket *client, EgressProxy *proxy, PackageCache *cache,
    const QByteArray &method, const QByteArray &path)
    : QObject(client->parent())
    , m_client(client)
    , m_proxy(proxy)
    , m_cache(cache)
    , m_sandbox(proxy->sandboxId())
    , m_head(method == "HEAD")
{
    connect(client, &QLocalSocket::disconnected, this, &PackageRequest::finish);
    connect(client, &QLocalSocket::bytesWritten, this, &PackageRequest::pump);
    if (method != "GET" && method != "HEAD")
        respond(405, "Method Not Allowed", QStringLiteral("The package cache answers GET only."));
    else if (!cache->ready())
        respond(503, "Service Unavailable",
            QStringLiteral("HOPX Desktop's package cache is unavailable: %1")
                .arg(cache->unavailableReason()));
    else
        start(path);
}

PackageRequest::~PackageRequest() = default;

void PackageRequest::start(const QByteArray &rawPath)
{
    static const QRegularExpression project(QStringLiteral("^pypi/simple/([A-Za-z0-9._-]+)/?$"));
    static const QRegularExpression pyFile(QStringLiteral("^pypi/files/([a-z0-9-]+)/([^/]+)$"));
    static const QRegularExpression npmFile(QStringLiteral("^npm/-/([a-z0-9-]+)/([^/]+)$"));
    static const QRegularExpression npmName(
        QStringLiteral("^npm/((@[a-z0-9._~-]+(%2[fF]|/))?[a-z0-9._~-]+)$"),
        QRegularExpression::CaseInsensitiveOption);
    const QString path = QString::fromLatin1(rawPath.split('?').constFirst());
    QRegularExpressionMatch m;
    if ((m = project.match(path)).hasMatch()) {
        // PEP 503's normal form, as the index's own URLs use it.
        QString name = m.captured(1).toLower();
        name.replace(QRegularExpression(QStringLiteral("[-_.]+")), QStringLiteral("-"));
        const QUrl upstream = m_cache->pypiIndex().resolved(QUrl(name + QLatin1Char('/')));
        authorized(m_cache->pypiIndex(), [this, upstream]() { indexPage(false, upstream); });
    } else if ((m = pyFile.match(path)).hasMatch()) {
        const QString key = m.captured(1), name = m.captured(2);
        authorized(m_cache->pypiIndex(),
            [this, key, name]() { file(key, name, "application/octet-stream"); });
    } else if ((m = npmFile.match(path)).hasMatch()) {
        const QString key = m.captured(1), name = m.captured(2);
        authorized(m_cache->npmRegistry(),
            [this, key, name]() { file(key, name, "application/octet-stream"); });
    } else if ((m = npmName.match(path)).hasMatch()) {
        QString name = m.captured(1);
        name.replace(QLatin1Char('/'), QLatin1String("%2F"));
        const QUrl upstream = m_cache->npmRegistry().resolved(QUrl(name, QUrl::StrictMode));
        authorized(m_cache->npmRegistry(), [this, upstream]() { indexPage(true, upstream); });
    } else {
        respond(404, "Not Found",
            QStringLiteral("The package cache has no such path; use "
                           "/hopx-cache/pypi/simple/<project>/ or /hopx-cache/npm/<package>."));
    }
}

void PackageRequest::authorized(const QUrl &index, const std::function<void()> &go)
{
    if (!m_proxy) {
        finish();
        return;
    }
    if (m_proxy->policy().allows(index.host())) {
        go();
        return;
    }
    // Refused by the proxy itself, so that the denial is logged, shown and named as usual.
    QPointer<PackageRequest> self(this);
    const QString host = index.host();
    m_proxy->decide(host, quint16(index.port(index.scheme() == QLatin1String("https") ? 443 : 80)),
        [self, host](const QHostAddress &, const QString &denial) {
            if (self)
                self->respond(403, "Forbidden",
                    EgressProxy::denialText(
                        host, denial.isEmpty() ? QStringLiteral("package cache") : denial));
        });
}

void PackageRequest::fetch(const QUrl &url, int redirects, const Data &data, const Done &done)
{
    const bool https = url.scheme() == QLatin1String("https");
    if (!m_proxy || (!https && url.scheme() != QLatin1String("http")) || url.host().isEmpty()) {
        respond(502, "Bad Gateway",
            QStringLiteral("The index links to %1, which is not an http(s) URL.")
                .arg(url.toDisplayString()));
        return;
    }
    const quint16 port = quint16(url.port(https ? 443 : 80));
    QPointer<PackageRequest> self(this);
    m_proxy->decide(url.host(), port,
        [self, url, port, redirects, data, done](
            const QHostAddress &address, const QString &denial) {
            if (!self)
                return;
            if (address.isNull()) {
                self->respond(403, "Forbidden", EgressProxy::denialText(url.host(), denial));
                return;
            }
            // The address the policy checked is the one dialled; TLS still checks the name.
            QUrl dial(url);
            dial.setHost(address.toString());
            dial.setPort(port);
            QNetworkRequest request(dial);
            request.setRawHeader("Host", hostOf(url).toUtf8());
            request.setPeerVerifyName(url.host());
            request.setAttribute(
                QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
            request.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);
            request.setTransferTimeout(kTransferTimeoutMs);
            request.setRawHeader("Accept",
                "application/vnd.npm.install-v1+json; q=1.0, application/json; q=0.8, "
                "text/html; q=0.5, */*; q=0.1");
            request.setHeader(QNetworkRequest::UserAgentHeader, "hopx-desktop-package-cache");
            QNetworkReply *reply = self->m_cache->network()->get(request);
            reply->setParent(self);
            self->m_reply = reply;
            if (data) {
                connect(reply, &QNetworkReply::readyRead, self, [reply, data]() {
                    if (statusOf(reply) == 200)
                        data(reply);
                });
            }
            connect(
                reply, &QNetworkReply::finished, self, [self, reply, url, redirects, data, done]() {
                    reply->deleteLater();
                    if (!self)
                        return;
                    self->m_reply = nullptr;
                    const int status = statusOf(reply);
                    const QByteArray location = reply->rawHeader("Location");
                    if (status >= 301 && status <= 308 && !location.isEmpty()
                        && redirects < kMaxRedirects) {
                        self->fetch(
                            url.resolved(QUrl::fromEncoded(location)), redirects + 1, data, done);
                        return;
                    }
                    done(reply);
                });
        });
}

void PackageRequest::indexPage(bool npm, const QUrl &upstream)
{
    fetch(upstream, 0, {}, [this, npm, upstream](QNetworkReply *reply) {
        const int status = statusOf(reply);
        if (status == 200) {
            const QByteArray body = reply->readAll();
            m_cache->store()->savePage(upstream.toString(), body);
            answerPage(npm, upstream, body);
            return;
        }
        if (status == 404 || status == 410) {
            respond(404, "Not Found",
                QStringLiteral("%1 has no package at %2.").arg(upstream.host(), upstream.path()));
            return;
        }
        // Unreachable or failing: the copy kept from the last time, if it is recent.
        const std::optional<QByteArray> kept =
            m_cache->store()->page(upstream.toString(), PackageCache::kPageMaxAgeSeconds);
        const QString why = status ? QStringLiteral("HTTP %1").arg(status) : reply->errorString();
        if (!kept) {
            respond(502, "Bad Gateway",
                QStringLiteral("HOPX Desktop could not fetch %1 (%2) and has no copy of it in its "
                               "package cache.")
                    .arg(upstream.toDisplayString(), why));
            return;
        }
        qCInfo(lcPackages).noquote()
            << "package cache: sandbox" << m_sandbox
            << QStringLiteral("index %1 unreachable (%2), serving the kept copy")
                   .arg(upstream.toDisplayString(), why);
        answerPage(npm, upstream, *kept);
    });
}

void PackageRequest::answerPage(bool npm, const QUrl &upstream, const QByteArray &body)
{
    QList<PackageIndexRewrite::Link> links;
    if (npm) {
        const std::optional<QByteArray> doc = PackageIndexRewrite::npmPackument(body, upstream,
            m_cache->sandboxOrigin() + QStringLiteral("/hopx-cache/npm/-/"), &links);
        if (!doc) {
            respond(502, "Bad Gateway",
                QStringLiteral("%1 did not answer with a package document.").arg(upstream.host()));
            return;
        }
        m_cache->remember(links);
        respondBody("application/json", *doc);
        return;
    }
    const QByteArray page = PackageIndexRewrite::pypiPage(
        body, upstream, QStringLiteral("/hopx-cache/pypi/files/"), &links);
    m_cache->remember(links);
    respondBody("text/html; charset=utf-8", page);
}

void PackageRequest::file(const QString &key, const QString &rawName, const QByteArray &type)
{
    const QString name = QUrl::fromPercentEncoding(rawName.toLatin1());
    PackageStore *store = m_cache->store();
    if (!PackageStore::isKey(key) || PackageIndexRewrite::safeFileName(name).isEmpty()) {
        respond(404, "Not Found", QStringLiteral("Not a package cache file name."));
        return;
    }
    if (store->use(key)) {
        qCInfo(lcPackages).noquote()
            << "package cache: sandbox" << m_sandbox << "served" << name << "from the cache";
        respondFile(store->blobPath(key), type);
        return;
    }
    const QUrl upstream = m_cache->upstreamFor(key);
    if (upstream.isEmpty()) {
        respond(404, "Not Found",
            QStringLiteral("%1 is not in the package cache and no index page named it; ask for "
                           "the package's index page first.")
                .arg(name));
        return;
    }
    auto temp = store->newTemp();
    if (!temp) {
        m_writeError = temp.error().message;
        respond(507, "Insufficient Storage", m_writeError);
        return;
    }
    m_temp = std::move(temp.value());
    m_hash = std::make_unique<QCryptographicHash>(PackageStore::algorithm(key));
    fetch(
        upstream, 0, [this](QNetworkReply *reply) { onFileData(reply); },
        [this, key, name, type](QNetworkReply *reply) { onFileDone(reply, key, name, type); });
}

void PackageRequest::onFileData(QNetworkReply *reply)
{
    const QByteArray chunk = reply->readAll();
    if (!m_writeError.isEmpty())
        return;
    m_hash->addData(chunk);
    if (m_temp->write(chunk) != chunk.size())
        m_writeError = m_cache->store()->writeError(m_temp->errorString());
    else if (m_temp->size() > m_cache->store()->capBytes())
        m_writeError = QStringLiteral("it is larger than the package cache may grow");
    if (!m_writeError.isEmpty())
        reply->abort();
}

void PackageRequest::onFileDone(
    QNetworkReply *reply, const QString &key, const QString &name, const QByteArray &type)
{
    const QString host = QString::fromUtf8(reply->request().rawHeader("Host"));
    if (!m_writeError.isEmpty()) {
        qCWarning(lcPackages).noquote()
            << "package cache: sandbox" << m_sandbox << name << "-" << m_writeError;
        respond(507, "Insufficient Storage",
            QStringLiteral("HOPX Desktop could not keep %1: %2.").arg(name, m_writeError));
        return;
    }
    if (statusOf(reply) != 200) {
        const QString why =
            statusOf(reply) ? QStringLiteral("HTTP %1").arg(statusOf(reply)) : reply->errorString();
        respond(502, "Bad Gateway",
            QStringLiteral("HOPX Desktop could not fetch %1 from %2 (%3).").arg(name, host, why));
        return;
    }
    onFileData(reply); // what is left in the buffer
    const auto committed = m_writeError.isEmpty()
        ? m_cache->store()->commit(m_temp.get(), key, m_hash->result())
        : Core::Result<Core::Unit>(Core::Error::make(Core::Error::Code::Internal, m_writeError));
    if (!committed) {
        const QString error = committed.error().message;
        qCWarning(lcPackages).noquote() << "package cache: sandbox" << m_sandbox << "refused"
                                        << name << "from" << host << "-" << error;
        // The reason phrase is what pip and npm print: it says what happened.
        const QByteArray reason = m_writeError.isEmpty() ? "Package Refused (" + name.toLatin1()
                + " does not match the hash its index published; not cached)"
                                                         : QByteArray("Insufficient Storage");
        respond(m_writeError.isEmpty() ? 502 : 507, reason,
            QStringLiteral("HOPX Desktop refused %1 from %2: %3. It was not installed and not "
                           "cached.")
                .arg(name, host, error));
        return;
    }
    m_temp.reset();
    qCInfo(lcPackages).noquote() << "package cache: sandbox" << m_sandbox << "stored" << name
                                 << "from" << host << "as" << key.left(20);
    respondFile(m_cache->store()->blobPath(key), type);
}

void PackageRequest::respond(int status, const QByteArray &reason, const QString &text)
{
    if (m_answered)
        return;
    m_answered = true;
    const QByteArray body = text.toUtf8() + '\n';
    QByteArray head = "HTTP/1.1 " + QByteArray::number(status) + ' ' + reason + "\r\n";
    head += "Content-Type: text/plain; charset=utf-8\r\nContent-Length: "
        + QByteArray::number(body.size()) + "\r\nConnection: close\r\n\r\n";
    m_client->write(m_head ? head : head + body);
    pump();
}

void PackageRequest::respondBody(const QByteArray &type, const QByteArray &body)
{
    if (m_answered)
        return;
    m_answered = true;
    QByteArray head = "HTTP/1.1 200 OK\r\nContent-Type: " + type
        + "\r\nCache-Control: no-cache\r\nContent-Length: " + QByteArray::number(body.size())
        + "\r\nConnection: close\r\n\r\n";
    m_client->write(m_head ? head : head + body);
    pump();
}

void PackageRequest::respondFile(const QString &path, const QByteArray &type)
{
    auto body = std::make_unique<QFile>(path);
    if (!body->open(QIODevice::ReadOnly)) {
        respond(500, "Internal Server Error",
            QStringLiteral("The package cache could not read %1.").arg(path));
        return;
    }
    m_answered = true;
    m_client->write("HTTP/1.1 200 OK\r\nContent-Type: " + type + "\r\nContent-Length: "
        + QByteArray::number(body->size()) + "\r\nConnection: close\r\n\r\n");
    if (!m_head)
        m_body = std::move(body);
    pump();
}

void PackageRequest::pump()
{
    if (!m_answered)
        return;
    // The file goes out as the socket drains, not all at once into memory.
    while (m_body && m_client->bytesToWrite() < kChunk) {
        const QByteArray chunk = m_body->read(kChunk);
        if (chunk.isEmpty()) {
            m_body.reset();
            break;
        }
        m_client->write(chunk);
    }
    if (!m_body && m_client->bytesToWrite() == 0)
        finish();
}

void PackageRequest::finish()
{
    if (m_reply) {
        disconnect(m_reply, nullptr, this, nullptr);
        m_reply->abort();
    }
    disconnect(m_client, nullptr, this, nullptr);
    m_client->abort();
    deleteLater();
}

} // namespace Hopx::Local

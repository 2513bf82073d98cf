// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/cloud/api/RestClient.h"

#include "providers/cloud/HopxLogging.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QHttpMultiPart>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkRequest>
#include <QPointer>
#include <QTimer>

#include <cstring>

#include <algorithm>
#include <cmath>

namespace Hopx::Cloud {

namespace {

// Transport failures, as opposed to the error codes QNAM derives from an HTTP status.
bool isTransportError(QNetworkReply::NetworkError e)
{
    const int v = int(e);
    return v != 0 && (v < 200 || (v >= 300 && v < 400) || e == QNetworkReply::ContentReSendError);
}

// The request provably never reached a server that could act on it.
bool notSent(QNetworkReply::NetworkError e)
{
    return e == QNetworkReply::ConnectionRefusedError || e == QNetworkReply::HostNotFoundError;
}

double parseRetryAfter(const RestReply &reply)
{
    const QByteArray header = reply.header("retry-after").trimmed();
    if (!header.isEmpty()) {
        bool ok = false;
        const double seconds = header.toDouble(&ok);
        if (ok && seconds >= 0)
            return seconds;
        const QDateTime when = QDateTime::fromString(QString::fromLatin1(header), Qt::RFC2822Date);
        if (when.isValid())
            return std::max<qint64>(0, QDateTime::currentDateTimeUtc().secsTo(when));
    }
    // Flat shape: {"retry_after": n}; nested: {"error": {"details": {"retry_after_seconds": n}}}.
    const QJsonObject root = reply.json().object();
    const QJsonValue error = root.value(QStringLiteral("error"));
    const QJsonObject nested = error.toObject();
    for (const QJsonValue &v :
        {root.value(QStringLiteral("retry_after")),
            root.value(QStringLiteral("retry_after_seconds")),
            nested.value(QStringLiteral("retry_after")),
            nested.value(QStringLiteral("details"))
                .toObject()
                .value(QStringLiteral("retry_after_seconds")),
            nested.value(QStringLiteral("details")).toObject().value(QStringLiteral("retry_after")),
            root.value(QStringLiteral("details"))
                .toObject()
                .value(QStringLiteral("retry_after"))}) {
        if (v.isDouble() && v.toDouble() >= 0)
            return v.toDouble();
    }
    return -1;
}

// A request body that cannot be rewound once a byte of it went out. Qt 6.4's HTTP channel
// re-sends a request whose connection closes before the answer, whatever the method (newer Qt
// checks idempotency); with this body the re-send fails with ContentReSendError instead, so a
// POST /v1/sandboxes or /execute reaches HOPX at most once.
class OneShotBody final : public QIODevice
{
public:
    OneShotBody(QByteArray data, QObject *parent)
        : QIODevice(parent)
        , m_data(std::move(data))
    {
        open(QIODevice::ReadOnly | QIODevice::Unbuffered);
    }

    bool isSequential() const override { return true; }
    qint64 size() const override { return m_data.size(); }
    qint64 bytesAvailable() const override { return m_data.size() - m_pos; }
    bool atEnd() const override { return m_pos >= m_data.size(); }
    bool reset() override { return m_pos == 0; }

protected:
    qint64 readData(char *out, qint64 max) override
    {
        const qint64 n = std::min<qint64>(max, m_data.size() - m_pos);
        if (n <= 0)
            return m_pos >= m_data.size() ? -1 : 0;
        memcpy(out, m_data.constData() + m_pos, size_t(n));
        m_pos += n;
        return n;
    }
    qint64 writeData(const char *, qint64) override { return -1; }

private:
    QByteArray m_data;
    qint64 m_pos = 0;
};

} // namespace

QJsonDocument RestReply::json(bool *ok) const
{
    QJsonParseError error {};
    const QJsonDocument doc = QJsonDocument::fromJson(body, &error);
    if (ok)
        *ok = error.error == QJsonParseError::NoError && !doc.isNull();
    return doc;
}

QByteArray RestReply::header(const QByteArray &name) const
{
    for (const auto &h : headers) {
        if (h.first.compare(name, Qt::CaseInsensitive) == 0)
            return h.second;
    }
    return {};
}

struct RestClient::Call
{
    RestRequest request;
    Done done;
    QElapsedTimer clock;
    int attempt = 0;
    QPointer<QNetworkReply> reply;
    QPointer<QTimer> deadline;
    QPointer<QTimer> backoff;
    bool timedOut = false;
    bool cancelled = false;
    bool finished = false;
};

RestClient::RestClient(QNetworkAccessManager *nam, const Policy &policy, QObject *parent)
    : QObject(parent)
    , m_nam(nam)
    , m_policy(policy)
{ }

std::function<void()> RestClient::send(const RestRequest &request, Done done)
{
    auto call = std::make_shared<Call>();
    call->request = request;
    call->done = std::move(done);
    call->clock.start();
    startAttempt(call);
    std::weak_ptr<Call> weak = call;
    QPointer<RestClient> self(this);
    return [weak, self] {
        const auto call = weak.lock();
        if (!call || call->finished || call->cancelled || !self)
            return;
        call->cancelled = true;
        if (call->reply) {
            call->reply->abort(); // handleFinished reports the cancellation
            return;
        }
        delete call->backoff.data();
        call->finished = true;
        QMetaObject::invokeMethod(
            self.data(),
            [call] {
                RestReply out;
                out.cancelled = true;
                out.attempts = call->attempt;
                out.networkError = QNetworkReply::OperationCanceledError;
                call->done(out);
            },
            Qt::QueuedConnection);
    };
}

void RestClient::startAttempt(const std::shared_ptr<Call> &call)
{
    ++call->attempt;
    call->timedOut = false;
    const RestRequest &r = call->request;

    QNetworkRequest req(r.url);
    req.setRawHeader("Accept", "application/json");
    req.setRawHeader("User-Agent", "hopx-desktop/" HOPX_VERSION);
    const bool writes = r.method == "POST" || r.method == "PUT" || r.method == "PATCH";
    if ((writes || !r.body.isEmpty()) && !r.multipart)
        req.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    for (const auto &h : r.headers)
        req.setRawHeader(h.first, h.second);
    // We retry on our own terms; a cached or redirected answer would hide what the API said.
    req.setAttribute(QNetworkRequest::CacheLoadControlAttribute, QNetworkRequest::AlwaysNetwork);

    QNetworkReply *reply = nullptr;
    if (r.multipart) {
        QHttpMultiPart *parts = r.multipart();
        reply = m_nam->sendCustomRequest(req, r.method, parts);
        parts->setParent(reply);
    } else if (r.retry != RestRequest::Retry::Idempotent && !r.body.isEmpty()) {
        req.setHeader(QNetworkRequest::ContentLengthHeader, r.body.size());
        req.setAttribute(QNetworkRequest::DoNotBufferUploadDataAttribute, true);
        auto *body = new OneShotBody(r.body, nullptr);
        reply = m_nam->sendCustomRequest(req, r.method, body);
        body->setParent(reply);
    } else if (r.method == "GET" && r.body.isEmpty())
        reply = m_nam->get(req);
    else if (r.method == "DELETE" && r.body.isEmpty())
        reply = m_nam->deleteResource(req);
    else if (r.method == "POST")
        reply = m_nam->post(req, r.body);
    else if (r.method == "PUT")
        reply = m_nam->put(req, r.body);
    else
        reply = m_nam->sendCustomRequest(req, r.method, r.body);
    call->reply = reply;
    qCDebug(lcCloud).noquote() << r.method << r.url.path() << "attempt" << call->attempt;

    auto *deadline = new QTimer(reply);
    deadline->setSingleShot(true);
    connect(deadline, &QTimer::timeout, reply, [call, reply] {
        call->timedOut = true;
        reply->abort();
    });
    deadline->start(std::max(1, r.timeoutMs));
    call->deadline = deadline;
    if (r.multipart || r.sink) {
        // A long transfer is fine while it moves: the deadline is for silence.
        const auto alive = [deadline, ms = std::max(1, r.timeoutMs)] { deadline->start(ms); };
        connect(reply, &QNetworkReply::uploadProgress, deadline, alive);
        connect(reply, &QNetworkReply::downloadProgress, deadline, alive);
    }
    if (r.sink) {
        // What is held between network and sink stays bounded, whatever the file's size.
        reply->setReadBufferSize(256 * 1024);
        connect(reply, &QNetworkReply::readyRead, this, [call, reply] {
            const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
            if (status < 200 || status >= 300)
                return; // an error body is read whole, as usual
            if (!call->request.sink(reply->readAll())) {
                call->cancelled = true;
                reply->abort();
            }
        });
    }

    connect(reply, &QNetworkReply::finished, this,
        [this, call, reply] { handleFinished(call, reply); });
}

void RestClient::handleFinished(const std::shared_ptr<Call> &call, QNetworkReply *reply)
{
    reply->deleteLater();
    call->reply = nullptr;
    if (call->deadline)
        call->deadline->stop();

    RestReply out;
    out.attempts = call->attempt;
    out.cancelled = call->cancelled;
    out.timedOut = call->timedOut && !call->cancelled;
    const QNetworkReply::NetworkError error = reply->error();
    const QVariant status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
    if (out.cancelled || out.timedOut) {
        out.networkError = QNetworkReply::OperationCanceledError;
        out.networkErrorString = out.timedOut ? QStringLiteral("timed out") : reply->errorString();
    } else if (isTransportError(error)
        // Qt reports an HTTP 400 as ProtocolInvalidOperationError, in the transport range: with
        // a status it is HOPX's answer (the documents' 400s), not a lost connection.
        && !(error == QNetworkReply::ProtocolInvalidOperationError && status.toInt() == 400)) {
        // A status may be set with a body cut short; such a reply is not an answer.
        out.networkError = error;
        out.networkErrorString = error == QNetworkReply::ContentReSendError
            ? QStringLiteral("connection closed before an answer")
            : reply->errorString();
    } else {
        out.status = status.toInt();
        out.body = reply->readAll();
        if (call->request.sink && out.isHttpSuccess() && !out.body.isEmpty()) {
            if (!call->request.sink(out.body)) {
                out.cancelled = true;
                out.networkError = QNetworkReply::OperationCanceledError;
            }
            out.body.clear();
        }
        out.headers = reply->rawHeaderPairs();
        if (out.status == 0) {
            out.networkError =
                error == QNetworkReply::NoError ? QNetworkReply::UnknownNetworkError : error;
            out.networkErrorString = reply->errorString();
        }
    }
    if (out.status == 429 || out.status == 503)
        out.retryAfterSeconds = parseRetryAfter(out);

    int delayMs = 0;
    if (shouldRetry(*call, out, &delayMs)) {
        qCInfo(lcCloud).noquote() << call->request.method << call->request.url.path() << "failed ("
                                  << (out.status ? QString::number(out.status)
                                                 : out.networkErrorString)
                                  << "), retrying in" << delayMs << "ms";
        auto *timer = new QTimer(this);
        timer->setSingleShot(true);
        connect(timer, &QTimer::timeout, this, [this, call, timer] {
            timer->deleteLater();
            if (!call->cancelled)
                startAttempt(call);
        });
        call->backoff = timer;
        timer->start(delayMs);
        return;
    }
    call->finished = true;
    if (out.cancelled) {
        // abort() finishes the reply synchronously: never call back from inside cancel().
        QMetaObject::invokeMethod(
            this, [call, out] { call->done(out); }, Qt::QueuedConnection);
        return;
    }
    if (!out.isHttpSuccess())
        qCDebug(lcCloud).noquote() << call->request.method << call->request.url.path() << "->"
                                   << out.status << out.networkErrorString;
    call->done(out);
}

bool RestClient::shouldRetry(const Call &call, const RestReply &reply, int *delayMs) const
{
    if (reply.cancelled || call.request.retry == RestRequest::Retry::Never
        || call.attempt >= m_policy.maxAttempts)
        return false;
    const bool idempotent = call.request.retry == RestRequest::Retry::Idempotent;
    bool retry = false;
    if (reply.status == 429)
        retry = true; // rejected before being processed
    else if (reply.status == 500 || reply.status == 502 || reply.status == 503
        || reply.status == 504)
        retry = idempotent;
    else if (reply.status == 0)
        retry = notSent(reply.networkError) || idempotent;
    if (!retry)
        return false;

    const double backoff = m_policy.baseDelayMs * std::pow(2.0, call.attempt - 1);
    double delay = reply.retryAfterSeconds >= 0 ? reply.retryAfterSeconds * 1000.0 : backoff;
    delay = std::min<double>(delay, m_policy.maxDelayMs);
    if (call.clock.elapsed() + qint64(delay) > m_policy.retryBudgetMs)
        return false;
    *delayMs = int(delay);
    return true;
}

} // namespace Hopx::Cloud

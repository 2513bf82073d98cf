// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QJsonDocument>
#include <QList>
#include <QNetworkReply>
#include <QObject>
#include <QPair>
#include <QUrl>

#include <functional>

class QHttpMultiPart;
class QNetworkAccessManager;

namespace Hopx::Cloud {

/*! \brief One HTTP request as HopxProvider describes it. */
struct RestRequest
{
    //! May the request be sent again after a 5xx, a timeout or a dropped connection? Requests
    //! that are not are re-sent only when the server provably did not process them (429,
    //! connection refused).
    enum class Retry { Idempotent, OnlyIfNotProcessed, Never };

    QByteArray method = "GET";
    QUrl url;
    QList<QPair<QByteArray, QByteArray>> headers; // secrets travel here; never logged
    QByteArray body; // JSON; empty = no body
    //! Instead of `body`: a multipart/form-data body, made anew for each attempt (the reply
    //! owns it). Its parts may stream from devices: nothing is held in memory.
    std::function<QHttpMultiPart *()> multipart;
    //! For large downloads: each chunk of a 2xx body goes here as it arrives instead of into
    //! RestReply::body; returning false stops the transfer (the reply says "cancelled").
    std::function<bool(const QByteArray &chunk)> sink;
    Retry retry = Retry::Idempotent;
    //! Per attempt: the whole exchange, or for a multipart/sink transfer the longest silence.
    int timeoutMs = 30000;
};

/*! \brief What came back: an HTTP status and body, or a transport failure. */
struct RestReply
{
    int status = 0; // 0 = no HTTP answer
    QByteArray body;
    QList<QPair<QByteArray, QByteArray>> headers;
    QNetworkReply::NetworkError networkError = QNetworkReply::NoError;
    QString networkErrorString;
    bool timedOut = false;
    bool cancelled = false;
    int attempts = 0;
    double retryAfterSeconds = -1; // from Retry-After or the error body; -1 = none

    bool isHttpSuccess() const { return status >= 200 && status < 300; }
    //! The body as JSON; `ok` (optional) tells whether it parsed.
    QJsonDocument json(bool *ok = nullptr) const;
    QByteArray header(const QByteArray &name) const;
};

/*! \brief Sends RestRequests over an injected QNetworkAccessManager with a per-attempt
 *  deadline and bounded retries (429/5xx/timeouts, honouring Retry-After). */
class RestClient final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RestClient)
public:
    struct Policy
    {
        int maxAttempts = 4; // the Python SDK's max_retries=3
        int baseDelayMs = 1000; // 1 s, 2 s, 4 s, …
        int maxDelayMs = 30000; // one wait never exceeds this
        int retryBudgetMs = 60000; // no retry starts after this much time in total
    };

    using Done = std::function<void(const RestReply &)>;

    RestClient(QNetworkAccessManager *nam, const Policy &policy, QObject *parent = nullptr);

    void setPolicy(const Policy &policy) { m_policy = policy; }
    const Policy &policy() const { return m_policy; }

    //! Starts the request; `done` runs exactly once, later, from the event loop. The returned
    //! function aborts it (done then sees `cancelled`); calling it afterwards does nothing.
    std::function<void()> send(const RestRequest &request, Done done);

private:
    struct Call;
    void startAttempt(const std::shared_ptr<Call> &call);
    void handleFinished(const std::shared_ptr<Call> &call, QNetworkReply *reply);
    bool shouldRetry(const Call &call, const RestReply &reply, int *delayMs) const;

    QNetworkAccessManager *m_nam;
    Policy m_policy;
};

} // namespace Hopx::Cloud

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/cloud/api/ExecuteStream.h"

#include "providers/cloud/HopxLogging.h"

#include <QJsonDocument>
#include <QNetworkRequest>
#include <QTimer>
#include <QWebSocket>

namespace Hopx::Cloud {

ExecuteStream::ExecuteStream(const QUrl &agentBase, const QString &token,
    const QJsonObject &request, int deadlineMs, qint64 maxOutputBytes, Core::OutputSink sink,
    Done done, QObject *parent)
    : QObject(parent)
    , m_socket(new QWebSocket(QString(), QWebSocketProtocol::VersionLatest, this))
    , m_deadline(new QTimer(this))
    , m_url(streamUrl(agentBase))
    , m_token(token)
    , m_request(request)
    , m_maxOutputBytes(maxOutputBytes)
    , m_sink(std::move(sink))
    , m_done(std::move(done))
{
    m_request.insert(QStringLiteral("type"), QStringLiteral("execute"));
    m_deadline->setSingleShot(true);
    m_deadline->setInterval(std::max(1, deadlineMs));
    connect(m_deadline, &QTimer::timeout, this, [this] {
        finish({Outcome::Kind::TimedOut, {}, QStringLiteral("no result before the deadline"), {}});
    });
    connect(m_socket, &QWebSocket::connected, this, [this] {
        m_sent = true;
        m_socket->sendTextMessage(
            QString::fromUtf8(QJsonDocument(m_request).toJson(QJsonDocument::Compact)));
    });
    connect(m_socket, &QWebSocket::textMessageReceived, this, &ExecuteStream::handleMessage);
    connect(m_socket, &QWebSocket::disconnected, this, &ExecuteStream::handleDisconnect);
}

ExecuteStream::~ExecuteStream() = default;

QUrl ExecuteStream::streamUrl(const QUrl &agentBase)
{
    QUrl url = agentBase;
    url.setScheme(agentBase.scheme() == QLatin1String("https") ? QStringLiteral("wss")
                                                               : QStringLiteral("ws"));
    QString path = agentBase.path();
    while (path.endsWith(QLatin1Char('/')))
        path.chop(1);
    url.setPath(path + QStringLiteral("/execute/stream"));
    return url;
}

void ExecuteStream::start()
{
    QNetworkRequest request(m_url);
    request.setRawHeader("Authorization", "Bearer " + m_token.toUtf8());
    request.setRawHeader("User-Agent", "hopx-desktop/" HOPX_VERSION);
    qCDebug(lcCloud).noquote() << "WS" << m_url.path();
    m_deadline->start();
    m_socket->open(request);
}

void ExecuteStream::cancel()
{
    if (m_finished)
        return;
    finish({Outcome::Kind::Cancelled, {}, QStringLiteral("cancelled"), {}});
}

void ExecuteStream::handleMessage(const QString &text)
{
    if (m_finished)
        return;
    // Keep-alive and non-JSON frames carry nothing (the SDK skips them too).
    const QJsonObject m = QJsonDocument::fromJson(text.toUtf8()).object();
    const QString type = m.value(QStringLiteral("type")).toString();
    if (type == QLatin1String("stdout"))
        append(m_stdout, type, m.value(QStringLiteral("data")).toString());
    else if (type == QLatin1String("stderr"))
        append(m_stderr, type, m.value(QStringLiteral("data")).toString());
    else if (type == QLatin1String("result"))
        m_result = m;
    else if (type == QLatin1String("error"))
        finish({Outcome::Kind::Failed, {}, m.value(QStringLiteral("error")).toString(),
            m.value(QStringLiteral("code")).toString()});
    else if (type == QLatin1String("complete"))
        complete(m.value(QStringLiteral("success")));
}

void ExecuteStream::complete(const QJsonValue &success)
{
    // The result frame's keys (rich outputs too, should the agent send them) plus the output
    // gathered on the way, in /execute's reply shape.
    QJsonObject reply = m_result;
    reply.remove(QStringLiteral("type"));
    reply.insert(QStringLiteral("stdout"), QString::fromUtf8(m_stdout));
    reply.insert(QStringLiteral("stderr"), QString::fromUtf8(m_stderr));
    if (success.isBool())
        reply.insert(QStringLiteral("success"), success);
    finish({Outcome::Kind::Finished, reply, {}, {}});
}

void ExecuteStream::append(QByteArray &buffer, const QString &stream, const QString &data)
{
    const QByteArray chunk = data.toUtf8();
    if (chunk.isEmpty())
        return;
    // One byte over the cap is kept so the reply parser sees (and reports) the truncation.
    if (buffer.size() <= m_maxOutputBytes)
        buffer.append(chunk.left(m_maxOutputBytes + 1 - buffer.size()));
    if (m_sink)
        m_sink(stream, chunk);
}

void ExecuteStream::handleDisconnect()
{
    if (m_finished)
        return;
    if (!m_sent) {
        // The handshake failed (no such endpoint, a proxy, a refused token): nothing ran.
        finish({Outcome::Kind::NotStarted, {}, m_socket->errorString(), {}});
        return;
    }
    if (!m_result.isEmpty()) {
        complete({}); // the result came; only the closing "complete" frame was lost
        return;
    }
    finish({Outcome::Kind::Failed, {},
        QStringLiteral("the agent closed the output stream before the result (%1)")
            .arg(m_socket->closeReason().isEmpty() ? m_socket->errorString()
                                                   : m_socket->closeReason()),
        {}});
}

void ExecuteStream::finish(Outcome outcome)
{
    if (m_finished)
        return;
    m_finished = true;
    m_deadline->stop();
    if (outcome.kind != Outcome::Kind::Finished) {
        // What the run printed before it ended; a timeout still shows it.
        outcome.reply.insert(QStringLiteral("stdout"), QString::fromUtf8(m_stdout));
        outcome.reply.insert(QStringLiteral("stderr"), QString::fromUtf8(m_stderr));
    }
    if (m_socket->state() != QAbstractSocket::UnconnectedState)
        m_socket->close(QWebSocketProtocol::CloseCodeGoingAway, QStringLiteral("done"));
    // Never call back from inside cancel() or a socket signal that the caller may be in.
    QMetaObject::invokeMethod(
        this,
        [this, outcome = std::move(outcome)] {
            if (m_done)
                m_done(outcome);
            deleteLater();
        },
        Qt::QueuedConnection);
}

} // namespace Hopx::Cloud

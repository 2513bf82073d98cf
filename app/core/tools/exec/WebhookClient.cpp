// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/tools/exec/WebhookClient.h"

#include <QDateTime>
#include <QHostAddress>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QMessageAuthenticationCode>
#include <QNetworkAccessManager>
#include <QNetworkReply>

Q_LOGGING_CATEGORY(lcTools, "hopx.core.tools", QtInfoMsg)

namespace Hopx::Core::Tools {

WebhookClient::WebhookClient(QNetworkAccessManager *network)
    : m_network(network)
{ }

Result<Unit> WebhookClient::allowed(const QUrl &url)
{
    if (!url.isValid() || url.host().isEmpty())
        return Error::make(
            Error::Code::InvalidArgument, QStringLiteral("callback_url is not a valid URL"));
    if (url.scheme() == QLatin1String("https"))
        return Unit {};
    if (url.scheme() == QLatin1String("http")) {
        const QString host = url.host();
        if (host == QLatin1String("localhost") || QHostAddress(host).isLoopback())
            return Unit {};
    }
    return Error::make(Error::Code::InvalidArgument,
        QStringLiteral(
            "callback_url must be https, or http on loopback (127.0.0.1, localhost, [::1])"));
}

QNetworkReply *WebhookClient::post(const QUrl &url, const QJsonObject &body,
    const QJsonObject &headers, const QString &secret) const
{
    if (!m_network)
        return nullptr;
    const QByteArray payload = QJsonDocument(body).toJson(QJsonDocument::Compact);
    const QByteArray timestamp = QByteArray::number(QDateTime::currentSecsSinceEpoch());
    QNetworkRequest request(url);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
    request.setTransferTimeout(30000);
    for (auto it = headers.begin(); it != headers.end(); ++it)
        request.setRawHeader(it.key().toUtf8(), it.value().toString().toUtf8());
    request.setRawHeader("X-HopX-Timestamp", timestamp);
    if (!secret.isEmpty()) {
        // As the HOPX agent documents it: HMAC-SHA256 over timestamp + body.
        const QByteArray mac = QMessageAuthenticationCode::hash(
            timestamp + payload, secret.toUtf8(), QCryptographicHash::Sha256);
        request.setRawHeader("X-HopX-Signature", "sha256=" + mac.toHex());
    }
    QNetworkReply *reply = m_network->post(request, payload);
    QObject::connect(reply, &QNetworkReply::finished, reply, [reply]() {
        if (reply->error() != QNetworkReply::NoError)
            qCWarning(lcTools).noquote()
                << "webhook to"
                << reply->url().toDisplayString(QUrl::RemoveUserInfo | QUrl::RemoveQuery)
                << "failed:" << reply->errorString();
        reply->deleteLater();
    });
    return reply;
}

} // namespace Hopx::Core::Tools

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"

#include <QJsonObject>
#include <QPointer>
#include <QString>
#include <QUrl>

class QNetworkAccessManager;
class QNetworkReply;

namespace Hopx::Core::Tools {

/*! \brief Sends execute_code_async's result to its callback_url, signed as HOPX signs.
 *
 * The POST carries the JSON body, the caller's extra headers, X-HopX-Timestamp (Unix seconds)
 * and, with a secret, X-HopX-Signature: sha256=<hex HMAC-SHA256(secret, timestamp + body)>.
 * Only https URLs are sent to, or http on loopback: the callback leaves this machine, and
 * plain http would hand the result to anyone on the path. Failures are logged, without the
 * URL's query or user info (they may hold tokens).
 */
class WebhookClient
{
public:
    explicit WebhookClient(QNetworkAccessManager *network);

    //! Whether `url` may be a callback; if not, an invalid-argument error for the model.
    static Result<Unit> allowed(const QUrl &url);
    /*! Starts the POST; the reply deletes itself when finished (nullptr without a network).
     *  `headers` are {name: value} strings. */
    QNetworkReply *post(const QUrl &url, const QJsonObject &body, const QJsonObject &headers,
        const QString &secret) const;

private:
    QPointer<QNetworkAccessManager> m_network;
};

} // namespace Hopx::Core::Tools

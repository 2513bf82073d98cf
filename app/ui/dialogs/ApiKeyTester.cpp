// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ui/dialogs/ApiKeyTester.h"

#include <QCoreApplication>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QPointer>

namespace Hopx::Ui {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(Hopx::Ui::ApiKeyTester)
};

} // namespace

KeyTester ApiKeyTester::make(
    QNetworkAccessManager *network, std::function<QUrl()> baseUrl, int timeoutMs)
{
    QPointer<QNetworkAccessManager> nam(network);
    return [nam, baseUrl, timeoutMs](
               const QString &key, std::function<void(bool, const QString &)> done) {
        const QUrl base = baseUrl();
        if (!nam) {
            QMetaObject::invokeMethod(
                qApp, [done] { done(false, Tr::tr("The network is not available.")); },
                Qt::QueuedConnection);
            return;
        }
        QUrl url = base;
        url.setPath(url.path().chopped(url.path().endsWith(QLatin1Char('/')) ? 1 : 0)
            + QStringLiteral("/v1/templates"));
        QNetworkRequest request(url);
        request.setRawHeader("X-API-Key", key.trimmed().toUtf8());
        request.setRawHeader("Accept", "application/json");
        request.setTransferTimeout(timeoutMs);
        QNetworkReply *reply = nam->get(request);
        QObject::connect(reply, &QNetworkReply::finished, reply, [reply, done, base] {
            reply->deleteLater();
            const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
            const QString host = base.host().isEmpty() ? base.toString() : base.host();
            if (status >= 200 && status < 300)
                return done(true, Tr::tr("The key works: HOPX at %1 accepted it.").arg(host));
            if (status == 401)
                return done(false,
                    Tr::tr("Invalid key: HOPX rejected it (401). Check that you "
                           "copied the whole key."));
            if (status == 403)
                return done(false,
                    Tr::tr("HOPX knows this key but does not allow it to list "
                           "templates (403). Check the key's permissions."));
            if (status == 429)
                return done(
                    false, Tr::tr("HOPX is rate-limiting this key (429); try again in a minute."));
            if (status >= 500)
                return done(false,
                    Tr::tr("HOPX answered with a server error (%1); try again later.").arg(status));
            if (status > 0)
                return done(false, Tr::tr("HOPX answered with HTTP %1.").arg(status));
            if (reply->error() == QNetworkReply::OperationCanceledError
                || reply->error() == QNetworkReply::TimeoutError)
                return done(false, Tr::tr("HOPX at %1 did not answer in time.").arg(host));
            done(false, Tr::tr("Cannot reach HOPX at %1: %2").arg(host, reply->errorString()));
        });
    };
}

} // namespace Hopx::Ui

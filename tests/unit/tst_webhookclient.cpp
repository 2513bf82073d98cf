// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// execute_code_async's callback: which URLs it may go to, and the signed POST, on a real socket.
#include "core/tools/exec/WebhookClient.h"
#include "support/WebhookReceiver.h"

#include <QJsonDocument>
#include <QMessageAuthenticationCode>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>

using Hopx::Core::Tools::WebhookClient;
using HopxTest::WebhookReceiver;

class TestWebhookClient : public QObject
{
    Q_OBJECT

private slots:
    void allowed_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<bool>("ok");
        QTest::newRow("https") << "https://hooks.example.com/run" << true;
        QTest::newRow("http loopback") << "http://127.0.0.1:8080/x" << true;
        QTest::newRow("http 127/8") << "http://127.0.0.2/x" << true;
        QTest::newRow("http localhost") << "http://localhost/x" << true;
        QTest::newRow("http ::1") << "http://[::1]:9/x" << true;
        QTest::newRow("http elsewhere") << "http://example.com/x" << false;
        QTest::newRow("http LAN") << "http://192.168.1.2/x" << false;
        QTest::newRow("ftp") << "ftp://127.0.0.1/x" << false;
        QTest::newRow("no host") << "https:///x" << false;
        QTest::newRow("not a URL") << "just words" << false;
    }

    void allowed()
    {
        QFETCH(QString, url);
        QFETCH(bool, ok);
        const auto allowed = WebhookClient::allowed(QUrl(url));
        QCOMPARE(allowed.ok(), ok);
        if (!ok)
            QVERIFY2(allowed.error().message.contains(QLatin1String("callback_url")),
                qPrintable(allowed.error().message));
    }

    void postIsSignedOverTimestampAndBody_data()
    {
        QTest::addColumn<QString>("secret");
        QTest::newRow("signed") << QStringLiteral("s3cret-\u00e9");
        QTest::newRow("unsigned") << QString();
    }

    void postIsSignedOverTimestampAndBody()
    {
        QFETCH(QString, secret);
        WebhookReceiver receiver;
        QVERIFY(receiver.listen());
        QNetworkAccessManager network;
        const QJsonObject body {{"execution_id", "async_1"}, {"stdout", "out\n"}, {"exit_code", 0}};
        const qint64 before = QDateTime::currentSecsSinceEpoch();
        QVERIFY(WebhookClient(&network).post(QUrl(receiver.url(QStringLiteral("/hook?k=1"))), body,
            QJsonObject {{"X-Trace", "trace-7"}}, secret));
        QTRY_COMPARE_WITH_TIMEOUT(receiver.requests().size(), 1, 10000);
        const WebhookReceiver::Request post = receiver.requests().at(0);
        QCOMPARE(post.method, QByteArray("POST"));
        QCOMPARE(post.path, QByteArray("/hook?k=1"));
        QCOMPARE(post.headers.value("content-type"), QByteArray("application/json"));
        QCOMPARE(post.headers.value("x-trace"), QByteArray("trace-7"));
        QCOMPARE(QJsonDocument::fromJson(post.body).object(), body);
        const QByteArray timestamp = post.headers.value("x-hopx-timestamp");
        QVERIFY2(timestamp.toLongLong() >= before && timestamp.toLongLong() <= before + 60,
            timestamp.constData());
        if (secret.isEmpty()) {
            QVERIFY(!post.headers.contains("x-hopx-signature"));
            return;
        }
        // What a receiver checks: HMAC-SHA256 over timestamp + raw body with the shared secret.
        QCOMPARE(post.headers.value("x-hopx-signature"),
            "sha256="
                + QMessageAuthenticationCode::hash(
                    timestamp + post.body, secret.toUtf8(), QCryptographicHash::Sha256)
                      .toHex());
    }

    void failureIsLoggedWithoutQueryOrUserInfo()
    {
        QTcpServer closed; // a port that was free a moment ago: nothing listens there
        QVERIFY(closed.listen(QHostAddress::LocalHost));
        const quint16 port = closed.serverPort();
        closed.close();
        QNetworkAccessManager network;
        QTest::ignoreMessage(QtWarningMsg,
            QRegularExpression(
                QStringLiteral("^webhook to http://127\\.0\\.0\\.1:%1/hook failed: ").arg(port)));
        QNetworkReply *reply = WebhookClient(&network).post(
            QUrl(QStringLiteral("http://user:pw@127.0.0.1:%1/hook?token=abc").arg(port)),
            QJsonObject {}, QJsonObject {}, QString());
        QVERIFY(reply);
        QSignalSpy finished(reply, &QNetworkReply::finished);
        QVERIFY(finished.wait(10000));
    }

    void withoutANetworkNothingIsSent()
    {
        QVERIFY(!WebhookClient(nullptr).post(
            QUrl(QStringLiteral("https://example.com/")), {}, {}, QString()));
    }
};

QTEST_GUILESS_MAIN(TestWebhookClient)
#include "tst_webhookclient.moc"

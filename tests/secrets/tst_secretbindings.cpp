// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// The egress proxy's request rewriting (SecretBindings, EgressRequest): the value goes into a
// request only for the secret's own hosts, only where the user allowed it, and the rest of the
// request keeps its meaning.
#include "providers/local/egress/EgressRequest.h"
#include "providers/local/egress/SecretBindings.h"

#include <QTest>

using namespace Hopx::Local;

class TestSecretBindings : public QObject
{
    Q_OBJECT

private:
    SecretBindings::Binding m_token {QStringLiteral("TOKEN"), "hopxph_0123456789abcdef",
        "real value/+=", {QStringLiteral("api.example.com"), QStringLiteral("*.example.org")},
        false, false};
    SecretBindings::Binding m_key {QStringLiteral("KEY"), "hopxph_fedcba9876543210", "k&1",
        {QStringLiteral("maps.example.net")}, true, true};

    SecretBindings bindings() const
    {
        SecretBindings b;
        b.add(m_token);
        b.add(m_key);
        return b;
    }
    static QByteArray request(const QByteArray &target, const QByteArray &fields)
    {
        return "GET " + target + " HTTP/1.1"
            + EgressRequest::originFields("\r\n" + fields + "\r\nProxy-Authorization: x");
    }

private slots:
    void placeholdersAreRandomAndDistinct()
    {
        const QByteArray a = SecretBindings::newPlaceholder();
        QVERIFY(a.startsWith("hopxph_"));
        QCOMPARE(a.size(), 7 + 32);
        QVERIFY(a != SecretBindings::newPlaceholder());
    }

    void rewrite_data()
    {
        QTest::addColumn<QString>("host");
        QTest::addColumn<QByteArray>("head");
        QTest::addColumn<QByteArray>("expected");
        QTest::addColumn<QStringList>("used");
        QTest::addColumn<QStringList>("offered");
        const QByteArray auth = "Authorization: Bearer hopxph_0123456789abcdef";
        QTest::newRow("header, bound host") << "api.example.com" << request("/v1", auth)
                                            << request("/v1", "Authorization: Bearer real value/+=")
                                            << QStringList {"TOKEN"} << QStringList {};
        QTest::newRow("header, wildcard host")
            << "a.b.example.org" << request("/", auth)
            << request("/", "Authorization: Bearer real value/+=") << QStringList {"TOKEN"}
            << QStringList {};
        QTest::newRow("header, other host")
            << "evil.example.net" << request("/", auth) << request("/", auth) << QStringList {}
            << QStringList {"TOKEN"};
        QTest::newRow("a Host header does not choose the host")
            << "evil.example.net" << request("/", auth + "\r\nHost: api.example.com")
            << request("/", auth + "\r\nHost: api.example.com") << QStringList {}
            << QStringList {"TOKEN"};
        QTest::newRow("suffix trick")
            << "api.example.com.evil.net" << request("/", auth) << request("/", auth)
            << QStringList {} << QStringList {"TOKEN"};
        QTest::newRow("query not opted in stays")
            << "api.example.com" << request("/?k=hopxph_0123456789abcdef", "Accept: */*")
            << request("/?k=hopxph_0123456789abcdef", "Accept: */*") << QStringList {}
            << QStringList {"TOKEN"};
        QTest::newRow("query opted in, percent-encoded")
            << "maps.example.net" << request("/?key=hopxph_fedcba9876543210", "Accept: */*")
            << request("/?key=k%261", "Accept: */*") << QStringList {"KEY"} << QStringList {};
        QTest::newRow("query to another host")
            << "api.example.com" << request("/?key=hopxph_fedcba9876543210", "Accept: */*")
            << request("/?key=hopxph_fedcba9876543210", "Accept: */*") << QStringList {}
            << QStringList {"KEY"};
        QTest::newRow("nothing to do")
            << "api.example.com" << request("/", "Accept: */*") << request("/", "Accept: */*")
            << QStringList {} << QStringList {};
    }
    void rewrite()
    {
        QFETCH(QString, host);
        QFETCH(QByteArray, head);
        QFETCH(QByteArray, expected);
        QFETCH(QStringList, used);
        QFETCH(QStringList, offered);
        SecretBindings::Report report;
        QCOMPARE(bindings().rewriteHead(head, host, &report), expected);
        QCOMPARE(report.used, used);
        QCOMPARE(report.offered, offered);
    }

    void hopByHopFieldsGoAndOneRequestPerConnection()
    {
        const QByteArray fields = EgressRequest::originFields(
            "\r\nHost: a\r\nConnection: keep-alive\r\nKeep-Alive: 5\r\nProxy-Connection: x");
        QCOMPARE(fields, QByteArray("\r\nHost: a\r\nConnection: close"));
    }

    void bodyOnlyWhereOptedIn()
    {
        const SecretBindings b = bindings();
        const QByteArray body = R"({"key": "hopxph_fedcba9876543210"})";
        const QByteArray head = "POST / HTTP/1.1\r\nContent-Length: "
            + QByteArray::number(body.size()) + "\r\nConnection: close";
        SecretBindings::Report report;
        const QByteArray out = EgressRequest::rewrite(b, head, body, "maps.example.net", &report);
        QCOMPARE(out,
            QByteArray("POST / HTTP/1.1\r\nContent-Length: 14\r\nConnection: close\r\n\r\n"
                       R"({"key": "k&1"})"));
        QCOMPARE(report.used, QStringList {"KEY"});
        // Another host: unchanged, reported.
        report = {};
        QCOMPARE(EgressRequest::rewrite(b, head, body, "api.example.com", &report),
            head + "\r\n\r\n" + body);
        QCOMPARE(report.offered, QStringList {"KEY"});
        // TOKEN did not opt in to bodies: its own host gets the placeholder.
        const QByteArray tokenBody = "hopxph_0123456789abcdef";
        const QByteArray tokenHead = "POST / HTTP/1.1\r\nContent-Length: 23";
        report = {};
        QCOMPARE(EgressRequest::rewrite(b, tokenHead, tokenBody, "api.example.com", &report),
            tokenHead + "\r\n\r\n" + tokenBody);
        QCOMPARE(report.offered, QStringList {"TOKEN"});
        // An incomplete or chunked body is passed on as it is.
        report = {};
        QCOMPARE(EgressRequest::rewrite(b, head, body.chopped(1), "maps.example.net", &report),
            head + "\r\n\r\n" + body.chopped(1));
        QCOMPARE(report.offered, QStringList {"KEY"}); // seen, not swapped
        QCOMPARE(
            EgressRequest::contentLength("\r\nTransfer-Encoding: chunked\r\nContent-Length: 3"),
            qint64(-1));
    }

    void revokedSecretsAreNoLongerSwapped()
    {
        SecretBindings b = bindings();
        QVERIFY(b.boundTo("api.example.com"));
        b.revoke("TOKEN");
        QVERIFY(!b.boundTo("api.example.com"));
        const QByteArray head = request("/", "Authorization: Bearer hopxph_0123456789abcdef");
        QCOMPARE(b.rewriteHead(head, "api.example.com", nullptr), head);
        b.update("KEY", "new", {"maps.example.net"}, false, false);
        QCOMPARE(b.rewriteHead(
                     request("/", "X-Key: hopxph_fedcba9876543210"), "maps.example.net", nullptr),
            request("/", "X-Key: new"));
    }
};

QTEST_GUILESS_MAIN(TestSecretBindings)
#include "tst_secretbindings.moc"

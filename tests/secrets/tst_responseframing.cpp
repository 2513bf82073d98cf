// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// Where an API's answer ends (ResponseFraming), which decides whether the proxy may keep its
// connection to a secret's host for the next request: every framing HTTP/1.1 has, fed in
// pieces as a socket delivers it, and every case where the connection must not be kept.
#include "providers/local/egress/ResponseFraming.h"

#include <QTest>

using namespace Hopx::Local;

class TestResponseFraming : public QObject
{
    Q_OBJECT

private:
    //! Feeds \a answer \a step bytes at a time; returns what went on to the sandbox.
    static QByteArray feed(ResponseFraming &f, const QByteArray &answer, int step)
    {
        QByteArray out;
        for (qsizetype at = 0; at < answer.size(); at += step)
            out += f.feed(answer.mid(at, step));
        return out;
    }

private slots:
    void framings_data()
    {
        QTest::addColumn<QByteArray>("method");
        QTest::addColumn<QByteArray>("answer");
        QTest::addColumn<bool>("reusable");
        QTest::newRow("length") << QByteArray("GET")
                                << QByteArray("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello")
                                << true;
        QTest::newRow("chunked") << QByteArray("GET")
                                 << QByteArray("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n"
                                               "\r\n5;x=y\r\nhello\r\n0\r\nTrailer: 1\r\n\r\n")
                                 << true;
        QTest::newRow("head") << QByteArray("HEAD")
                              << QByteArray("HTTP/1.1 200 OK\r\nContent-Length: 99\r\n\r\n")
                              << true;
        QTest::newRow("no content")
            << QByteArray("DELETE") << QByteArray("HTTP/1.1 204 No Content\r\n\r\n") << true;
        QTest::newRow("continue first")
            << QByteArray("POST")
            << QByteArray("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n"
                          "\r\nok")
            << true;
        QTest::newRow("close asked")
            << QByteArray("GET")
            << QByteArray("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok")
            << false;
        QTest::newRow("http/1.0") << QByteArray("GET")
                                  << QByteArray("HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\nok")
                                  << false;
        QTest::newRow("two lengths")
            << QByteArray("GET")
            << QByteArray("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\nokk")
            << false;
        QTest::newRow("more than asked")
            << QByteArray("GET")
            << QByteArray("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokHTTP/1.1 200 OK\r\n")
            << false;
    }

    void framings()
    {
        QFETCH(QByteArray, method);
        QFETCH(QByteArray, answer);
        QFETCH(bool, reusable);
        for (int step : {1, 3, 7, int(answer.size())}) {
            ResponseFraming f(method);
            QVERIFY(!f.started());
            const QByteArray out = feed(f, answer, step);
            QVERIFY2(f.isComplete() || !reusable, qPrintable(QString::number(step)));
            QCOMPARE(f.reusable(), reusable);
            // The sandbox is told the connection ends, whatever the API said.
            QVERIFY(out.contains("\r\nConnection: close\r\n\r\n"));
            QCOMPARE(out.count("Connection:"), 1);
            // Nothing after the answer's end goes on.
            QCOMPARE(out.indexOf("HTTP/1.", out.indexOf("Connection: close")), -1);
        }
    }

    void untilCloseIsNeverKept()
    {
        ResponseFraming f("GET");
        const QByteArray out = f.feed("HTTP/1.1 200 OK\r\n\r\nsome body");
        QVERIFY(out.endsWith("some body"));
        QVERIFY(!f.isComplete());
        QVERIFY(!f.reusable());
    }

    void keepAliveTimeoutLessAMargin()
    {
        ResponseFraming f("GET");
        f.feed("HTTP/1.1 200 OK\r\nKeep-Alive: timeout=5, max=100\r\nContent-Length: 0\r\n\r\n");
        QVERIFY(f.reusable());
        QCOMPARE(f.idleTimeoutMs(), 4000);
    }

    void halfAHeadIsKeptUntilTheClose()
    {
        ResponseFraming f("GET");
        QVERIFY(f.feed("HTTP/1.1 200 OK\r\nX: y").isEmpty());
        QVERIFY(f.started());
        QCOMPARE(f.rest(), QByteArray("HTTP/1.1 200 OK\r\nX: y"));
    }
};

QTEST_GUILESS_MAIN(TestResponseFraming)
#include "tst_responseframing.moc"

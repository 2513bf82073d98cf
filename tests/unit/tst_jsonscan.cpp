// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// The bridge's minimal JSON scan: which lines are requests, and their ids.
#include "ipc/JsonScan.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Hopx::Ipc;

class TestJsonScan : public QObject
{
    Q_OBJECT

private slots:
    void scan_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<bool>("hasMethod");
        QTest::addColumn<bool>("hasId");
        QTest::addColumn<QByteArray>("idKey");
        QTest::newRow("request int id")
            << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\"}") << true << true
            << QByteArray("n:7");
        QTest::newRow("id after nested params")
            << QByteArray("{\"jsonrpc\":\"2.0\",\"method\":\"tools/"
                          "call\",\"params\":{\"id\":99,\"x\":[1,{\"id\":3}]},\"id\":\"abc\"}")
            << true << true << QByteArray("s:abc");
        QTest::newRow("response") << QByteArray(
            "{\"id\":7,\"jsonrpc\":\"2.0\",\"result\":{\"method\":\"x\"}}")
                                  << false << true << QByteArray("n:7");
        QTest::newRow("escaped string id")
            << QByteArray("{\"id\":\"a\\\"b\\u00e9\",\"method\":\"m\"}") << true << true
            << QByteArray("s:a\"b\xc3\xa9");
        QTest::newRow("surrogate pair id")
            << QByteArray("{\"id\":\"\\ud83d\\ude00\",\"method\":\"m\"}") << true << true
            << QByteArray("s:\xf0\x9f\x98\x80");
        QTest::newRow("float-looking int")
            << QByteArray("{\"id\":5.0,\"method\":\"m\"}") << true << true << QByteArray("n:5");
        QTest::newRow("fractional id is no id")
            << QByteArray("{\"id\":5.5,\"method\":\"m\"}") << true << false << QByteArray();
        QTest::newRow("notification")
            << QByteArray("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}") << true
            << false << QByteArray();
        QTest::newRow("null id") << QByteArray("{\"id\":null,\"method\":\"m\"}") << true << false
                                 << QByteArray();
        QTest::newRow("braces inside strings")
            << QByteArray("{\"params\":{\"code\":\"}}{{\\\"id\\\":1\"},\"id\":2,\"method\":\"m\"}")
            << true << true << QByteArray("n:2");
        QTest::newRow("garbage") << QByteArray("not json") << false << false << QByteArray();
        QTest::newRow("truncated")
            << QByteArray("{\"id\":1,\"method\":\"pi") << false << false << QByteArray();
        QTest::newRow("array") << QByteArray("[{\"id\":1,\"method\":\"m\"}]") << false << false
                               << QByteArray();
        // Found by fuzzing (tests/fuzz/fuzz_jsonscan): the app re-serialises -0 as 0 and takes
        // the last of two ids; a line with bytes after the object is a parse error to it.
        QTest::newRow("negative zero")
            << QByteArray("{\"id\":-0,\"method\":\"m\"}") << true << true << QByteArray("n:0");
        QTest::newRow("repeated id: the last counts")
            << QByteArray("{\"id\":5,\"method\":\"m\",\"id\":[0]}") << true << false
            << QByteArray();
        QTest::newRow("repeated id: the last one's value")
            << QByteArray("{\"id\":[0],\"method\":\"m\",\"id\":\"b\"}") << true << true
            << QByteArray("s:b");
        QTest::newRow("bytes after the object")
            << QByteArray("{\"id\":1,\"method\":\"m\"}{\"id\":2}") << false << false
            << QByteArray();
        QTest::newRow("huge integral id keeps its digits") // 2^240: exact as a double
            << QByteArray("{\"id\":1.7668470647783843e72,\"method\":\"m\"}") << true << true
            << QByteArray(
                   "n:1766847064778384329583297500742918515827483896875618958121606201292619776");
    }

    void scan()
    {
        QFETCH(QByteArray, line);
        QFETCH(bool, hasMethod);
        QFETCH(bool, hasId);
        QFETCH(QByteArray, idKey);
        const MessageInfo info =
            scanMessage(std::string_view(line.constData(), size_t(line.size())));
        QCOMPARE(info.hasMethod, hasMethod);
        QCOMPARE(info.hasId, hasId);
        if (hasId) {
            QCOMPARE(QByteArray::fromStdString(info.idKey), idKey);
            // The id JSON is echoed in error replies: it must be valid JSON for the same id.
            const QJsonDocument doc =
                QJsonDocument::fromJson("{\"id\":" + QByteArray::fromStdString(info.idJson) + "}");
            QVERIFY(doc.isObject());
        }
    }

    void cancellation_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<QByteArray>("cancelledIdKey");
        QTest::newRow("int request id")
            << QByteArray("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\","
                          "\"params\":{\"requestId\":7,\"reason\":\"user\"}}")
            << QByteArray("n:7");
        QTest::newRow("params before method, string id")
            << QByteArray("{\"params\":{\"reason\":\"x\",\"requestId\":\"a\\u00e9\"},"
                          "\"method\":\"notifications/cancelled\",\"jsonrpc\":\"2.0\"}")
            << QByteArray("s:a\xc3\xa9");
        QTest::newRow("nested requestId does not count") << QByteArray(
            "{\"method\":\"notifications/cancelled\",\"params\":{\"x\":{"
            "\"requestId\":3}}}") << QByteArray();
        QTest::newRow("another method's requestId")
            << QByteArray("{\"method\":\"notifications/progress\",\"params\":{\"requestId\":3}}")
            << QByteArray();
        QTest::newRow("escaped method name") << QByteArray(
            "{\"method\":\"notifications\\/cancelled\",\"params\":{"
            "\"requestId\":4.0}}") << QByteArray("n:4");
        QTest::newRow("params not an object")
            << QByteArray("{\"method\":\"notifications/cancelled\",\"params\":[7]}")
            << QByteArray();
        QTest::newRow("malformed params")
            << QByteArray("{\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":}}")
            << QByteArray();
    }

    void cancellation()
    {
        QFETCH(QByteArray, line);
        QFETCH(QByteArray, cancelledIdKey);
        const MessageInfo info =
            scanMessage(std::string_view(line.constData(), size_t(line.size())));
        QCOMPARE(QByteArray::fromStdString(info.cancelledIdKey), cancelledIdKey);
    }

    void quote()
    {
        const std::string q = jsonQuote("a\"b\\c\nd\x01\xc3\xa9");
        const QJsonDocument doc = QJsonDocument::fromJson("[" + QByteArray::fromStdString(q) + "]");
        QCOMPARE(doc.array().at(0).toString(), QString::fromUtf8("a\"b\\c\nd\x01\xc3\xa9"));
    }
};

QTEST_GUILESS_MAIN(TestJsonScan)
#include "tst_jsonscan.moc"

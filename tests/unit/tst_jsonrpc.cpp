// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "json/JsonRpc.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Hopx::Mcp;

class TestJsonRpc : public QObject
{
    Q_OBJECT

private slots:
    void idKeysAreDistinct_data()
    {
        QTest::addColumn<QByteArray>("a");
        QTest::addColumn<QByteArray>("b");
        QTest::addColumn<bool>("same");
        QTest::newRow("1 and string 1") << QByteArray("1") << QByteArray("\"1\"") << false;
        QTest::newRow("1 and 1.0") << QByteArray("1") << QByteArray("1.0") << true;
        QTest::newRow("-0 and 0") << QByteArray("-0") << QByteArray("0") << true;
        QTest::newRow("big integers")
            << QByteArray("9007199254740993") << QByteArray("9007199254740992") << false;
        // Found by fuzzing (tests/fuzz/fuzz_jsonrpc): past qint64 every id had the key "n:0".
        QTest::newRow("1e20 and 2e20") << QByteArray("1e20") << QByteArray("2e20") << false;
        QTest::newRow("1e20 and 0") << QByteArray("1e20") << QByteArray("0") << false;
        QTest::newRow("-1e300 and 1e300") << QByteArray("-1e300") << QByteArray("1e300") << false;
    }
    void idKeysAreDistinct()
    {
        QFETCH(QByteArray, a);
        QFETCH(QByteArray, b);
        QFETCH(bool, same);
        const QJsonValue idA = QJsonDocument::fromJson("[" + a + "]").array().at(0);
        const QJsonValue idB = QJsonDocument::fromJson("[" + b + "]").array().at(0);
        QVERIFY(JsonRpc::isValidId(idA));
        QVERIFY(JsonRpc::isValidId(idB));
        QCOMPARE(JsonRpc::idKey(idA) == JsonRpc::idKey(idB), same);
    }
};

QTEST_APPLESS_MAIN(TestJsonRpc)
#include "tst_jsonrpc.moc"

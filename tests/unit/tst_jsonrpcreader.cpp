// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// JsonRpcReader: which lines it reads itself and what it reads from them. Every line it declines
// goes to Qt's parser, so declining is always safe; accepting must give Qt's message exactly
// (tests/fuzz/fuzz_jsonrpcreader.cpp checks that on mutated lines).
#include "json/JsonRpcReader.h"

#include <QJsonDocument>
#include <QTest>

using namespace Hopx::Mcp;

class TestJsonRpcReader : public QObject
{
    Q_OBJECT

private slots:
    void reads_data();
    void reads();
    void declines_data();
    void declines();
    void reusedForLongerAndShorterLines();
};

void TestJsonRpcReader::reads_data()
{
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<QJsonValue>("id");
    QTest::addColumn<QString>("method");
    QTest::addColumn<QByteArray>("params");

    QTest::newRow("ping") << QByteArray(R"({"jsonrpc":"2.0","id":1,"method":"ping"})")
                          << QJsonValue(1) << QStringLiteral("ping") << QByteArray("{}");
    QTest::newRow("keys in any order, spaces")
        << QByteArray(" { \"method\" : \"tools/list\" ,\"id\": -42, \"jsonrpc\":\"2.0\"}\r\n ")
        << QJsonValue(-42) << QStringLiteral("tools/list") << QByteArray("{}");
    QTest::newRow("string id, escapes in values")
        << QByteArray(R"({"jsonrpc":"2\u002e0","id":"a\"b\u00e9","method":"p\u0069ng"})")
        << QJsonValue(QStringLiteral("a\"b\u00e9")) << QStringLiteral("ping") << QByteArray("{}");
    QTest::newRow("notification") << QByteArray(
        R"({"jsonrpc":"2.0","method":"notifications/initialized"})")
                                  << QJsonValue(QJsonValue::Undefined)
                                  << QStringLiteral("notifications/initialized")
                                  << QByteArray("{}");
    QTest::newRow("params")
        << QByteArray(
               R"({"jsonrpc":"2.0","id":7,"method":"tools/call","params":)"
               R"({"name":"execute_code","arguments":{"code":"print(\"hi\")\n","n":[1,2.5,null,true]}}})")
        << QJsonValue(7) << QStringLiteral("tools/call")
        << QByteArray(
               R"({"name":"execute_code","arguments":{"code":"print(\"hi\")\n","n":[1,2.5,null,true]}})");
    QTest::newRow("largest plain id")
        << QByteArray(R"({"jsonrpc":"2.0","id":-999999999999999999,"method":"ping"})")
        << QJsonValue(qint64(-999999999999999999)) << QStringLiteral("ping") << QByteArray("{}");
}

void TestJsonRpcReader::reads()
{
    QFETCH(QByteArray, line);
    QFETCH(QJsonValue, id);
    QFETCH(QString, method);
    QFETCH(QByteArray, params);
    JsonRpcReader reader;
    const auto call = reader.read(line);
    QVERIFY(call);
    QCOMPARE(call->id.type(), id.type());
    QCOMPARE(call->id, id);
    QCOMPARE(call->method, method);
    QCOMPARE(call->params, QJsonDocument::fromJson(params).object());
    // What Qt's parser reads from the same line.
    const QJsonObject message = QJsonDocument::fromJson(line).object();
    QCOMPARE(message.value(QLatin1String("id")), call->id);
    QCOMPARE(message.value(QLatin1String("method")).toString(), call->method);
}

void TestJsonRpcReader::declines_data()
{
    QTest::addColumn<QByteArray>("line");
    const char *lines[][2] = {
        {"not JSON", "ping"},
        {"truncated", R"({"jsonrpc":"2.0","id":1,"method":"ping")"},
        {"trailing token", R"({"jsonrpc":"2.0","id":1,"method":"ping"} x)"},
        {"two messages",
            R"({"jsonrpc":"2.0","id":1,"method":"ping"}{"jsonrpc":"2.0","id":2,"method":"ping"})"},
        {"batch", R"([{"jsonrpc":"2.0","id":1,"method":"ping"}])"},
        {"response", R"({"jsonrpc":"2.0","id":1,"result":{}})"},
        {"no version", R"({"id":1,"method":"ping"})"},
        {"wrong version", R"({"jsonrpc":"1.0","id":1,"method":"ping"})"},
        {"no method", R"({"jsonrpc":"2.0","id":1})"},
        {"method not a string", R"({"jsonrpc":"2.0","id":1,"method":5})"},
        {"null id", R"({"jsonrpc":"2.0","id":null,"method":"ping"})"},
        {"object id", R"({"jsonrpc":"2.0","id":{},"method":"ping"})"},
        {"fraction id", R"({"jsonrpc":"2.0","id":1.0,"method":"ping"})"},
        {"exponent id", R"({"jsonrpc":"2.0","id":1e3,"method":"ping"})"},
        {"negative zero id", R"({"jsonrpc":"2.0","id":-0,"method":"ping"})"},
        {"leading zero id", R"({"jsonrpc":"2.0","id":01,"method":"ping"})"},
        {"19-digit id", R"({"jsonrpc":"2.0","id":1000000000000000000,"method":"ping"})"},
        {"duplicate key", R"({"jsonrpc":"2.0","id":1,"method":"ping","id":2})"},
        {"escaped key", R"({"jsonrpc":"2.0","id":1,"meth\u006fd":"ping"})"},
        {"other key", R"({"jsonrpc":"2.0","id":1,"method":"ping","x":0})"},
        {"params an array", R"({"jsonrpc":"2.0","id":1,"method":"ping","params":[]})"},
        {"bad JSON inside params",
            R"({"jsonrpc":"2.0","id":1,"method":"ping","params":{"a":tru}})"},
        {"raw control character", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"pi\tng\"}"},
        {"lone surrogate", R"({"jsonrpc":"2.0","id":1,"method":"\ud800"})"},
        {"invalid UTF-8", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"\xff\"}"},
    };
    for (const auto &[name, line] : lines)
        QTest::newRow(name) << QByteArray(line);
    QByteArray longLine = R"({"jsonrpc":"2.0","id":1,"method":"ping","params":{"a":")";
    longLine += QByteArray(JsonRpcReader::kMaxLine, 'x') + "\"}}";
    QTest::newRow("longer than kMaxLine") << longLine;
}

void TestJsonRpcReader::declines()
{
    QFETCH(QByteArray, line);
    JsonRpcReader reader;
    QVERIFY(!reader.read(line));
}

void TestJsonRpcReader::reusedForLongerAndShorterLines()
{
    // One reader serves a session's every line; its buffer must not carry one line into the next.
    JsonRpcReader reader;
    const QByteArray code(4000, 'a');
    const QByteArray longLine =
        R"({"jsonrpc":"2.0","id":1,"method":"run","params":{"code":")" + code + "\"}}";
    auto call = reader.read(longLine);
    QVERIFY(call);
    QCOMPARE(call->params.value(QLatin1String("code")).toString().size(), code.size());
    call = reader.read(R"({"jsonrpc":"2.0","id":2,"method":"ping"})");
    QVERIFY(call);
    QCOMPARE(call->id, QJsonValue(2));
    QVERIFY(call->params.isEmpty());
    QVERIFY(!reader.read(R"({"jsonrpc":"2.0","id":3,"method":"ping")"));
}

QTEST_GUILESS_MAIN(TestJsonRpcReader)
#include "tst_jsonrpcreader.moc"

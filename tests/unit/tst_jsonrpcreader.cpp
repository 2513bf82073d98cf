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
    void repeatedMetaReadsAsQtDoes();
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

void TestJsonRpcReader::repeatedMetaReadsAsQtDoes()
{
    // The reader keeps the last _meta it parsed and reuses it for the same bytes; every line
    // of a session goes through one reader, so the lines below run in this order on one.
    const QByteArray m1 = R"({"io.modelcontextprotocol/protocolVersion":"2026-07-28",)"
                          R"("io.modelcontextprotocol/clientInfo":{"name":"a","version":"1"}})";
    const QByteArray m2 = QByteArray(m1).replace(R"("name":"a")", R"("name":"b")"); // same size
    const auto call = [](const QByteArray &params) -> QByteArray {
        return R"({"jsonrpc":"2.0","id":7,"method":"tools/call","params":)" + params + "}";
    };
    const QList<QByteArray> params = {
        R"({"name":"x","arguments":{"n":1},"_meta":)" + m1 + "}",
        R"({"name":"y","arguments":{"n":2},"_meta":)" + m1 + "}", // the same _meta
        R"({"_meta":)" + m1 + R"(,"name":"z","arguments":{}})", // first, not last
        R"({"name":"x","_meta":)" + m2 + "}", // other bytes, the same length
        R"({"name":"x","_meta":)" + m1 + "}",
        R"({"name":"x","_meta": )" + m1 + " }", // spaces around it
        R"({"_meta":{},"_meta":)" + m1 + "}", // twice
        R"({"\u005fmeta":{"k":1},"_meta":)" + m1 + "}", // escaped, with a plain one
        R"({"_meta":)" + m1 + R"(,"\u005fmeta":{"k":1}})", // … either way round
        R"({"name":"x","_meta":5})",
        R"({"name":"x","arguments":{"_meta":)" + m1 + "}}", // not params' own
        R"({"name":"x","_meta":)" + m1 + R"(,"arguments":{"s":"\u00e9"}})",
        R"({"name":"x","_meta":)" + m1 + R"(,"arguments":{"s":tru}})", // bad after it
    };
    JsonRpcReader reader;
    int read = 0;
    for (const QByteArray &p : params) {
        const QByteArray line = call(p);
        const QJsonObject qt = QJsonDocument::fromJson(line).object();
        const auto got = reader.read(line);
        if (!got) {
            // Declining is always allowed; only a line Qt cannot read must be declined.
            continue;
        }
        QVERIFY2(!qt.isEmpty(), line.constData());
        QVERIFY2(got->params == qt.value(QLatin1String("params")).toObject(), line.constData());
        ++read;
    }
    QCOMPARE(read, params.size() - 1); // all but the bad JSON (declined as before)
}

QTEST_GUILESS_MAIN(TestJsonRpcReader)
#include "tst_jsonrpcreader.moc"

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// The session's JSON writer against Qt's own: byte for byte the same output, for every kind of
// value, escape and number, and for the tool results and responses written without objects.
#include "tools/ToolResult.h"
#include "json/JsonRpc.h"
#include "json/JsonWriter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

#include <cmath>
#include <limits>

using namespace Hopx::Mcp;

namespace {
QByteArray qtJson(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}
QJsonObject envelope(const QJsonValue &id, const QJsonObject &result)
{
    return {{QStringLiteral("jsonrpc"), QStringLiteral("2.0")}, {QStringLiteral("id"), id},
        {QStringLiteral("result"), result}};
}
QString units(std::initializer_list<char16_t> list)
{
    QString s;
    for (const char16_t u : list)
        s.append(QChar(u));
    return s;
}
} // namespace

class TestJsonWriter : public QObject
{
    Q_OBJECT

private slots:
    void sameBytesAsQt_data()
    {
        QTest::addColumn<QJsonValue>("value");
        const auto row = [](const char *name, const QJsonValue &v) { QTest::newRow(name) << v; };
        row("null", QJsonValue(QJsonValue::Null));
        row("true", true);
        row("false", false);
        row("zero", 0);
        row("negative", -42);
        row("int64 max", QJsonValue(qint64(std::numeric_limits<qint64>::max())));
        row("int64 min", QJsonValue(qint64(std::numeric_limits<qint64>::min())));
        row("2^53 + 1", QJsonValue(qint64(9007199254740993LL)));
        row("double 0.1", 0.1);
        row("double 1e15", 1e15);
        row("double 2^60", std::ldexp(1.0, 60));
        row("double 1e300", 1e300);
        row("double -0", -0.0);
        row("double tiny", 5e-324);
        row("nan", std::nan(""));
        row("infinity", std::numeric_limits<double>::infinity());
        row("empty string", QString());
        row("ascii", QStringLiteral("hello world"));
        row("escapes", QStringLiteral("q\" b\\ / \b\f\n\r\t"));
        row("controls", units({0x01, 0x1f, 0x7f, u'x', 0x00}));
        row("latin1 and bmp", QStringLiteral("é ß ü – € 中文 ✓"));
        row("astral", QStringLiteral("plot 📈 done 🎉"));
        row("lone high at end", units({u'a', 0xd83d}));
        row("lone high then text", units({0xd83d, u'b', 0xdcc8}));
        row("lone low", units({0xdcc8, u'c'}));
        row("reversed pair", units({0xdcc8, 0xd83d}));
        row("empty object", QJsonObject {});
        row("empty array", QJsonArray {});
        row("nested",
            QJsonObject {{QStringLiteral("b"), QJsonArray {1, 2.5, QStringLiteral("x")}},
                {QStringLiteral("a"), QJsonObject {{QStringLiteral("k\"ey"), true}}},
                {QStringLiteral("é"), QJsonValue(QJsonValue::Null)}});
        QString longText;
        for (int i = 0; i < 3000; ++i)
            longText += QStringLiteral("\"\n✓");
        row("long escaped (chunks)", longText);
        QString straddle(4095, QLatin1Char('a'));
        straddle += QStringLiteral("📈 tail");
        row("pair across a chunk", straddle);
        // Runs of plain text are copied a word at a time: put each special character at every
        // offset of such a word.
        const QString specials = QStringLiteral("\"\\\x01\x1f ~\x7fé\u20ac");
        for (int offset = 0; offset < 16; ++offset)
            for (const QChar special : specials)
                QTest::addRow("offset %d U+%04x", offset, special.unicode()) << QJsonValue(
                    QString(offset, QLatin1Char('a')) + special + QString(20, QLatin1Char('b')));
        QJsonArray mixed;
        for (int i = 0; i < 50; ++i)
            mixed.append(
                QJsonObject {{QStringLiteral("i"), i}, {QStringLiteral("s"), longText.left(i)}});
        row("array of objects", mixed);
    }

    void sameBytesAsQt()
    {
        QFETCH(QJsonValue, value);
        // Qt writes only documents: wrap the value, compare the whole.
        const QJsonObject object {{QStringLiteral("v"), value}};
        QCOMPARE(JsonWriter::toJson(object), qtJson(object));
        const QJsonArray array {value};
        QCOMPARE(JsonWriter::toJson(array), QJsonDocument(array).toJson(QJsonDocument::Compact));
        if (value.isString()) {
            QByteArray fromUtf16;
            JsonWriter::appendString(fromUtf16, value.toString());
            QByteArray fromUtf8;
            // What the writer produced is valid UTF-8: quoting it again must give the same.
            JsonWriter::appendUtf8String(fromUtf8, JsonWriter::toJson(object));
            QByteArray viaQt;
            JsonWriter::appendString(viaQt, QString::fromUtf8(qtJson(object)));
            QCOMPARE(fromUtf8, viaQt);
            QVERIFY(!fromUtf16.isEmpty());
        }
    }

    void toolResultsWrittenOnce_data()
    {
        QTest::addColumn<int>("kind");
        QTest::newRow("structured") << 0;
        QTest::newRow("structured error") << 1;
        QTest::newRow("structured with its own text") << 2;
        QTest::newRow("plain text") << 3;
        QTest::newRow("structured plus image and text") << 4;
        QTest::newRow("content read first") << 5;
    }

    void toolResultsWrittenOnce()
    {
        QFETCH(int, kind);
        const QJsonObject dict {{QStringLiteral("stdout"), QStringLiteral("3.14\n\"quoted\" ✓")},
            {QStringLiteral("exit_code"), 0}, {QStringLiteral("ok"), true},
            {QStringLiteral("files"), QJsonArray {QStringLiteral("a.png")}}};
        ToolResult result;
        switch (kind) {
        case 0:
            result = ToolResult::structured(dict);
            break;
        case 1:
            result = ToolResult::error(QStringLiteral("boom \"x\""), dict);
            break;
        case 2:
            result =
                ToolResult::structured(dict, QJsonObject {{QStringLiteral("short"), 1}}, false);
            break;
        case 3:
            result = ToolResult::text(QStringLiteral("line one\nline two"), true);
            break;
        case 4:
            result = ToolResult::structured(dict);
            result.addImage(QByteArray("\x89PNG\r\n", 6)).addText(QStringLiteral("after"));
            break;
        case 5:
            result = ToolResult::structured(dict);
            QCOMPARE(result.content().size(), 1); // moves the text block into the array
            break;
        }
        QCOMPARE(result.toResponseJson(), qtJson(result.toJson()));
        const ToolResult copy = result;
        QCOMPARE(copy.toResponseJson(), result.toResponseJson());
        // The bytes are kept for the next answer, but content added since is in it.
        ToolResult grown = result;
        grown.addText(QStringLiteral("added later"));
        QCOMPARE(grown.toResponseJson(), qtJson(grown.toJson()));
        QVERIFY(grown.toResponseJson().contains("added later"));
        grown.addContent(QJsonObject {{QStringLiteral("type"), QStringLiteral("text")},
            {QStringLiteral("text"), QStringLiteral("a block")}});
        QVERIFY(grown.toResponseJson().contains("a block"));
        grown.addImage(QByteArray("GIF89a", 6), QStringLiteral("image/gif"));
        QCOMPARE(grown.toResponseJson(), qtJson(grown.toJson()));
        QCOMPARE(result.toResponseJson(), qtJson(result.toJson()));
    }

    void responsesWrittenAroundTheirResult_data()
    {
        QTest::addColumn<QJsonValue>("id");
        QTest::newRow("integer") << QJsonValue(7);
        QTest::newRow("large integer") << QJsonValue(qint64(1) << 52);
        QTest::newRow("string") << QJsonValue(QStringLiteral("req-\"1\"-✓"));
    }

    void responsesWrittenAroundTheirResult()
    {
        QFETCH(QJsonValue, id);
        const QJsonObject result {{QStringLiteral("tools"), QJsonArray {}},
            {QStringLiteral("nextCursor"), QStringLiteral("abc")}};
        QCOMPARE(JsonRpc::serializeResponse(id, JsonWriter::toJson(result)),
            qtJson(envelope(id, result)));
        QCOMPARE(JsonRpc::serializeResponse(id, QByteArrayLiteral("{}")), qtJson(envelope(id, {})));
    }
};

QTEST_GUILESS_MAIN(TestJsonWriter)
#include "tst_jsonwriter.moc"

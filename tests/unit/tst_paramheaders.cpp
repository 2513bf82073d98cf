// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// ParamHeaders: which x-mcp-header declarations a tool may make (the cases are the next
// conformance suite's invalid tools, plus placement), how an Mcp-Param-* value is decoded, and
// when headers and arguments disagree. tests/http/tst_modernheaders drives it over sockets.
#include "modern/ParamHeaders.h"
#include "tools/ToolCall.h"
#include "tools/ToolRegistry.h"

#include <QJsonDocument>
#include <QRegularExpression>
#include <QTest>

using Hopx::Mcp::ParamHeaders;
using Headers = QList<QPair<QByteArray, QByteArray>>;

namespace {

QJsonObject parse(const char *json)
{
    return QJsonDocument::fromJson(json).object();
}

const char *kSchema = R"({"type":"object","properties":{
    "region":{"type":"string","x-mcp-header":"Region"},
    "priority":{"type":"integer","x-mcp-header":"Priority"},
    "verbose":{"type":"boolean","x-mcp-header":"Verbose"},
    "target":{"type":"object","properties":{"zone":{"type":"string","x-mcp-header":"Zone"}}},
    "query":{"type":"string"}}})";

} // namespace

class TestParamHeaders : public QObject
{
    Q_OBJECT

private slots:
    void declarations_data()
    {
        QTest::addColumn<QString>("schema");
        QTest::addColumn<QString>("error"); // empty = valid; else part of the reason

        QTest::newRow("valid") << kSchema << "";
        QTest::newRow("none") << R"({"type":"object"})"
                              << "";
        QTest::newRow("empty name") << R"({"properties":{"v":{"type":"string","x-mcp-header":""}}})"
                                    << "not an HTTP token";
        QTest::newRow("space")
            << R"({"properties":{"v":{"type":"string","x-mcp-header":"My Region"}}})"
            << "not an HTTP token";
        QTest::newRow("colon") << R"({"properties":{"v":{"type":"string","x-mcp-header":"A:B"}}})"
                               << "not an HTTP token";
        QTest::newRow("non-ascii")
            << R"({"properties":{"v":{"type":"string","x-mcp-header":"Région"}}})"
            << "not an HTTP token";
        QTest::newRow("control") << "{\"properties\":{\"v\":{\"type\":\"string\",\"x-mcp-header\":"
                                    "\"Region\\t1\"}}}"
                                 << "not an HTTP token";
        QTest::newRow("not a string")
            << R"({"properties":{"v":{"type":"string","x-mcp-header":7}}})"
            << "not an HTTP token";
        QTest::newRow("object") << R"({"properties":{"v":{"type":"object","x-mcp-header":"V"}}})"
                                << "not string, integer or boolean";
        QTest::newRow("array") << R"({"properties":{"v":{"type":"array","x-mcp-header":"V"}}})"
                               << "not string, integer or boolean";
        QTest::newRow("null") << R"({"properties":{"v":{"type":"null","x-mcp-header":"V"}}})"
                              << "not string, integer or boolean";
        QTest::newRow("number") << R"({"properties":{"v":{"type":"number","x-mcp-header":"V"}}})"
                                << "not string, integer or boolean";
        QTest::newRow("duplicate")
            << R"({"properties":{"a":{"type":"string","x-mcp-header":"Region"},"b":{"type":"string","x-mcp-header":"Region"}}})"
            << "declared twice";
        QTest::newRow("duplicate ignoring case")
            << R"({"properties":{"a":{"type":"string","x-mcp-header":"MyField"},"b":{"type":"string","x-mcp-header":"myfield"}}})"
            << "declared twice";
        QTest::newRow("under items")
            << R"({"properties":{"a":{"type":"array","items":{"type":"string","x-mcp-header":"A"}}}})"
            << "not reached through properties only";
        QTest::newRow("under anyOf")
            << R"({"anyOf":[{"properties":{"a":{"type":"string","x-mcp-header":"A"}}}]})"
            << "not reached through properties only";
        QTest::newRow("under $defs") << R"({"$defs":{"a":{"type":"string","x-mcp-header":"A"}}})"
                                     << "not reached through properties only";
        QTest::newRow("on the root") << R"({"type":"string","x-mcp-header":"A"})"
                                     << "not reached through properties only";
    }

    void declarations()
    {
        QFETCH(QString, schema);
        QFETCH(QString, error);
        const auto found =
            ParamHeaders::declarations(QJsonDocument::fromJson(schema.toUtf8()).object());
        if (error.isEmpty())
            QVERIFY2(found.ok(), qPrintable(found.ok() ? QString() : found.error()));
        else
            QVERIFY2(!found.ok() && found.error().contains(error),
                qPrintable(found.ok() ? QStringLiteral("accepted") : found.error()));
    }

    void nestedDeclarationHasItsPath()
    {
        const auto found = ParamHeaders::declarations(parse(kSchema));
        QVERIFY(found.ok());
        QCOMPARE(found.value().size(), 4);
        bool zone = false;
        for (const auto &d : found.value())
            zone = zone
                || (d.name == QLatin1String("Zone")
                    && d.path == QStringList({QStringLiteral("target"), QStringLiteral("zone")}));
        QVERIFY(zone);
    }

    void decode_data()
    {
        QTest::addColumn<QByteArray>("raw");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<QString>("text");

        QTest::newRow("plain") << QByteArray("us-west1") << true << "us-west1";
        QTest::newRow("inner space") << QByteArray("a b") << true << "a b";
        QTest::newRow("base64") << QByteArray("=?base64?SGVsbG8=?=") << true << "Hello";
        QTest::newRow("base64 utf-8") << QByteArray("=?base64?SGVsbG8sIOS4lueVjA==?=") << true
                                      << QStringLiteral("Hello, 世界");
        QTest::newRow("base64 empty") << QByteArray("=?base64?\?=") << true << "";
        QTest::newRow("missing padding") << QByteArray("=?base64?SGVsbG8?=") << false << "";
        QTest::newRow("bad alphabet") << QByteArray("=?base64?SGVs!!!bG8=?=") << false << "";
        QTest::newRow("url-safe alphabet") << QByteArray("=?base64?_-8=?=") << false << "";
        QTest::newRow("not utf-8") << QByteArray("=?base64?/w==?=") << false << "";
        QTest::newRow("no prefix is literal") << QByteArray("SGVsbG8=") << true << "SGVsbG8=";
        QTest::newRow("no suffix is literal")
            << QByteArray("=?base64?SGVsbG8=") << true << "=?base64?SGVsbG8=";
        QTest::newRow("upper-case marker is literal")
            << QByteArray("=?BASE64?SGVsbG8=?=") << true << "=?BASE64?SGVsbG8=?=";
        QTest::newRow("non-ascii byte") << QByteArray("caf\xc3\xa9") << false << "";
        QTest::newRow("control byte") << QByteArray("a\x01") << false << "";
    }

    void decode()
    {
        QFETCH(QByteArray, raw);
        QFETCH(bool, ok);
        QFETCH(QString, text);
        QString got;
        QCOMPARE(ParamHeaders::decodeValue(raw, &got), ok);
        if (ok)
            QCOMPARE(got, text);
    }

    void mismatch_data()
    {
        QTest::addColumn<QString>("arguments");
        QTest::addColumn<Headers>("headers");
        QTest::addColumn<QString>("error"); // empty = they agree

        QTest::newRow("all agree")
            << R"({"region":"eu","priority":42,"verbose":true,"target":{"zone":"a"},"query":"q"})"
            << Headers {{"mcp-param-region", "eu"}, {"mcp-param-priority", "42"},
                   {"mcp-param-verbose", "true"}, {"mcp-param-zone", "a"}}
            << "";
        QTest::newRow("none declared present") << R"({"query":"q"})" << Headers {} << "";
        QTest::newRow("null needs no header") << R"({"region":null})" << Headers {} << "";
        QTest::newRow("integer compared as a number")
            << R"({"priority":42})" << Headers {{"mcp-param-priority", "42.0"}} << "";
        QTest::newRow("integer differs")
            << R"({"priority":42})" << Headers {{"mcp-param-priority", "43"}}
            << "Mcp-Param-Priority header does not match";
        QTest::newRow("integer not a number")
            << R"({"priority":42})" << Headers {{"mcp-param-priority", "many"}} << "does not match";
        QTest::newRow("boolean is lower-case")
            << R"({"verbose":false})" << Headers {{"mcp-param-verbose", "False"}}
            << "does not match";
        QTest::newRow("base64 agrees")
            << R"({"region":"Hello"})" << Headers {{"mcp-param-region", "=?base64?SGVsbG8=?=  "}}
            << "";
        QTest::newRow("missing header")
            << R"({"region":"eu"})" << Headers {} << "Mcp-Param-Region header is required";
        QTest::newRow("missing nested header")
            << R"({"target":{"zone":"z"}})" << Headers {} << "arguments.target.zone is set";
        QTest::newRow("header without value") << R"({})" << Headers {{"mcp-param-region", "eu"}}
                                              << "is set but arguments.region is not";
        QTest::newRow("different value")
            << R"({"region":"eu"})" << Headers {{"mcp-param-region", "us"}}
            << "does not match arguments.region";
        QTest::newRow("case of the value matters")
            << R"({"region":"eu"})" << Headers {{"mcp-param-region", "EU"}} << "does not match";
        QTest::newRow("bad base64")
            << R"({"region":"Hello"})" << Headers {{"mcp-param-region", "=?base64?SGVsbG8?="}}
            << "bad =?base64?...?= encoding";
        QTest::newRow("sent twice")
            << R"({"region":"eu"})"
            << Headers {{"mcp-param-region", "eu"}, {"mcp-param-region", "us"}}
            << "sent more than once";
        QTest::newRow("undeclared Mcp-Param is ignored")
            << R"({"query":"q"})" << Headers {{"mcp-param-query", "other"}} << "";
    }

    void mismatch()
    {
        QFETCH(QString, arguments);
        QFETCH(Headers, headers);
        QFETCH(QString, error);
        const auto declared = ParamHeaders::declarations(parse(kSchema));
        QVERIFY(declared.ok());
        // The parser lower-cases names and trims values; the test gives them as it would.
        Headers trimmed;
        for (const auto &h : headers)
            trimmed.append({h.first, h.second.trimmed()});
        const QString got = ParamHeaders::mismatch(
            declared.value(), QJsonDocument::fromJson(arguments.toUtf8()).object(), trimmed);
        if (error.isEmpty())
            QVERIFY2(got.isEmpty(), qPrintable(got));
        else
            QVERIFY2(got.contains(error), qPrintable(got));
    }

    void registryRefusesInvalidDeclarations()
    {
        Hopx::Mcp::ToolRegistry registry;
        Hopx::Mcp::ToolSpec bad;
        bad.name = QStringLiteral("bad");
        bad.inputSchema =
            parse(R"({"type":"object","properties":{"n":{"type":"number","x-mcp-header":"N"}}})");
        QTest::ignoreMessage(QtWarningMsg,
            QRegularExpression(QStringLiteral("refusing tool bad.*not string, integer")));
        QVERIFY(!registry.add(bad, [](Hopx::Mcp::ToolCall *) {}));
        QVERIFY(!registry.find(QStringLiteral("bad")));

        Hopx::Mcp::ToolSpec good;
        good.name = QStringLiteral("good");
        good.inputSchema = parse(kSchema);
        QVERIFY(registry.add(good, [](Hopx::Mcp::ToolCall *) {}));
        QCOMPARE(registry.find(QStringLiteral("good"))->paramHeaders.size(), 4);
    }
};

QTEST_GUILESS_MAIN(TestParamHeaders)
#include "tst_paramheaders.moc"

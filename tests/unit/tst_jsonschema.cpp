// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "protocol/JsonSchema.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using Hopx::Mcp::JsonSchema;

class TestJsonSchema : public QObject
{
    Q_OBJECT

private slots:
    void validate_data()
    {
        QTest::addColumn<QString>("schema");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("error"); // empty = valid; else a substring of the message

        QTest::newRow("type ok") << R"({"type":"string"})"
                                 << R"("x")"
                                 << "";
        QTest::newRow("type bad") << R"({"type":"string"})"
                                  << "1"
                                  << "must be a string";
        QTest::newRow("integer ok") << R"({"type":"integer"})"
                                    << "3"
                                    << "";
        QTest::newRow("integer float") << R"({"type":"integer"})"
                                       << "3.5"
                                       << "must be an integer";
        QTest::newRow("type list") << R"({"type":["string","null"]})"
                                   << "null"
                                   << "";
        QTest::newRow("type list bad") << R"({"type":["string","null"]})"
                                       << "true"
                                       << "a string or null";
        QTest::newRow("enum ok") << R"({"enum":["a","b"]})"
                                 << R"("b")"
                                 << "";
        QTest::newRow("enum bad") << R"({"enum":["a","b"]})"
                                  << R"("c")"
                                  << "one of \"a\", \"b\"";
        QTest::newRow("minimum") << R"({"type":"integer","minimum":1})"
                                 << "0"
                                 << "at least 1";
        QTest::newRow("maximum") << R"({"type":"integer","maximum":300})"
                                 << "301"
                                 << "at most 300";
        QTest::newRow("exclusiveMinimum") << R"({"exclusiveMinimum":0})"
                                          << "0"
                                          << "greater than 0";
        QTest::newRow("minLength") << R"({"minLength":2})"
                                   << R"("a")"
                                   << "at least 2 characters";
        QTest::newRow("pattern") << R"({"pattern":"^[a-z]+$"})"
                                 << R"("A")"
                                 << "must match";
        QTest::newRow("required") << R"({"type":"object","required":["code"]})"
                                  << "{}"
                                  << "arguments.code is required";
        QTest::newRow("nested path")
            << R"({"type":"object","properties":{"env":{"type":"object","additionalProperties":{"type":"string"}}}})"
            << R"({"env":{"A":1}})"
            << "arguments.env.A must be a string";
        QTest::newRow("closed object")
            << R"({"type":"object","properties":{"a":{}},"additionalProperties":false})"
            << R"({"b":1})"
            << "arguments.b is not a known parameter (known: a)";
        QTest::newRow("open object") << R"({"type":"object","properties":{"a":{}}})"
                                     << R"({"b":1})"
                                     << "";
        QTest::newRow("items") << R"({"type":"array","items":{"type":"integer"}})"
                               << "[1,2,\"x\"]"
                               << "arguments[2] must be an integer";
        QTest::newRow("maxItems") << R"({"type":"array","maxItems":1})"
                                  << "[1,2]"
                                  << "at most 1 items";
        QTest::newRow("anyOf ok") << R"({"anyOf":[{"type":"string"},{"type":"integer"}]})"
                                  << "5"
                                  << "";
        QTest::newRow("anyOf bad") << R"({"anyOf":[{"type":"string"},{"type":"integer"}]})"
                                   << "true"
                                   << "must be a string";
        QTest::newRow("oneOf twice") << R"({"oneOf":[{"type":"number"},{"type":"integer"}]})"
                                     << "5"
                                     << "more than one";
        QTest::newRow("unknown keyword ignored") << R"({"format":"uri","x-foo":1})"
                                                 << R"("x")"
                                                 << "";
    }

    void validate()
    {
        QFETCH(QString, schema);
        QFETCH(QString, value);
        QFETCH(QString, error);
        const QJsonObject s = QJsonDocument::fromJson(schema.toUtf8()).object();
        const QJsonValue v = QJsonDocument::fromJson("[" + value.toUtf8() + "]").array().at(0);
        const QString result = JsonSchema::validate(s, v);
        if (error.isEmpty())
            QVERIFY2(result.isEmpty(), qPrintable(result));
        else
            QVERIFY2(result.contains(error), qPrintable(result));
    }
};

QTEST_GUILESS_MAIN(TestJsonSchema)
#include "tst_jsonschema.moc"

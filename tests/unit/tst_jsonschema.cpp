// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "json/JsonSchema.h"

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
        // ECMA-262's "$" is the end of the string; PCRE2's also matched before a final newline.
        QTest::newRow("pattern $ before a newline") << R"({"pattern":"^[A-Z_][A-Z0-9_]{0,63}$"})"
                                                    << R"("API_KEY\n")"
                                                    << "must match ^[A-Z_][A-Z0-9_]{0,63}$";
        QTest::newRow("pattern $ at the end") << R"({"pattern":"^[A-Z_][A-Z0-9_]{0,63}$"})"
                                              << R"("API_KEY")"
                                              << "";
        QTest::newRow("pattern $ in a class") << R"({"pattern":"^[$]+$"})"
                                              << R"("$$")"
                                              << "";
        QTest::newRow("pattern escaped $") << R"({"pattern":"^a\\$"})"
                                           << R"("a$")"
                                           << "";
        QTest::newRow("pattern escaped $ needs it") << R"({"pattern":"^a\\$"})"
                                                    << R"("a")"
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

        // 2020-12's applicators and local references.
        QTest::newRow("const ok") << R"({"const":{"a":[1,2]}})"
                                  << R"({"a":[1,2]})"
                                  << "";
        QTest::newRow("const bad") << R"({"const":"x"})"
                                   << R"("y")"
                                   << "must be x";
        QTest::newRow("allOf ok") << R"({"allOf":[{"type":"integer"},{"minimum":2}]})"
                                  << "3"
                                  << "";
        QTest::newRow("allOf second fails") << R"({"allOf":[{"type":"integer"},{"minimum":2}]})"
                                            << "1"
                                            << "at least 2";
        QTest::newRow("not ok") << R"({"not":{"type":"string"}})"
                                << "1"
                                << "";
        QTest::newRow("not bad") << R"({"not":{"type":"string"}})"
                                 << R"("x")"
                                 << "arguments has a form that is not allowed";
        QTest::newRow("if then")
            << R"({"if":{"minimum":10},"then":{"maximum":20},"else":{"maximum":5}})"
            << "25"
            << "at most 20";
        QTest::newRow("if else")
            << R"({"if":{"minimum":10},"then":{"maximum":20},"else":{"maximum":5}})"
            << "7"
            << "at most 5";
        QTest::newRow("if only") << R"({"if":{"const":1}})"
                                 << "2"
                                 << "";
        QTest::newRow("then without if") << R"({"then":false})"
                                         << "2"
                                         << "";
        QTest::newRow("ref defs")
            << R"({"$defs":{"n":{"type":"integer"}},"properties":{"a":{"$ref":"#/$defs/n"}}})"
            << R"({"a":"x"})"
            << "arguments.a must be an integer";
        QTest::newRow("ref with sibling")
            << R"({"$defs":{"n":{"type":"integer"}},"$ref":"#/$defs/n","maximum":3})"
            << "4"
            << "at most 3";
        QTest::newRow("ref root recursive")
            << R"({"type":"object","properties":{"child":{"$ref":"#"},"v":{"type":"integer"}},"additionalProperties":false})"
            << R"({"child":{"child":{"v":"x"}}})"
            << "arguments.child.child.v must be an integer";
        QTest::newRow("ref escaped ~0 ~1")
            << R"({"$defs":{"a/b":{"type":"integer"},"c~d":{"type":"string"}},"properties":{"x":{"$ref":"#/$defs/a~1b"},"y":{"$ref":"#/$defs/c~0d"}}})"
            << R"({"x":1,"y":2})"
            << "arguments.y must be a string";
        QTest::newRow("ref percent-escaped")
            << R"({"$defs":{"a b":{"type":"integer"}},"$ref":"#/$defs/a%20b"})"
            << R"("x")"
            << "must be an integer";
        QTest::newRow("ref array index")
            << R"({"properties":{"a":{"$ref":"#/properties/b/anyOf/0"},"b":{"anyOf":[{"type":"integer"}]}}})"
            << R"({"a":"x"})"
            << "arguments.a must be an integer";
        QTest::newRow("ref anchor")
            << R"({"$defs":{"x":{"$anchor":"num","type":"number"}},"$ref":"#num"})"
            << R"("x")"
            << "must be a number";
        QTest::newRow("ref to false")
            << R"({"$defs":{"no":false},"properties":{"a":{"$ref":"#/$defs/no"}}})"
            << R"({"a":1})"
            << "arguments.a is not allowed";
        QTest::newRow("ref unresolved fails closed") << R"({"$ref":"#/$defs/none"})"
                                                     << "1"
                                                     << "cannot be checked";
        QTest::newRow("ref remote fails closed") << R"({"$ref":"https://example.com/s.json"})"
                                                 << "1"
                                                 << "not a local reference";
        QTest::newRow("ref cycle fails closed")
            << R"({"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"$ref":"#/$defs/a"}},"$ref":"#/$defs/a"})"
            << "1"
            << "cannot be checked";
        QTest::newRow("not of a cycle still fails")
            << R"({"$defs":{"a":{"$ref":"#/$defs/a"}},"not":{"$ref":"#/$defs/a"}})"
            << "1"
            << "cannot be checked";
        // Each level doubles the work: 2^17 checks of the leaf, past the step budget.
        QString chain;
        for (char level = 'a'; level < 'a' + 17; ++level)
            chain += QStringLiteral("\"%1\":{\"anyOf\":[{\"$ref\":\"#/$defs/%2\"},"
                                    "{\"$ref\":\"#/$defs/%2\"}]},")
                         .arg(QChar(QLatin1Char(level)))
                         .arg(QChar(QLatin1Char(level + 1)));
        QTest::newRow("exponential anyOf hits the step budget")
            << QStringLiteral("{\"$defs\":{%1\"r\":{\"minimum\":5}},\"$ref\":\"#/$defs/a\"}")
                   .arg(chain)
            << "1"
            << "cannot be checked";

        // The conformance suite's json_schema_2020_12_tool (SEP-1613, SEP-2106).
        const QString contact =
            R"({"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object",)"
            R"("$defs":{"address":{"$anchor":"addressDef","type":"object","properties":{"street":{"type":"string"},"city":{"type":"string"}}}},)"
            R"("properties":{"name":{"type":"string"},"address":{"$ref":"#/$defs/address"},)"
            R"("contactMethod":{"type":"string","enum":["phone","email"]},"phone":{"type":"string"},"email":{"type":"string"}},)"
            R"("allOf":[{"anyOf":[{"required":["phone"]},{"required":["email"]}]}],)"
            R"("if":{"properties":{"contactMethod":{"const":"phone"}},"required":["contactMethod"]},)"
            R"("then":{"required":["phone"]},"else":{"required":["email"]},"additionalProperties":false})";
        QTest::newRow("contact phone") << contact << R"({"contactMethod":"phone","phone":"1"})"
                                       << "";
        QTest::newRow("contact phone missing")
            << contact << R"({"contactMethod":"phone","email":"a@b"})"
            << "arguments.phone is required";
        QTest::newRow("contact email") << contact << R"({"email":"a@b","address":{"city":"X"}})"
                                       << "";
        QTest::newRow("contact neither") << contact << R"({"name":"n"})"
                                         << "is required";
        QTest::newRow("contact bad address") << contact << R"({"email":"a@b","address":{"city":5}})"
                                             << "arguments.address.city must be a string";
        QTest::newRow("contact unknown") << contact << R"({"email":"a@b","fax":"1"})"
                                         << "arguments.fax is not a known parameter";
    }

    void unsupported_data()
    {
        QTest::addColumn<QString>("schema");
        QTest::addColumn<QString>("expected"); // empty = enforceable; else part of one entry

        QTest::newRow("all claimed keywords")
            << R"({"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"urn:x","type":"object",)"
               R"("$defs":{"a":{"$anchor":"A","not":{"const":1}}},"definitions":{"b":true},)"
               R"("properties":{"p":{"$ref":"#A","x-mcp-header":"P","type":"string"}},)"
               R"("allOf":[{"if":true,"then":{},"else":false}],"anyOf":[true],"oneOf":[{}]})"
            << "";
        QTest::newRow("remote ref") << R"({"properties":{"a":{"$ref":"other.json#/x"}}})"
                                    << "properties.a.$ref (other.json#/x is not a local";
        QTest::newRow("dangling pointer") << R"({"$ref":"#/$defs/missing"})"
                                          << "$ref (#/$defs/missing does not resolve";
        QTest::newRow("bad pointer escape") << R"({"$defs":{"a~b":{}},"$ref":"#/$defs/a~b"})"
                                            << "$ref (#/$defs/a~b is not a valid JSON Pointer";
        QTest::newRow("unknown anchor") << R"({"$ref":"#nope"})"
                                        << "$ref (#nope names no $anchor";
        QTest::newRow("duplicate anchor")
            << R"({"$defs":{"a":{"$anchor":"x"},"b":{"$anchor":"x"}},"$ref":"#x"})"
            << "$ref (#x names an anchor defined twice";
        QTest::newRow("pointer to a non-schema") << R"({"enum":[1],"$ref":"#/enum/0"})"
                                                 << "$ref (#/enum/0 does not resolve";
        QTest::newRow("dynamicRef") << R"({"$dynamicRef":"#meta"})"
                                    << "$dynamicRef";
        QTest::newRow("embedded $id") << R"({"$defs":{"a":{"$id":"urn:other"}}})"
                                      << "$defs.a.$id";
        QTest::newRow("other dialect") << R"({"$schema":"http://json-schema.org/draft-07/schema#"})"
                                       << "$schema (only 2020-12";
        QTest::newRow("self cycle") << R"({"$defs":{"a":{"$ref":"#/$defs/a"}}})"
                                    << "$defs.a.$ref (a $ref cycle";
        QTest::newRow("cycle through allOf")
            << R"({"$defs":{"a":{"allOf":[{"$ref":"#/$defs/b"}]},"b":{"anyOf":[{"$ref":"#/$defs/a"}]}},"$ref":"#/$defs/a"})"
            << "(a $ref cycle";
        QTest::newRow("recursion through properties is fine")
            << R"({"properties":{"next":{"$ref":"#"}}})"
            << "";
        QTest::newRow("unsupported behind a ref")
            << R"({"$ref":"#/$defs/a","$defs":{"a":{"patternProperties":{}}}})"
            << "$defs.a.patternProperties";
        QTest::newRow("unsupported inside not") << R"({"not":{"uniqueItems":true}})"
                                                << "not.uniqueItems";
        QTest::newRow("unsupported inside else") << R"({"if":{},"else":{"multipleOf":2}})"
                                                 << "else.multipleOf";
    }

    void unsupported()
    {
        QFETCH(QString, schema);
        QFETCH(QString, expected);
        const QJsonObject s = QJsonDocument::fromJson(schema.toUtf8()).object();
        QVERIFY(!s.isEmpty());
        const QStringList got = JsonSchema::unsupportedKeywords(s);
        if (expected.isEmpty()) {
            QVERIFY2(got.isEmpty(), qPrintable(got.join(QStringLiteral("; "))));
            return;
        }
        bool found = false;
        for (const QString &g : got)
            found = found || g.contains(expected);
        QVERIFY2(found, qPrintable(got.join(QStringLiteral("; "))));
    }

    void deepRecursiveValue()
    {
        // A linked list through "#": each level costs a few nested checks, so a list as deep
        // as the depth budget is refused with a clear error rather than a stack overflow, and
        // a shallow one passes.
        const QJsonObject schema = QJsonDocument::fromJson(
            "{\"type\":\"object\",\"properties\":{\"next\":{\"$ref\":\"#\"},"
            "\"v\":{\"type\":\"integer\"}}}")
                                       .object();
        QVERIFY(JsonSchema::unsupportedKeywords(schema).isEmpty());
        const auto chain = [](int n) {
            QJsonObject o {{QStringLiteral("v"), 1}};
            for (int i = 0; i < n; ++i)
                o = QJsonObject {{QStringLiteral("next"), o}, {QStringLiteral("v"), i}};
            return o;
        };
        QCOMPARE(JsonSchema::validate(schema, chain(10)), QString());
        const QString deep = JsonSchema::validate(schema, chain(JsonSchema::kMaxDepth));
        QVERIFY2(
            deep.startsWith(QLatin1String("arguments.next")) && deep.contains("cannot be checked"),
            qPrintable(deep));
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

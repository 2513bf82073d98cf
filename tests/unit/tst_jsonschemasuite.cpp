// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// JsonSchema against the official JSON-Schema-Test-Suite (Debian's json-schema-test-suite,
// whose newest draft is 7): every case of every keyword the validator claims, except cases that
// use a keyword it does not implement (those tool schemas are refused at registration, below)
// or whose meaning 2020-12 changed (items as an array: unsupportedKeywords() reports it; a
// $ref beside other keywords: kChangedIn2020).
#include "tools/ToolRegistry.h"
#include "json/JsonSchema.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using Hopx::Mcp::JsonSchema;

namespace {

QString suiteDir()
{
    const QByteArray env = qgetenv("HOPX_JSON_SCHEMA_SUITE");
    return env.isEmpty() ? QStringLiteral("/usr/share/json-schema-test-suite/tests/draft7")
                         : QString::fromLocal8Bit(env);
}

// The suite's files for the keywords JsonSchema implements (JsonSchema.h).
const QStringList kKeywordFiles {QStringLiteral("type"), QStringLiteral("properties"),
    QStringLiteral("required"), QStringLiteral("additionalProperties"), QStringLiteral("enum"),
    QStringLiteral("const"), QStringLiteral("minimum"), QStringLiteral("maximum"),
    QStringLiteral("exclusiveMinimum"), QStringLiteral("exclusiveMaximum"),
    QStringLiteral("minLength"), QStringLiteral("maxLength"), QStringLiteral("pattern"),
    QStringLiteral("items"), QStringLiteral("minItems"), QStringLiteral("maxItems"),
    QStringLiteral("anyOf"), QStringLiteral("oneOf"), QStringLiteral("default"),
    QStringLiteral("allOf"), QStringLiteral("not"), QStringLiteral("if-then-else"),
    QStringLiteral("ref")};

// Draft 7 ignores a $ref's siblings; 2020-12 (what MCP tools use) applies them.
const QStringList kChangedIn2020 {QStringLiteral("ref/ref overrides any sibling keywords")};

QJsonArray readCases(const QString &keyword)
{
    QFile file(suiteDir() + QLatin1Char('/') + keyword + QStringLiteral(".json"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).array();
}

} // namespace

class TestJsonSchemaSuite : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        if (!QDir(suiteDir()).exists())
            QSKIP("The JSON-Schema-Test-Suite is not installed (Debian: apt-get install "
                  "json-schema-test-suite, or set HOPX_JSON_SCHEMA_SUITE to its draft7 folder)");
    }

    void suite_data()
    {
        QTest::addColumn<QJsonObject>("schema");
        QTest::addColumn<QJsonValue>("data");
        QTest::addColumn<bool>("valid");
        for (const QString &keyword : kKeywordFiles) {
            for (const QJsonValue &c : readCases(keyword)) {
                const QJsonObject group = c.toObject();
                // A root schema of true/false is not a tool's input schema.
                if (!group.value(QStringLiteral("schema")).isObject())
                    continue;
                const QJsonObject schema = group.value(QStringLiteral("schema")).toObject();
                if (!JsonSchema::unsupportedKeywords(schema).isEmpty()
                    || kChangedIn2020.contains(keyword + QLatin1Char('/')
                        + group.value(QStringLiteral("description")).toString()))
                    continue;
                for (const QJsonValue &t : group.value(QStringLiteral("tests")).toArray()) {
                    const QJsonObject test = t.toObject();
                    const QString name = keyword + QLatin1Char('/')
                        + group.value(QStringLiteral("description")).toString() + QLatin1Char('/')
                        + test.value(QStringLiteral("description")).toString();
                    QTest::newRow(qPrintable(name)) << schema << test.value(QStringLiteral("data"))
                                                    << test.value(QStringLiteral("valid")).toBool();
                }
            }
        }
    }
    void suite()
    {
        QFETCH(QJsonObject, schema);
        QFETCH(QJsonValue, data);
        QFETCH(bool, valid);
        const QString error = JsonSchema::validate(schema, data);
        QVERIFY2(error.isEmpty() == valid,
            qPrintable(
                QStringLiteral("%1 -> %2")
                    .arg(QString::fromUtf8(QJsonDocument(schema).toJson(QJsonDocument::Compact)),
                        error.isEmpty() ? QStringLiteral("valid") : error)));
    }

    void everyClaimedKeywordHasCases()
    {
        // A keyword whose every case was filtered out would be claimed but never checked.
        for (const QString &keyword : kKeywordFiles) {
            int used = 0;
            for (const QJsonValue &c : readCases(keyword)) {
                const QJsonValue schema = c.toObject().value(QStringLiteral("schema"));
                used += schema.isObject()
                    && JsonSchema::unsupportedKeywords(schema.toObject()).isEmpty();
            }
            QVERIFY2(used > 0, qPrintable(keyword));
        }
    }

    void unsupportedKeywordsAreNamed()
    {
        const QJsonObject schema = QJsonDocument::fromJson(
            QByteArrayLiteral("{\"type\": \"object\", \"title\": \"t\", \"description\": \"d\", "
                              "\"$schema\": \"x\", \"properties"
                              "\": {\"a\": {\"type\": \"string\", \"format\": \"uri\", "
                              "\"default\": \"x\"}, \"b\": {\"allOf\": [{\""
                              "type\": \"integer\"}]}, \"c\": {\"type\": \"array\", \"items\": "
                              "[{\"type\": \"string\"}]}, \"d\":"
                              " {\"anyOf\": [true, {\"not\": {}}]}}, \"additionalProperties\": "
                              "{\"$ref\": \"#/x\"}, \"patternProperties\": {}}"))
                                       .object();
        QStringList got = JsonSchema::unsupportedKeywords(schema);
        got.sort();
        QCOMPARE(got,
            QStringList({QStringLiteral("$schema (only 2020-12 is implemented)"),
                QStringLiteral("additionalProperties.$ref (#/x does not resolve to a "
                               "schema)"),
                QStringLiteral("patternProperties"), QStringLiteral("properties.c.items")}));
        QVERIFY(JsonSchema::unsupportedKeywords(
            QJsonObject {{QStringLiteral("type"), QStringLiteral("object")}})
                    .isEmpty());
    }

    void registryRefusesUnsupportedKeywords()
    {
        Hopx::Mcp::ToolRegistry registry;
        Hopx::Mcp::ToolSpec bad;
        bad.name = QStringLiteral("bad");
        bad.inputSchema = QJsonDocument::fromJson(
            R"({"type":"object","properties":{"n":{"type":"integer","multipleOf":2}}})")
                              .object();
        QTest::ignoreMessage(
            QtWarningMsg, QRegularExpression(QStringLiteral("refusing tool bad.*multipleOf")));
        QVERIFY(!registry.add(bad, [](Hopx::Mcp::ToolCall *) {}));
        QVERIFY(!registry.find(QStringLiteral("bad")));
        Hopx::Mcp::ToolSpec good;
        good.name = QStringLiteral("good");
        QVERIFY(registry.add(good, [](Hopx::Mcp::ToolCall *) {}));
        QVERIFY(registry.find(QStringLiteral("good")));
    }
};

QTEST_GUILESS_MAIN(TestJsonSchemaSuite)
#include "tst_jsonschemasuite.moc"

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// JsonSchema: every tools/call's arguments are validated against the tool's input schema before
// the tool runs. The schemas are our real tools' (tool-schemas.json, from
// `hopx-desktop --list-tools --format json`); the input is the arguments object a client sends.
// An input of the form [schema, value] validates against an arbitrary schema as well.
#include "json/JsonSchema.h"

#include "FuzzSupport.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using Hopx::Mcp::JsonSchema;

namespace {

QList<QJsonObject> toolSchemas()
{
    QList<QJsonObject> schemas;
    QFile file(QStringLiteral(HOPX_FUZZ_SOURCE_DIR "/tool-schemas.json"));
    if (!file.open(QIODevice::ReadOnly)) {
        std::fprintf(stderr, "cannot read %s\n", qPrintable(file.fileName()));
        std::abort();
    }
    const QJsonObject byName = QJsonDocument::fromJson(file.readAll()).object();
    for (auto it = byName.begin(); it != byName.end(); ++it)
        schemas.append(it.value().toObject());
    FUZZ_CHECK(!schemas.isEmpty());
    return schemas;
}

void check(const QJsonObject &schema, const QJsonValue &value)
{
    const QString error = JsonSchema::validate(schema, value);
    // Deterministic, and an error always names where.
    FUZZ_CHECK(JsonSchema::validate(schema, value) == error);
    if (!error.isEmpty())
        FUZZ_CHECK(error.startsWith(QLatin1String("arguments")));
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const QList<QJsonObject> schemas = toolSchemas();
    const QJsonDocument doc = QJsonDocument::fromJson(
        QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size)));
    if (doc.isObject()) {
        for (const QJsonObject &schema : schemas)
            check(schema, doc.object());
        return 0;
    }
    const QJsonArray pair = doc.array();
    // Schemas are ours, not a client's: patterns (a regex engine's cost) are not explored here.
    if (pair.size() == 2 && pair.at(0).isObject()
        && !QJsonDocument(pair.at(0).toObject()).toJson().contains("\"pattern\""))
        check(pair.at(0).toObject(), pair.at(1));
    return 0;
}

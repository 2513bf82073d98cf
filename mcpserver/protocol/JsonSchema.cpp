// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "JsonSchema.h"

#include <QJsonArray>
#include <QRegularExpression>
#include <QStringList>

#include <cmath>

namespace Hopx::Mcp {

namespace {

bool matchesType(const QString &type, const QJsonValue &v)
{
    if (type == QLatin1String("object"))
        return v.isObject();
    if (type == QLatin1String("array"))
        return v.isArray();
    if (type == QLatin1String("string"))
        return v.isString();
    if (type == QLatin1String("boolean"))
        return v.isBool();
    if (type == QLatin1String("null"))
        return v.isNull();
    if (type == QLatin1String("number"))
        return v.isDouble();
    if (type == QLatin1String("integer"))
        return v.isDouble() && std::isfinite(v.toDouble())
            && v.toDouble() == std::floor(v.toDouble());
    return true; // unknown type names do not reject
}

QString article(const QString &type)
{
    if (type == QLatin1String("object") || type == QLatin1String("array")
        || type == QLatin1String("integer"))
        return QStringLiteral("an ") + type;
    if (type == QLatin1String("null"))
        return QStringLiteral("null");
    return QStringLiteral("a ") + type;
}

// A subschema is an object or, since draft 6, a boolean: true accepts anything, false nothing.
QString validateSub(const QJsonValue &schema, const QJsonValue &value, const QString &path)
{
    if (schema.isBool())
        return schema.toBool() ? QString() : QStringLiteral("%1 is not allowed").arg(path);
    return JsonSchema::validate(schema.toObject(), value, path);
}

// Code points, not UTF-16 units: "💩" is one character long (JSON Schema §6.3.1).
qsizetype codePoints(const QString &s)
{
    qsizetype n = 0;
    for (qsizetype i = 0; i < s.size(); ++i) {
        if (s.at(i).isHighSurrogate() && i + 1 < s.size() && s.at(i + 1).isLowSurrogate())
            ++i;
        ++n;
    }
    return n;
}

const QStringList &validationKeywords()
{
    static const QStringList keywords {QStringLiteral("type"), QStringLiteral("properties"),
        QStringLiteral("required"), QStringLiteral("additionalProperties"), QStringLiteral("enum"),
        QStringLiteral("const"), QStringLiteral("minimum"), QStringLiteral("maximum"),
        QStringLiteral("exclusiveMinimum"), QStringLiteral("exclusiveMaximum"),
        QStringLiteral("minLength"), QStringLiteral("maxLength"), QStringLiteral("pattern"),
        QStringLiteral("items"), QStringLiteral("minItems"), QStringLiteral("maxItems"),
        QStringLiteral("anyOf"), QStringLiteral("oneOf")};
    return keywords;
}

// Keywords that only describe (JSON Schema 2020-12's annotations and identifiers).
const QStringList &annotationKeywords()
{
    static const QStringList keywords {QStringLiteral("$schema"), QStringLiteral("$id"),
        QStringLiteral("$comment"), QStringLiteral("title"), QStringLiteral("description"),
        QStringLiteral("default"), QStringLiteral("examples"), QStringLiteral("deprecated"),
        QStringLiteral("readOnly"), QStringLiteral("writeOnly"), QStringLiteral("format"),
        QStringLiteral("contentMediaType"), QStringLiteral("contentEncoding")};
    return keywords;
}

void collectUnsupported(const QJsonValue &schema, const QString &where, QStringList &out)
{
    if (!schema.isObject())
        return; // booleans are fine; anything else is not a schema
    const QJsonObject o = schema.toObject();
    const auto at = [&where](const QString &key) {
        return where.isEmpty() ? key : where + QLatin1Char('.') + key;
    };
    for (auto it = o.begin(); it != o.end(); ++it) {
        const QString &key = it.key();
        if (annotationKeywords().contains(key))
            continue;
        // The array form of items (draft 7's tuples) is prefixItems in 2020-12: not ours.
        if (!validationKeywords().contains(key) || (key == QLatin1String("items") && it->isArray()))
            out << at(key);
    }
    const QJsonObject props = o.value(QStringLiteral("properties")).toObject();
    for (auto it = props.begin(); it != props.end(); ++it)
        collectUnsupported(it.value(), at(QStringLiteral("properties.") + it.key()), out);
    for (const QString &key : {QStringLiteral("additionalProperties"), QStringLiteral("items")})
        collectUnsupported(o.value(key), at(key), out);
    for (const QString &key : {QStringLiteral("anyOf"), QStringLiteral("oneOf")}) {
        const QJsonArray subs = o.value(key).toArray();
        for (qsizetype i = 0; i < subs.size(); ++i)
            collectUnsupported(subs.at(i), at(QStringLiteral("%1[%2]").arg(key).arg(i)), out);
    }
}

} // namespace

QStringList JsonSchema::unsupportedKeywords(const QJsonObject &schema)
{
    QStringList out;
    collectUnsupported(schema, QString(), out);
    return out;
}

QString JsonSchema::validate(
    const QJsonObject &schema, const QJsonValue &value, const QString &path)
{
    const QJsonValue typeValue = schema.value(QStringLiteral("type"));
    if (typeValue.isString() || typeValue.isArray()) {
        QStringList types;
        if (typeValue.isString())
            types << typeValue.toString();
        else
            for (const QJsonValue &t : typeValue.toArray())
                types << t.toString();
        bool any = false;
        for (const QString &t : types)
            any = any || matchesType(t, value);
        if (!any) {
            QStringList names;
            for (const QString &t : types)
                names << article(t);
            return QStringLiteral("%1 must be %2").arg(path, names.join(QStringLiteral(" or ")));
        }
    }

    if (schema.contains(QStringLiteral("const")) && schema.value(QStringLiteral("const")) != value)
        return QStringLiteral("%1 must be %2")
            .arg(path, schema.value(QStringLiteral("const")).toVariant().toString());

    if (schema.value(QStringLiteral("enum")).isArray()) {
        const QJsonArray allowed = schema.value(QStringLiteral("enum")).toArray();
        if (!allowed.contains(value)) {
            QStringList names;
            for (const QJsonValue &a : allowed)
                names << (a.isString() ? QLatin1Char('"') + a.toString() + QLatin1Char('"')
                                       : a.toVariant().toString());
            return QStringLiteral("%1 must be one of %2")
                .arg(path, names.join(QStringLiteral(", ")));
        }
    }

    if (value.isDouble()) {
        const double d = value.toDouble();
        if (schema.contains(QStringLiteral("minimum"))
            && d < schema.value(QStringLiteral("minimum")).toDouble())
            return QStringLiteral("%1 must be at least %2")
                .arg(path)
                .arg(schema.value(QStringLiteral("minimum")).toDouble());
        if (schema.contains(QStringLiteral("maximum"))
            && d > schema.value(QStringLiteral("maximum")).toDouble())
            return QStringLiteral("%1 must be at most %2")
                .arg(path)
                .arg(schema.value(QStringLiteral("maximum")).toDouble());
        if (schema.contains(QStringLiteral("exclusiveMinimum"))
            && d <= schema.value(QStringLiteral("exclusiveMinimum")).toDouble())
            return QStringLiteral("%1 must be greater than %2")
                .arg(path)
                .arg(schema.value(QStringLiteral("exclusiveMinimum")).toDouble());
        if (schema.contains(QStringLiteral("exclusiveMaximum"))
            && d >= schema.value(QStringLiteral("exclusiveMaximum")).toDouble())
            return QStringLiteral("%1 must be less than %2")
                .arg(path)
                .arg(schema.value(QStringLiteral("exclusiveMaximum")).toDouble());
    }

    if (value.isString()) {
        const QString s = value.toString();
        if (schema.contains(QStringLiteral("minLength"))
            && codePoints(s) < schema.value(QStringLiteral("minLength")).toInt())
            return QStringLiteral("%1 must have at least %2 characters")
                .arg(path)
                .arg(schema.value(QStringLiteral("minLength")).toInt());
        if (schema.contains(QStringLiteral("maxLength"))
            && codePoints(s) > schema.value(QStringLiteral("maxLength")).toInt())
            return QStringLiteral("%1 must have at most %2 characters")
                .arg(path)
                .arg(schema.value(QStringLiteral("maxLength")).toInt());
        if (schema.value(QStringLiteral("pattern")).isString()) {
            const QRegularExpression re(schema.value(QStringLiteral("pattern")).toString());
            if (re.isValid() && !re.match(s).hasMatch())
                return QStringLiteral("%1 must match %2").arg(path, re.pattern());
        }
    }

    if (value.isArray()) {
        const QJsonArray arr = value.toArray();
        if (schema.contains(QStringLiteral("minItems"))
            && arr.size() < schema.value(QStringLiteral("minItems")).toInt())
            return QStringLiteral("%1 must have at least %2 items")
                .arg(path)
                .arg(schema.value(QStringLiteral("minItems")).toInt());
        if (schema.contains(QStringLiteral("maxItems"))
            && arr.size() > schema.value(QStringLiteral("maxItems")).toInt())
            return QStringLiteral("%1 must have at most %2 items")
                .arg(path)
                .arg(schema.value(QStringLiteral("maxItems")).toInt());
        const QJsonValue items = schema.value(QStringLiteral("items"));
        if (items.isObject() || items.isBool()) {
            for (int i = 0; i < arr.size(); ++i) {
                const QString err =
                    validateSub(items, arr.at(i), QStringLiteral("%1[%2]").arg(path).arg(i));
                if (!err.isEmpty())
                    return err;
            }
        }
    }

    if (value.isObject()) {
        const QJsonObject obj = value.toObject();
        const QJsonObject props = schema.value(QStringLiteral("properties")).toObject();
        for (const QJsonValue &req : schema.value(QStringLiteral("required")).toArray()) {
            if (!obj.contains(req.toString()))
                return QStringLiteral("%1.%2 is required").arg(path, req.toString());
        }
        const QJsonValue additional = schema.value(QStringLiteral("additionalProperties"));
        for (auto it = obj.constBegin(); it != obj.constEnd(); ++it) {
            const QString childPath = path + QLatin1Char('.') + it.key();
            if (props.contains(it.key())) {
                const QString err = validateSub(props.value(it.key()), it.value(), childPath);
                if (!err.isEmpty())
                    return err;
            } else if (additional.isBool() && !additional.toBool()) {
                QStringList known = props.keys();
                return QStringLiteral("%1 is not a known parameter (known: %2)")
                    .arg(childPath,
                        known.isEmpty() ? QStringLiteral("none")
                                        : known.join(QStringLiteral(", ")));
            } else if (additional.isObject()) {
                const QString err = validate(additional.toObject(), it.value(), childPath);
                if (!err.isEmpty())
                    return err;
            }
        }
    }

    for (const QString &key : {QStringLiteral("anyOf"), QStringLiteral("oneOf")}) {
        if (!schema.value(key).isArray())
            continue;
        int matches = 0;
        QString firstError;
        for (const QJsonValue &sub : schema.value(key).toArray()) {
            const QString err = validateSub(sub, value, path);
            if (err.isEmpty())
                ++matches;
            else if (firstError.isEmpty())
                firstError = err;
        }
        if (matches == 0)
            return firstError;
        if (key == QLatin1String("oneOf") && matches > 1)
            return QStringLiteral("%1 matches more than one allowed form").arg(path);
    }
    return {};
}

} // namespace Hopx::Mcp

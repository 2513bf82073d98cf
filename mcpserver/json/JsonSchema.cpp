// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "json/JsonSchema.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>
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

/*! A schema's pattern is ECMA-262, QRegularExpression's PCRE2: they differ where a tool's
 *  pattern would notice, in "$", which in PCRE2 also matches before a final newline (so
 *  "^[A-Z]+$" took "FOO\n"). An unescaped "$" outside a class becomes "\z", ECMA-262's
 *  meaning without the multiline flag. */
QString pcreFromEcma(const QString &pattern)
{
    QString out;
    out.reserve(pattern.size() + 4);
    bool inClass = false;
    for (qsizetype i = 0; i < pattern.size(); ++i) {
        const QChar c = pattern.at(i);
        if (c == QLatin1Char('\\') && i + 1 < pattern.size()) {
            out += c;
            out += pattern.at(++i);
        } else if (inClass) {
            inClass = c != QLatin1Char(']');
            out += c;
        } else if (c == QLatin1Char('[')) {
            inClass = true;
            out += c;
        } else if (c == QLatin1Char('$')) {
            out += QLatin1String("\\z");
        } else {
            out += c;
        }
    }
    return out;
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
        QStringLiteral("allOf"), QStringLiteral("anyOf"), QStringLiteral("oneOf"),
        QStringLiteral("not"), QStringLiteral("if"), QStringLiteral("then"), QStringLiteral("else"),
        QStringLiteral("$ref"), QStringLiteral("$defs"), QStringLiteral("definitions")};
    return keywords;
}

// Keywords that only describe or name (JSON Schema 2020-12's annotations and identifiers;
// x-mcp-header is MCP's, for the Streamable HTTP transport: ParamHeaders checks it).
const QStringList &annotationKeywords()
{
    static const QStringList keywords {QStringLiteral("$schema"), QStringLiteral("$id"),
        QStringLiteral("$anchor"), QStringLiteral("$comment"), QStringLiteral("title"),
        QStringLiteral("description"), QStringLiteral("default"), QStringLiteral("examples"),
        QStringLiteral("deprecated"), QStringLiteral("readOnly"), QStringLiteral("writeOnly"),
        QStringLiteral("format"), QStringLiteral("contentMediaType"),
        QStringLiteral("contentEncoding"), QStringLiteral("x-mcp-header")};
    return keywords;
}

// "properties.a.allOf[1]" for the location {properties, a, allOf, 1}.
QString describe(const QStringList &location)
{
    QString out;
    for (qsizetype i = 0; i < location.size(); ++i) {
        const bool index = i > 0
            && QStringList(
                {QStringLiteral("allOf"), QStringLiteral("anyOf"), QStringLiteral("oneOf")})
                   .contains(location.at(i - 1));
        if (index)
            out += QLatin1Char('[') + location.at(i) + QLatin1Char(']');
        else
            out += (out.isEmpty() ? QString() : QStringLiteral(".")) + location.at(i);
    }
    return out;
}

QString keyOf(const QStringList &location)
{
    return location.join(QChar(0x1f));
}

bool isDialect2020(const QJsonValue &v)
{
    const QString uri = v.toString();
    return uri == QLatin1String("https://json-schema.org/draft/2020-12/schema")
        || uri == QLatin1String("https://json-schema.org/draft/2020-12/schema#");
}

//! Walks every schema position once (following $refs to places the tree walk does not reach),
//! naming what validate() would not enforce.
class UnsupportedScan
{
public:
    explicit UnsupportedScan(const QJsonObject &root)
        : m_refs(root)
    { }
    QStringList run()
    {
        scan(m_refs.at({}), {});
        findCycles();
        return m_out;
    }

private:
    void scan(const QJsonValue &schema, const QStringList &location)
    {
        if (!schema.isObject() || m_seen.contains(keyOf(location)))
            return; // booleans are fine; anything else is not a schema
        m_seen.insert(keyOf(location));
        m_schemas.append(location);
        const QJsonObject o = schema.toObject();
        const auto at = [&location](
                            const QString &key) { return describe(location + QStringList {key}); };
        for (auto it = o.begin(); it != o.end(); ++it) {
            const QString &key = it.key();
            if (key == QLatin1String("$ref")) {
                const Expected<QStringList> target = m_refs.locate(it->toString());
                if (!target)
                    m_out << QStringLiteral("%1 (%2)").arg(at(key), target.error());
                else
                    scan(m_refs.at(target.value()), target.value());
            } else if (key == QLatin1String("$id") && !location.isEmpty()) {
                // An embedded resource would change what "#..." means below it.
                m_out << at(key) + QStringLiteral(" (only the root may have an $id)");
            } else if (key == QLatin1String("$schema") && !isDialect2020(it.value())) {
                m_out << at(key) + QStringLiteral(" (only 2020-12 is implemented)");
            } else if (annotationKeywords().contains(key)) {
                continue;
            } else if (!validationKeywords().contains(key)
                || (key == QLatin1String("items") && it->isArray())) {
                // The array form of items (draft 7's tuples) is prefixItems in 2020-12: not ours.
                m_out << at(key);
            }
        }
        JsonSchemaRefs::forEachChild(
            o, [this, &location](const QStringList &rel, const QString &, const QJsonValue &child) {
                scan(child, location + rel);
            });
    }

    // A $ref that comes back to itself through allOf/anyOf/oneOf/not/if/then/else only would
    // check the same value forever: a depth-first search over those edges finds it.
    void findCycles()
    {
        QHash<QString, int> state; // 1 = on the stack, 2 = done
        for (const QStringList &start : m_schemas)
            visit(start, state);
    }
    void visit(const QStringList &location, QHash<QString, int> &state)
    {
        const QString key = keyOf(location);
        if (state.value(key) == 2)
            return;
        state.insert(key, 1);
        const QJsonObject o = m_refs.at(location).toObject();
        QList<QStringList> next;
        for (const QStringList &rel : JsonSchemaRefs::inPlaceChildren(o))
            next.append(location + rel);
        if (o.contains(QLatin1String("$ref"))) {
            const Expected<QStringList> target =
                m_refs.locate(o.value(QLatin1String("$ref")).toString());
            if (target)
                next.append(target.value());
        }
        for (const QStringList &n : next) {
            if (state.value(keyOf(n)) == 1) {
                m_out << describe(location + QStringList {QStringLiteral("$ref")})
                        + QStringLiteral(" (a $ref cycle that never reaches the end of the "
                                         "arguments)");
                continue;
            }
            if (m_refs.at(n).isObject())
                visit(n, state);
        }
        state.insert(key, 2);
    }

    JsonSchemaRefs m_refs;
    QSet<QString> m_seen;
    QList<QStringList> m_schemas;
    QStringList m_out;
};

} // namespace

QStringList JsonSchema::unsupportedKeywords(const QJsonObject &schema)
{
    QStringList out = UnsupportedScan(schema).run();
    out.removeDuplicates();
    return out;
}

JsonSchema::JsonSchema(const QJsonObject &root)
    : m_refs(root)
{ }

QString JsonSchema::validate(
    const QJsonObject &schema, const QJsonValue &value, const QString &path)
{
    JsonSchema run(schema);
    return run.check(schema, value, path, 0);
}

// A subschema is an object or, since draft 6, a boolean: true accepts anything, false nothing.
QString JsonSchema::check(
    const QJsonValue &schema, const QJsonValue &value, const QString &path, int depth)
{
    if (!m_abort.isEmpty())
        return m_abort;
    if (depth > kMaxDepth || ++m_steps > kMaxSteps) {
        m_abort = QStringLiteral("%1 cannot be checked: the schema nests too deeply or takes "
                                 "too many steps (a $ref cycle?)")
                      .arg(path);
        return m_abort;
    }
    if (schema.isBool())
        return schema.toBool() ? QString() : QStringLiteral("%1 is not allowed").arg(path);
    const QJsonObject o = schema.toObject();
    if (o.contains(QLatin1String("$ref"))) {
        // 2020-12: $ref applies beside its siblings, not instead of them.
        const QString ref = o.value(QLatin1String("$ref")).toString();
        const Expected<QStringList> target = m_refs.locate(ref);
        if (!target)
            return QStringLiteral("%1 cannot be checked: $ref %2").arg(path, target.error());
        const QString err = check(m_refs.at(target.value()), value, path, depth + 1);
        if (!err.isEmpty())
            return err;
    }
    const QString err = checkObject(o, value, path, depth);
    return err.isEmpty() ? checkApplicators(o, value, path, depth) : err;
}

QString JsonSchema::checkApplicators(
    const QJsonObject &schema, const QJsonValue &value, const QString &path, int depth)
{
    for (const QJsonValue &sub : schema.value(QLatin1String("allOf")).toArray()) {
        const QString err = check(sub, value, path, depth + 1);
        if (!err.isEmpty())
            return err;
    }
    for (const QLatin1String key : {QLatin1String("anyOf"), QLatin1String("oneOf")}) {
        if (!schema.value(key).isArray())
            continue;
        int matches = 0;
        QString firstError;
        for (const QJsonValue &sub : schema.value(key).toArray()) {
            const QString err = check(sub, value, path, depth + 1);
            if (!m_abort.isEmpty())
                return m_abort;
            if (err.isEmpty())
                ++matches;
            else if (firstError.isEmpty())
                firstError = err;
            if (key == QLatin1String("anyOf") && matches)
                break;
        }
        if (matches == 0)
            return firstError.isEmpty()
                ? QStringLiteral("%1 matches none of the allowed forms").arg(path)
                : firstError;
        if (key == QLatin1String("oneOf") && matches > 1)
            return QStringLiteral("%1 matches more than one allowed form").arg(path);
    }
    if (schema.contains(QLatin1String("not"))) {
        const QString err = check(schema.value(QLatin1String("not")), value, path, depth + 1);
        if (!m_abort.isEmpty())
            return m_abort;
        if (err.isEmpty())
            return QStringLiteral("%1 has a form that is not allowed").arg(path);
    }
    if (schema.contains(QLatin1String("if"))) {
        const bool holds =
            check(schema.value(QLatin1String("if")), value, path, depth + 1).isEmpty();
        if (!m_abort.isEmpty())
            return m_abort;
        const QLatin1String branch(holds ? "then" : "else");
        if (schema.contains(branch))
            return check(schema.value(branch), value, path, depth + 1);
    }
    return {};
}

QString JsonSchema::checkObject(
    const QJsonObject &schema, const QJsonValue &value, const QString &path, int depth)
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
            const QString pattern = schema.value(QStringLiteral("pattern")).toString();
            const QRegularExpression re(pcreFromEcma(pattern));
            if (re.isValid() && !re.match(s).hasMatch())
                return QStringLiteral("%1 must match %2").arg(path, pattern);
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
                    check(items, arr.at(i), QStringLiteral("%1[%2]").arg(path).arg(i), depth + 1);
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
                const QString err = check(props.value(it.key()), it.value(), childPath, depth + 1);
                if (!err.isEmpty())
                    return err;
            } else if (additional.isBool() && !additional.toBool()) {
                QStringList known = props.keys();
                return QStringLiteral("%1 is not a known parameter (known: %2)")
                    .arg(childPath,
                        known.isEmpty() ? QStringLiteral("none")
                                        : known.join(QStringLiteral(", ")));
            } else if (additional.isObject()) {
                const QString err = check(additional, it.value(), childPath, depth + 1);
                if (!err.isEmpty())
                    return err;
            }
        }
    }

    return {};
}

} // namespace Hopx::Mcp

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "json/JsonSchemaRefs.h"

#include <QJsonArray>
#include <QUrl>

namespace Hopx::Mcp {

namespace {

const QLatin1String kDefs("$defs");
// Draft 7's name for $defs: still where many generators put shared schemas.
const QLatin1String kDefinitions("definitions");

bool isSchema(const QJsonValue &v)
{
    return v.isObject() || v.isBool();
}

} // namespace

JsonSchemaRefs::JsonSchemaRefs(const QJsonObject &root)
    : m_root(root)
{ }

void JsonSchemaRefs::forEachChild(const QJsonObject &schema,
    const std::function<void(const QStringList &, const QString &, const QJsonValue &)> &fn)
{
    for (const QLatin1String map : {QLatin1String("properties"), kDefs, kDefinitions}) {
        const QJsonObject children = schema.value(map).toObject();
        for (auto it = children.begin(); it != children.end(); ++it)
            if (isSchema(it.value()))
                fn({map, it.key()}, map + QLatin1Char('.') + it.key(), it.value());
    }
    for (const QLatin1String key :
        {QLatin1String("additionalProperties"), QLatin1String("items"), QLatin1String("not"),
            QLatin1String("if"), QLatin1String("then"), QLatin1String("else")}) {
        const QJsonValue child = schema.value(key);
        if (isSchema(child))
            fn({key}, key, child);
    }
    for (const QLatin1String key :
        {QLatin1String("allOf"), QLatin1String("anyOf"), QLatin1String("oneOf")}) {
        const QJsonArray subs = schema.value(key).toArray();
        for (qsizetype i = 0; i < subs.size(); ++i)
            if (isSchema(subs.at(i)))
                fn({key, QString::number(i)}, QStringLiteral("%1[%2]").arg(key).arg(i), subs.at(i));
    }
}

QList<QStringList> JsonSchemaRefs::inPlaceChildren(const QJsonObject &schema)
{
    QList<QStringList> out;
    forEachChild(schema, [&out](const QStringList &location, const QString &, const QJsonValue &) {
        static const QStringList inPlace {QStringLiteral("allOf"), QStringLiteral("anyOf"),
            QStringLiteral("oneOf"), QStringLiteral("not"), QStringLiteral("if"),
            QStringLiteral("then"), QStringLiteral("else")};
        if (inPlace.contains(location.first()))
            out.append(location);
    });
    return out;
}

void JsonSchemaRefs::collectAnchors(const QJsonValue &schema, const QStringList &location) const
{
    if (!schema.isObject())
        return;
    const QJsonObject o = schema.toObject();
    const QJsonValue anchor = o.value(QLatin1String("$anchor"));
    if (anchor.isString()) {
        if (m_anchors.contains(anchor.toString()))
            m_duplicateAnchors.append(anchor.toString());
        m_anchors.insert(anchor.toString(), location);
    }
    forEachChild(
        o, [this, &location](const QStringList &rel, const QString &, const QJsonValue &v) {
            collectAnchors(v, location + rel);
        });
}

QJsonValue JsonSchemaRefs::at(const QStringList &location) const
{
    QJsonValue v = m_root;
    for (const QString &segment : location) {
        if (v.isObject()) {
            const QJsonObject o = v.toObject();
            if (!o.contains(segment))
                return QJsonValue(QJsonValue::Undefined);
            v = o.value(segment);
        } else if (v.isArray()) {
            bool ok = false;
            const int index = segment.toInt(&ok);
            // RFC 6901: decimal digits, no leading zeros, no sign.
            if (!ok || index < 0 || index >= v.toArray().size()
                || (segment.size() > 1 && segment.startsWith(QLatin1Char('0')))
                || segment.startsWith(QLatin1Char('+')))
                return QJsonValue(QJsonValue::Undefined);
            v = v.toArray().at(index);
        } else {
            return QJsonValue(QJsonValue::Undefined);
        }
    }
    return v;
}

Expected<QStringList> JsonSchemaRefs::locate(const QString &ref) const
{
    if (!ref.startsWith(QLatin1Char('#')))
        return Unexpected(
            QStringLiteral("%1 is not a local reference (only #... is implemented)").arg(ref));
    // The fragment is URI-encoded: "#/$defs/a%20b" names the key "a b".
    const QString fragment = ref.contains(QLatin1Char('%'))
        ? QUrl::fromPercentEncoding(ref.mid(1).toUtf8())
        : ref.mid(1);
    QStringList out;
    if (fragment.isEmpty()) {
        // "#": the whole document.
    } else if (fragment.startsWith(QLatin1Char('/'))) {
        const QStringList raw = fragment.mid(1).split(QLatin1Char('/'));
        for (QString segment : raw) {
            // "~" may only start "~0" or "~1" (RFC 6901 §3); ~1 first, so "~01" is "~1".
            for (qsizetype i = segment.indexOf(QLatin1Char('~')); i >= 0;
                 i = segment.indexOf(QLatin1Char('~'), i + 1))
                if (i + 1 >= segment.size()
                    || (segment.at(i + 1) != QLatin1Char('0')
                        && segment.at(i + 1) != QLatin1Char('1')))
                    return Unexpected(QStringLiteral("%1 is not a valid JSON Pointer").arg(ref));
            segment.replace(QLatin1String("~1"), QLatin1String("/"));
            segment.replace(QLatin1String("~0"), QLatin1String("~"));
            out.append(segment);
        }
    } else {
        if (!m_anchorsCollected) {
            collectAnchors(m_root, {});
            m_anchorsCollected = true;
        }
        if (m_duplicateAnchors.contains(fragment))
            return Unexpected(QStringLiteral("%1 names an anchor defined twice").arg(ref));
        if (!m_anchors.contains(fragment))
            return Unexpected(QStringLiteral("%1 names no $anchor").arg(ref));
        out = m_anchors.value(fragment);
    }
    if (!isSchema(at(out)))
        return Unexpected(QStringLiteral("%1 does not resolve to a schema").arg(ref));
    return out;
}

} // namespace Hopx::Mcp

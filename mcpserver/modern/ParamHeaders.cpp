// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "modern/ParamHeaders.h"

#include "json/JsonSchemaRefs.h"

#include <QJsonArray>
#include <QRegularExpression>
#include <QSet>
#include <QStringDecoder>

#include <cmath>

namespace Hopx::Mcp {

namespace {

const QLatin1String kAnnotation("x-mcp-header");

// RFC 9110 §5.6.2: token = 1*tchar.
bool isToken(const QString &name)
{
    static const QRegularExpression token(QStringLiteral("^[!#$%&'*+\\-.^_`|~0-9A-Za-z]+$"));
    return token.match(name).hasMatch();
}

// Walks the whole schema: declarations along properties chains are collected, one anywhere
// else (items, $defs, an applicator) makes the schema invalid.
void scan(const QJsonObject &schema, const QStringList &path, bool reachable,
    QList<ParamHeaders::Declaration> &out, QString *error)
{
    if (schema.contains(kAnnotation) && error->isEmpty()) {
        const QJsonValue name = schema.value(kAnnotation);
        const QString where = path.join(QLatin1Char('.'));
        const QString type = schema.value(QLatin1String("type")).toString();
        if (!reachable || path.isEmpty())
            *error = QStringLiteral("x-mcp-header at %1 is not reached through properties only")
                         .arg(where.isEmpty() ? QStringLiteral("the root") : where);
        else if (!name.isString() || !isToken(name.toString()))
            *error = QStringLiteral("x-mcp-header of %1 is not an HTTP token").arg(where);
        else if (type != QLatin1String("string") && type != QLatin1String("integer")
            && type != QLatin1String("boolean"))
            *error = QStringLiteral("x-mcp-header of %1 is on a property whose type is not "
                                    "string, integer or boolean")
                         .arg(where);
        else
            out.append({path, name.toString(), type});
    }
    JsonSchemaRefs::forEachChild(
        schema, [&](const QStringList &rel, const QString &, const QJsonValue &child) {
            if (!child.isObject())
                return;
            const bool property = rel.first() == QLatin1String("properties");
            scan(child.toObject(), property ? path + QStringList {rel.last()} : path,
                reachable && property, out, error);
        });
}

//! The argument at a properties path; undefined when any step is missing.
QJsonValue argumentAt(const QJsonObject &arguments, const QStringList &path)
{
    QJsonValue v = arguments;
    for (const QString &key : path) {
        if (!v.isObject() || !v.toObject().contains(key))
            return QJsonValue(QJsonValue::Undefined);
        v = v.toObject().value(key);
    }
    return v;
}

bool sameValue(const QJsonValue &body, const QString &header)
{
    if (body.isString())
        return body.toString() == header;
    if (body.isBool())
        return header == (body.toBool() ? QLatin1String("true") : QLatin1String("false"));
    if (body.isDouble()) {
        // "42" and "42.0" are one integer (compared as numbers, as the spec advises).
        bool ok = false;
        const double h = header.toDouble(&ok);
        const double b = body.toDouble();
        return ok && std::isfinite(h) && std::fabs(h - b) <= 1e-9 * std::max(1.0, std::fabs(b));
    }
    return false; // objects and arrays are never declared
}

} // namespace

Expected<QList<ParamHeaders::Declaration>> ParamHeaders::declarations(
    const QJsonObject &inputSchema)
{
    QList<Declaration> out;
    QString problem;
    scan(inputSchema, {}, true, out, &problem);
    QSet<QString> seen;
    for (const Declaration &d : out) {
        if (problem.isEmpty() && seen.contains(d.name.toLower()))
            problem =
                QStringLiteral("x-mcp-header %1 is declared twice (names ignore case)").arg(d.name);
        seen.insert(d.name.toLower());
    }
    if (!problem.isEmpty())
        return Unexpected(problem);
    return out;
}

bool ParamHeaders::decodeValue(const QByteArray &raw, QString *out)
{
    // RFC 9110 §5.5: visible ASCII, space and tab (obs-text is not ours to guess at).
    for (const char c : raw)
        if (!(c == '\t' || (c >= 0x20 && c <= 0x7e)))
            return false;
    if (!(raw.startsWith("=?base64?") && raw.endsWith("?=") && raw.size() >= 11)) {
        *out = QString::fromLatin1(raw);
        return true;
    }
    const QByteArray encoded = raw.mid(9, raw.size() - 11);
    // Strict: the standard alphabet, padded to a multiple of four.
    static const QRegularExpression base64(QStringLiteral("^[A-Za-z0-9+/]*={0,2}$"));
    if (encoded.size() % 4 != 0 || !base64.match(QString::fromLatin1(encoded)).hasMatch())
        return false;
    const auto decoded =
        QByteArray::fromBase64Encoding(encoded, QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded)
        return false;
    QStringDecoder utf8(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    const QString text = utf8(*decoded);
    if (utf8.hasError())
        return false;
    *out = text;
    return true;
}

QString ParamHeaders::mismatch(const QList<Declaration> &declarations, const QJsonObject &arguments,
    const QList<QPair<QByteArray, QByteArray>> &headers)
{
    for (const Declaration &d : declarations) {
        const QString header = QStringLiteral("Mcp-Param-") + d.name;
        const QByteArray lower = header.toLower().toLatin1();
        const QPair<QByteArray, QByteArray> *found = nullptr;
        for (const auto &h : headers) {
            // A proxy may route on another copy than the one we would compare.
            if (h.first == lower && found)
                return QStringLiteral("the %1 header is sent more than once").arg(header);
            if (h.first == lower)
                found = &h;
        }
        const QJsonValue value = argumentAt(arguments, d.path);
        const QString argument = QStringLiteral("arguments.") + d.path.join(QLatin1Char('.'));
        const bool present = !value.isUndefined() && !value.isNull();
        if (!found && present)
            return QStringLiteral("the %1 header is required: %2 is set").arg(header, argument);
        if (!found)
            continue;
        QString text;
        if (!decodeValue(found->second, &text))
            return QStringLiteral("the %1 header has characters a header may not carry, or "
                                  "bad =?base64?...?= encoding")
                .arg(header);
        if (!present)
            return QStringLiteral("the %1 header is set but %2 is not").arg(header, argument);
        if (!sameValue(value, text))
            return QStringLiteral("the %1 header does not match %2").arg(header, argument);
    }
    return {};
}

} // namespace Hopx::Mcp

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QStringList>

#include <initializer_list>
#include <utility>

namespace Hopx::Core::Tools {

/*! \brief Small builders for the JSON Schemas of tool inputs and outputs. */
namespace Schema {

//! `schema` with "default": what ToolArgs reads when the argument is absent.
inline QJsonObject withDefault(QJsonObject schema, const QJsonValue &fallback)
{
    if (!fallback.isUndefined())
        schema.insert(QStringLiteral("default"), fallback);
    return schema;
}
//! A schema of `type`, described unless `description` is empty (the name says it all: every
//! byte of tools/list is in every conversation).
inline QJsonObject typedAs(const QString &type, const QString &description)
{
    QJsonObject s {{QStringLiteral("type"), type}};
    if (!description.isEmpty())
        s.insert(QStringLiteral("description"), description);
    return s;
}
inline QJsonObject string(
    const QString &description, const QJsonValue &fallback = QJsonValue::Undefined)
{
    return withDefault(typedAs(QStringLiteral("string"), description), fallback);
}
inline QJsonObject stringEnum(const QString &description, const QStringList &values,
    const QJsonValue &fallback = QJsonValue::Undefined)
{
    QJsonObject s = string(description, fallback);
    s.insert(QStringLiteral("enum"), QJsonArray::fromStringList(values));
    return s;
}
inline QJsonObject integer(const QString &description, double minimum, double maximum,
    const QJsonValue &fallback = QJsonValue::Undefined)
{
    QJsonObject s = typedAs(QStringLiteral("integer"), description);
    s.insert(QStringLiteral("minimum"), minimum);
    s.insert(QStringLiteral("maximum"), maximum);
    return withDefault(s, fallback);
}
inline QJsonObject boolean(
    const QString &description, const QJsonValue &fallback = QJsonValue::Undefined)
{
    return withDefault(typedAs(QStringLiteral("boolean"), description), fallback);
}
inline QJsonObject stringMap(const QString &description)
{
    QJsonObject s = typedAs(QStringLiteral("object"), description);
    s.insert(QStringLiteral("additionalProperties"),
        QJsonObject {{QStringLiteral("type"), QStringLiteral("string")}});
    return s;
}
//! Just a type, for output schemas: "integer", "array", …
inline QJsonObject typed(const QString &type)
{
    return {{QStringLiteral("type"), type}};
}
//! An array of `itemType` ("object", "string", …), for output schemas: arrays say what they hold.
inline QJsonObject arrayOf(const QString &itemType)
{
    return {{QStringLiteral("type"), QStringLiteral("array")},
        {QStringLiteral("items"), typed(itemType)}};
}
//! `schema` or null, as anyOf branches of one type each: a `"type": [...]` list is legal JSON
//! Schema, but clients that map schemas onto a single-type dialect (Gemini's) reject or drop it.
inline QJsonObject nullable(const QJsonObject &schema, const QString &description)
{
    return {{QStringLiteral("description"), description},
        {QStringLiteral("anyOf"), QJsonArray {schema, typed(QStringLiteral("null"))}}};
}
//! An object schema; `required` names required properties.
inline QJsonObject object(std::initializer_list<std::pair<QString, QJsonObject>> properties,
    const QStringList &required = {}, bool closed = true)
{
    QJsonObject props;
    for (const auto &p : properties)
        props.insert(p.first, p.second);
    QJsonObject s {
        {QStringLiteral("type"), QStringLiteral("object")}, {QStringLiteral("properties"), props}};
    if (!required.isEmpty())
        s.insert(QStringLiteral("required"), QJsonArray::fromStringList(required));
    if (closed)
        s.insert(QStringLiteral("additionalProperties"), false);
    return s;
}
//! An output schema: an open object (results carry extra keys such as error details).
inline QJsonObject output(std::initializer_list<std::pair<QString, QJsonObject>> properties)
{
    return object(properties, {}, false);
}

} // namespace Schema
} // namespace Hopx::Core::Tools

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>

namespace Hopx::Mcp {

/*! \brief Validates tool arguments against the JSON Schema subset our tools use.
 *
 * Supported: type (one or a list), properties, required, additionalProperties (bool or
 * schema), enum, const, minimum, maximum, exclusiveMinimum, exclusiveMaximum, minLength,
 * maxLength, pattern, items (one schema), minItems, maxItems, anyOf, oneOf, and boolean
 * subschemas; annotations (title, description, default, format, …) are accepted and ignored.
 * Lengths count code points, as the spec says. Returns an empty string when valid, otherwise a
 * sentence naming the offending path (e.g. "arguments.timeout must be an integer").
 *
 * A schema with any other keyword would be validated wrongly (the keyword silently ignored),
 * so ToolRegistry refuses such a tool; unsupportedKeywords() says which ones.
 */
class JsonSchema
{
public:
    static QString validate(const QJsonObject &schema, const QJsonValue &value,
        const QString &path = QStringLiteral("arguments"));
    //! Keywords this validator does not implement, with where they are ("properties.x.allOf");
    //! empty when it can validate the whole schema.
    static QStringList unsupportedKeywords(const QJsonObject &schema);
};

} // namespace Hopx::Mcp

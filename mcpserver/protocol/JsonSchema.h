// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QJsonObject>
#include <QJsonValue>
#include <QString>

namespace Hopx::Mcp {

/*! \brief Validates tool arguments against the JSON Schema subset our tools use.
 *
 * Supported: type (one or a list), properties, required, additionalProperties (bool or
 * schema), enum, const, minimum, maximum, exclusiveMinimum, exclusiveMaximum, minLength,
 * maxLength, pattern, items, minItems, maxItems, anyOf, oneOf. Unknown keywords are
 * ignored, as the spec allows. Returns an empty string when valid, otherwise a sentence
 * naming the offending path (e.g. "arguments.timeout must be an integer").
 */
class JsonSchema
{
public:
    static QString validate(const QJsonObject &schema, const QJsonValue &value,
        const QString &path = QStringLiteral("arguments"));
};

} // namespace Hopx::Mcp

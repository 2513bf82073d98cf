// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "json/JsonSchemaRefs.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>

namespace Hopx::Mcp {

/*! \brief Validates tool arguments against the JSON Schema 2020-12 subset tools use.
 *
 * Supported: type (one or a list), properties, required, additionalProperties (bool or
 * schema), enum, const, minimum, maximum, exclusiveMinimum, exclusiveMaximum, minLength,
 * maxLength, pattern, items (one schema), minItems, maxItems, allOf, anyOf, oneOf, not,
 * if/then/else, boolean subschemas, and local references: `$ref` to `#`, to a JSON Pointer
 * (`#/$defs/x`) or to a `$anchor` (`#name`), with `$defs` (and draft 7's `definitions`) to hold
 * them; annotations (title, description, default, format, x-mcp-header, …) are accepted and
 * ignored. Lengths count code points, as the spec says. Returns an empty string when valid,
 * otherwise a sentence naming the offending path (e.g. "arguments.timeout must be an integer").
 *
 * A schema with any other keyword would be validated wrongly (the keyword silently ignored),
 * so ToolRegistry refuses such a tool; unsupportedKeywords() says which ones, and also names
 * references that cannot be followed (another document, a pointer to nothing) and `$ref` cycles
 * that never descend into the instance. validate() still guards against those (a depth and a
 * step budget): it answers with an error, never loops.
 */
class JsonSchema
{
public:
    static QString validate(const QJsonObject &schema, const QJsonValue &value,
        const QString &path = QStringLiteral("arguments"));
    //! What this validator cannot enforce, with where it is ("properties.x.patternProperties",
    //! "properties.y.$ref (#/nowhere does not resolve to a schema)"); empty when it can
    //! validate the whole schema.
    static QStringList unsupportedKeywords(const QJsonObject &schema);

    //! Nested subschema applications before validate() gives up (a recursive schema's depth).
    static constexpr int kMaxDepth = 128;
    //! Subschema applications per validate(): anyOf over $refs can otherwise grow exponentially.
    //! Far above what real arguments need (one per value per subschema that applies to it).
    static constexpr int kMaxSteps = 100000;

private:
    explicit JsonSchema(const QJsonObject &root);
    QString check(
        const QJsonValue &schema, const QJsonValue &value, const QString &path, int depth);
    QString checkObject(
        const QJsonObject &schema, const QJsonValue &value, const QString &path, int depth);
    QString checkApplicators(
        const QJsonObject &schema, const QJsonValue &value, const QString &path, int depth);

    JsonSchemaRefs m_refs;
    int m_steps = 0;
    QString m_abort; // set once a budget is spent: every pending check then fails with it
};

} // namespace Hopx::Mcp

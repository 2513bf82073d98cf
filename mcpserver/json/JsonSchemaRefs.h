// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "base/Expected.h"

#include <QHash>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>

#include <functional>

namespace Hopx::Mcp {

/*! \brief The places in one JSON Schema document and the local `$ref`s between them.
 *
 * A tool's input schema is one document with no `$id` below its root, so every reference it
 * may make is local: `#` (the root), `#/json/pointer` (RFC 6901 inside a URI fragment: `~0`,
 * `~1` and percent escapes), or `#name` for a `$anchor`. Anything else (another document,
 * `$dynamicRef`) needs a resolver we do not have, and JsonSchema refuses such a schema.
 * A location is the list of a pointer's unescaped segments; the root is the empty list.
 */
class JsonSchemaRefs
{
public:
    explicit JsonSchemaRefs(const QJsonObject &root);

    //! Where a `$ref` points, or why not: it is not local, or names nothing there.
    Expected<QStringList> locate(const QString &ref) const;
    //! The value at a location (undefined when there is none).
    QJsonValue at(const QStringList &location) const;

    //! Every subschema directly below `schema` (properties, items, $defs, the applicators…),
    //! with its location relative to `schema` and a readable name ("properties.a", "allOf[1]").
    static void forEachChild(const QJsonObject &schema,
        const std::function<void(const QStringList &, const QString &, const QJsonValue &)> &fn);
    //! The children that apply to the same instance (allOf, anyOf, oneOf, not, if/then/else):
    //! a `$ref` cycle through only these never reaches the end of the instance.
    static QList<QStringList> inPlaceChildren(const QJsonObject &schema);

private:
    void collectAnchors(const QJsonValue &schema, const QStringList &location) const;

    QJsonObject m_root;
    // Found on the first "#name" reference: most schemas have none, and are checked often.
    mutable bool m_anchorsCollected = false;
    mutable QHash<QString, QStringList> m_anchors;
    mutable QStringList m_duplicateAnchors;
};

} // namespace Hopx::Mcp

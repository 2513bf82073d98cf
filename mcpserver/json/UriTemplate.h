// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace Hopx::Mcp {

/*! \brief The part of RFC 6570 resource templates need: matching a URI against a template.
 *
 * Supports literal text, `{name}` (one path segment: no '/', '?', '#') and `{+name}` (anything,
 * reserved expansion). Matched values are percent-decoded. Other operators make the template
 * invalid rather than silently matching the wrong URIs.
 */
class UriTemplate
{
public:
    explicit UriTemplate(const QString &pattern = {});

    bool isValid() const { return m_valid; }
    const QString &pattern() const { return m_pattern; }
    QStringList variableNames() const;
    std::optional<QHash<QString, QString>> match(const QString &uri) const;

private:
    struct Part
    {
        QString literal; // set for literal text
        QString variable; // set for an expression
        bool reserved = false;
    };

    QString m_pattern;
    QList<Part> m_parts;
    bool m_valid = false;
};

} // namespace Hopx::Mcp

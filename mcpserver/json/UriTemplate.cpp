// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "json/UriTemplate.h"

#include <QRegularExpression>
#include <QUrl>

namespace Hopx::Mcp {

UriTemplate::UriTemplate(const QString &pattern)
    : m_pattern(pattern)
{
    m_valid = !pattern.isEmpty();
    qsizetype i = 0;
    while (m_valid && i < pattern.size()) {
        const qsizetype open = pattern.indexOf(QLatin1Char('{'), i);
        if (open < 0) {
            m_parts.append(Part {pattern.mid(i), {}, false});
            break;
        }
        if (open > i)
            m_parts.append(Part {pattern.mid(i, open - i), {}, false});
        const qsizetype close = pattern.indexOf(QLatin1Char('}'), open);
        if (close < 0) {
            m_valid = false;
            break;
        }
        QString name = pattern.mid(open + 1, close - open - 1);
        bool reserved = false;
        if (name.startsWith(QLatin1Char('+'))) {
            reserved = true;
            name.remove(0, 1);
        }
        // Two adjacent expressions cannot be split apart unambiguously.
        const bool adjacent = !m_parts.isEmpty() && !m_parts.last().variable.isEmpty();
        if (name.isEmpty() || adjacent
            || name.contains(QRegularExpression(QStringLiteral("[^A-Za-z0-9_.]"))))
            m_valid = false;
        m_parts.append(Part {{}, name, reserved});
        i = close + 1;
    }
}

QStringList UriTemplate::variableNames() const
{
    QStringList names;
    for (const Part &p : m_parts)
        if (!p.variable.isEmpty())
            names.append(p.variable);
    return names;
}

std::optional<QHash<QString, QString>> UriTemplate::match(const QString &uri) const
{
    if (!m_valid)
        return std::nullopt;
    QHash<QString, QString> values;
    qsizetype pos = 0;
    for (int i = 0; i < m_parts.size(); ++i) {
        const Part &part = m_parts.at(i);
        if (part.variable.isEmpty()) {
            if (!QStringView(uri).mid(pos).startsWith(part.literal))
                return std::nullopt;
            pos += part.literal.size();
            continue;
        }
        // A variable runs up to the next literal (or the end); simple ones stop at a delimiter.
        qsizetype end = uri.size();
        if (i + 1 < m_parts.size()) {
            end = uri.indexOf(m_parts.at(i + 1).literal, pos);
            if (end < 0)
                return std::nullopt;
        }
        const QString raw = uri.mid(pos, end - pos);
        if (raw.isEmpty())
            return std::nullopt;
        if (!part.reserved
            && (raw.contains(QLatin1Char('/')) || raw.contains(QLatin1Char('?'))
                || raw.contains(QLatin1Char('#'))))
            return std::nullopt;
        values.insert(part.variable, QUrl::fromPercentEncoding(raw.toUtf8()));
        pos = end;
    }
    if (pos != uri.size())
        return std::nullopt;
    return values;
}

} // namespace Hopx::Mcp

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/approvals/Wording.h"

#include <QCoreApplication>

namespace Hopx::Core {

Wording::Wording(const char *text, QStringList args)
    : m_text(text)
    , m_args(std::move(args))
{ }

QString Wording::english() const
{
    return m_text ? fill(QString::fromUtf8(m_text)) : QString();
}

QString Wording::translated() const
{
    return m_text ? fill(QCoreApplication::translate(kContext, m_text)) : QString();
}

QString Wording::fill(const QString &text) const
{
    // All at once: a path that itself holds "%1" must not be filled by the next argument.
    switch (m_args.size()) {
    case 0:
        return text;
    case 1:
        return text.arg(m_args.at(0));
    case 2:
        return text.arg(m_args.at(0), m_args.at(1));
    default:
        return text.arg(m_args.at(0), m_args.at(1), m_args.at(2));
    }
}

} // namespace Hopx::Core

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/base/Wording.h"

#include <QCoreApplication>

namespace Hopx::Core {

Wording::Wording(const QString &verbatim)
    : m_verbatim(verbatim)
{ }

Wording::Wording(const char *context, const char *text, std::vector<Wording> args)
    : m_context(context)
    , m_text(text)
    , m_args(std::move(args))
{ }

QString Wording::english() const
{
    return m_text ? fill(QString::fromUtf8(m_text), false) : m_verbatim;
}

QString Wording::translated() const
{
    return m_text ? fill(QCoreApplication::translate(m_context, m_text), true) : m_verbatim;
}

QString Wording::fill(const QString &text, bool translate) const
{
    const auto at = [&](size_t i) {
        return translate ? m_args.at(i).translated() : m_args.at(i).english();
    };
    // All at once: a path that itself holds "%1" must not be filled by the next argument.
    switch (m_args.size()) {
    case 0:
        return text;
    case 1:
        return text.arg(at(0));
    case 2:
        return text.arg(at(0), at(1));
    default:
        return text.arg(at(0), at(1), at(2));
    }
}

} // namespace Hopx::Core

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "session/MethodTable.h"

namespace Hopx::Mcp {

void MethodTable::add(const QString &name, Method method)
{
    if (method.eras & Legacy) {
        Q_ASSERT_X(!m_legacy.contains(name), "MethodTable::add", "two features claim one method");
        m_legacy.insert(name, method);
    }
    if (method.eras & Modern) {
        Q_ASSERT_X(!m_modern.contains(name), "MethodTable::add", "two features claim one method");
        m_modern.insert(name, std::move(method));
    }
}

void MethodTable::add(const QString &name, Handler handler)
{
    Method method;
    method.handler = std::move(handler);
    add(name, std::move(method));
}

void MethodTable::addNotification(const QString &name, NotificationHandler handler)
{
    m_notifications.insert(name, std::move(handler));
}

const MethodTable::Method *MethodTable::find(const QString &name, Era era) const
{
    const QHash<QString, Method> &table = era == Modern ? m_modern : m_legacy;
    const auto it = table.constFind(name);
    return it == table.cend() ? nullptr : &it.value();
}

const MethodTable::NotificationHandler *MethodTable::findNotification(const QString &name) const
{
    const auto it = m_notifications.constFind(name);
    return it == m_notifications.cend() ? nullptr : &it.value();
}

QStringList MethodTable::methods(Era era) const
{
    QStringList names = (era == Modern ? m_modern : m_legacy).keys();
    names.sort();
    return names;
}

QStringList MethodTable::notifications() const
{
    QStringList names = m_notifications.keys();
    names.sort();
    return names;
}

} // namespace Hopx::Mcp

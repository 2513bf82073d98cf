// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "MethodTable.h"

namespace Hopx::Mcp {

void MethodTable::add(const QString &name, Method method)
{
    Q_ASSERT_X(!m_methods.contains(name), "MethodTable::add", "two features claim one method");
    m_methods.insert(name, std::move(method));
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

const MethodTable::Method *MethodTable::find(const QString &name) const
{
    const auto it = m_methods.constFind(name);
    return it == m_methods.cend() ? nullptr : &it.value();
}

const MethodTable::NotificationHandler *MethodTable::findNotification(const QString &name) const
{
    const auto it = m_notifications.constFind(name);
    return it == m_notifications.cend() ? nullptr : &it.value();
}

QStringList MethodTable::methods() const
{
    QStringList names = m_methods.keys();
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

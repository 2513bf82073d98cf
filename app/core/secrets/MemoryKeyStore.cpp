// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/secrets/MemoryKeyStore.h"

#include <QMetaObject>

namespace Hopx::Core {

MemoryKeyStore::MemoryKeyStore(QObject *parent)
    : KeyStore(parent)
{ }

// Every answer is queued: callers may rely on the callback never running inside the call.
void MemoryKeyStore::doRead(const QString &name, Callback<QString> done)
{
    QMetaObject::invokeMethod(
        this,
        [this, name, done = std::move(done)] {
            const auto it = m_values.constFind(name);
            if (it == m_values.constEnd())
                return done(Error::make(
                    Error::Code::NotFound, tr("No secret named \"%1\" is stored.").arg(name)));
            done(*it);
        },
        Qt::QueuedConnection);
}

void MemoryKeyStore::doWrite(const QString &name, const QString &value, Callback<Unit> done)
{
    QMetaObject::invokeMethod(
        this,
        [this, name, value, done = std::move(done)] {
            m_values.insert(name, value);
            done(Unit {});
            emit keyChanged(name);
        },
        Qt::QueuedConnection);
}

void MemoryKeyStore::doRemove(const QString &name, Callback<Unit> done)
{
    QMetaObject::invokeMethod(
        this,
        [this, name, done = std::move(done)] {
            m_values.remove(name);
            done(Unit {});
            emit keyChanged(name);
        },
        Qt::QueuedConnection);
}

} // namespace Hopx::Core

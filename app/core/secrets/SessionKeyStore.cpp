// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/secrets/SessionKeyStore.h"

namespace Hopx::Core {

SessionKeyStore::SessionKeyStore(std::unique_ptr<KeyStore> keychain, QObject *parent)
    : KeyStore(parent)
    , m_keychain(std::move(keychain))
{
    connect(m_keychain.get(), &KeyStore::keyChanged, this, &KeyStore::keyChanged);
    connect(&m_session, &KeyStore::keyChanged, this, &KeyStore::keyChanged);
}

SessionKeyStore::~SessionKeyStore() = default;

void SessionKeyStore::keepForSession(const QString &value, Callback<Unit> done, const QString &name)
{
    m_sessionNames.insert(name);
    m_session.write(value, std::move(done), name);
}

bool SessionKeyStore::hasSessionValue(const QString &name) const
{
    return m_sessionNames.contains(name);
}

void SessionKeyStore::doRead(const QString &name, Callback<QString> done)
{
    if (m_sessionNames.contains(name))
        m_session.read(std::move(done), name);
    else
        m_keychain->read(std::move(done), name);
}

void SessionKeyStore::doWrite(const QString &name, const QString &value, Callback<Unit> done)
{
    QPointer<SessionKeyStore> self(this);
    m_keychain->write(
        value,
        [self, name, done = std::move(done)](Result<Unit> r) {
            // Saved for good: the session copy would only shadow it.
            if (self && r.ok() && self->m_sessionNames.remove(name))
                self->m_session.remove([](Result<Unit>) {}, name);
            done(std::move(r));
        },
        name);
}

void SessionKeyStore::doRemove(const QString &name, Callback<Unit> done)
{
    if (!m_sessionNames.remove(name)) {
        m_keychain->remove(std::move(done), name);
        return;
    }
    // Forgetting the session key is what the user asked for; the keychain, if one runs, may
    // still hold an older one, which then applies again.
    m_session.remove(std::move(done), name);
}

} // namespace Hopx::Core

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/cloud/HopxApiKey.h"

#include "core/secrets/KeyStore.h"

namespace Hopx::Cloud {

using namespace Core;

Error HopxApiKey::missingOrInvalid(const QJsonObject &details)
{
    return Error::make(Error::Code::Unauthorized,
        QStringLiteral("HOPX API key missing or invalid: set it in HOPX Desktop (tray → "
                       "Settings) or HOPX_API_KEY"),
        details, QStringLiteral("Unauthorized"));
}

void HopxApiKey::setFixedKey(const QString &key)
{
    if (key == m_fixedKey)
        return;
    m_fixedKey = key;
    emit replaced();
    emit unavailableReasonChanged();
}

void HopxApiKey::setKeyStore(KeyStore *store)
{
    if (m_keyStore)
        disconnect(m_keyStore, nullptr, this, nullptr);
    m_keyStore = store;
    m_storeKeyLoaded = false;
    m_storeKey.clear();
    m_keyProblem.clear();
    if (!store)
        return;
    connect(store, &KeyStore::keyChanged, this, [this](const QString &name) {
        if (name != KeyStore::apiKeyName())
            return;
        m_storeKeyLoaded = false;
        m_storeKey.clear();
        if (m_fixedKey.isEmpty())
            emit replaced();
        // Re-read now so unavailableReason() is current for the UI.
        withKey([](const QString *, const Error *) {});
    });
    if (m_fixedKey.isEmpty())
        withKey([](const QString *, const Error *) {});
}

QString HopxApiKey::unavailableReason() const
{
    if (!m_fixedKey.isEmpty())
        return {};
    if (!m_keyStore)
        return missingOrInvalid().message;
    if (m_storeKeyLoaded && !m_storeKey.isEmpty())
        return {};
    return m_keyProblem;
}

void HopxApiKey::withKey(std::function<void(const QString *, const Error *)> next)
{
    if (!m_fixedKey.isEmpty())
        return next(&m_fixedKey, nullptr);
    if (m_storeKeyLoaded && !m_storeKey.isEmpty())
        return next(&m_storeKey, nullptr);
    if (!m_keyStore) {
        const Error e = missingOrInvalid();
        return next(nullptr, &e);
    }
    QPointer<HopxApiKey> self(this);
    m_keyStore->read([self, next](Result<QString> key) {
        if (!self)
            return;
        // A keychain that cannot be reached says so; a missing key gets the 401 sentence.
        const bool unreachable = !key.ok() && key.error().code == Error::Code::Unavailable;
        const QString before = self->m_keyProblem;
        if (key.ok() && !key.value().trimmed().isEmpty()) {
            self->m_storeKey = key.value().trimmed();
            self->m_storeKeyLoaded = true;
            self->m_keyProblem.clear();
        } else {
            self->m_storeKeyLoaded = false;
            self->m_keyProblem = unreachable ? key.error().message : missingOrInvalid().message;
        }
        if (before != self->m_keyProblem)
            emit self->unavailableReasonChanged();
        if (self->m_storeKeyLoaded)
            return next(&self->m_storeKey, nullptr);
        const Error e = unreachable ? key.error() : missingOrInvalid();
        next(nullptr, &e);
    });
}

} // namespace Hopx::Cloud

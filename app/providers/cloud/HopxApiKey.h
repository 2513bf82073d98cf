// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Error.h"

#include <QJsonObject>
#include <QObject>
#include <QPointer>

#include <functional>

namespace Hopx::Core {
class KeyStore;
}

namespace Hopx::Cloud {

/*! \brief The one place that knows which HOPX API key a provider uses and what is wrong with it.
 *
 * A fixed key (HOPX_API_KEY, or a connection's own) wins; without one the key is read lazily from
 * a KeyStore and read again after its keyChanged(). What to say when there is no key, or when HOPX
 * refuses it (a control-plane 401), is here too, so the sentence is the same everywhere.
 */
class HopxApiKey final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HopxApiKey)
public:
    using QObject::QObject;

    //! Empty = use the KeyStore, if any.
    void setFixedKey(const QString &key);
    //! Not owned.
    void setKeyStore(Core::KeyStore *store);

    //! Calls `next` with the key, or with why there is none; at once when the key is known.
    void withKey(std::function<void(const QString *key, const Core::Error *error)> next);
    //! Empty when a key is known; otherwise a sentence saying why not and how to fix it.
    QString unavailableReason() const;

    //! No key, or HOPX refused it (401). The text reaches the model: English, no tr().
    static Core::Error missingOrInvalid(const QJsonObject &details = {});

signals:
    //! The key in use is no longer the one before: what was obtained with the old one (sandbox
    //! tokens, agent connections) must not be used any more.
    void replaced();
    void unavailableReasonChanged();

private:
    QString m_fixedKey;
    QPointer<Core::KeyStore> m_keyStore;
    QString m_storeKey;
    bool m_storeKeyLoaded = false;
    QString m_keyProblem; // why no key could be found, for unavailableReason()
};

} // namespace Hopx::Cloud

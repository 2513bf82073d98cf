// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/secrets/KeyStore.h"
#include "core/secrets/MemoryKeyStore.h"

#include <QPointer>
#include <QSet>

#include <memory>

namespace Hopx::Core {

/*! \brief The app's KeyStore: the keychain, plus secrets the user chose to keep for this
 *  session only because no keychain runs.
 *
 * A session entry wins over the keychain's when read; writing or removing through the
 * keychain ends it. Providers and windows see one store, so a key kept for the session works
 * everywhere a saved one would, and is gone when the app quits.
 */
class SessionKeyStore final : public KeyStore
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SessionKeyStore)
public:
    explicit SessionKeyStore(std::unique_ptr<KeyStore> keychain, QObject *parent = nullptr);
    ~SessionKeyStore() override;

    //! Keeps `value` in memory until the app quits; emits keyChanged(name).
    void keepForSession(
        const QString &value, Callback<Unit> done, const QString &name = apiKeyName());
    bool hasSessionValue(const QString &name = apiKeyName()) const;

protected:
    void doRead(const QString &name, Callback<QString> done) override;
    void doWrite(const QString &name, const QString &value, Callback<Unit> done) override;
    void doRemove(const QString &name, Callback<Unit> done) override;

private:
    std::unique_ptr<KeyStore> m_keychain;
    MemoryKeyStore m_session;
    QSet<QString> m_sessionNames;
};

} // namespace Hopx::Core

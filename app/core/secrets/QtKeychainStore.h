// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/secrets/KeyStore.h"

namespace Hopx::Core {

/*! \brief KeyStore over the OS keychain through QtKeychain (Secret Service / KWallet on Linux).
 *
 * One QtKeychain job per call. No insecure fallback: a secret never lands in a plain file.
 * When no keychain daemon answers, operations fail with Error::Code::Unavailable whose
 * message tells the user what to install. Built without QtKeychain (no HOPX_HAVE_KEYCHAIN),
 * every operation fails that way too.
 */
class QtKeychainStore final : public KeyStore
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(QtKeychainStore)
public:
    //! `service` other than "hopx-desktop" is for tests, so they never touch the user's key.
    explicit QtKeychainStore(const QString &service = serviceName(), QObject *parent = nullptr);

    QString service() const { return m_service; }

protected:
    void doRead(const QString &name, Callback<QString> done) override;
    void doWrite(const QString &name, const QString &value, Callback<Unit> done) override;
    void doRemove(const QString &name, Callback<Unit> done) override;

private:
    QString m_service;
};

} // namespace Hopx::Core

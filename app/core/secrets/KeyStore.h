// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"

#include <QObject>
#include <QString>

namespace Hopx::Core {

/*! \brief Where the app keeps its secrets: the HOPX API key, and later the HTTP bearer token.
 *
 * Each secret is an entry of the service `hopx-desktop` named by `name` ("api-key" unless
 * said otherwise). Every operation is asynchronous and ends with exactly one call of its
 * callback, never synchronously from inside the call. Reading an entry that does not exist
 * fails with Error::Code::NotFound; a keychain that cannot be reached fails with
 * Error::Code::Unavailable and a sentence saying what to install. Implementations never log
 * a secret's value.
 */
class KeyStore : public QObject
{
    Q_OBJECT
public:
    static QString serviceName() { return QStringLiteral("hopx-desktop"); }
    static QString apiKeyName() { return QStringLiteral("api-key"); }
    static QString httpTokenName() { return QStringLiteral("http-token"); }

    using QObject::QObject;
    ~KeyStore() override = default;

    void read(Callback<QString> done, const QString &name = apiKeyName())
    {
        doRead(name, std::move(done));
    }
    //! Replaces the entry; emits keyChanged(name) on success.
    void write(const QString &value, Callback<Unit> done, const QString &name = apiKeyName())
    {
        doWrite(name, value, std::move(done));
    }
    //! Removing an entry that does not exist succeeds; emits keyChanged(name) on success.
    void remove(Callback<Unit> done, const QString &name = apiKeyName())
    {
        doRemove(name, std::move(done));
    }

signals:
    //! An entry was written or removed through this store (connect without arguments if the
    //! name does not matter).
    void keyChanged(const QString &name);

protected:
    // Non-virtual public calls with defaults over protected virtuals: default arguments on
    // virtual functions bind statically, so they live in one place only.
    virtual void doRead(const QString &name, Callback<QString> done) = 0;
    virtual void doWrite(const QString &name, const QString &value, Callback<Unit> done) = 0;
    virtual void doRemove(const QString &name, Callback<Unit> done) = 0;
};

} // namespace Hopx::Core

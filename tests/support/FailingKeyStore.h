// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/secrets/MemoryKeyStore.h"

#include <QMetaObject>

namespace Hopx::Test {

/*! \brief A keychain that stops answering on demand, for tests of an unavailable keychain.
 *
 * While a failure is set, every operation ends with it (asynchronously, as the real stores
 * do); otherwise it is a MemoryKeyStore. It lives here, not in the product: nothing the app
 * ships can be told to fail.
 */
class FailingKeyStore final : public Core::KeyStore
{
public:
    FailingKeyStore()
    {
        QObject::connect(&m_memory, &Core::KeyStore::keyChanged, this, &Core::KeyStore::keyChanged);
    }

    //! An error with an empty message restores normal operation.
    void setFailure(const Core::Error &error) { m_failure = error; }

protected:
    void doRead(const QString &name, Core::Callback<QString> done) override
    {
        if (failing())
            return fail(std::move(done));
        m_memory.read(std::move(done), name);
    }
    void doWrite(
        const QString &name, const QString &value, Core::Callback<Core::Unit> done) override
    {
        if (failing())
            return fail(std::move(done));
        m_memory.write(value, std::move(done), name);
    }
    void doRemove(const QString &name, Core::Callback<Core::Unit> done) override
    {
        if (failing())
            return fail(std::move(done));
        m_memory.remove(std::move(done), name);
    }

private:
    bool failing() const { return !m_failure.message.isEmpty(); }
    template<typename T>
    void fail(Core::Callback<T> done)
    {
        QMetaObject::invokeMethod(
            this, [error = m_failure, done = std::move(done)] { done(error); },
            Qt::QueuedConnection);
    }

    Core::MemoryKeyStore m_memory;
    Core::Error m_failure;
};

} // namespace Hopx::Test

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/secrets/QtKeychainStore.h"

#include "core/manager/ProviderPolicy.h"

#include <QLoggingCategory>
#include <QMetaObject>
#include <QPointer>

#ifdef HOPX_HAVE_KEYCHAIN
#include <qt6keychain/keychain.h>
#endif

Q_LOGGING_CATEGORY(lcKeyStore, "hopx.keystore", QtInfoMsg)

namespace Hopx::Core {

namespace {

QString unavailableMessage()
{
    return QtKeychainStore::tr(
        "No keychain service is running (install gnome-keyring or KWallet and make sure it runs in "
        "your desktop session), so the HOPX API key cannot be stored. Set %1 instead, or "
        "keep the key in memory for this session.")
        .arg(ProviderPolicy::apiKeyVariable());
}

#ifdef HOPX_HAVE_KEYCHAIN
Error toError(QKeychain::Job *job, const QString &name)
{
    // errorString() describes the backend's failure; it never contains the secret.
    const QJsonObject details {
        {QStringLiteral("keychain_error"), job->errorString()}, {QStringLiteral("entry"), name}};
    switch (job->error()) {
    case QKeychain::EntryNotFound:
        return Error::make(Error::Code::NotFound,
            QtKeychainStore::tr("No secret named \"%1\" is stored in the keychain.").arg(name),
            details);
    case QKeychain::NoBackendAvailable:
    case QKeychain::OtherError:
    case QKeychain::NotImplemented:
        return Error::make(Error::Code::Unavailable, unavailableMessage(), details,
            QStringLiteral("Keychain unavailable"));
    case QKeychain::AccessDenied:
    case QKeychain::AccessDeniedByUser:
        return Error::make(Error::Code::Unavailable,
            QtKeychainStore::tr("Access to the keychain was denied; unlock it (or "
                                "allow HOPX Desktop) and try again."),
            details, QStringLiteral("Keychain unavailable"));
    case QKeychain::CouldNotDeleteEntry:
    case QKeychain::NoError:
        break;
    }
    return Error::make(Error::Code::Internal,
        QtKeychainStore::tr("The keychain failed: %1").arg(job->errorString()), details);
}

// Connects `finished` before start() and hands the result over through the event loop:
// some backends finish inside start(), and callers must never be called back synchronously.
template<typename Job, typename Handler>
void runJob(QtKeychainStore *store, Job *job, Handler handler)
{
    job->setAutoDelete(true);
    QObject::connect(job, &QKeychain::Job::finished, store,
        [store = QPointer<QtKeychainStore>(store), handler](QKeychain::Job *j) {
            if (!store)
                return;
            auto *typed = static_cast<Job *>(j);
            QMetaObject::invokeMethod(
                store.data(), [h = handler(typed)] { h(); }, Qt::QueuedConnection);
        });
    job->start();
}
#endif

} // namespace

QtKeychainStore::QtKeychainStore(const QString &service, QObject *parent)
    : KeyStore(parent)
    , m_service(service)
{ }

#ifdef HOPX_HAVE_KEYCHAIN

void QtKeychainStore::doRead(const QString &name, Callback<QString> done)
{
    auto *job = new QKeychain::ReadPasswordJob(m_service, this);
    job->setKey(name);
    runJob(this, job, [name, done](QKeychain::ReadPasswordJob *j) -> std::function<void()> {
        if (j->error() != QKeychain::NoError) {
            const Error e = toError(j, name);
            if (e.code != Error::Code::NotFound)
                qCWarning(lcKeyStore) << "reading" << name << "failed:" << j->errorString();
            return [done, e] { done(e); };
        }
        return [done, value = j->textData()] { done(value); };
    });
}

void QtKeychainStore::doWrite(const QString &name, const QString &value, Callback<Unit> done)
{
    auto *job = new QKeychain::WritePasswordJob(m_service, this);
    job->setKey(name);
    job->setTextData(value);
    QPointer<QtKeychainStore> self(this);
    runJob(this, job, [self, name, done](QKeychain::WritePasswordJob *j) -> std::function<void()> {
        if (j->error() != QKeychain::NoError) {
            qCWarning(lcKeyStore) << "writing" << name << "failed:" << j->errorString();
            return [done, e = toError(j, name)] { done(e); };
        }
        return [self, done, name] {
            done(Unit {});
            if (self)
                emit self->keyChanged(name);
        };
    });
}

void QtKeychainStore::doRemove(const QString &name, Callback<Unit> done)
{
    auto *job = new QKeychain::DeletePasswordJob(m_service, this);
    job->setKey(name);
    QPointer<QtKeychainStore> self(this);
    runJob(this, job, [self, name, done](QKeychain::DeletePasswordJob *j) -> std::function<void()> {
        // Removing what is not there is what the caller wanted anyway.
        if (j->error() != QKeychain::NoError && j->error() != QKeychain::EntryNotFound) {
            qCWarning(lcKeyStore) << "removing" << name << "failed:" << j->errorString();
            return [done, e = toError(j, name)] { done(e); };
        }
        return [self, done, name] {
            done(Unit {});
            if (self)
                emit self->keyChanged(name);
        };
    });
}

#else // no QtKeychain at build time

void QtKeychainStore::doRead(const QString &, Callback<QString> done)
{
    QMetaObject::invokeMethod(
        this, [done] { done(Error::make(Error::Code::Unavailable, unavailableMessage())); },
        Qt::QueuedConnection);
}

void QtKeychainStore::doWrite(const QString &, const QString &, Callback<Unit> done)
{
    QMetaObject::invokeMethod(
        this, [done] { done(Error::make(Error::Code::Unavailable, unavailableMessage())); },
        Qt::QueuedConnection);
}

void QtKeychainStore::doRemove(const QString &, Callback<Unit> done)
{
    QMetaObject::invokeMethod(
        this, [done] { done(Error::make(Error::Code::Unavailable, unavailableMessage())); },
        Qt::QueuedConnection);
}

#endif

} // namespace Hopx::Core

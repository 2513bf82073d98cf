// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"
#include "core/settings/NetworkPolicy.h"

#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>

#include <functional>
#include <memory>

namespace Hopx::Core {
class SecretStore;
class Settings;
} // namespace Hopx::Core

namespace Hopx::Local {

class EgressCa;
class EgressProxy;
class PackageCache;

/*! \brief What every allowlist sandbox's egress proxy shares: this installation's CA (for
 *  secrets sent over HTTPS), the package cache, and the network settings; and the making of
 *  each proxy, which it keeps in step with the keychain's secrets.
 */
class EgressSetup : public QObject
{
    Q_OBJECT
public:
    struct Options
    {
        QString caDir; // empty = $XDG_STATE_HOME/hopx-desktop/egress-ca
        QString packageCacheDir; // empty = PackageStore::defaultRoot()
    };

    EgressSetup(Core::Settings *settings, const Options &options);
    ~EgressSetup();

    /*! Makes (or loads) the CA and has the sandboxes trust it: added to the CA bundle of the
     *  staged \a etcDir and written for NODE_EXTRA_CA_CERTS into \a libDir. Without it
     *  (logged) secrets work over plain HTTP only. */
    void prepareCa(const QString &etcDir, const QString &libDir);
    PackageCache *packages() const { return m_packages.get(); }

    using LogLine = std::function<void(const QString &line)>;
    /*! The egress proxy of allowlist sandbox \a id, listening in \a dir (made private), or why
     *  it cannot listen. Every decision it takes goes to \a log, a line each. */
    Core::Result<EgressProxy *> makeProxy(const QString &id, const Core::NetworkPolicy &policy,
        const QString &dir, const LogLine &log);
    /*! Keeps every proxy made here in step with \a store: a revoked secret leaves them all
     *  before the keychain has even answered; a changed value reaches those that bind it. */
    void followSecrets(Core::SecretStore *store);

private:
    QPointer<Core::Settings> m_settings;
    Options m_options;
    std::unique_ptr<EgressCa> m_ca;
    std::unique_ptr<PackageCache> m_packages;
    QPointer<Core::SecretStore> m_secrets;
    QList<QPointer<EgressProxy>> m_proxies; // owned by their sandboxes
};

} // namespace Hopx::Local

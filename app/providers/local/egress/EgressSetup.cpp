// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/egress/EgressSetup.h"

#include "providers/local/LocalLogging.h"
#include "providers/local/boot/BwrapCommand.h"
#include "providers/local/boot/XdgBaseDir.h"
#include "providers/local/egress/EgressCa.h"
#include "providers/local/egress/EgressProxy.h"
#include "providers/local/egress/SecretBindings.h"
#include "providers/local/packages/PackageCache.h"

#include "core/secrets/SecretStore.h"
#include "core/settings/NetworkLog.h"
#include "core/settings/Settings.h"

#include <QDir>
#include <QFile>
#include <QSslCertificate>

namespace Hopx::Local {

EgressSetup::EgressSetup(Core::Settings *settings, const Options &options)
    : m_settings(settings)
    , m_options(options)
    , m_packages(std::make_unique<PackageCache>(settings,
          PackageCache::Options {options.packageCacheDir,
              QStringLiteral("http://127.0.0.1:%1").arg(BwrapCommand::kProxyPort)}))
{ }

EgressSetup::~EgressSetup() = default;

void EgressSetup::prepareCa(const QString &etcDir, const QString &libDir)
{
    const QString dir = m_options.caDir.isEmpty()
        ? xdgBaseDir("XDG_STATE_HOME", QStringLiteral(".local/state"))
            + QStringLiteral("/hopx-desktop/egress-ca")
        : m_options.caDir;
    auto ca = std::make_unique<EgressCa>(dir);
    if (const auto prepared = ca->prepare(); !prepared) {
        qCWarning(lcLocal).noquote()
            << "secrets work for plain HTTP only:" << prepared.error().message;
        return;
    }
    // Sandboxes trust it through their system bundle (the staged /etc, read-only to them) and
    // a file of its own for NODE_EXTRA_CA_CERTS; its key stays in `dir`, never mounted.
    const QString bundle = etcDir + QStringLiteral("/ssl/certs/ca-certificates.crt");
    QFile system(bundle);
    QByteArray roots;
    if (system.open(QIODevice::ReadOnly))
        roots = system.readAll();
    system.close();
    QFile::remove(bundle); // a copied symlink into /usr must not be written through
    QFile out(bundle);
    QFile extra(libDir + QStringLiteral("/egress-ca.crt"));
    if (!out.open(QIODevice::WriteOnly) || out.write(roots + '\n' + ca->certificatePem()) < 0
        || !extra.open(QIODevice::WriteOnly | QIODevice::Truncate)
        || extra.write(ca->certificatePem()) < 0) {
        qCWarning(lcLocal).noquote() << "secrets work for plain HTTP only: cannot write" << bundle;
        return;
    }
    m_ca = std::move(ca);
}

Core::Result<EgressProxy *> EgressSetup::makeProxy(
    const QString &id, const Core::NetworkPolicy &policy, const QString &dir, const LogLine &log)
{
    EgressProxy::Rules rules;
    rules.policy = policy;
    rules.packages = m_packages.get();
    rules.ca = m_ca.get();
    if (m_settings) {
        rules.hostMap = EgressProxy::parseHostMap(m_settings->egressHostMap());
        for (const QString &file : m_settings->upstreamCaFiles()) {
            const QList<QSslCertificate> certs = QSslCertificate::fromPath(file);
            if (certs.isEmpty())
                qCWarning(lcLocal).noquote()
                    << "no CA certificate in" << file << "(network/upstreamCaFiles)";
            rules.upstreamCas += certs;
        }
    }
    auto *proxy = new EgressProxy(id, rules);
    QDir().mkpath(dir);
    QFile::setPermissions(
        dir, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    if (auto listening = proxy->listen(dir + QStringLiteral("/proxy.sock")); !listening) {
        delete proxy;
        return listening.error();
    }
    // Every decision reaches the Logs view as a line of the sandbox's "network" stream.
    QObject::connect(proxy, &EgressProxy::decided, proxy,
        [log](const QString &host, quint16 port, bool allowed, const QString &reason) {
            log((allowed ? Core::NetworkLog::allowedLine(host, port)
                         : Core::NetworkLog::deniedLine(host, port, reason))
                + QLatin1Char('\n'));
        });
    QObject::connect(proxy, &EgressProxy::secretNoted, proxy,
        [log](const QString &line) { log(line + QLatin1Char('\n')); });
    m_proxies.removeAll(nullptr);
    m_proxies.append(proxy);
    return proxy;
}

void EgressSetup::followSecrets(Core::SecretStore *store)
{
    if (m_secrets)
        disconnect(m_secrets, nullptr, this, nullptr);
    m_secrets = store;
    if (!store)
        return;
    connect(store, &Core::SecretStore::revoked, this, [this](const QString &name) {
        for (EgressProxy *proxy : std::as_const(m_proxies))
            if (proxy)
                proxy->secrets().revoke(name);
        qCInfo(lcLocal).noquote() << "secret" << name << "revoked: no sandbox gets it any more";
    });
    connect(store, &Core::SecretStore::changed, this, [this](const QString &name) {
        const std::optional<Core::SecretStore::Entry> entry = m_secrets->find(name);
        if (!entry)
            return;
        QPointer<EgressSetup> self(this);
        m_secrets->readValue(name, [self, entry](Core::Result<QString> value) {
            if (!self || !value)
                return;
            for (EgressProxy *proxy : std::as_const(self->m_proxies))
                if (proxy)
                    proxy->secrets().update(entry->name, value.value().toUtf8(), entry->hosts,
                        entry->inQuery, entry->inBody);
        });
    });
}

} // namespace Hopx::Local

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/packages/PackageCache.h"

#include "providers/local/packages/PackageLogging.h"
#include "providers/local/packages/PackageRequest.h"

#include "core/settings/Settings.h"

#include <QNetworkAccessManager>
#include <QNetworkProxy>

namespace Hopx::Local {

namespace {

constexpr int kMaxRemembered = 200000;
constexpr const char *kPrefix = "/hopx-cache/";

qint64 capBytes(const Core::Settings *settings)
{
    return qint64(qMax(64, settings ? settings->packageCacheMaxMb() : 2048)) << 20;
}

} // namespace

PackageCache::PackageCache(Core::Settings *settings, const Options &options, QObject *parent)
    : QObject(parent)
    , m_settings(settings)
    , m_options(options)
    , m_store(
          options.root.isEmpty() ? PackageStore::defaultRoot() : options.root, capBytes(settings))
    , m_network(new QNetworkAccessManager(this))
{
    // The app dials the address the sandbox's policy checked, itself, like the proxy does.
    m_network->setProxy(QNetworkProxy::NoProxy);
    const auto prepared = m_store.prepare();
    m_ready = prepared.ok();
    if (!m_ready) {
        m_error = prepared.error().message;
        qCWarning(lcPackages).noquote() << "package cache unavailable:" << m_error;
    }
    if (settings) {
        connect(settings, &Core::Settings::changed, this, [this](const QString &key) {
            if (key == QLatin1String("packages/cacheMaxMb"))
                m_store.setCapBytes(capBytes(m_settings));
        });
    }
}

PackageCache::~PackageCache() = default;

QByteArray PackageCache::cachePath(const QByteArray &target) const
{
    QByteArray path = target;
    const QByteArray origin = m_options.sandboxOrigin.toLatin1();
    if (!origin.isEmpty() && path.startsWith(QByteArray(origin + kPrefix)))
        path = path.mid(origin.size());
    return path.startsWith(kPrefix) ? path.mid(int(qstrlen(kPrefix))) : QByteArray();
}

QObject *PackageCache::serve(
    QLocalSocket *client, EgressProxy *proxy, const QByteArray &method, const QByteArray &path)
{
    return new PackageRequest(client, proxy, this, method, path);
}

QList<QPair<QByteArray, QByteArray>> PackageCache::sandboxEnvironment(const QByteArray &origin)
{
    return {
        {"PIP_INDEX_URL", origin + kPrefix + "pypi/simple/"},
        {"npm_config_registry", origin + kPrefix + "npm/"},
    };
}

QUrl PackageCache::pypiIndex() const
{
    return QUrl(
        m_settings ? m_settings->packagePypiIndex() : QStringLiteral("https://pypi.org/simple/"));
}

QUrl PackageCache::npmRegistry() const
{
    return QUrl(m_settings ? m_settings->packageNpmRegistry()
                           : QStringLiteral("https://registry.npmjs.org/"));
}

void PackageCache::remember(const QList<PackageIndexRewrite::Link> &links)
{
    if (m_upstream.size() + links.size() > kMaxRemembered)
        m_upstream.clear(); // pages are fetched again before their files are
    for (const PackageIndexRewrite::Link &l : links)
        m_upstream.insert(l.key, l.upstream);
}

} // namespace Hopx::Local

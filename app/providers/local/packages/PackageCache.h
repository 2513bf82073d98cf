// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "providers/local/packages/PackageIndexRewrite.h"
#include "providers/local/packages/PackageStore.h"

#include <QHash>
#include <QObject>
#include <QPointer>
#include <QUrl>

class QLocalSocket;
class QNetworkAccessManager;

namespace Hopx::Core {
class Settings;
}

namespace Hopx::Local {

class EgressProxy;

/*! \brief The sandboxes' shared pull-through cache of Python and npm packages.
 *
 * A sandbox's pip and npm use http://127.0.0.1:3128/hopx-cache/pypi/simple/ and
 * …/hopx-cache/npm/ as their index: plain-HTTP requests on the egress proxy's socket, which
 * hands them here instead of forwarding them (PackageRequest answers each). The app fetches
 * upstream itself (HTTPS to the index of the settings), through the sandbox's own
 * EgressProxy::decide(): only hosts the sandbox's policy allows, every decision logged, the
 * checked address dialled. Index pages are fetched fresh and kept for when the index is
 * unreachable; files are kept by content address (PackageStore), verified against the hash
 * the index published before they are stored or served.
 */
class PackageCache final : public QObject
{
    Q_OBJECT
public:
    struct Options
    {
        QString root; // empty = PackageStore::defaultRoot()
        QString sandboxOrigin; // how sandboxes reach the proxy, e.g. "http://127.0.0.1:3128"
    };
    static constexpr qint64 kPageMaxAgeSeconds = 24 * 3600;

    PackageCache(Core::Settings *settings, const Options &options, QObject *parent = nullptr);
    ~PackageCache() override;

    //! The path under /hopx-cache/ that request target \a target names (origin form, or an
    //! absolute URL on the sandbox's proxy origin); empty when it names none.
    QByteArray cachePath(const QByteArray &target) const;
    //! Answers one request on \a client; the returned object lives until it has answered.
    QObject *serve(
        QLocalSocket *client, EgressProxy *proxy, const QByteArray &method, const QByteArray &path);

    //! The environment that points a sandbox's pip and npm at the cache.
    static QList<QPair<QByteArray, QByteArray>> sandboxEnvironment(const QByteArray &origin);

    QString sandboxOrigin() const { return m_options.sandboxOrigin; }
    QUrl pypiIndex() const;
    QUrl npmRegistry() const;
    PackageStore *store() { return &m_store; }
    bool ready() const { return m_ready; }
    QString unavailableReason() const { return m_error; }
    QNetworkAccessManager *network() const { return m_network; }

    //! Links of an index page just served: which upstream URL a key's file comes from.
    void remember(const QList<PackageIndexRewrite::Link> &links);
    QUrl upstreamFor(const QString &key) const { return m_upstream.value(key); }

private:
    QPointer<Core::Settings> m_settings;
    Options m_options;
    PackageStore m_store;
    QNetworkAccessManager *m_network;
    QHash<QString, QUrl> m_upstream;
    QString m_error;
    bool m_ready = false;
};

} // namespace Hopx::Local

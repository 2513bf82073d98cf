// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "providers/local/agentlink/SpliceRelay.h"
#include "providers/local/egress/SecretBindings.h"

#include "core/base/Result.h"
#include "core/settings/NetworkPolicy.h"

#include <QHash>
#include <QHostAddress>
#include <QObject>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QStringList>

#include <functional>
#include <memory>

class QLocalSocket;

namespace Hopx::Local {

class EgressCa;
class EgressListener;
class PackageCache;
class UpstreamTlsPool;

/*! \brief One sandbox's way out: an HTTP proxy (CONNECT and absolute-URI requests) on a Unix
 *  socket that is bind-mounted into the sandbox, which has no network device but loopback.
 *
 * Every request's host is checked against the sandbox's NetworkPolicy before anything is
 * resolved, so DNS happens here and only for allowed names. What a name resolves to is
 * checked again: loopback, link-local, private and multicast addresses are never dialled
 * (the host's own services, the app's HTTP port, the LAN, cloud metadata), unless the user's
 * host map (Settings "network/hostMap") names that address for that host. The address that
 * was checked is the address that is dialled, so a rebinding DNS answer cannot slip past.
 * Unix sockets are never dialled at all. Clients come from EgressListener: the sandbox's own
 * TCP connections, which its agent hands over, and programs that dial the socket themselves.
 *
 * A denied request gets a 403 whose body names the host and how to allow it; decided()
 * reports every allowed and denied connection for the log, and deniedSince() lets an
 * execution say which hosts it was refused.
 */
class EgressProxy final : public QObject
{
    Q_OBJECT
public:
    struct MappedHost
    {
        QHostAddress address;
        quint16 port = 0; // 0 = any port; otherwise only this one
    };
    struct Rules
    {
        Core::NetworkPolicy policy;
        QHash<QString, MappedHost> hostMap; // lower-case name -> address, no DNS
        PackageCache *packages = nullptr; // answers /hopx-cache/ requests; null: none
        //! Presents certificates for the hosts of the sandbox's secrets; null: no TLS of ours.
        EgressCa *ca = nullptr;
        //! Trusted for upstream TLS besides the system's store (Settings
        //! "network/upstreamCaFiles").
        QList<QSslCertificate> upstreamCas;
    };
    //! The verdict on one host: an address to dial, or why not (empty address).
    using Verdict = std::function<void(const QHostAddress &address, const QString &denial)>;

    EgressProxy(const QString &sandboxId, const Rules &rules, QObject *parent = nullptr);
    ~EgressProxy() override;

    //! Listens on \a socketPath (created 0600; an old file there is replaced), of any length.
    Core::Result<Core::Unit> listen(const QString &socketPath);
    //! The path listen() was given (empty when not listening).
    QString socketPath() const;
    const Core::NetworkPolicy &policy() const { return m_rules.policy; }
    QString sandboxId() const { return m_sandboxId; }
    PackageCache *packageCache() const { return m_rules.packages; }
    //! The secrets this sandbox holds; the provider adds, updates and revokes them.
    const SecretBindings &secrets() const { return m_secrets; }
    SecretBindings &secrets() { return m_secrets; }
    //! Where the TLS of a secret's host is ended; null when none can be.
    EgressCa *ca() const { return m_rules.ca; }
    //! TLS towards a secret's host: the system's trust store plus the user's extra CAs.
    const QSslConfiguration &upstreamTls() const { return m_upstreamTls; }
    //! This sandbox's idle connections to its secrets' hosts (never another sandbox's).
    UpstreamTlsPool *upstreamPool() const { return m_upstreamPool; }
    //! Counts \a connection among openConnections() until it is destroyed.
    void track(QObject *connection);
    //! Logs what a rewrite did (names and host, never a value) and emits secretNoted().
    void noteSecrets(const QString &host, const SecretBindings::Report &report);
    //! Allows \a host from now on for this sandbox (the user's "allow once").
    void allowHost(const QString &host);

    //! A counter of denials so far; deniedSince(mark) gives the hosts denied after it.
    quint64 deniedMark() const { return m_deniedTotal; }
    QStringList deniedSince(quint64 mark) const;
    int openConnections() const { return m_open + m_relays->active(); }
    //! The tunnels of this proxy's connections, ended with it.
    const std::shared_ptr<SpliceRelay::Group> &relays() const { return m_relays; }

    //! Decides on \a host:\a port and calls \a verdict once (maybe synchronously).
    void decide(const QString &host, quint16 port, const Verdict &verdict);
    //! The 403 body for \a host (also what the tool result says).
    static QString denialText(const QString &host, const QString &reason);
    //! Loopback, link-local, private, CGNAT, multicast, unspecified (also v4-mapped).
    static bool isForbiddenAddress(const QHostAddress &address);
    //! "name=address" or "name=address:port" ("name=[v6]:port") lines (the setting) as a
    //! map; malformed lines are skipped.
    static QHash<QString, MappedHost> parseHostMap(const QStringList &pairs);

Q_SIGNALS:
    void decided(const QString &host, quint16 port, bool allowed, const QString &reason);
    //! "secret NAME used for HOST" / "secret NAME offered to HOST", for the Logs view.
    void secretNoted(const QString &line);

private:
    void onClient(QLocalSocket *client);
    void deny(const QString &host, quint16 port, const QString &reason, const Verdict &verdict);

    QString m_sandboxId;
    Rules m_rules;
    SecretBindings m_secrets;
    QSslConfiguration m_upstreamTls;
    UpstreamTlsPool *m_upstreamPool;
    EgressListener *m_server = nullptr;
    QString m_socketPath;
    std::shared_ptr<SpliceRelay::Group> m_relays;
    QStringList m_recentDenied; // bounded, newest last
    quint64 m_deniedTotal = 0;
    int m_open = 0;
};

} // namespace Hopx::Local

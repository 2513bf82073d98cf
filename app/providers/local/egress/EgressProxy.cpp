// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/egress/EgressProxy.h"

#include "providers/local/LocalLogging.h"
#include "providers/local/egress/EgressConnection.h"
#include "providers/local/egress/EgressListener.h"
#include "providers/local/egress/UpstreamTlsPool.h"

#include "core/settings/NetworkLog.h"

#include <QFile>
#include <QHostInfo>
#include <QLocalSocket>
#include <QPointer>
#include <QSslSocket>

namespace Hopx::Local {

namespace {

constexpr int kMaxRecentDenied = 64;
constexpr int kMaxConnections = 64; // per sandbox: with kMaxPending, bounds what it can pin

} // namespace

EgressProxy::EgressProxy(const QString &sandboxId, const Rules &rules, QObject *parent)
    : QObject(parent)
    , m_sandboxId(sandboxId)
    , m_rules(rules)
    , m_upstreamPool(new UpstreamTlsPool(this))
    , m_relays(std::make_shared<SpliceRelay::Group>())
{
    m_upstreamTls = QSslConfiguration::defaultConfiguration();
    m_upstreamTls.addCaCertificates(rules.upstreamCas);
    m_upstreamTls.setPeerVerifyMode(QSslSocket::VerifyPeer);
    m_upstreamTls.setAllowedNextProtocols({QByteArrayLiteral("http/1.1")});
}

EgressProxy::~EgressProxy()
{
    m_relays->stop();
    if (m_server) {
        delete m_server; // closes the socket
        QFile::remove(m_socketPath);
    }
}

Core::Result<Core::Unit> EgressProxy::listen(const QString &socketPath)
{
    m_server = new EgressListener(this);
    if (auto listening = m_server->listenAt(socketPath); !listening) {
        delete m_server;
        m_server = nullptr;
        return listening;
    }
    m_socketPath = socketPath;
    connect(m_server, &EgressListener::clientReady, this, &EgressProxy::onClient);
    return Core::Unit {};
}

QString EgressProxy::socketPath() const
{
    return m_server ? m_socketPath : QString();
}

void EgressProxy::allowHost(const QString &host)
{
    if (m_rules.policy.mode == Core::NetworkPolicy::Mode::None)
        m_rules.policy = Core::NetworkPolicy::allowlist({});
    m_rules.policy.add(host);
}

void EgressProxy::noteSecrets(const QString &host, const SecretBindings::Report &report)
{
    for (const QString &name : report.used) {
        const QString line = Core::NetworkLog::secretUsedLine(name, host);
        qCInfo(lcLocal).noquote() << "egress:" << line << "- sandbox" << m_sandboxId;
        emit secretNoted(line);
    }
    for (const QString &name : report.offered) {
        const QString line = Core::NetworkLog::secretOfferedLine(name, host);
        qCWarning(lcLocal).noquote() << "egress:" << line << "- sandbox" << m_sandboxId;
        emit secretNoted(line);
    }
}

QStringList EgressProxy::deniedSince(quint64 mark) const
{
    QStringList hosts;
    const quint64 first = m_deniedTotal - quint64(m_recentDenied.size());
    for (int i = 0; i < m_recentDenied.size(); ++i) {
        if (first + quint64(i) >= mark && !hosts.contains(m_recentDenied.at(i)))
            hosts << m_recentDenied.at(i);
    }
    return hosts;
}

void EgressProxy::onClient(QLocalSocket *client)
{
    if (openConnections() >= kMaxConnections) {
        client->abort();
        client->deleteLater();
        return;
    }
    track(new EgressConnection(client, this));
}

void EgressProxy::track(QObject *connection)
{
    ++m_open;
    connect(connection, &QObject::destroyed, this, [this]() { --m_open; });
}

void EgressProxy::deny(
    const QString &host, quint16 port, const QString &reason, const Verdict &verdict)
{
    ++m_deniedTotal;
    m_recentDenied << host;
    while (m_recentDenied.size() > kMaxRecentDenied)
        m_recentDenied.removeFirst();
    qCInfo(lcLocal).noquote() << "egress denied: sandbox" << m_sandboxId << "host" << host << "port"
                              << port << "-" << reason;
    emit decided(host, port, false, reason);
    verdict({}, reason);
}

void EgressProxy::decide(const QString &rawHost, quint16 port, const Verdict &verdict)
{
    const QString host = Core::NetworkPolicy::normalizeHost(rawHost);
    if (host.isEmpty() || host.startsWith(QLatin1String("*.")) || port == 0) {
        deny(rawHost.left(255), port, Core::NetworkLog::invalidHost(), verdict);
        return;
    }
    const QHostAddress literal(host);
    const QString forbidden = Core::NetworkLog::privateAddress();
    // Before the allowlist: the log then says why no allowlist entry could let it through.
    if (!literal.isNull() && isForbiddenAddress(literal) && !m_rules.hostMap.contains(host)) {
        deny(host, port, forbidden, verdict);
        return;
    }
    if (!m_rules.policy.allows(host)) {
        deny(host, port, Core::NetworkLog::notListed(), verdict);
        return;
    }
    auto accept = [this, host, port, verdict](const QHostAddress &address) {
        qCInfo(lcLocal).noquote() << "egress allowed: sandbox" << m_sandboxId << "host" << host
                                  << "port" << port;
        emit decided(host, port, true, address.toString());
        verdict(address, {});
    };
    const auto mapped = m_rules.hostMap.constFind(host);
    if (mapped != m_rules.hostMap.constEnd()) {
        // A mapped name may point at this machine; then only at the port the user named.
        if (mapped->port != 0 && mapped->port != port)
            deny(host, port, Core::NetworkLog::portOnly(mapped->port), verdict);
        else
            accept(mapped->address);
        return;
    }
    if (!literal.isNull()) {
        if (isForbiddenAddress(literal))
            deny(host, port, forbidden, verdict);
        else
            accept(literal);
        return;
    }
    QPointer<EgressProxy> self(this);
    QHostInfo::lookupHost(host, this, [self, host, port, verdict, accept](const QHostInfo &info) {
        if (!self)
            return;
        QHostAddress chosen;
        for (const QHostAddress &a : info.addresses()) {
            if (isForbiddenAddress(a)) {
                // One forbidden answer taints the name: it may be a rebinding attempt.
                self->deny(host, port, Core::NetworkLog::resolvesToPrivate(a.toString()), verdict);
                return;
            }
            if (chosen.isNull()
                || (chosen.protocol() != QAbstractSocket::IPv4Protocol
                    && a.protocol() == QAbstractSocket::IPv4Protocol))
                chosen = a;
        }
        if (chosen.isNull()) {
            self->deny(host, port, Core::NetworkLog::unresolved(info.errorString()), verdict);
            return;
        }
        accept(chosen);
    });
}

QString EgressProxy::denialText(const QString &host, const QString &reason)
{
    return QStringLiteral(
        "HOPX Desktop blocked the connection to %1 (%2). To allow it, the user can choose "
        "\"Allow host\" for this denial in HOPX Desktop's Logs view, or the sandbox can be "
        "created with network {\"allow\": [\"%1\"]}.")
        .arg(host, reason);
}

bool EgressProxy::isForbiddenAddress(const QHostAddress &address)
{
    bool mapped = false;
    const quint32 v4 = address.toIPv4Address(&mapped);
    if (address.protocol() == QAbstractSocket::IPv4Protocol || mapped) {
        const QHostAddress a(v4);
        static const QPair<QHostAddress, int> ranges[] = {
            QHostAddress::parseSubnet(QStringLiteral("0.0.0.0/8")),
            QHostAddress::parseSubnet(QStringLiteral("10.0.0.0/8")),
            QHostAddress::parseSubnet(QStringLiteral("100.64.0.0/10")),
            QHostAddress::parseSubnet(QStringLiteral("127.0.0.0/8")),
            QHostAddress::parseSubnet(QStringLiteral("169.254.0.0/16")),
            QHostAddress::parseSubnet(QStringLiteral("172.16.0.0/12")),
            QHostAddress::parseSubnet(QStringLiteral("192.168.0.0/16")),
            QHostAddress::parseSubnet(QStringLiteral("224.0.0.0/3")),
        };
        for (const auto &r : ranges) {
            if (a.isInSubnet(r))
                return true;
        }
        return false;
    }
    return address.isLoopback() || address.isLinkLocal() || address.isSiteLocal()
        || address.isUniqueLocalUnicast() || address.isMulticast()
        || address == QHostAddress(QHostAddress::AnyIPv6) || address.isNull();
}

QHash<QString, EgressProxy::MappedHost> EgressProxy::parseHostMap(const QStringList &pairs)
{
    QHash<QString, MappedHost> map;
    for (const QString &line : pairs) {
        const int eq = line.indexOf(QLatin1Char('='));
        if (eq <= 0)
            continue;
        const QString name = Core::NetworkPolicy::normalizeHost(line.left(eq));
        QString target = line.mid(eq + 1).trimmed();
        MappedHost m;
        const int colon = target.lastIndexOf(QLatin1Char(':'));
        const bool bracketed = target.startsWith(QLatin1Char('['));
        if (colon > 0 && (bracketed || target.count(QLatin1Char(':')) == 1)) {
            bool ok = false;
            const uint port = target.mid(colon + 1).toUInt(&ok);
            if (!ok || port == 0 || port > 65535)
                continue;
            m.port = quint16(port);
            target = target.left(colon);
        }
        if (bracketed)
            target = target.mid(1, target.size() - 2);
        m.address = QHostAddress(target);
        if (!name.isEmpty() && !m.address.isNull())
            map.insert(name, m);
    }
    return map;
}

} // namespace Hopx::Local

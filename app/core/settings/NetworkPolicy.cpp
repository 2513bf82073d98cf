// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/settings/NetworkPolicy.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>

namespace Hopx::Core {

namespace {

Error invalid(const QString &why)
{
    return Error::make(Error::Code::InvalidArgument,
        QStringLiteral("Invalid network policy: %1. Use \"none\", \"full\", \"packages\" (the "
                       "package indexes), a list of domains, or {\"allow\": [\"example.com\", "
                       "\"*.example.org\"], \"packages\": true}.")
            .arg(why),
        QJsonObject {{QStringLiteral("argument"), QStringLiteral("network")}});
}

} // namespace

NetworkPolicy NetworkPolicy::allowlist(const QStringList &hosts)
{
    NetworkPolicy p {Mode::Allowlist, {}};
    for (const QString &h : hosts)
        p.add(h);
    return p;
}

QString NetworkPolicy::normalizeHost(const QString &host)
{
    QString h = host.trimmed().toLower();
    if (h.endsWith(QLatin1Char('.')))
        h.chop(1);
    // A bracketed IPv6 literal is kept without its brackets, as the proxy sees it.
    if (h.startsWith(QLatin1Char('[')) && h.endsWith(QLatin1Char(']')))
        h = h.mid(1, h.size() - 2);
    static const QRegularExpression name(
        QStringLiteral("^(\\*\\.)?([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)(\\.[a-z0-9_]([a-z0-9_-]{"
                       "0,61}[a-z0-9_])?)*$"));
    static const QRegularExpression ipv6(QStringLiteral("^[0-9a-f:.]+$"));
    if (h.size() > 253
        || (!name.match(h).hasMatch()
            && !(h.contains(QLatin1Char(':')) && ipv6.match(h).hasMatch())))
        return {};
    return h;
}

void NetworkPolicy::add(const QString &host)
{
    if (mode != Mode::Allowlist)
        return;
    const QString h = normalizeHost(host);
    if (!h.isEmpty() && !allow.contains(h))
        allow << h;
}

Result<NetworkPolicy> NetworkPolicy::fromJson(
    const QJsonValue &value, const QStringList &packageHosts)
{
    QStringList hosts;
    bool packages = false;
    if (value.isNull() || value.isUndefined())
        return none();
    if (value.isString()) {
        const QString s = value.toString().trimmed().toLower();
        if (s == QLatin1String("none") || s.isEmpty())
            return none();
        if (s == QLatin1String("full"))
            return full();
        if (s != QLatin1String("packages"))
            return invalid(QStringLiteral("unknown mode \"%1\"").arg(value.toString()));
        packages = true;
    } else if (value.isArray()) {
        for (const QJsonValue &v : value.toArray())
            hosts << v.toString();
    } else if (value.isObject()) {
        const QJsonObject o = value.toObject();
        for (auto it = o.begin(); it != o.end(); ++it) {
            if (it.key() != QLatin1String("allow") && it.key() != QLatin1String("packages"))
                return invalid(QStringLiteral("unknown key \"%1\"").arg(it.key()));
        }
        if (o.contains(QStringLiteral("allow")) && !o.value(QStringLiteral("allow")).isArray())
            return invalid(QStringLiteral("\"allow\" must be a list of domains"));
        for (const QJsonValue &v : o.value(QStringLiteral("allow")).toArray())
            hosts << v.toString();
        packages = o.value(QStringLiteral("packages")).toBool();
    } else {
        return invalid(QStringLiteral("it must be a string, a list or an object"));
    }
    NetworkPolicy p {Mode::Allowlist, {}};
    for (const QString &h : hosts) {
        const QString n = normalizeHost(h);
        if (n.isEmpty())
            return invalid(QStringLiteral("\"%1\" is not a domain name or IP address").arg(h));
        p.add(n);
    }
    if (packages) {
        for (const QString &h : packageHosts)
            p.add(h);
    }
    return p;
}

QJsonValue NetworkPolicy::toJson() const
{
    switch (mode) {
    case Mode::None:
        return QStringLiteral("none");
    case Mode::Full:
        return QStringLiteral("full");
    case Mode::Allowlist:
        break;
    }
    return QJsonObject {{QStringLiteral("allow"), QJsonArray::fromStringList(allow)}};
}

bool NetworkPolicy::allows(const QString &host) const
{
    if (mode == Mode::Full)
        return true;
    if (mode == Mode::None)
        return false;
    const QString h = normalizeHost(host);
    if (h.isEmpty() || h.startsWith(QLatin1String("*.")))
        return false;
    for (const QString &entry : allow) {
        if (entry == h)
            return true;
        if (entry.startsWith(QLatin1String("*.")) && h.endsWith(entry.mid(1)))
            return true;
    }
    return false;
}

} // namespace Hopx::Core

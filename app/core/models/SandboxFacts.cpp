// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/models/SandboxFacts.h"

#include "core/models/Format.h"

#include <QJsonArray>

#include <optional>

namespace Hopx::Core {

namespace {

//! The allowlist of a sandbox whose policy is one ({"allow": [...]}), else nothing.
std::optional<QStringList> allowlistOf(const SandboxInfo &info)
{
    const QJsonValue network = info.extra.value(QStringLiteral("network"));
    if (!network.isObject())
        return std::nullopt;
    QStringList hosts;
    for (const QJsonValue &h : network.toObject().value(QStringLiteral("allow")).toArray())
        hosts << h.toString();
    return hosts;
}

//! "full": said by the local provider's policy, or by the cloud's internet flag.
bool fullNetwork(const SandboxInfo &info)
{
    const QJsonValue network = info.extra.value(QStringLiteral("network"));
    if (network.isString())
        return network.toString() == QLatin1String("full");
    return !network.isObject() && info.internetAccess;
}

} // namespace

QJsonObject SandboxFacts::parentOf(const SandboxInfo &info)
{
    return info.extra.value(QStringLiteral("forked_from")).toObject();
}

QStringList SandboxFacts::secretsOf(const SandboxInfo &info)
{
    QStringList names;
    for (const QJsonValue &name : info.extra.value(QStringLiteral("secrets")).toArray())
        names << name.toString();
    return names;
}

QString SandboxFacts::parentText(const SandboxInfo &info)
{
    const QJsonObject parent = parentOf(info);
    const QString parentId = parent.value(QStringLiteral("sandbox_id")).toString();
    const QString checkpoint = parent.value(QStringLiteral("checkpoint_id")).toString();
    if (parentId.isEmpty())
        return Format::none();
    return checkpoint.isEmpty() ? parentId : tr("%1 at %2").arg(parentId, checkpoint);
}

QString SandboxFacts::parentToolTip(const SandboxInfo &info)
{
    const QString parentId = parentOf(info).value(QStringLiteral("sandbox_id")).toString();
    if (parentId.isEmpty())
        return tr("Not a fork");
    return tr("Forked from %1: it started with a copy of its files and Python variables; "
              "what either does next stays apart")
        .arg(parentId);
}

QString SandboxFacts::networkText(const SandboxInfo &info, const QStringList &packageHosts)
{
    if (fullNetwork(info))
        return tr("full");
    const std::optional<QStringList> allow = allowlistOf(info);
    if (!allow || allow->isEmpty())
        return tr("none");
    // An allowlist holding every package index reads as the "packages" policy it came from.
    QStringList others = *allow;
    bool packages = !packageHosts.isEmpty();
    for (const QString &h : packageHosts)
        packages = others.removeAll(h) > 0 && packages;
    if (!packages)
        others = *allow;
    if (packages && others.isEmpty())
        return tr("packages");
    if (packages)
        return tr("packages + %n host(s)", nullptr, int(others.size()));
    return others.size() == 1 ? others.first() : tr("%n host(s)", nullptr, int(others.size()));
}

QString SandboxFacts::networkToolTip(const SandboxInfo &info)
{
    if (fullNetwork(info))
        return tr("Can reach any host on the internet (never this computer's own services)");
    const std::optional<QStringList> allow = allowlistOf(info);
    if (!allow || allow->isEmpty())
        return tr("No network: nothing inside can connect out");
    return QStringList {tr("Can reach only these hosts:"), allow->join(QLatin1Char('\n'))}.join(
        QLatin1Char('\n'));
}

QStringList SandboxFacts::networkSamples()
{
    return {tr("full"), tr("none"), tr("packages + %n host(s)", nullptr, 12)};
}

QString SandboxFacts::secretsText(const SandboxInfo &info)
{
    const QStringList names = secretsOf(info);
    return names.isEmpty() ? Format::none() : names.join(QStringLiteral(", "));
}

QString SandboxFacts::secretsToolTip(const SandboxInfo &info)
{
    const QStringList names = secretsOf(info);
    if (names.isEmpty())
        return tr("Holds no secrets");
    return tr("Its requests can carry these secrets; their values never enter the sandbox: %1")
        .arg(names.join(QStringLiteral(", ")));
}

} // namespace Hopx::Core

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

QString SandboxFacts::workspaceOf(const SandboxInfo &info)
{
    // The local provider reports its host-side state in `extra`; HOPX sandboxes have none.
    for (const char *key : {"workspace_path", "workspace_dir", "host_workspace"}) {
        const QString path = info.extra.value(QLatin1String(key)).toString();
        if (!path.isEmpty())
            return path;
    }
    return {};
}

QString SandboxFacts::idToolTip(const SandboxInfo &info)
{
    QStringList lines {info.id};
    // A fork says where it came from, so branches can be told apart in the list.
    const QJsonObject parent = parentOf(info);
    const QString parentId = parent.value(QStringLiteral("sandbox_id")).toString();
    const QString checkpoint = parent.value(QStringLiteral("checkpoint_id")).toString();
    if (!parentId.isEmpty())
        lines << (checkpoint.isEmpty()
                ? tr("Forked from %1").arg(parentId)
                : tr("Forked from %1 at checkpoint %2").arg(parentId, checkpoint));
    if (!info.templateId.isEmpty() && info.templateId != info.templateName)
        lines << tr("Template id: %1").arg(info.templateId);
    if (!info.region.isEmpty())
        lines << tr("Region: %1").arg(info.region);
    lines << (info.internetAccess ? tr("Internet access: on") : tr("Internet access: off"));
    if (!workspaceOf(info).isEmpty())
        lines << tr("Workspace: %1").arg(workspaceOf(info));
    // mount_roots: which of the user's folders this sandbox can read.
    for (const QJsonValue &m : info.extra.value(QStringLiteral("mounted_roots")).toArray())
        lines << tr("Sees %1 (read-only) at %2")
                     .arg(m.toObject().value(QStringLiteral("host_path")).toString(),
                         m.toObject().value(QStringLiteral("path")).toString());
    // Which of the user's secrets its requests can carry (names only: values never
    // leave the egress proxy).
    const QStringList secrets = secretsOf(info);
    if (!secrets.isEmpty())
        lines << tr("Secrets: %1").arg(secrets.join(QStringLiteral(", ")));
    return lines.join(QLatin1Char('\n'));
}

QString SandboxFacts::diskToolTip(const SandboxInfo &info, const QDateTime &now)
{
    if (info.diskUsedBytes < 0)
        return tr("Measured for local sandboxes only");
    QStringList lines;
    if (info.diskCapBytes > 0)
        lines << tr("Files and checkpoints use %1 % of this sandbox's disk; a program that "
                    "writes more gets \"no space left\"")
                     .arg(qRound(100.0 * double(info.diskUsedBytes) / double(info.diskCapBytes)));
    const QJsonArray checkpoints = info.extra.value(QStringLiteral("checkpoints")).toArray();
    if (!checkpoints.isEmpty())
        lines << tr("Checkpoints:");
    for (const QJsonValue &v : checkpoints) {
        const QJsonObject c = v.toObject();
        const QString name = c.value(QStringLiteral("name")).toString();
        lines << tr("%1: %2, %3")
                     .arg(name.isEmpty() ? c.value(QStringLiteral("checkpoint_id")).toString()
                                         : name,
                         Format::bytes(c.value(QStringLiteral("size_bytes")).toInteger()),
                         Format::ago(
                             QDateTime::fromString(
                                 c.value(QStringLiteral("created_at")).toString(), Qt::ISODate),
                             now));
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace Hopx::Core

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/ide/IdeConnectCommand.h"

#include "core/tools/McpTools.h"

#include <QDir>
#include <QTextStream>

namespace Hopx::Core {

namespace {

QString homeRelative(const QString &path, const QString &home)
{
    return path.startsWith(home + QLatin1Char('/')) ? QStringLiteral("~") + path.mid(home.size())
                                                    : path;
}

QString yesNo(bool value)
{
    return value ? QStringLiteral("yes") : QStringLiteral("no");
}

} // namespace

QStringList IdeConnectCommand::ids()
{
    QStringList out;
    for (IdeConfig::Ide ide : IdeConfig::all())
        if (ide != IdeConfig::Ide::Generic)
            out << IdeConfig::id(ide);
    return out;
}

void IdeConnectCommand::list(const IdeConfig &config, QTextStream &out)
{
    const QString home = config.paths().home;
    out << QStringLiteral("%1 %2 %3 %4 %5\n")
               .arg(QStringLiteral("id"), -15)
               .arg(QStringLiteral("IDE"), -23)
               .arg(QStringLiteral("installed"), -10)
               .arg(QStringLiteral("connected"), -10)
               .arg(QStringLiteral("config file"));
    for (const QString &id : ids()) {
        const IdeConfig::Ide ide = *IdeConfig::fromId(id);
        out << QStringLiteral("%1 %2 %3 %4 %5\n")
                   .arg(id, -15)
                   .arg(IdeConfig::displayName(ide), -23)
                   .arg(yesNo(config.isInstalled(ide)), -10)
                   .arg(yesNo(config.isConnected(ide)), -10)
                   .arg(homeRelative(config.configPath(ide), home));
    }
}

int IdeConnectCommand::run(const IdeConfig &config, const QString &ideId, const QString &profile,
    QTextStream &out, QTextStream &err)
{
    if (ideId == QLatin1String("list")) {
        list(config, out);
        return 0;
    }
    const auto ide = IdeConfig::fromId(ideId);
    if (!ide || *ide == IdeConfig::Ide::Generic) {
        err << QStringLiteral("hopx-desktop: unknown IDE \"%1\". Known IDEs: %2 (or list).\n")
                   .arg(ideId, ids().join(QStringLiteral(", ")));
        return 2;
    }
    const QStringList profiles {
        Tools::kCompactProfile, Tools::kHopxMcpProfile, Tools::kFullProfile};
    if (!profile.isEmpty() && !profiles.contains(profile)) {
        err << QStringLiteral("hopx-desktop: unknown tool profile \"%1\". Profiles: %2.\n")
                   .arg(profile, profiles.join(QStringLiteral(", ")));
        return 2;
    }
    const IdeConfig chosen(IdeConfig::withToolProfile(config.launch(), profile), config.paths());
    const auto r = chosen.install(*ide);
    const QString name = IdeConfig::displayName(*ide);
    if (!r.ok()) {
        err << QStringLiteral("hopx-desktop: %1: %2\n").arg(name, r.error().message);
        return 1;
    }
    const IdeConfig::Installed &done = r.value();
    const QString file = done.path;
    switch (done.outcome) {
    case IdeConfig::Outcome::Created:
        out << QStringLiteral("%1: created %2 with this entry:\n").arg(name, file);
        break;
    case IdeConfig::Outcome::Added:
        out << QStringLiteral("%1: added this entry to %2 (the other servers are unchanged):\n")
                   .arg(name, file);
        break;
    case IdeConfig::Outcome::Updated:
        out << QStringLiteral("%1: updated the entry in %2 to:\n").arg(name, file);
        break;
    case IdeConfig::Outcome::Unchanged:
        out << QStringLiteral("%1: %2 already has this entry; nothing changed:\n").arg(name, file);
        break;
    }
    out << chosen.snippet(*ide) << '\n';
    if (!done.backupPath.isEmpty())
        out << QStringLiteral("The previous file is saved as %1.\n").arg(done.backupPath);
    if (!done.secondPath.isEmpty())
        out << QStringLiteral("%1 also reads %2: it has the same entry now%3.\n")
                   .arg(name, done.secondPath,
                       done.secondBackupPath.isEmpty()
                           ? QString()
                           : QStringLiteral(" (the previous file is saved as %1)")
                                 .arg(done.secondBackupPath));
    if (done.outcome != IdeConfig::Outcome::Unchanged)
        out << QStringLiteral("Restart %1 (or start a new session) to use it.\n").arg(name);
    return 0;
}

} // namespace Hopx::Core

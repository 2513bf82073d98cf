// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "IdeConfig.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QSaveFile>

namespace Hopx::Core {

namespace {

QString shellQuote(const QString &arg)
{
    static const QString safe =
        QStringLiteral("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-=+:@,");
    bool plain = !arg.isEmpty();
    for (const QChar c : arg)
        plain = plain && safe.contains(c);
    if (plain)
        return arg;
    QString quoted = arg;
    quoted.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}

QString scalar(const QJsonValue &value)
{
    // QJsonDocument does the escaping; only the brackets around it go.
    const QByteArray text = QJsonDocument(QJsonArray {value}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(text.mid(1, text.size() - 2));
}

void write(QString &out, const QJsonValue &value, int depth)
{
    const QString pad(2 * depth, QLatin1Char(' '));
    const QString inner(2 * (depth + 1), QLatin1Char(' '));
    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        if (object.isEmpty()) {
            out += QStringLiteral("{}");
            return;
        }
        // The keys an MCP server entry is read by come first, the rest in order.
        QStringList keys;
        for (const char *first : {"type", "command", "args", "env"})
            if (object.contains(QLatin1String(first)))
                keys << QLatin1String(first);
        for (const QString &k : object.keys())
            if (!keys.contains(k))
                keys << k;
        out += QStringLiteral("{\n");
        for (int i = 0; i < keys.size(); ++i) {
            out += inner + scalar(keys.at(i)) + QStringLiteral(": ");
            write(out, object.value(keys.at(i)), depth + 1);
            out += i + 1 < keys.size() ? QStringLiteral(",\n") : QStringLiteral("\n");
        }
        out += pad + QLatin1Char('}');
        return;
    }
    if (value.isArray()) {
        const QJsonArray array = value.toArray();
        bool flat = true;
        int width = 0;
        for (const QJsonValue &v : array) {
            flat = flat && !v.isObject() && !v.isArray();
            width += int(scalar(v).size()) + 2;
        }
        if (flat && width <= 72) {
            QStringList items;
            for (const QJsonValue &v : array)
                items << scalar(v);
            out += QLatin1Char('[') + items.join(QStringLiteral(", ")) + QLatin1Char(']');
            return;
        }
        out += QStringLiteral("[\n");
        for (qsizetype i = 0; i < array.size(); ++i) {
            out += inner;
            write(out, array.at(i), depth + 1);
            out += i + 1 < array.size() ? QStringLiteral(",\n") : QStringLiteral("\n");
        }
        out += pad + QLatin1Char(']');
        return;
    }
    out += scalar(value);
}

} // namespace

QString IdeConfig::toText(const QJsonObject &object)
{
    QString out;
    write(out, object, 0);
    return out + QLatin1Char('\n');
}

IdeConfig::Paths IdeConfig::Paths::fromEnvironment()
{
    Paths p;
    p.home = QDir::homePath();
    p.configHome = qEnvironmentVariable("XDG_CONFIG_HOME");
    if (p.configHome.isEmpty() || QDir::isRelativePath(p.configHome))
        p.configHome = p.home + QStringLiteral("/.config");
    return p;
}

IdeConfig::IdeConfig(Launch launch, Paths paths)
    : m_launch(std::move(launch))
    , m_paths(std::move(paths))
{ }

IdeConfig::Launch IdeConfig::launchFor(const QString &bridgePath)
{
    // Inside a Flatpak the bridge's path means nothing to the IDE on the host.
    const QString flatpakId = qEnvironmentVariable("FLATPAK_ID");
    if (!flatpakId.isEmpty())
        return Launch {QStringLiteral("flatpak"),
            {QStringLiteral("run"), QStringLiteral("--command=hopx-mcp"), flatpakId}};
    return Launch {QFileInfo(bridgePath).absoluteFilePath(), {}};
}

QList<IdeConfig::Ide> IdeConfig::all()
{
    return {Ide::ClaudeDesktop, Ide::Cursor, Ide::VsCode, Ide::ClaudeCode, Ide::Generic};
}

QString IdeConfig::displayName(Ide ide)
{
    switch (ide) {
    case Ide::ClaudeDesktop:
        return tr("Claude Desktop");
    case Ide::Cursor:
        return tr("Cursor");
    case Ide::VsCode:
        return tr("VS Code");
    case Ide::ClaudeCode:
        return tr("Claude Code");
    case Ide::Generic:
        return tr("Other MCP client");
    }
    return {};
}

QString IdeConfig::configPath(Ide ide) const
{
    switch (ide) {
    case Ide::ClaudeDesktop:
        return m_paths.configHome + QStringLiteral("/Claude/claude_desktop_config.json");
    case Ide::Cursor:
        return m_paths.home + QStringLiteral("/.cursor/mcp.json");
    case Ide::VsCode:
        return m_paths.configHome + QStringLiteral("/Code/User/mcp.json");
    case Ide::ClaudeCode:
        return m_paths.home + QStringLiteral("/.claude.json");
    case Ide::Generic:
        return {};
    }
    return {};
}

QString IdeConfig::containerKey(Ide ide)
{
    return ide == Ide::VsCode ? QStringLiteral("servers") : QStringLiteral("mcpServers");
}

QJsonObject IdeConfig::serverEntry(Ide ide) const
{
    QJsonObject entry {{QStringLiteral("command"), m_launch.command},
        {QStringLiteral("args"), QJsonArray::fromStringList(m_launch.args)}};
    if (ide == Ide::VsCode || ide == Ide::ClaudeCode)
        entry.insert(QStringLiteral("type"), QStringLiteral("stdio"));
    return entry;
}

QString IdeConfig::snippet(Ide ide) const
{
    const QJsonObject root {{containerKey(ide), QJsonObject {{serverName(), serverEntry(ide)}}}};
    return toText(root).trimmed();
}

QString IdeConfig::command(Ide ide) const
{
    if (ide != Ide::ClaudeCode)
        return {};
    QStringList parts {QStringLiteral("claude"), QStringLiteral("mcp"), QStringLiteral("add"),
        QStringLiteral("--scope"), QStringLiteral("user"), serverName(), QStringLiteral("--"),
        shellQuote(m_launch.command)};
    for (const QString &a : m_launch.args)
        parts << shellQuote(a);
    return parts.join(QLatin1Char(' '));
}

Result<IdeConfig::Installed> IdeConfig::install(Ide ide) const
{
    const QString path = configPath(ide);
    if (path.isEmpty())
        return Error::make(Error::Code::Unsupported,
            tr("%1 has no known configuration file; copy the configuration instead.")
                .arg(displayName(ide)));
    return installInto(ide, path);
}

Result<IdeConfig::Installed> IdeConfig::installInto(Ide ide, const QString &path) const
{
    // Dotfile managers symlink configs: edit the file the link points to, keep the link.
    const QFileInfo link(path);
    const QString target = link.isSymLink() ? link.symLinkTarget() : link.absoluteFilePath();
    const QFileInfo info(target);
    const bool existed = info.exists();
    const QFileDevice::Permissions permissions =
        existed ? info.permissions() : QFileDevice::ReadOwner | QFileDevice::WriteOwner;

    QJsonObject root;
    if (existed) {
        if (!info.isFile())
            return Error::make(Error::Code::InvalidArgument,
                tr("%1 is not a regular file; HOPX Desktop left it alone.").arg(target));
        QFile in(target);
        if (!in.open(QIODevice::ReadOnly))
            return Error::make(
                Error::Code::Internal, tr("Cannot read %1: %2").arg(target, in.errorString()));
        const QByteArray text = in.readAll();
        if (!text.trimmed().isEmpty()) {
            QJsonParseError error {};
            const QJsonDocument doc = QJsonDocument::fromJson(text, &error);
            if (error.error != QJsonParseError::NoError)
                return Error::make(Error::Code::InvalidArgument,
                    tr("%1 is not valid JSON (%2 at character %3; comments are not allowed), so "
                       "HOPX Desktop did not change it. Fix the file or add the configuration by "
                       "hand.")
                        .arg(target, error.errorString())
                        .arg(error.offset));
            if (!doc.isObject())
                return Error::make(Error::Code::InvalidArgument,
                    tr("%1 does not hold a JSON object, so HOPX Desktop did not change "
                       "it. Add the configuration by hand.")
                        .arg(target));
            root = doc.object();
        }
    }

    const QString key = containerKey(ide);
    if (root.contains(key) && !root.value(key).isObject())
        return Error::make(Error::Code::InvalidArgument,
            tr("\"%1\" in %2 is not a JSON object, so HOPX Desktop did not change the "
               "file. Add the configuration by hand.")
                .arg(key, target));
    QJsonObject servers = root.value(key).toObject();
    const QJsonValue old = servers.value(serverName());
    // Keep what the user added to our entry (an env with an API key, disabled flags, …).
    QJsonObject entry = old.isObject() ? old.toObject() : QJsonObject();
    const QJsonObject ours = serverEntry(ide);
    for (auto it = ours.begin(); it != ours.end(); ++it)
        entry.insert(it.key(), it.value());

    Installed result;
    result.path = target;
    if (old.isObject() && old.toObject() == entry) {
        result.outcome = Outcome::Unchanged;
        return result;
    }
    result.outcome = !existed ? Outcome::Created
        : old.isUndefined()   ? Outcome::Added
                              : Outcome::Updated;
    servers.insert(serverName(), entry);
    root.insert(key, servers);

    if (existed) {
        const QString base = target + QStringLiteral(".hopx-backup-")
            + QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"));
        QString backup = base;
        for (int n = 2; QFileInfo::exists(backup); ++n)
            backup = base + QStringLiteral("-%1").arg(n);
        if (!QFile::copy(target, backup))
            return Error::make(Error::Code::Internal,
                tr("Could not write the backup %1, so %2 was not changed.").arg(backup, target));
        result.backupPath = backup;
    }

    if (!QDir().mkpath(info.absolutePath()))
        return Error::make(
            Error::Code::Internal, tr("Cannot create the folder %1.").arg(info.absolutePath()));
    QSaveFile out(target);
    if (!out.open(QIODevice::WriteOnly))
        return Error::make(
            Error::Code::Internal, tr("Cannot write %1: %2").arg(target, out.errorString()));
    out.write(toText(root).toUtf8());
    if (!out.commit())
        return Error::make(
            Error::Code::Internal, tr("Cannot write %1: %2").arg(target, out.errorString()));
    // IDE configs may hold API keys in "env": a new file is the user's alone, an old one keeps
    // its permissions.
    QFile::setPermissions(target, permissions);
    return result;
}

} // namespace Hopx::Core

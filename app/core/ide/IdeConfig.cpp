// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/ide/IdeConfig.h"

#include "core/ide/IdeConfigFile.h"
#include "core/ide/IdeConfigToml.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>

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

IdeConfig::Platform IdeConfig::currentPlatform()
{
#if defined(Q_OS_MACOS)
    return Platform::MacOS;
#elif defined(Q_OS_WIN)
    return Platform::Windows;
#else
    return Platform::Linux;
#endif
}

IdeConfig::Paths IdeConfig::Paths::fromEnvironment()
{
    Paths p;
    p.home = QDir::homePath();
    p.configHome = qEnvironmentVariable("XDG_CONFIG_HOME");
    if (p.configHome.isEmpty() || QDir::isRelativePath(p.configHome))
        p.configHome = p.home + QStringLiteral("/.config");
    p.appData = QDir::fromNativeSeparators(qEnvironmentVariable("APPDATA"));
    p.codexHome = qEnvironmentVariable("CODEX_HOME");
    p.copilotHome = qEnvironmentVariable("COPILOT_HOME");
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

IdeConfig::Launch IdeConfig::withToolProfile(Launch launch, const QString &profile)
{
    if (!profile.isEmpty() && profile != QLatin1String("compact"))
        launch.args << QStringLiteral("--tools") << profile;
    return launch;
}

QList<IdeConfig::Ide> IdeConfig::all()
{
    return {Ide::ClaudeDesktop, Ide::Cursor, Ide::VsCode, Ide::ClaudeCode, Ide::GeminiCli,
        Ide::Codex, Ide::Windsurf, Ide::QwenCode, Ide::Cline, Ide::KiloCode, Ide::CopilotCli,
        Ide::Generic};
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
    case Ide::GeminiCli:
        return tr("Gemini CLI");
    case Ide::Codex:
        return tr("Codex");
    case Ide::Windsurf:
        return tr("Windsurf");
    case Ide::QwenCode:
        return tr("Qwen Code");
    case Ide::Cline:
        return tr("Cline (VS Code)");
    case Ide::KiloCode:
        return tr("Kilo Code (VS Code)");
    case Ide::CopilotCli:
        return tr("GitHub Copilot CLI");
    case Ide::Generic:
        return tr("Other MCP client");
    }
    return {};
}

QString IdeConfig::configPath(Ide ide) const
{
    // Where applications keep per-user settings: the root Claude Desktop and VS Code use.
    QString appRoot;
    switch (m_paths.platform) {
    case Platform::MacOS:
        appRoot = m_paths.home + QStringLiteral("/Library/Application Support");
        break;
    case Platform::Windows:
        appRoot = m_paths.appData.isEmpty() ? m_paths.home + QStringLiteral("/AppData/Roaming")
                                            : m_paths.appData;
        break;
    case Platform::Linux:
        appRoot = m_paths.configHome;
        break;
    }
    switch (ide) {
    case Ide::ClaudeDesktop:
        return appRoot + QStringLiteral("/Claude/claude_desktop_config.json");
    case Ide::Cursor:
        return m_paths.home + QStringLiteral("/.cursor/mcp.json");
    case Ide::VsCode:
        return appRoot + QStringLiteral("/Code/User/mcp.json");
    case Ide::ClaudeCode:
        return m_paths.home + QStringLiteral("/.claude.json");
    case Ide::GeminiCli:
        return m_paths.home + QStringLiteral("/.gemini/settings.json");
    case Ide::Codex:
        return (m_paths.codexHome.isEmpty() ? m_paths.home + QStringLiteral("/.codex")
                                            : m_paths.codexHome)
            + QStringLiteral("/config.toml");
    case Ide::Windsurf:
        return m_paths.home + QStringLiteral("/.codeium/windsurf/mcp_config.json");
    case Ide::QwenCode:
        return m_paths.home + QStringLiteral("/.qwen/settings.json");
    case Ide::Cline:
        return appRoot
            + QStringLiteral("/Code/User/globalStorage/saoudrizwan.claude-dev/settings/"
                             "cline_mcp_settings.json");
    case Ide::KiloCode:
        return appRoot
            + QStringLiteral("/Code/User/globalStorage/kilocode.kilo-code/settings/"
                             "mcp_settings.json");
    case Ide::CopilotCli:
        return (m_paths.copilotHome.isEmpty() ? m_paths.home + QStringLiteral("/.copilot")
                                              : m_paths.copilotHome)
            + QStringLiteral("/mcp-config.json");
    case Ide::Generic:
        return {};
    }
    return {};
}

QString IdeConfig::containerKey(Ide ide)
{
    if (ide == Ide::Codex)
        return QStringLiteral("mcp_servers");
    return ide == Ide::VsCode ? QStringLiteral("servers") : QStringLiteral("mcpServers");
}

QJsonObject IdeConfig::serverEntry(Ide ide) const
{
    QJsonObject entry {{QStringLiteral("command"), m_launch.command},
        {QStringLiteral("args"), QJsonArray::fromStringList(m_launch.args)}};
    if (ide == Ide::VsCode || ide == Ide::ClaudeCode)
        entry.insert(QStringLiteral("type"), QStringLiteral("stdio"));
    // Copilot CLI offers a server's tools to its model only when listed: all of ours.
    if (ide == Ide::CopilotCli) {
        entry.insert(QStringLiteral("type"), QStringLiteral("local"));
        entry.insert(QStringLiteral("tools"), QJsonArray {QStringLiteral("*")});
    }
    return entry;
}

QString IdeConfig::snippet(Ide ide) const
{
    if (isToml(ide))
        return IdeConfigToml::table(serverName(), serverEntry(ide)).trimmed();
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
    if (isToml(ide))
        return IdeConfigToml::install(serverName(), serverEntry(ide), path);
    const QString target = IdeConfigFile::target(path);
    bool existed = false;
    const auto text = IdeConfigFile::read(target, &existed);
    if (!text.ok())
        return text.error();
    QJsonObject root;
    if (!text.value().trimmed().isEmpty()) {
        QJsonParseError error {};
        const QJsonDocument doc = QJsonDocument::fromJson(text.value(), &error);
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

    const auto replaced = IdeConfigFile::replace(target, toText(root).toUtf8());
    if (!replaced.ok())
        return replaced.error();
    result.backupPath = replaced.value();
    return result;
}

} // namespace Hopx::Core

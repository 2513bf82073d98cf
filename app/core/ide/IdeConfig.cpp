// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/ide/IdeConfig.h"

#include "core/ide/IdeConfigFile.h"
#include "core/ide/IdeConfigJsonText.h"
#include "core/ide/IdeConfigJsonc.h"
#include "core/ide/IdeConfigToml.h"
#include "core/ide/IdeConfigYaml.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QStandardPaths>

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

// Where applications keep per-user settings: the root Claude Desktop and VS Code use.
QString appRoot(const IdeConfig::Paths &paths)
{
    switch (paths.platform) {
    case IdeConfig::Platform::MacOS:
        return paths.home + QStringLiteral("/Library/Application Support");
    case IdeConfig::Platform::Windows:
        return paths.appData.isEmpty() ? paths.home + QStringLiteral("/AppData/Roaming")
                                       : paths.appData;
    case IdeConfig::Platform::Linux:
        break;
    }
    return paths.configHome;
}

QString orDefault(const QString &dir, const QString &fallback)
{
    return dir.isEmpty() ? fallback : dir;
}

} // namespace

QString IdeConfig::toText(const QJsonObject &object)
{
    return IdeConfigJsonText::write(object);
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
    p.continueHome = qEnvironmentVariable("CONTINUE_GLOBAL_DIR");
    p.clineDir = qEnvironmentVariable("CLINE_DIR");
    p.binPath = qEnvironmentVariable("PATH").split(QLatin1Char(':'), Qt::SkipEmptyParts);
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
        Ide::Zed, Ide::JetBrains, Ide::Continue, Ide::Goose, Ide::OpenCode, Ide::Generic};
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
        return tr("Cline");
    case Ide::KiloCode:
        return tr("Kilo Code");
    case Ide::CopilotCli:
        return tr("GitHub Copilot CLI");
    case Ide::Zed:
        return tr("Zed");
    case Ide::JetBrains:
        return tr("JetBrains AI Assistant");
    case Ide::Continue:
        return tr("Continue");
    case Ide::Goose:
        return tr("Goose");
    case Ide::OpenCode:
        return tr("opencode");
    case Ide::Generic:
        return tr("Other MCP client");
    }
    return {};
}

QString IdeConfig::id(Ide ide)
{
    switch (ide) {
    case Ide::ClaudeDesktop:
        return QStringLiteral("claude-desktop");
    case Ide::Cursor:
        return QStringLiteral("cursor");
    case Ide::VsCode:
        return QStringLiteral("vscode");
    case Ide::ClaudeCode:
        return QStringLiteral("claude-code");
    case Ide::GeminiCli:
        return QStringLiteral("gemini-cli");
    case Ide::Codex:
        return QStringLiteral("codex");
    case Ide::Windsurf:
        return QStringLiteral("windsurf");
    case Ide::QwenCode:
        return QStringLiteral("qwen-code");
    case Ide::Cline:
        return QStringLiteral("cline");
    case Ide::KiloCode:
        return QStringLiteral("kilo-code");
    case Ide::CopilotCli:
        return QStringLiteral("copilot-cli");
    case Ide::Zed:
        return QStringLiteral("zed");
    case Ide::JetBrains:
        return QStringLiteral("jetbrains");
    case Ide::Continue:
        return QStringLiteral("continue");
    case Ide::Goose:
        return QStringLiteral("goose");
    case Ide::OpenCode:
        return QStringLiteral("opencode");
    case Ide::Generic:
        return QStringLiteral("other");
    }
    return {};
}

std::optional<IdeConfig::Ide> IdeConfig::fromId(const QString &id)
{
    for (Ide ide : all())
        if (IdeConfig::id(ide) == id.toLower())
            return ide;
    return std::nullopt;
}

IdeConfig::Format IdeConfig::format(Ide ide)
{
    switch (ide) {
    case Ide::Codex:
        return Format::Toml;
    case Ide::Goose:
        return Format::Yaml;
    case Ide::Zed:
    case Ide::OpenCode:
    case Ide::KiloCode:
        return Format::Jsonc;
    default:
        return Format::Json;
    }
}

QString IdeConfig::configPath(Ide ide) const
{
    const QString root = appRoot(m_paths);
    const bool windows = m_paths.platform == Platform::Windows;
    // Zed, Goose, opencode and Kilo keep ~/.config on macOS as well (not Application Support).
    const QString xdg = windows ? m_paths.home + QStringLiteral("/.config") : m_paths.configHome;
    switch (ide) {
    case Ide::ClaudeDesktop:
        return root + QStringLiteral("/Claude/claude_desktop_config.json");
    case Ide::Cursor:
        return m_paths.home + QStringLiteral("/.cursor/mcp.json");
    case Ide::VsCode:
        return root + QStringLiteral("/Code/User/mcp.json");
    case Ide::ClaudeCode:
        return m_paths.home + QStringLiteral("/.claude.json");
    case Ide::GeminiCli:
        return m_paths.home + QStringLiteral("/.gemini/settings.json");
    case Ide::Codex:
        return orDefault(m_paths.codexHome, m_paths.home + QStringLiteral("/.codex"))
            + QStringLiteral("/config.toml");
    case Ide::Windsurf:
        return m_paths.home + QStringLiteral("/.codeium/windsurf/mcp_config.json");
    case Ide::QwenCode:
        return m_paths.home + QStringLiteral("/.qwen/settings.json");
    case Ide::Cline:
        // The file Cline's CLI reads, and its VS Code extension too since mid-2026: that one
        // moves the servers of its old globalStorage file into it once (cline/cline#11818), so
        // an entry written to the old file later would never be read.
        return orDefault(m_paths.clineDir, m_paths.home + QStringLiteral("/.cline"))
            + QStringLiteral("/data/settings/cline_mcp_settings.json");
    case Ide::KiloCode: {
        // Kilo reads all of these (and writes the first that exists, else kilo.jsonc):
        // Kilo-Org/kilocode packages/opencode/src/config/config.ts, globalConfigFile().
        const QString dir = xdg + QStringLiteral("/kilo/");
        for (const char *name :
            {"kilo.jsonc", "kilo.json", "opencode.jsonc", "opencode.json", "config.json"}) {
            if (QFileInfo::exists(dir + QLatin1String(name)))
                return dir + QLatin1String(name);
        }
        return dir + QStringLiteral("kilo.jsonc");
    }
    case Ide::CopilotCli:
        return orDefault(m_paths.copilotHome, m_paths.home + QStringLiteral("/.copilot"))
            + QStringLiteral("/mcp-config.json");
    case Ide::Zed:
        return (windows ? root + QStringLiteral("/Zed") : xdg + QStringLiteral("/zed"))
            + QStringLiteral("/settings.json");
    case Ide::JetBrains:
        return m_paths.home + QStringLiteral("/.ai/mcp/mcp.json");
    case Ide::Continue:
        // A file of our own among the servers Continue reads, so its config.yaml stays the
        // user's: Continue takes Claude Desktop's shape there.
        return orDefault(m_paths.continueHome, m_paths.home + QStringLiteral("/.continue"))
            + QStringLiteral("/mcpServers/hopx.json");
    case Ide::Goose:
        return (windows ? root + QStringLiteral("/Block/goose/config")
                        : xdg + QStringLiteral("/goose"))
            + QStringLiteral("/config.yaml");
    case Ide::OpenCode: {
        // opencode reads opencode.json and opencode.jsonc: edit the one the user has.
        const QString dir = xdg + QStringLiteral("/opencode/");
        const QString jsonc = dir + QStringLiteral("opencode.jsonc");
        const QString json = dir + QStringLiteral("opencode.json");
        return !QFileInfo::exists(json) && QFileInfo::exists(jsonc) ? jsonc : json;
    }
    case Ide::Generic:
        return {};
    }
    return {};
}

QString IdeConfig::containerKey(Ide ide)
{
    switch (ide) {
    case Ide::Codex:
        return QStringLiteral("mcp_servers");
    case Ide::VsCode:
        return QStringLiteral("servers");
    case Ide::Zed:
        return QStringLiteral("context_servers");
    case Ide::Goose:
        return QStringLiteral("extensions");
    case Ide::OpenCode:
    case Ide::KiloCode:
        return QStringLiteral("mcp");
    default:
        return QStringLiteral("mcpServers");
    }
}

QJsonObject IdeConfig::serverEntry(Ide ide) const
{
    if (ide == Ide::OpenCode || ide == Ide::KiloCode) // one array: the command, its arguments
        return QJsonObject {{QStringLiteral("type"), QStringLiteral("local")},
            {QStringLiteral("command"),
                QJsonArray::fromStringList(QStringList {m_launch.command} + m_launch.args)},
            {QStringLiteral("enabled"), true}};
    if (ide == Ide::Goose) // an ExtensionEntry: its name again, `cmd`, a timeout in seconds
        return QJsonObject {{QStringLiteral("enabled"), true},
            {QStringLiteral("type"), QStringLiteral("stdio")},
            {QStringLiteral("name"), serverName()},
            {QStringLiteral("description"), QStringLiteral("Run code in HOPX Desktop sandboxes")},
            {QStringLiteral("cmd"), m_launch.command},
            {QStringLiteral("args"), QJsonArray::fromStringList(m_launch.args)},
            {QStringLiteral("timeout"), 300}};
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
    if (format(ide) == Format::Yaml)
        return IdeConfigYaml::block(containerKey(ide), serverName(), serverEntry(ide)).trimmed();
    const QJsonObject root {{containerKey(ide), QJsonObject {{serverName(), serverEntry(ide)}}}};
    return toText(root).trimmed();
}

std::optional<IdeConfig::SecondFile> IdeConfig::secondFile(Ide ide) const
{
    if (ide != Ide::KiloCode)
        return std::nullopt;
    // Kilo 7 reads it only as the VS Code extension runs it (KILO_PLATFORM=vscode), below
    // kilo.jsonc: packages/opencode/src/kilocode/mcp-migrator.ts and kilocode/config/config.ts.
    return SecondFile {Ide::Cline,
        appRoot(m_paths)
            + QStringLiteral("/Code/User/globalStorage/kilocode.kilo-code/settings/"
                             "mcp_settings.json")};
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
    auto installed = installInto(ide, path);
    const auto second = secondFile(ide);
    if (!installed.ok() || !second || !QFileInfo::exists(second->path))
        return installed;
    const auto also = installInto(second->shape, second->path);
    if (!also.ok())
        return Error::make(also.error().code,
            tr("%1 was updated, but %2").arg(installed.value().path, also.error().message));
    installed.value().secondPath = also.value().path;
    installed.value().secondBackupPath = also.value().backupPath;
    return installed;
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
    const QString key = containerKey(ide);
    if (format(ide) == Format::Yaml) {
        bool had = false;
        const auto after =
            IdeConfigYaml::withEntry(text.value(), key, serverName(), serverEntry(ide), &had);
        if (!after.ok())
            return Error::make(
                after.error().code, QStringLiteral("%1: %2").arg(target, after.error().message));
        return installText(target, text.value(), existed, had, after.value());
    }
    const bool jsonc = format(ide) == Format::Jsonc;
    QJsonObject root;
    if (!text.value().trimmed().isEmpty()) {
        QJsonParseError error {};
        const QJsonDocument doc = QJsonDocument::fromJson(
            jsonc ? IdeConfigJsonc::blank(text.value()) : text.value(), &error);
        if (error.error != QJsonParseError::NoError)
            return Error::make(Error::Code::InvalidArgument,
                (jsonc ? tr("%1 is not valid JSON (%2 at character %3), so HOPX Desktop did not "
                            "change it. Fix the file or add the configuration by hand.")
                       : tr("%1 is not valid JSON (%2 at character %3; comments are not "
                            "allowed), so HOPX Desktop did not change it. Fix the file or add "
                            "the configuration by hand."))
                    .arg(target, error.errorString())
                    .arg(error.offset));
        if (!doc.isObject())
            return Error::make(Error::Code::InvalidArgument,
                tr("%1 does not hold a JSON object, so HOPX Desktop did not change "
                   "it. Add the configuration by hand.")
                    .arg(target));
        root = doc.object();
    }

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
    if (old.isObject() && old.toObject() == entry)
        return Installed {Outcome::Unchanged, target, {}};
    servers.insert(serverName(), entry);
    root.insert(key, servers);
    // A file that may hold comments is edited as text; plain JSON is written whole.
    const QByteArray after = jsonc && !text.value().trimmed().isEmpty()
        ? IdeConfigJsonc::withEntry(text.value(), key, serverName(), entry)
        : toText(root).toUtf8();
    return installText(target, text.value(), existed, !old.isUndefined(), after);
}

Result<IdeConfig::Installed> IdeConfig::installText(const QString &target, const QByteArray &before,
    bool existed, bool hadEntry, const QByteArray &after)
{
    Installed result;
    result.path = target;
    if (existed && after == before)
        return result; // Unchanged
    result.outcome = !existed ? Outcome::Created : hadEntry ? Outcome::Updated : Outcome::Added;
    const auto replaced = IdeConfigFile::replace(target, after);
    if (!replaced.ok())
        return replaced.error();
    result.backupPath = replaced.value();
    return result;
}

QStringList IdeConfig::commands(Ide ide)
{
    switch (ide) {
    case Ide::ClaudeDesktop:
        return {QStringLiteral("claude-desktop")};
    case Ide::Cursor:
        return {QStringLiteral("cursor")};
    case Ide::VsCode:
        return {QStringLiteral("code")};
    case Ide::ClaudeCode:
        return {QStringLiteral("claude")};
    case Ide::GeminiCli:
        return {QStringLiteral("gemini")};
    case Ide::Codex:
        return {QStringLiteral("codex")};
    case Ide::Windsurf:
        return {QStringLiteral("windsurf")};
    case Ide::QwenCode:
        return {QStringLiteral("qwen")};
    case Ide::Cline:
        return {QStringLiteral("cline")};
    case Ide::KiloCode:
        return {QStringLiteral("kilo"), QStringLiteral("kilocode")};
    case Ide::CopilotCli:
        return {QStringLiteral("copilot")};
    case Ide::Zed: // Debian, Fedora and Arch name the binary differently
        return {QStringLiteral("zed"), QStringLiteral("zeditor"), QStringLiteral("zedit")};
    case Ide::JetBrains: // the launchers JetBrains Toolbox puts on the PATH
        return {QStringLiteral("idea"), QStringLiteral("pycharm"), QStringLiteral("webstorm"),
            QStringLiteral("goland"), QStringLiteral("clion"), QStringLiteral("rider"),
            QStringLiteral("phpstorm"), QStringLiteral("rustrover")};
    case Ide::Continue:
        return {QStringLiteral("cn")};
    case Ide::Goose:
        return {QStringLiteral("goose")};
    case Ide::OpenCode:
        return {QStringLiteral("opencode")};
    case Ide::Generic:
        return {};
    }
    return {};
}

QStringList IdeConfig::markerPaths(Ide ide) const
{
    const QString config = configPath(ide);
    switch (ide) {
    case Ide::ClaudeCode:
        return {m_paths.home + QStringLiteral("/.claude"), config};
    case Ide::Cline: // ~/.cline, or the VS Code extension's globalStorage folder
        return {orDefault(m_paths.clineDir, m_paths.home + QStringLiteral("/.cline")),
            appRoot(m_paths) + QStringLiteral("/Code/User/globalStorage/saoudrizwan.claude-dev")};
    case Ide::KiloCode: // ~/.config/kilo, or the VS Code extension's globalStorage folder
        return {QFileInfo(config).absolutePath(),
            appRoot(m_paths) + QStringLiteral("/Code/User/globalStorage/kilocode.kilo-code")};
    case Ide::VsCode: // Code/User
    case Ide::Continue: // ~/.continue
        return {QFileInfo(QFileInfo(config).absolutePath()).absolutePath()};
    case Ide::JetBrains: // every JetBrains IDE keeps its settings under JetBrains/
        return {appRoot(m_paths) + QStringLiteral("/JetBrains"), QFileInfo(config).absolutePath()};
    case Ide::Generic:
        return {};
    default: // the folder of the config file: ~/.cursor, ~/.config/zed, ~/.codex, …
        return {QFileInfo(config).absolutePath()};
    }
}

bool IdeConfig::isInstalled(Ide ide) const
{
    for (const QString &path : markerPaths(ide))
        if (QFileInfo::exists(path))
            return true;
    for (const QString &command : commands(ide))
        if (!QStandardPaths::findExecutable(command, m_paths.binPath).isEmpty())
            return true;
    return false;
}

bool IdeConfig::isConnected(Ide ide) const
{
    const QString path = configPath(ide);
    if (path.isEmpty())
        return false;
    bool exists = false;
    const auto text = IdeConfigFile::read(IdeConfigFile::target(path), &exists);
    if (!exists || !text.ok())
        return false;
    switch (format(ide)) {
    case Format::Toml:
        for (const IdeConfigToml::Server &s : IdeConfigToml::servers(text.value()))
            if (s.name == serverName())
                return true;
        return false;
    case Format::Yaml:
        return IdeConfigYaml::hasEntry(text.value(), containerKey(ide), serverName());
    case Format::Json:
    case Format::Jsonc:
        break;
    }
    return QJsonDocument::fromJson(IdeConfigJsonc::blank(text.value()))
        .object()
        .value(containerKey(ide))
        .toObject()
        .contains(serverName());
}

} // namespace Hopx::Core

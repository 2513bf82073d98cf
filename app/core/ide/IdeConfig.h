// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace Hopx::Core {

/*! \brief What each IDE needs in its MCP configuration to reach hopx-mcp, where each IDE keeps
 *  that configuration on Linux, macOS and Windows, and the merge that installs it.
 *
 * install() adds (or updates) only the "hopx" entry of the IDE's config file: every other
 * server and key stays, a backup of the old file is written first, a missing file is created,
 * and a file that is not a JSON object (including JSON with comments) is never touched. Codex
 * keeps TOML (`[mcp_servers.<name>]` tables); only our table is written there.
 * No widgets: the Connect-an-IDE dialog shows snippet() and calls install(). The platform is a
 * field of Paths, so the macOS and Windows locations are tested on Linux.
 *
 * Locations, from each IDE's documentation: Claude Desktop `claude_desktop_config.json` in
 * `~/Library/Application Support/Claude` (macOS), `%APPDATA%\Claude` (Windows),
 * `$XDG_CONFIG_HOME/Claude` (Linux builds); Cursor `~/.cursor/mcp.json`; VS Code's user
 * `mcp.json` in `Code/User` under the same three roots (key "servers"); Claude Code
 * `~/.claude.json` (user servers at the top, local ones per project); Gemini CLI
 * `~/.gemini/settings.json`; Codex `$CODEX_HOME/config.toml`, `~/.codex` by default; Windsurf
 * `~/.codeium/windsurf/mcp_config.json` (every platform); Qwen Code `~/.qwen/settings.json` (Gemini
 * CLI's shape); Cline (its CLI and its VS Code extension alike) `$CLINE_DIR/data/settings/
 * cline_mcp_settings.json`, `~/.cline` by default; Kilo Code `kilo.jsonc` in
 * `$XDG_CONFIG_HOME/kilo`
 * (`~/.config/kilo` on every platform), in opencode's shape, which the Kilo CLI (opencode's code
 * since 7.0) and the VS Code extension (which runs that CLI since 7.0) read, and secondFile():
 * the extension's `settings/mcp_settings.json` in VS Code's `globalStorage/kilocode.kilo-code`,
 * which its releases before 7.0 read alone; GitHub Copilot CLI `$COPILOT_HOME/mcp-config.json`,
 * `~/.copilot` by default, whose local servers say `"type": "local"` and the tools they may use;
 * Zed `settings.json` in `$XDG_CONFIG_HOME/zed` (`~/.config/zed` on macOS too, `%APPDATA%\Zed`),
 * JSON with comments, servers under "context_servers"; JetBrains AI Assistant `~/.ai/mcp/mcp.json`
 * (its global MCP file since 2025.3, the plugin's `llm.mcp.client.global.mcp.json.path`); Continue
 * a file of our own in its global `mcpServers` folder (`$CONTINUE_GLOBAL_DIR`, `~/.continue` by
 * default), which it reads in Claude Desktop's shape; Goose `config.yaml` in
 * `$XDG_CONFIG_HOME/goose` (`%APPDATA%\Block\goose\config`), an `extensions` map of YAML
 * blocks; opencode `opencode.json` in `$XDG_CONFIG_HOME/opencode`, JSON with comments, whose
 * local servers are `"type": "local"` with the command and its arguments in one array.
 */
class IdeConfig
{
    Q_DECLARE_TR_FUNCTIONS(Hopx::Core::IdeConfig)
public:
    enum class Ide {
        ClaudeDesktop,
        Cursor,
        VsCode,
        ClaudeCode,
        GeminiCli,
        Codex,
        Windsurf,
        QwenCode,
        Cline,
        KiloCode,
        CopilotCli,
        Zed,
        JetBrains,
        Continue,
        Goose,
        OpenCode,
        Generic
    };
    //! How a config file is written: JSON, JSON with comments (edited as text), TOML, YAML.
    enum class Format { Json, Jsonc, Toml, Yaml };
    enum class Platform { Linux, MacOS, Windows };
    static Platform currentPlatform();

    //! How an IDE starts the bridge.
    struct Launch
    {
        QString command; // absolute path of hopx-mcp (or "flatpak")
        QStringList args;
    };
    //! Where config files live; tests point them into a temporary directory.
    struct Paths
    {
        QString home;
        QString configHome; // $XDG_CONFIG_HOME or ~/.config
        QString appData; // Windows: %APPDATA%; empty = <home>/AppData/Roaming
        QString codexHome; // $CODEX_HOME; empty = <home>/.codex
        QString copilotHome; // $COPILOT_HOME; empty = <home>/.copilot
        QString continueHome; // $CONTINUE_GLOBAL_DIR; empty = <home>/.continue
        QString clineDir; // $CLINE_DIR; empty = <home>/.cline
        QStringList binPath; // $PATH's folders, where an IDE's command is looked for
        Platform platform = currentPlatform();
        static Paths fromEnvironment();
    };
    enum class Outcome { Created, Added, Updated, Unchanged };
    struct Installed
    {
        Outcome outcome = Outcome::Unchanged;
        QString path; // the file written (a symlink's target)
        QString backupPath; // empty when there was nothing to back up
        QString secondPath; // secondFile() when it was there to update
        QString secondBackupPath;
    };
    //! Another file an IDE reads, in another IDE's shape.
    struct SecondFile
    {
        Ide shape = Ide::Generic;
        QString path;
    };

    static QString serverName() { return QStringLiteral("hopx"); }

    explicit IdeConfig(Launch launch, Paths paths = Paths::fromEnvironment());

    //! hopx-mcp at `bridgePath`, or through `flatpak run` inside a Flatpak.
    static Launch launchFor(const QString &bridgePath);
    /*! `launch` offering the tool profile `profile` (hopx-mcp --tools): nothing is added for
     *  the default, compact, so a config that says nothing gets what new connections get. */
    static Launch withToolProfile(Launch launch, const QString &profile);
    static QList<Ide> all();
    static QString displayName(Ide ide);
    //! The name `hopx-desktop --connect` takes: "claude-desktop", "zed", "opencode", …
    static QString id(Ide ide);
    static std::optional<Ide> fromId(const QString &id);
    static Format format(Ide ide);

    const Launch &launch() const { return m_launch; }
    const Paths &paths() const { return m_paths; }
    //! The file install() edits; empty for the generic client.
    QString configPath(Ide ide) const;
    //! "mcpServers", "servers" for VS Code, "mcp_servers" (a TOML table) for Codex.
    static QString containerKey(Ide ide);
    static bool isToml(Ide ide) { return format(ide) == Format::Toml; }
    QJsonObject serverEntry(Ide ide) const;
    //! The config to show and copy: the whole file's shape with our entry.
    QString snippet(Ide ide) const;
    /*! A file the IDE also reads, which install() updates too when it exists: Kilo Code's VS
     *  Code extension keeps reading the servers of its releases before 7.0 (in Cline's shape,
     *  which those releases read alone) beside kilo.jsonc. */
    std::optional<SecondFile> secondFile(Ide ide) const;
    //! A command that installs the server instead, where the IDE has one (Claude Code).
    QString command(Ide ide) const;

    //! JSON as people write IDE configs: two-space indents, "type", "command", "args" first,
    //! short arrays on one line. Used for the snippet and for the files install() writes.
    static QString toText(const QJsonObject &object);

    /*! Whether the IDE is on this machine: its settings folder exists or its command is on
     *  the PATH. */
    bool isInstalled(Ide ide) const;
    //! Whether its config file has an entry named serverName().
    bool isConnected(Ide ide) const;

    Result<Installed> install(Ide ide) const;
    //! The same merge into any file (tests, and a user-chosen path).
    Result<Installed> installInto(Ide ide, const QString &path) const;

private:
    //! Folders and commands whose presence means the IDE is installed.
    QStringList markerPaths(Ide ide) const;
    static QStringList commands(Ide ide);
    //! Writes `after` (backup first) unless it is `before`; the outcome says what changed.
    static Result<Installed> installText(const QString &target, const QByteArray &before,
        bool existed, bool hadEntry, const QByteArray &after);

    Launch m_launch;
    Paths m_paths;
};

} // namespace Hopx::Core

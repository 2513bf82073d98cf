// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "Result.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace Hopx::Core {

/*! \brief What each IDE needs in its MCP configuration to reach hopx-mcp, and the merge that
 *  installs it.
 *
 * install() adds (or updates) only the "hopx" entry of the IDE's config file: every other
 * server and key stays, a backup of the old file is written first, a missing file is created,
 * and a file that is not a JSON object (including JSON with comments) is never touched.
 * No widgets: the Connect-an-IDE dialog shows snippet() and calls install().
 */
class IdeConfig
{
    Q_DECLARE_TR_FUNCTIONS(Hopx::Core::IdeConfig)
public:
    enum class Ide { ClaudeDesktop, Cursor, VsCode, ClaudeCode, Generic };

    //! How an IDE starts the bridge.
    struct Launch
    {
        QString command; // absolute path of hopx-mcp (or "flatpak")
        QStringList args;
    };
    //! Where config files live; tests point both into a temporary directory.
    struct Paths
    {
        QString home;
        QString configHome; // $XDG_CONFIG_HOME or ~/.config
        static Paths fromEnvironment();
    };
    enum class Outcome { Created, Added, Updated, Unchanged };
    struct Installed
    {
        Outcome outcome = Outcome::Unchanged;
        QString path; // the file written (a symlink's target)
        QString backupPath; // empty when there was nothing to back up
    };

    static QString serverName() { return QStringLiteral("hopx"); }

    explicit IdeConfig(Launch launch, Paths paths = Paths::fromEnvironment());

    //! hopx-mcp at `bridgePath`, or through `flatpak run` inside a Flatpak.
    static Launch launchFor(const QString &bridgePath);
    static QList<Ide> all();
    static QString displayName(Ide ide);

    const Launch &launch() const { return m_launch; }
    //! The file install() edits; empty for the generic client.
    QString configPath(Ide ide) const;
    //! "mcpServers", or "servers" for VS Code.
    static QString containerKey(Ide ide);
    QJsonObject serverEntry(Ide ide) const;
    //! The config to show and copy: the whole file's shape with our entry.
    QString snippet(Ide ide) const;
    //! A command that installs the server instead, where the IDE has one (Claude Code).
    QString command(Ide ide) const;

    //! JSON as people write IDE configs: two-space indents, "type", "command", "args" first,
    //! short arrays on one line. Used for the snippet and for the files install() writes.
    static QString toText(const QJsonObject &object);

    Result<Installed> install(Ide ide) const;
    //! The same merge into any file (tests, and a user-chosen path).
    Result<Installed> installInto(Ide ide, const QString &path) const;

private:
    Launch m_launch;
    Paths m_paths;
};

} // namespace Hopx::Core

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "AppCommandLine.h"

#include "AppExtension.h"

#include <QCoreApplication>

namespace Hopx {

AppCommandLine::AppCommandLine(AppExtension &extension)
    : m_headless(
        QStringLiteral("headless"), QStringLiteral("Run the MCP server without any window."))
    , m_background(QStringLiteral("background"),
          QStringLiteral("Start without opening the main window "
                         "(headless when there is no display)."))
    , m_socket(QStringLiteral("socket"),
          QStringLiteral("Serve MCP on this local socket (default: HOPX_MCP_SOCKET, else the "
                         "per-user socket)."),
          QStringLiteral("name"))
    , m_setApiKey(QStringLiteral("set-api-key"),
          QStringLiteral("Read a HOPX API key from stdin, store it in the keychain, exit."))
    , m_clearApiKey(QStringLiteral("clear-api-key"),
          QStringLiteral("Remove the HOPX API key from the keychain, exit."))
    , m_noKeychain(QStringLiteral("no-keychain"),
          QStringLiteral("Keep the API key in memory only (HOPX_API_KEY or the GUI)."))
    , m_migrate(QStringLiteral("migrate-ide-configs"),
          QStringLiteral("Replace uvx hopx-mcp entries in the IDE configs with HOPX Desktop, move "
                         "an HOPX_API_KEY found there into the keychain (with --no-keychain it "
                         "stays in the file), print what changed, exit."))
    , m_connectIde(QStringLiteral("connect"),
          QStringLiteral("Write the configuration for this IDE (as Connect an IDE's Install does, "
                         "with --tools PROFILE if given), print what was written where, exit; "
                         "\"list\" prints the IDEs known, installed and connected."),
          QStringLiteral("ide"))
    , m_listTools(
          QStringLiteral("list-tools"), QStringLiteral("Print the MCP tool reference, exit."))
    , m_listFormat(QStringLiteral("format"),
          QStringLiteral("--list-tools output: markdown, json or names."), QStringLiteral("format"),
          QStringLiteral("markdown"))
    , m_toolsProfile(QStringLiteral("tools"),
          QStringLiteral("--list-tools: only this profile's tools (compact; hopx-mcp; full: "
                         "every tool by its own name, without compact's); default: every tool. "
                         "--connect: the profile the IDE gets."),
          QStringLiteral("profile"))
{
    m_parser.setApplicationDescription(
        QStringLiteral("HOPX Desktop: run AI-written code in isolated sandboxes over MCP."));
    m_parser.addHelpOption();
    m_parser.addVersionOption();
    m_parser.addOptions({m_setApiKey, m_clearApiKey, m_migrate, m_connectIde, m_noKeychain,
        m_headless, m_background, m_socket, m_listTools, m_listFormat, m_toolsProfile});
    m_http.addOptions(m_parser);
    m_secrets.addOptions(m_parser);
    extension.addOptions(m_parser);
}

void AppCommandLine::process(QCoreApplication &app)
{
    QCoreApplication::setApplicationName(QStringLiteral("hopx-desktop"));
    QCoreApplication::setOrganizationName(QStringLiteral("hopx-desktop"));
    QCoreApplication::setApplicationVersion(QStringLiteral(HOPX_VERSION));
    m_parser.process(app);
}

} // namespace Hopx

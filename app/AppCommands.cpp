// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "AppCommands.h"

#include "AppCommandLine.h"
#include "AppState.h"
#include "core/ide/IdeConfigMigration.h"
#include "core/ide/IdeConnectCommand.h"
#include "core/tools/McpTools.h"
#include "core/tools/ToolReference.h"
#include "providers/cloud/HopxProvider.h"
#include "providers/local/LocalProvider.h"

#include "tools/ToolRegistry.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QTextStream>

#include <cstdio>
#include <iostream>
#include <string>

namespace Hopx {

namespace {

QString bridgePath()
{
    return QCoreApplication::applicationDirPath() + QStringLiteral("/hopx-mcp");
}

//! --set-api-key / --clear-api-key: for headless machines without the GUI.
int runKeyCommand(Core::KeyStore &store, bool set)
{
    int exitCode = 1;
    QEventLoop loop;
    auto finish = [&](Core::Result<Core::Unit> r, const char *what) {
        if (r) {
            std::fprintf(stderr, "hopx-desktop: %s\n", what);
            exitCode = 0;
        } else {
            std::fprintf(stderr, "hopx-desktop: %s\n", qPrintable(r.error().message));
        }
        loop.quit();
    };
    if (set) {
        std::string line;
        std::getline(std::cin, line);
        const QString key = QString::fromStdString(line).trimmed();
        if (key.isEmpty()) {
            std::fprintf(stderr,
                "hopx-desktop: no key on stdin (usage: printf %%s \"$KEY\" | hopx-desktop "
                "--set-api-key)\n");
            return 2;
        }
        store.write(
            key, [&](Core::Result<Core::Unit> r) { finish(r, "API key stored in the keychain"); });
    } else {
        store.remove(
            [&](Core::Result<Core::Unit> r) { finish(r, "API key removed from the keychain"); });
    }
    loop.exec();
    return exitCode;
}

//! --migrate-ide-configs: the Connect-an-IDE window's move from the Python hopx-mcp, for the
//! command line. Prints what changed; exits 0 also when there was nothing to change. Without
//! a keychain (--no-keychain) keys stay in the files: a key only in memory would be lost.
int runMigration(Core::KeyStore *store)
{
    const Core::IdeConfig config(Core::IdeConfig::launchFor(bridgePath()));
    bool finished = false;
    QEventLoop loop;
    Core::IdeConfigMigration(config).run(store, [&](const Core::IdeConfigMigration::Report &r) {
        std::printf("%s\n", qPrintable(r.text()));
        finished = true;
        loop.quit();
    });
    if (!finished)
        loop.exec();
    return 0;
}

} // namespace

std::optional<int> AppCommands::runWithoutState(const AppCommandLine &cli)
{
    if (cli.listTools()) { // the same registration as the server's, without a provider
        Mcp::ToolRegistry tools;
        Core::Tools::ToolDeps deps;
        deps.providerKinds = {Local::LocalProvider::describe(), Cloud::HopxProvider::describe()};
        Core::Tools::registerAll(tools, deps);
        return Core::Tools::ToolReference::print(tools, cli.listFormat(), cli.toolsProfile());
    }
    if (cli.connect()) {
        QTextStream out(stdout);
        QTextStream err(stderr);
        return Core::IdeConnectCommand::run(
            Core::IdeConfig(Core::IdeConfig::launchFor(bridgePath())), cli.connectIde(),
            cli.toolsProfile(), out, err);
    }
    return std::nullopt;
}

std::optional<int> AppCommands::runWithState(const AppCommandLine &cli, AppState &state)
{
    // --no-keychain keeps keys in memory, which these commands' process would forget at once:
    // "stored" would be a lie, and a removal would leave the keychain's copy behind.
    if (cli.noKeychain()
        && (cli.setApiKey() || cli.clearApiKey() || cli.secrets().writesKeychain(cli.parser()))) {
        std::fprintf(stderr,
            "hopx-desktop: --no-keychain keeps keys in memory only, so this command would "
            "change nothing that lasts; run it without --no-keychain\n");
        return 2;
    }
    if (cli.setApiKey() || cli.clearApiKey())
        return runKeyCommand(*state.keyStore, cli.setApiKey());
    if (cli.secrets().requested(cli.parser()))
        return cli.secrets().run(cli.parser(), state.secrets);
    if (cli.migrate())
        return runMigration(cli.noKeychain() ? nullptr : state.keyStore.get());
    return std::nullopt;
}

} // namespace Hopx

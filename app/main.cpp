// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// hopx-desktop: wiring only — options, single instance, objects.
#include "core/SandboxManager.h"
#include "core/Settings.h"
#include "core/UnixSignalWatcher.h"
#include "core/local/LocalProvider.h"
#include "core/tools/ConformanceFixtures.h"
#include "core/tools/McpTools.h"

#include "ipc/SocketPath.h"
#include "protocol/ServerConfig.h"
#include "protocol/ToolRegistry.h"
#include "transport/LocalServer.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QLoggingCategory>
#include <QNetworkAccessManager>

#include <csignal>
#include <cstdio>
#include <memory>

Q_LOGGING_CATEGORY(lcApp, "hopx.app", QtInfoMsg)

using namespace Hopx;

namespace {

const char *kInstructions =
    "HOPX runs code in isolated sandboxes. Quick use: execute_code(code, language) runs it in a "
    "fresh sandbox that is deleted afterwards. For multi-step work, create_sandbox once, then pass "
    "its id as sandbox_id to execute_code (Python state persists between calls like a notebook), "
    "file_*, run_command and env_* tools, and delete_sandbox when done. matplotlib figures come "
    "back as images.";

} // namespace

int main(int argc, char *argv[])
{
    std::signal(SIGPIPE, SIG_IGN);
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("hopx-desktop"));
    QCoreApplication::setOrganizationName(QStringLiteral("hopx-desktop"));
    QCoreApplication::setApplicationVersion(QStringLiteral(HOPX_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "HOPX Desktop: run AI-written code in isolated sandboxes over MCP."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption headless(QStringLiteral("headless"),
                                      QStringLiteral("Run the MCP server without any window."));
    const QCommandLineOption background(QStringLiteral("background"),
                                        QStringLiteral("Start without opening the main window "
                                                       "(headless when there is no display)."));
    const QCommandLineOption socket(QStringLiteral("socket"),
                                    QStringLiteral("Serve MCP on this local socket."),
                                    QStringLiteral("name"));
    const QCommandLineOption fixtures(QStringLiteral("conformance-fixtures"),
                                      QStringLiteral("Also register the test tools the MCP conformance "
                                                     "suite calls (testing only)."));
    parser.addOption(fixtures);
    parser.addOption(headless);
    parser.addOption(background);
    parser.addOption(socket);
    parser.process(app);

    Core::Settings settings;
    Core::SandboxManager manager(&settings);
    // Providers are created here and injected: the manager and the tools only know the interface.
    Local::LocalProvider localProvider(&settings, Local::LocalProvider::Options{});
    manager.addProvider(&localProvider);
    QNetworkAccessManager network;

    Mcp::ToolRegistry registry;
    Core::Tools::registerAll(registry, Core::Tools::ToolDeps{&manager, &settings, &network});
    if (parser.isSet(fixtures))
        Core::Tools::registerConformanceFixtures(registry);

    Mcp::ServerConfig config;
    config.instructions = QLatin1String(kInstructions);
    Mcp::LocalServer server(config, &registry);
    const QString serverName = Ipc::SocketPath::serverName(parser.value(socket));
    switch (server.listen(serverName)) {
    case Mcp::LocalServer::ListenResult::Listening:
        break;
    case Mcp::LocalServer::ListenResult::AlreadyRunning:
        std::fprintf(stderr, "hopx-desktop: already running: %s\n", qPrintable(server.errorString()));
        return 3;
    case Mcp::LocalServer::ListenResult::Failed:
        std::fprintf(stderr, "hopx-desktop: %s\n", qPrintable(server.errorString()));
        return 1;
    }

    Core::UnixSignalWatcher signals_;
    QObject::connect(&signals_, &Core::UnixSignalWatcher::terminationRequested, &app, [&](int sig) {
        qCInfo(lcApp) << "signal" << sig << "- shutting down";
        QCoreApplication::quit();
    });
    QObject::connect(&app, &QCoreApplication::aboutToQuit, &app, [&]() {
        manager.shutdown();
        localProvider.shutdown();
        server.close();
    });
    return app.exec();
}

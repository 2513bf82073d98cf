// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// hopx-desktop: wiring only — options, single instance, objects. The test-only
// hopx-desktop-testserver is this wiring too, plus its AppExtension.
#include "AppExtension.h"
#include "core/approvals/ApprovalBroker.h"
#include "core/base/UnixSignalWatcher.h"
#include "core/http/HttpService.h"
#include "core/ide/IdeConfigMigration.h"
#include "core/ide/IdeConnectCommand.h"
#include "core/manager/ProviderPolicy.h"
#include "core/manager/RemoteSandboxPoller.h"
#include "core/manager/SandboxManager.h"
#include "core/secrets/MemoryKeyStore.h"
#include "core/secrets/QtKeychainStore.h"
#include "core/secrets/SecretCommandLine.h"
#include "core/secrets/SecretStore.h"
#include "core/secrets/SessionKeyStore.h"
#include "core/settings/Settings.h"
#include "core/tools/McpTools.h"
#include "core/tools/ToolReference.h"
#include "core/tools/files/HostAccess.h"
#include "providers/cloud/HopxProvider.h"
#include "providers/local/LocalProvider.h"
#include "providers/local/packages/PackageStore.h"

#include "features/PromptRegistry.h"
#include "features/ResourceRegistry.h"
#include "ipc/SocketPath.h"
#include "session/ServerConfig.h"
#include "session/SessionObserver.h"
#include "tasks/TaskStore.h"
#include "tools/ToolRegistry.h"
#include "transport/HttpCommandLine.h"
#include "transport/LocalServer.h"
#ifdef HOPX_HAVE_GUI
#include "ui/GuiApplication.h"
#endif

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QLoggingCategory>
#include <QNetworkAccessManager>
#include <QTextStream>

#include <QEventLoop>

#include <csignal>
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>

Q_LOGGING_CATEGORY(lcApp, "hopx.app", QtInfoMsg)

using namespace Hopx;

namespace {

const char *kInstructions =
    "HOPX runs code in isolated sandboxes. Quick use: execute_code(code, language) runs it in a "
    "fresh sandbox that is deleted afterwards. For multi-step work, create_sandbox once, then pass "
    "its id as sandbox_id to execute_code (Python state persists between calls like a notebook), "
    "file_*, run_command and env_* tools, and delete_sandbox when done. matplotlib figures come "
    "back as images.";

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
    const Core::IdeConfig config(Core::IdeConfig::launchFor(
        QCoreApplication::applicationDirPath() + QStringLiteral("/hopx-mcp")));
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

int main(int argc, char *argv[])
{
    std::signal(SIGPIPE, SIG_IGN);
    // GUI part: with a display and without --headless, the tray app's QApplication.
#ifdef HOPX_HAVE_GUI
    const bool gui = Ui::GuiApplication::wantsGui(argc, argv);
    const std::unique_ptr<QCoreApplication> application =
        Ui::GuiApplication::createApplication(argc, argv, gui);
#else
    [[maybe_unused]] const bool gui = false;
    const auto application = std::make_unique<QCoreApplication>(argc, argv);
#endif
    QCoreApplication &app = *application;
    QCoreApplication::setApplicationName(QStringLiteral("hopx-desktop"));
    QCoreApplication::setOrganizationName(QStringLiteral("hopx-desktop"));
    QCoreApplication::setApplicationVersion(QStringLiteral(HOPX_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("HOPX Desktop: run AI-written code in isolated sandboxes over MCP."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption headless(
        QStringLiteral("headless"), QStringLiteral("Run the MCP server without any window."));
    const QCommandLineOption background(QStringLiteral("background"),
        QStringLiteral("Start without opening the main window "
                       "(headless when there is no display)."));
    const QCommandLineOption socket(QStringLiteral("socket"),
        QStringLiteral("Serve MCP on this local socket."), QStringLiteral("name"));
    const QCommandLineOption setApiKey(QStringLiteral("set-api-key"),
        QStringLiteral("Read a HOPX API key from stdin, store it in the keychain, exit."));
    const QCommandLineOption clearApiKey(QStringLiteral("clear-api-key"),
        QStringLiteral("Remove the HOPX API key from the keychain, exit."));
    const QCommandLineOption noKeychain(QStringLiteral("no-keychain"),
        QStringLiteral("Keep the API key in memory only (HOPX_API_KEY or the GUI)."));
    const QCommandLineOption migrate(QStringLiteral("migrate-ide-configs"),
        QStringLiteral("Replace uvx hopx-mcp entries in the IDE configs with HOPX Desktop, move "
                       "an HOPX_API_KEY found there into the keychain, print what changed, "
                       "exit."));
    const QCommandLineOption connectIde(QStringLiteral("connect"),
        QStringLiteral("Write the configuration for this IDE (as Connect an IDE's Install does, "
                       "with --tools PROFILE if given), print what was written where, exit; "
                       "\"list\" prints the IDEs known, installed and connected."),
        QStringLiteral("ide"));
    parser.addOption(setApiKey);
    parser.addOption(clearApiKey);
    parser.addOption(migrate);
    parser.addOption(connectIde);
    parser.addOption(noKeychain);
    parser.addOption(headless);
    parser.addOption(background);
    parser.addOption(socket);
    const QCommandLineOption listTools(
        QStringLiteral("list-tools"), QStringLiteral("Print the MCP tool reference, exit."));
    const QCommandLineOption listFormat(QStringLiteral("format"),
        QStringLiteral("--list-tools output: markdown, json or names."), QStringLiteral("format"),
        QStringLiteral("markdown"));
    const QCommandLineOption listProfile(QStringLiteral("tools"),
        QStringLiteral("--list-tools: only this profile's tools (compact, hopx-mcp, full); "
                       "default: every tool. --connect: the profile the IDE gets."),
        QStringLiteral("profile"));
    parser.addOptions({listTools, listFormat, listProfile});
    Mcp::HttpCommandLine httpFlags; // --http, --http-token
    httpFlags.addOptions(parser);
    const Core::SecretCommandLine secretFlags; // --set-secret, --list-secrets, --remove-secret
    secretFlags.addOptions(parser);
    const std::unique_ptr<AppExtension> extension = createAppExtension();
    extension->addOptions(parser);
    parser.process(app);
    if (parser.isSet(
            listTools)) { // the same registration as below, but no provider, keychain or socket
        Mcp::ToolRegistry tools;
        Core::Tools::ToolDeps deps;
        deps.providerKinds = {Local::LocalProvider::describe(), Cloud::HopxProvider::describe()};
        Core::Tools::registerAll(tools, deps);
        return Core::Tools::ToolReference::print(
            tools, parser.value(listFormat), parser.value(listProfile));
    }
    if (parser.isSet(connectIde)) { // files only: no keychain, socket or provider
        QTextStream out(stdout);
        QTextStream err(stderr);
        return Core::IdeConnectCommand::run(
            Core::IdeConfig(Core::IdeConfig::launchFor(
                QCoreApplication::applicationDirPath() + QStringLiteral("/hopx-mcp"))),
            parser.value(connectIde), parser.value(listProfile), out, err);
    }
    // First thing after parsing: a SIGTERM that arrives while we start must still shut down
    // cleanly (socket removed, sandboxes gone), not kill us half-way.
    Core::UnixSignalWatcher signals_;
    QObject::connect(&signals_, &Core::UnixSignalWatcher::terminationRequested, &app, [](int sig) {
        qCInfo(lcApp) << "signal" << sig << "- shutting down";
        QCoreApplication::quit();
    });

    Core::Settings settings;
    std::unique_ptr<Core::KeyStore> keyStore;
    if (parser.isSet(noKeychain))
        keyStore = std::make_unique<Core::MemoryKeyStore>();
    else
        keyStore =
            std::make_unique<Core::SessionKeyStore>(std::make_unique<Core::QtKeychainStore>());
    if (parser.isSet(setApiKey) || parser.isSet(clearApiKey))
        return runKeyCommand(*keyStore, parser.isSet(setApiKey));
    // Named secrets for sandboxes: values in the same keychain, metadata in the settings.
    Core::SecretStore secrets(&settings, keyStore.get());
    if (secretFlags.requested(parser))
        return secretFlags.run(parser, secrets);
    if (parser.isSet(migrate))
        return runMigration(parser.isSet(noKeychain) ? nullptr : keyStore.get());
    QNetworkAccessManager network; // before the providers: they use it until they go
    // Which provider serves what, and with which key: decided by the policy, not here.
    Core::ProviderPolicy policy(&settings, keyStore.get(), Cloud::HopxProvider::defaultBaseUrl());
    Core::SandboxManager manager(&settings);
    manager.setPolicy(&policy);
    // Providers are created here and injected: the manager and the tools only know the interface.
    Local::LocalProvider::Options localOptions;
    localOptions.warmSpares = settings.value(QStringLiteral("local/warmSpares"), 1).toInt();
    localOptions.burstSpares = settings.value(QStringLiteral("local/burstSpares"), 16).toInt();
    Local::LocalProvider localProvider(&settings, localOptions);
    localProvider.setSecretStore(&secrets);
    manager.addProvider(&localProvider);
    const auto makeCloud = [&network](const Core::ProviderPolicy::CloudAccount &account) {
        auto *p = new Cloud::HopxProvider(&network, account.baseUrl);
        if (account.keyStore)
            p->setKeyStore(account.keyStore);
        if (!account.apiKey.isEmpty())
            p->setApiKey(account.apiKey);
        return p;
    };
    const std::unique_ptr<Cloud::HopxProvider> hopxProvider(makeCloud(policy.appCloudAccount()));
    manager.addProvider(hopxProvider.get());
    policy.setProviders(&localProvider, hopxProvider.get(), makeCloud);
    // HOPX sandboxes made elsewhere (other machines, the web dashboard) appear in the manager.
    // The setting hopx/listIntervalMs (0 = never) spares an account with tight rate limits.
    Core::RemoteSandboxPoller::Options pollOptions;
    pollOptions.intervalMs =
        settings.value(QStringLiteral("hopx/listIntervalMs"), pollOptions.intervalMs).toInt();
    Core::RemoteSandboxPoller remotePoller(hopxProvider.get(), pollOptions);
    remotePoller.start();

    Mcp::ToolRegistry registry;
    Mcp::ResourceRegistry resources;
    Mcp::PromptRegistry prompts;
    // Consent the client cannot ask for is asked in the app (the GUI answers; headless nobody).
    Core::ApprovalBroker approvals;
    // Host folders and consent, shared by the tools and the GUI's list of pending approvals.
    const auto hostAccess = std::make_shared<Core::Tools::HostAccess>(&settings, &approvals);
    Core::Tools::ToolDeps deps {&manager, &settings, &network, hostAccess};
    deps.secrets = &secrets; // create_sandbox `secrets`
    Core::Tools::registerAll(registry, deps);
    Core::Tools::registerSandboxResources(resources, deps);
    extension->apply(parser, {&registry, &resources, &prompts, &httpFlags, &approvals});

    Mcp::ServerConfig config;
    config.instructions = QLatin1String(kInstructions);
    Mcp::TaskStore tasks(config); // shared by all sessions: a task outlives its request and client
    Mcp::SessionObserver observer; // every session on every transport, for the GUI's views
    const Mcp::ServerContext context {&registry, &resources, &prompts, &tasks, &observer};
    Mcp::LocalServer server(config, context);
    const QString serverName = Ipc::SocketPath::serverName(parser.value(socket));
    switch (server.listen(serverName)) {
    case Mcp::LocalServer::ListenResult::Listening:
        break;
    case Mcp::LocalServer::ListenResult::AlreadyRunning:
#ifdef HOPX_HAVE_GUI
        // GUI part: launching the app again shows the running one (--background is the bridge's).
        if (gui && !parser.isSet(background)
            && Ui::GuiApplication::activateRunningInstance(serverName))
            return 0;
#endif
        std::fprintf(
            stderr, "hopx-desktop: already running: %s\n", qPrintable(server.errorString()));
        return 3;
    case Mcp::LocalServer::ListenResult::Failed:
        std::fprintf(stderr, "hopx-desktop: %s\n", qPrintable(server.errorString()));
        return 1;
    }

    // MCP over Streamable HTTP: --http wins; otherwise the settings decide, live.
    Core::HttpService httpService(&settings, keyStore.get(), config, context);
    if (const std::optional<int> failed = httpService.start(parser, httpFlags))
        return *failed;

    QObject::connect(&app, &QCoreApplication::aboutToQuit, &app, [&]() {
        // The local provider first: it keeps its sandboxes (unless the settings say not to),
        // which the manager would otherwise destroy as it does those of other hosted providers.
        localProvider.shutdown();
        manager.shutdown();
        server.close();
        httpService.stop();
    });

#ifdef HOPX_HAVE_GUI
    // GUI part: the tray and the windows observe and drive the objects above; declared last, so
    // they go first.
    std::unique_ptr<Ui::GuiApplication> ui;
    if (gui) {
        Ui::GuiApplication::Deps deps;
        deps.settings = &settings;
        deps.manager = &manager;
        deps.server = &server;
        deps.observer = &observer;
        deps.keyStore = keyStore.get();
        deps.policy = &policy;
        deps.http = &httpService;
        deps.network = &network;
        deps.serverName = server.fullServerName();
        deps.approvals = &approvals;
        deps.packageCacheDir = Local::PackageStore::defaultRoot();
        deps.secrets = &secrets;
        ui = Ui::GuiApplication::run(deps, parser.isSet(background));
    }
#endif
    return app.exec();
}

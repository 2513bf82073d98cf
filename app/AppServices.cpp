// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "AppServices.h"

#include "AppCommandLine.h"
#include "AppExtension.h"
#include "AppState.h"
#include "core/settings/LocalSettings.h"
#include "core/tools/McpTools.h"
#include "core/tools/files/HostAccess.h"
#include "providers/local/packages/PackageStore.h"

#include "ipc/SocketPath.h"
#ifdef HOPX_HAVE_GUI
#include "ui/GuiApplication.h"
#endif

#include <QCoreApplication>

#include <cstdio>

namespace Hopx {

namespace {

const char *kInstructions =
    "HOPX runs code in isolated sandboxes. Quick use: execute_code(code, language) runs it in a "
    "fresh sandbox that is deleted afterwards. For multi-step work, create_sandbox once, then pass "
    "its id as sandbox_id to execute_code (Python state persists between calls like a notebook), "
    "file_*, run_command and env_* tools, and delete_sandbox when done. matplotlib figures come "
    "back as images.";

Mcp::ServerConfig serverConfig()
{
    Mcp::ServerConfig config;
    config.instructions = QLatin1String(kInstructions);
    return config;
}

Local::LocalProvider::Options localOptions(const Core::Settings &settings)
{
    Local::LocalProvider::Options options;
    const Core::LocalSettings local(&settings);
    options.warmSpares = local.warmSpares();
    options.burstSpares = local.burstSpares();
    return options;
}

//! HOPX sandboxes made elsewhere (other machines, the web dashboard) appear in the manager.
//! The setting hopx/listIntervalMs (0 = never) spares an account with tight rate limits.
Core::RemoteSandboxPoller::Options pollOptions(const Core::Settings &settings)
{
    Core::RemoteSandboxPoller::Options options;
    options.intervalMs = settings.hopxListIntervalMs();
    return options;
}

} // namespace

AppServices::AppServices(AppCommandLine &cli, AppState &state, AppExtension &extension)
    : m_cli(cli)
    , m_state(state)
    // Which provider serves what, and with which key: decided by the policy, not here.
    , m_policy(&state.settings, state.keyStore.get(), Cloud::HopxProvider::defaultBaseUrl())
    , m_manager(&state.settings)
    , m_localProvider(&state.settings, localOptions(state.settings))
    , m_hopxProvider(makeCloud(m_policy.appCloudAccount()))
    , m_remotePoller(m_hopxProvider.get(), pollOptions(state.settings))
    , m_hostAccess(std::make_shared<Core::Tools::HostAccess>(&state.settings, &m_approvals))
    , m_config(serverConfig())
    , m_tasks(m_config)
    , m_context {&m_registry, &m_resources, &m_prompts, &m_tasks, &m_observer}
    , m_server(m_config, m_context)
    , m_httpService(&state.settings, state.keyStore.get(), m_config, m_context)
{
    // Providers are made here and injected: the manager and the tools only know the interface.
    m_manager.setPolicy(&m_policy);
    m_localProvider.setSecretStore(&state.secrets);
    m_manager.addProvider(&m_localProvider);
    m_manager.addProvider(m_hopxProvider.get());
    m_policy.setProviders(&m_localProvider, m_hopxProvider.get(),
        [this](const Core::ProviderPolicy::CloudAccount &account) { return makeCloud(account); });
    m_remotePoller.start();
    // The interval is a setting of the Cloud page: a change applies at once.
    QObject::connect(&state.settings, &Core::Settings::changed, &m_remotePoller,
        [this, &settings = state.settings](const QString &key) {
            if (key == QLatin1String("hopx/listIntervalMs"))
                m_remotePoller.setIntervalMs(settings.hopxListIntervalMs());
        });

    Core::Tools::ToolDeps deps; // the provider kinds come from the manager
    deps.manager = &m_manager;
    deps.settings = &state.settings;
    deps.network = &m_network; // execute_code_async webhooks
    deps.hostAccess = m_hostAccess;
    deps.secrets = &state.secrets; // create_sandbox `secrets`
    Core::Tools::registerAll(m_registry, deps);
    Core::Tools::registerSandboxResources(m_resources, deps);
    extension.apply(cli.parser(),
        {&m_registry, &m_resources, &m_prompts, &cli.http(), &m_approvals, &m_localProvider});
}

AppServices::~AppServices() = default;

Cloud::HopxProvider *AppServices::makeCloud(const Core::ProviderPolicy::CloudAccount &account)
{
    auto *provider = new Cloud::HopxProvider(&m_network, account.baseUrl);
    if (account.keyStore)
        provider->setKeyStore(account.keyStore);
    if (!account.apiKey.isEmpty())
        provider->setApiKey(account.apiKey);
    return provider;
}

std::optional<int> AppServices::listen(bool gui)
{
    const QString serverName = Ipc::SocketPath::serverName(m_cli.socketName());
    switch (m_server.listen(serverName)) {
    case Mcp::LocalServer::ListenResult::Listening:
        break;
    case Mcp::LocalServer::ListenResult::AlreadyRunning:
#ifdef HOPX_HAVE_GUI
        // Launching the app again shows the running one (--background is the bridge's).
        if (gui && !m_cli.background() && Ui::GuiApplication::activateRunningInstance(serverName))
            return 0;
#else
        Q_UNUSED(gui)
#endif
        std::fprintf(
            stderr, "hopx-desktop: already running: %s\n", qPrintable(m_server.errorString()));
        return 3;
    case Mcp::LocalServer::ListenResult::Failed:
        std::fprintf(stderr, "hopx-desktop: %s\n", qPrintable(m_server.errorString()));
        return 1;
    }
    // --http wins; otherwise the settings decide, live.
    if (const std::optional<int> failed = m_httpService.start(m_cli.parser(), m_cli.http()))
        return failed;

    auto *app = QCoreApplication::instance();
    QObject::connect(app, &QCoreApplication::aboutToQuit, app, [this]() {
        // The local provider first: it keeps its sandboxes (unless the settings say not to),
        // which the manager would otherwise destroy as it does those of other hosted providers.
        m_localProvider.shutdown();
        m_manager.shutdown();
        m_server.close();
        m_httpService.stop();
    });
    return std::nullopt;
}

#ifdef HOPX_HAVE_GUI
std::unique_ptr<Ui::GuiApplication> AppServices::startGui(bool background)
{
    Ui::GuiApplication::Deps deps;
    deps.settings = &m_state.settings;
    deps.manager = &m_manager;
    deps.server = &m_server;
    deps.observer = &m_observer;
    deps.keyStore = m_state.keyStore.get();
    deps.policy = &m_policy;
    deps.http = &m_httpService;
    deps.network = &m_network;
    deps.serverName = m_server.fullServerName();
    deps.approvals = &m_approvals;
    deps.packageCacheDir = Local::PackageStore::defaultRoot();
    deps.secrets = &m_state.secrets;
    return Ui::GuiApplication::run(deps, background);
}
#endif

} // namespace Hopx

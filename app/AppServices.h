// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/approvals/ApprovalBroker.h"
#include "core/http/HttpService.h"
#include "core/manager/ProviderPolicy.h"
#include "core/manager/RemoteSandboxPoller.h"
#include "core/manager/SandboxManager.h"
#include "providers/cloud/HopxProvider.h"
#include "providers/local/LocalProvider.h"

#include "features/PromptRegistry.h"
#include "features/ResourceRegistry.h"
#include "session/ServerConfig.h"
#include "session/ServerContext.h"
#include "session/SessionObserver.h"
#include "tasks/TaskStore.h"
#include "tools/ToolRegistry.h"
#include "transport/LocalServer.h"

#include <QNetworkAccessManager>

#include <memory>
#include <optional>

namespace Hopx {
namespace Core::Tools {
class HostAccess;
}

class AppCommandLine;
class AppExtension;
struct AppState;
#ifdef HOPX_HAVE_GUI
namespace Ui {
class GuiApplication;
}
#endif

/*! \brief The running app: providers, the manager, the tools, the MCP server on its transports.
 *
 * The composition root's objects, in the order they depend on each other (members are
 * destroyed in reverse: the server goes before the tools it calls, the tools before the
 * providers). Nothing here decides policy; each object is told what it needs.
 */
class AppServices
{
public:
    AppServices(AppCommandLine &cli, AppState &state, AppExtension &extension);
    ~AppServices();

    /*! Serves the local socket and, if asked, HTTP. An exit code when the app must stop
     *  instead (another instance serves; a bad flag). `gui`: a second launch shows the first. */
    std::optional<int> listen(bool gui);
#ifdef HOPX_HAVE_GUI
    //! The tray and the windows, over the objects above.
    std::unique_ptr<Ui::GuiApplication> startGui(bool background);
#endif

private:
    Cloud::HopxProvider *makeCloud(const Core::ProviderPolicy::CloudAccount &account);

    AppCommandLine &m_cli;
    AppState &m_state;
    QNetworkAccessManager m_network; // before the providers: they use it until they go
    Core::ProviderPolicy m_policy;
    Core::SandboxManager m_manager;
    Local::LocalProvider m_localProvider;
    std::unique_ptr<Cloud::HopxProvider> m_hopxProvider;
    Core::RemoteSandboxPoller m_remotePoller;
    Mcp::ToolRegistry m_registry;
    Mcp::ResourceRegistry m_resources;
    Mcp::PromptRegistry m_prompts;
    //! Consent the client cannot ask for is asked in the app (the GUI answers; headless nobody).
    Core::ApprovalBroker m_approvals;
    //! Host folders and consent, shared by the tools and the GUI's list of pending approvals.
    std::shared_ptr<Core::Tools::HostAccess> m_hostAccess;
    const Mcp::ServerConfig m_config;
    Mcp::TaskStore m_tasks; // shared by all sessions: a task outlives its request and client
    Mcp::SessionObserver m_observer; // every session on every transport, for the GUI's views
    const Mcp::ServerContext m_context;
    Mcp::LocalServer m_server;
    Core::HttpService m_httpService; // MCP over Streamable HTTP
};

} // namespace Hopx

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/manager/ProviderKind.h"

#include <QString>
#include <QStringList>

#include <memory>

class QNetworkAccessManager;

namespace Hopx::Mcp {
class ResourceRegistry;
class ToolRegistry;
} // namespace Hopx::Mcp

namespace Hopx::Core {
class SandboxManager;
class SecretStore;
class Settings;
} // namespace Hopx::Core

namespace Hopx::Core::Tools {

class HostAccess;

/*! \brief What the tools need; injected so tests can pass fakes. */
struct ToolDeps
{
    SandboxManager *manager = nullptr;
    Settings *settings = nullptr;
    QNetworkAccessManager *network = nullptr; // execute_code_async webhooks
    //! Host folders and consent (file_upload, file_download, mount_roots); registerAll() makes
    //! one when none is given.
    std::shared_ptr<HostAccess> hostAccess;
    //! Every kind of provider the app has, in the order tools list them (their schemas name
    //! them; `--list-tools` passes the same list without starting any).
    QList<ProviderKind> providerKinds;
    //! Named secrets create_sandbox can give a local sandbox (null: none).
    SecretStore *secrets = nullptr;
};

/*! \brief Registers every MCP tool of TOOLS.md. The only place core meets mcpserver. */
void registerAll(Mcp::ToolRegistry &registry, const ToolDeps &deps);

void registerSystemTools(Mcp::ToolRegistry &registry, const ToolDeps &deps);
void registerSandboxTools(Mcp::ToolRegistry &registry, const ToolDeps &deps);
void registerExecutionTools(Mcp::ToolRegistry &registry, const ToolDeps &deps);
void registerFileTools(Mcp::ToolRegistry &registry, const ToolDeps &deps);
void registerHostFileTools(Mcp::ToolRegistry &registry, const ToolDeps &deps);
void registerEnvInfoTools(Mcp::ToolRegistry &registry, const ToolDeps &deps);
void registerCheckpointTools(Mcp::ToolRegistry &registry, const ToolDeps &deps);
void registerDesktopTools(Mcp::ToolRegistry &registry, const ToolDeps &deps);
void registerPackageTools(Mcp::ToolRegistry &registry, const ToolDeps &deps);

//! The compact profile's own tools, which route to the tools above (after them: they look
//! those up by name when called).
void registerCompactTools(Mcp::ToolRegistry &registry, const ToolDeps &deps);
//! The tools registerCompactTools() adds: the full profile leaves them out.
QStringList compactToolNames();
//! The profiles compact (the default), hopx-mcp and full (ToolProfiles.cpp).
void registerToolProfiles(Mcp::ToolRegistry &registry);
extern const QString kCompactProfile;
extern const QString kHopxMcpProfile;
extern const QString kFullProfile;

//! sandbox://{sandbox_id}/{+path}: sandbox files for resources/read and completion.
void registerSandboxResources(Mcp::ResourceRegistry &resources, const ToolDeps &deps);

} // namespace Hopx::Core::Tools

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/tools/McpTools.h"

#include "core/manager/SandboxManager.h"
#include "core/manager/SandboxProvider.h"
#include "core/tools/files/HostAccess.h"

namespace Hopx::Core::Tools {

void registerAll(Mcp::ToolRegistry &registry, const ToolDeps &given)
{
    ToolDeps deps = given;
    if (!deps.hostAccess)
        deps.hostAccess = std::make_shared<HostAccess>(deps.settings);
    if (deps.providerKinds.isEmpty() && deps.manager)
        for (const SandboxProvider *p : deps.manager->providers())
            deps.providerKinds.append(p->kind());
    registerSystemTools(registry, deps);
    registerSandboxTools(registry, deps);
    registerExecutionTools(registry, deps);
    registerFileTools(registry, deps);
    registerHostFileTools(registry, deps);
    registerEnvInfoTools(registry, deps);
    registerCheckpointTools(registry, deps);
    registerDesktopTools(registry, deps);
    registerPackageTools(registry, deps);
    registerCompactTools(registry, deps);
    registerToolProfiles(registry);
}

} // namespace Hopx::Core::Tools

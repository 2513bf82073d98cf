// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "McpTools.h"

namespace Hopx::Core::Tools {

void registerAll(Mcp::ToolRegistry &registry, const ToolDeps &deps)
{
    registerSystemTools(registry, deps);
    registerSandboxTools(registry, deps);
    registerExecutionTools(registry, deps);
    registerFileTools(registry, deps);
    registerEnvInfoTools(registry, deps);
    registerCheckpointTools(registry, deps);
    registerDesktopTools(registry, deps);
}

} // namespace Hopx::Core::Tools

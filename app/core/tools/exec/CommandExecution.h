// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

// How the command and process tools run: run_command, run_command_background, and the
// process lists and kill of both background kinds.

namespace Hopx::Mcp {
class ToolCall;
}

namespace Hopx::Core::Tools {

class ToolArgs;
struct ToolDeps;

void runCommand(Mcp::ToolCall *call, const ToolDeps &deps, const ToolArgs &args);
void runCommandBackground(Mcp::ToolCall *call, const ToolDeps &deps, const ToolArgs &args);
//! execute_list_processes (`executionsOnly`: what the tools started) and list_processes.
void listProcesses(
    Mcp::ToolCall *call, const ToolDeps &deps, const ToolArgs &args, bool executionsOnly);
void killProcess(Mcp::ToolCall *call, const ToolDeps &deps, const ToolArgs &args);

} // namespace Hopx::Core::Tools

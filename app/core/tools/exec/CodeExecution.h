// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

// How the execute_code family runs: which sandbox, which provider operation, what happens
// around it (a fresh sandbox and its deletion, the activity log, cancellation, the webhook).

#include <QString>

namespace Hopx::Mcp {
class ToolCall;
}

namespace Hopx::Core::Tools {

struct ExecArgs;
class ToolArgs;
struct ToolDeps;

//! execute_code and its mode wrappers; `forcedMode` is the wrapper's ("" for execute_code).
void executeCode(
    Mcp::ToolCall *call, const ToolDeps &deps, const ToolArgs &args, const QString &forcedMode);
//! execute_code_async: answers at once, POSTs the result when the run ends.
void executeAsync(Mcp::ToolCall *call, const ToolDeps &deps, const ToolArgs &args);
//! execute_code_background (code) and run_command_background (`isCommand`).
void startBackground(Mcp::ToolCall *call, const ToolDeps &deps, const ExecArgs &a, bool isCommand);

} // namespace Hopx::Core::Tools

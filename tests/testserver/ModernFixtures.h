// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

namespace Hopx::Mcp {
class PromptRegistry;
class ToolRegistry;
} // namespace Hopx::Mcp

namespace Hopx::TestServer {

/*! \brief The fixtures of the next conformance suite (@modelcontextprotocol/conformance
 *  0.2.0-alpha.12) for 2026-07-28 and the tasks extension: tools and a prompt that ask the
 *  client through input-required results and task-running jobs (SchemaFixtures has the
 *  schema ones).
 *
 * Test-only, like ConformanceFixtures (`--conformance-fixtures`). Each asks through
 * ToolCall::requestFromClient() exactly as product tools do, so the era decides how.
 */
void registerModernFixtures(Mcp::ToolRegistry &tools, Mcp::PromptRegistry &prompts);

} // namespace Hopx::TestServer

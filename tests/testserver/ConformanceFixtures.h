// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

namespace Hopx::Mcp {
class PromptRegistry;
class ResourceRegistry;
class ToolRegistry;
} // namespace Hopx::Mcp

namespace Hopx::TestServer {

/*! \brief The test-only tools the official conformance suite calls (`--conformance-fixtures`).
 *
 * Only hopx-desktop-testserver has them; hopx-desktop does not even contain them. Our own
 * tests use them too where they need a call that
 * takes a while (test_tool_with_progress, which may also run as a task) without depending on
 * a sandbox. What each fixture returns follows the suite's scenarios
 * (@modelcontextprotocol/conformance 0.1.16, its src/scenarios/server/ sources).
 */
void registerConformanceFixtures(Mcp::ToolRegistry &registry);
//! The tools above plus the suite's resources, resource template, prompts and completions.
void registerConformanceFixtures(
    Mcp::ToolRegistry &tools, Mcp::ResourceRegistry &resources, Mcp::PromptRegistry &prompts);

} // namespace Hopx::TestServer

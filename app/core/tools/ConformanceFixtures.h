// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

namespace Hopx::Mcp {
class ToolRegistry;
}

namespace Hopx::Core::Tools {

/*! \brief The test-only tools the official conformance suite calls (`--conformance-fixtures`).
 *
 * Never registered in product mode. Our own tests use them too where they need a call that
 * takes a while (test_tool_with_progress) without depending on a sandbox.
 */
void registerConformanceFixtures(Mcp::ToolRegistry &registry);

} // namespace Hopx::Core::Tools

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

namespace Hopx::Mcp {
class ToolRegistry;
} // namespace Hopx::Mcp

namespace Hopx::TestServer {

/*! \brief The next conformance suite's schema fixtures (`--conformance-fixtures`):
 *  `json_schema_2020_12_tool` ($defs, $ref, $anchor, allOf/anyOf, if/then/else; SEP-1613,
 *  SEP-2106) and `test_custom_headers`, whose arguments Streamable HTTP mirrors into
 *  `Mcp-Param-*` headers (x-mcp-header, SEP-2243).
 *
 * Test-only. The registry refuses a schema the argument validator cannot enforce, so these
 * registering at all is part of what they test.
 */
void registerSchemaFixtures(Mcp::ToolRegistry &tools);

} // namespace Hopx::TestServer

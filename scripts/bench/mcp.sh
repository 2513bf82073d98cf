#!/usr/bin/env bash
# MCP protocol round trips, throughput, start time and memory vs the reference server.
set -euo pipefail
exec "$HOPX_NODE_DIR/node_modules/.bin/node" "$(dirname "$0")/mcp.mjs"

#!/usr/bin/env bash
# Each tool profile's tools/list as a client receives it through hopx-mcp: tools, bytes, tokens.
set -euo pipefail
exec "$HOPX_NODE_DIR/node_modules/.bin/node" "$(dirname "$0")/tools.mjs"

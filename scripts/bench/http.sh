#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 HOPX Desktop developers
# SPDX-License-Identifier: MIT
# Streamable HTTP benchmark: hopx-desktop's /mcp vs @modelcontextprotocol/server-everything's
# (the SDK's reference transport) in the same run, on 127.0.0.1 only. Prints a markdown table:
# round-trip latency (1 client) and requests/s with 8 concurrent clients, and the ratio.
#   HOPX_BENCH_SECONDS (default 5) per throughput run, HOPX_BENCH_CLIENTS (default 8).
# bench.sh sets HOPX_BIN_DIR, HOPX_NODE_DIR, HOPX_BUILD, HOPX_ROOT; alone it defaults to build/.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=../lib/bench-env.sh
source "$here/../lib/bench-env.sh"
node="$HOPX_NODE_DIR/node_modules/.bin/node"
[ -x "$node" ] || { echo "Node 22 not found at $node (scripts/test.sh installs build/node)" >&2; exit 1; }
[ -x "$HOPX_BIN_DIR/hopx-desktop-testserver" ] || { echo "no $HOPX_BIN_DIR/hopx-desktop-testserver: build first" >&2; exit 1; }
exec "$node" "$here/http.mjs" "$@"

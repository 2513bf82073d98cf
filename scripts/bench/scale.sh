#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 HOPX Desktop developers
# SPDX-License-Identifier: MIT
# Scale: 200 local sandboxes alive (50 with a warm Python kernel), memory per sandbox, create
# latency at 200 alive, 64 concurrent HTTP clients, 32 bridges at once (scale.mjs says how).
#   HOPX_SCALE_SANDBOXES, HOPX_SCALE_WARM, HOPX_SCALE_HTTP_CLIENTS, HOPX_SCALE_BRIDGES,
#   HOPX_BENCH_SECONDS (HTTP run, default 10).
# bench.sh sets HOPX_BIN_DIR, HOPX_NODE_DIR; alone it defaults to build/.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
export HOPX_BIN_DIR="${HOPX_BIN_DIR:-$here/../../build/bin}"
export HOPX_NODE_DIR="${HOPX_NODE_DIR:-$here/../../build/node}"
export QT_LOGGING_RULES="${QT_LOGGING_RULES:-hopx.*.info=false}"
exec "$HOPX_NODE_DIR/node_modules/.bin/node" "$here/scale.mjs"

#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 HOPX Desktop developers
# SPDX-License-Identifier: MIT
# The 2026-07-28 era beside the legacy one: stdio latency through hopx-mcp and HTTP requests/s
# with wrk, against server-everything in the same run (modern.mjs says what and how).
#   HOPX_BENCH_N (3000) stdio samples, HOPX_BENCH_SECONDS (2, per turn), HOPX_BENCH_HTTP_ROUNDS (3) and
#   HOPX_BENCH_CLIENTS (16) for wrk.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=../lib/bench-env.sh
source "$here/../lib/bench-env.sh"
command -v wrk >/dev/null || { echo "wrk is not installed (apt-get install -y wrk)" >&2; exit 1; }
exec "$HOPX_NODE_DIR/node_modules/.bin/node" "$here/modern.mjs" "$@"

#!/usr/bin/env bash
# Local sandboxes: creation, warm and isolated execution, memory per sandbox, parallel runs,
# checkpoint/restore/fork and /workspace throughput; HOPX_BENCH_BASELINE_BIN_DIR=<another
# build/bin> adds that build's creation times, measured in the same run.
set -euo pipefail
export HOPX_NPROC=$(nproc)
exec "$HOPX_NODE_DIR/node_modules/.bin/node" "$(dirname "$0")/local.mjs"

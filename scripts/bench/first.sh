#!/usr/bin/env bash
# The first result: a first plot (pandas + numpy + matplotlib) in a new sandbox and through
# execute_code_isolated, and hello through execute_code_isolated alone and in a burst of 15,
# taking turns with bare python3 in the same run; the memory of a spare with the data stack
# imported. HOPX_FIRST_RUNS (3) runs of HOPX_FIRST_ROUNDS (8) rounds each.
set -euo pipefail
export HOPX_NPROC=$(nproc)
exec "$HOPX_NODE_DIR/node_modules/.bin/node" "$(dirname "$0")/first.mjs"

#!/usr/bin/env bash
# Local sandboxes: creation, warm and isolated execution, memory per sandbox, parallel runs.
set -euo pipefail
export HOPX_NPROC=$(nproc)
exec "$HOPX_NODE_DIR/node_modules/.bin/node" "$(dirname "$0")/local.mjs"

#!/usr/bin/env bash
# Host files: file_upload / file_download of a 1 GiB file by path, and mounting a root of
# 10,000 files into a new local sandbox, against cp and a plain create in the same run.
set -euo pipefail
exec "$HOPX_NODE_DIR/node_modules/.bin/node" "$(dirname "$0")/files.mjs"

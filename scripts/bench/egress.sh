#!/usr/bin/env bash
# Egress: a 100 MiB download through a sandbox's proxy against the same download with no
# proxy, pip install of the test wheel through the proxy and from the app's package cache (index
# up and stopped, against the live index in the same run), idle memory the proxy adds.
set -euo pipefail
exec "$HOPX_NODE_DIR/node_modules/.bin/node" "$(dirname "$0")/egress.mjs"

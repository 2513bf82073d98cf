#!/usr/bin/env bash
# Egress: a 100 MiB download through a sandbox's proxy against the same download with no
# proxy, pip install of the test wheel through the proxy and from the app's package cache (index
# up and stopped, against the live index in the same run), idle memory the proxy adds; then a
# request with a secret swapped in against the same request without (egress-secrets.mjs, inside
# a private keyring).
set -euo pipefail
here=$(dirname "$0")
"$HOPX_NODE_DIR/node_modules/.bin/node" "$here/egress.mjs"
sh "$here/../../tests/with-keyring.sh" "$HOPX_NODE_DIR/node_modules/.bin/node" "$here/egress-secrets.mjs"

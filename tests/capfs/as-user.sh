#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 HOPX Desktop developers
# SPDX-License-Identifier: MIT
# Runs COMMAND as USER with a /dev/fuse that USER can open, as a desktop's is (mode 0666), in a
# private mount namespace: a node of its own is bound over /dev/fuse there, so the host's node
# and its mode are never touched (other tests on the machine may change it meanwhile).
#   as-user.sh USER COMMAND [ARGS...]      (root only)
set -euo pipefail
user=${1:?usage: as-user.sh USER COMMAND [ARGS...]}
shift
node=$(mktemp -u "${TMPDIR:-/tmp}/fuse-node.XXXXXX")
mknod -m 0666 "$node" c 10 229
trap 'rm -f "$node"' EXIT
unshare --mount --propagation private -- bash -c '
    mount --bind "$1" /dev/fuse && user=$2 && shift 2 && exec runuser -u "$user" -- env TMPDIR=/tmp "$@"' \
    as-user "$node" "$user" "$@"

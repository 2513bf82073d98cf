#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 HOPX Desktop developers
# SPDX-License-Identifier: MIT
# The crash-point driver's long mode (tests/faults/crashpoints.mjs): every step of every disk
# operation of a local sandbox (checkpoint, restore, delete-checkpoint, fork, upload, download,
# delete, start-up recovery), each with each kind of crash (the app SIGKILLed, the sandbox's
# hopx-capfs SIGKILLed, the disk under the state directory full), then the app again on the
# same state. Prints a table: op, kind, points, before, after, mixed, leftovers, seconds; exit
# 1 when any point is mixed or left something. The disk kind needs root (a tmpfs in a private
# mount namespace); as a user, leave it out.
#   scripts/crashpoints.sh [--ops checkpoint,restore] [--kinds app,capfs,disk] [--points all|1,2]
# Needs a build (scripts/test.sh or hopx_configure_and_build) with its Node in build/node.
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
node=$HOPX_BUILD/node/node_modules/.bin/node
[[ -x $node ]] || { echo "no Node in $HOPX_BUILD/node: run scripts/test.sh once" >&2; exit 2; }
export HOPX_BIN_DIR=$HOPX_BUILD/bin HOPX_NODE_DIR=$HOPX_BUILD/node QT_LOGGING_RULES='hopx.*.info=false'
exec nice -n 10 "$node" "$HOPX_ROOT/tests/faults/crashpoints.mjs" "$@"

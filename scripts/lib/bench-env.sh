# SPDX-FileCopyrightText: 2026 HOPX Desktop developers
# SPDX-License-Identifier: MIT
# Sourced by benchmark suites (scripts/bench/*.sh): bench.sh sets these; a suite run alone
# defaults to the build in build/.
export HOPX_ROOT="${HOPX_ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
export HOPX_BUILD="${HOPX_BUILD:-$HOPX_ROOT/build}"
export HOPX_BIN_DIR="${HOPX_BIN_DIR:-$HOPX_BUILD/bin}"
export HOPX_NODE_DIR="${HOPX_NODE_DIR:-$HOPX_BUILD/node}"

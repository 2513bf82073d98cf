#!/usr/bin/env bash
# Benchmarks, each printing a table. Figures in the README come from these.
#   ./scripts/bench.sh            every suite
#   ./scripts/bench.sh mcp local  the named suites (mcp, local, hopx, http, gui, files, scale, ...)
# Each suite is scripts/bench/<name>.sh; they run against the build in build/.
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"

hopx_install_packages "${HOPX_APT_PACKAGES[@]}" "${HOPX_APT_TEST_PACKAGES[@]}"
hopx_install_node_packages
hopx_configure_and_build >/dev/null

suites=("$@")
if [ ${#suites[@]} -eq 0 ]; then
    suites=()
    for f in "$HOPX_ROOT"/scripts/bench/*.sh; do suites+=("$(basename "$f" .sh)"); done
fi
export HOPX_BIN_DIR="$HOPX_BUILD/bin" HOPX_NODE_DIR="$HOPX_BUILD/node" HOPX_BUILD HOPX_ROOT
for suite in "${suites[@]}"; do
    script="$HOPX_ROOT/scripts/bench/$suite.sh"
    [ -x "$script" ] || { echo "unknown suite: $suite (have: $(ls "$HOPX_ROOT"/scripts/bench | sed 's/\.sh//' | tr '\n' ' '))" >&2; exit 2; }
    hopx_log "bench: $suite"
    "$script"
done

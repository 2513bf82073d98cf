#!/usr/bin/env bash
# A soak: MINUTES (default 2) of mixed MCP traffic over stdio and HTTP at once against one
# hopx-desktop --headless, sampled every 10 s. Writes soak.csv, soak.png, summary.json and
# app.log into $HOPX_SOAK_OUT (default build/soak/) and fails on a lost or duplicated response,
# a leaked sandbox or fd, or RSS growth after the warm-up (scripts/soak/soak.mjs says how).
#   ./scripts/soak.sh 60
# CTest runs it for 2 minutes (label soak) with HOPX_BIN_DIR set: it then builds nothing.
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"

minutes=${1:-2}
if [ -z "${HOPX_BIN_DIR:-}" ]; then
    hopx_install_packages "${HOPX_APT_PACKAGES[@]}" "${HOPX_APT_TEST_PACKAGES[@]}"
    hopx_install_node_packages
    hopx_configure_and_build >/dev/null
    export HOPX_BIN_DIR="$HOPX_BUILD/bin" HOPX_NODE_DIR="$HOPX_BUILD/node"
fi
export HOPX_SOAK_OUT=${HOPX_SOAK_OUT:-$HOPX_BUILD/soak}
mkdir -p "$HOPX_SOAK_OUT"
hopx_log "soak: $minutes min into $HOPX_SOAK_OUT (load: $(cut -d' ' -f1-3 /proc/loadavg))"
status=0
"$HOPX_NODE_DIR/node_modules/.bin/node" "$HOPX_ROOT/scripts/soak/soak.mjs" "$minutes" || status=$?
if [ -s "$HOPX_SOAK_OUT/soak.csv" ]; then
    /usr/bin/python3 "$HOPX_ROOT/scripts/soak/chart.py" "$HOPX_SOAK_OUT/soak.csv" "$HOPX_SOAK_OUT/soak.png" \
        "hopx-desktop --headless, $minutes min soak (stdio + HTTP)" && hopx_log "chart: $HOPX_SOAK_OUT/soak.png"
fi
hopx_log "soak done (load: $(cut -d' ' -f1-3 /proc/loadavg))"
exit $status

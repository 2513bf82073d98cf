#!/usr/bin/env bash
# HOPX provider bench: HTTP requests per warm execute_code (target 1) and the app's time per
# call beyond the fake HOPX server's own handling (target p50 <= 1 ms), over 500 calls through
# socket → hopx-desktop → HopxProvider → FakeHopxServer. Run by scripts/bench.sh, which sets
# HOPX_BUILD and HOPX_BIN_DIR; extra arguments go to hopx-bench-hopx (--calls N).
set -euo pipefail
build=${HOPX_BUILD:-$(cd "$(dirname "$0")/../.." && pwd)/build}
bench="$build/tests/hopx-bench-hopx"
if [ ! -x "$bench" ]; then
    cmake --build "$build" --target hopx-bench-hopx >/dev/null
fi
[ -x "$bench" ] || { echo "hopx bench: $bench not built (configure with the hopxtools test area)" >&2; exit 2; }
args=()
[ -n "${HOPX_BIN_DIR:-}" ] && args+=(--bin-dir "$HOPX_BIN_DIR")
QT_LOGGING_RULES="hopx.*=false" "$bench" "${args[@]}" "$@"

#!/usr/bin/env bash
# GUI bench: model update cost and event-loop latency of the main window with 1,000 sandboxes
# and 200 log lines a second (target: p99 stall <= 16 ms). Run by scripts/bench.sh, which sets
# HOPX_BUILD; extra arguments go to hopx-bench-gui (--sandboxes, --lines-per-second, --seconds).
set -euo pipefail
build=${HOPX_BUILD:-$(cd "$(dirname "$0")/../.." && pwd)/build}
bench="$build/tests/hopx-bench-gui"
if [ ! -x "$bench" ]; then
    cmake --build "$build" --target hopx-bench-gui >/dev/null
fi
[ -x "$bench" ] || { echo "gui bench: $bench not built (GUI and tests/gui need Qt Widgets)" >&2; exit 2; }
# Offscreen: real widget painting into a backing store, no display needed.
QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-offscreen} QT_LOGGING_RULES="hopx.*=false" "$bench" "$@"

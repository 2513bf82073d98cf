#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 HOPX Desktop developers
# SPDX-License-Identifier: MIT
# A benchmark's smoke: scripts/bench/SUITE.sh with its knobs turned down to seconds, so that a
# bench that no longer runs (a tool renamed, a result's shape changed, a helper that does not
# compile) fails the suite instead of the next person who measures. It checks that the bench
# exits 0 and prints its table with figures in it, never what the figures are: that is the
# bench's own business, on a quiet machine (docs/performance.md).
#   tests/bench/smoke.sh SUITE    (CTest sets HOPX_BIN_DIR, HOPX_NODE_DIR, HOPX_BUILD, HOPX_ROOT)
#   tests/bench/smoke.sh --listed SUITE...   whether these are all of scripts/bench/*.sh
set -euo pipefail
suite=${1:?usage: smoke.sh SUITE | --listed SUITE...}
root=$(cd "$(dirname "$0")/../.." && pwd)
if [ "$suite" = --listed ]; then
    shift
    have=$(find "$root/scripts/bench" -maxdepth 1 -name "*.sh" -printf "%f\n" | sed "s/\\.sh$//" | sort)
    listed=$(printf '%s\n' "$@" | sort)
    if [ "$have" != "$listed" ]; then
        echo "tests/bench/CMakeLists.txt lists other benches than scripts/bench has:" >&2
        diff <(echo "$listed") <(echo "$have") >&2 || true
        exit 1
    fi
    echo "$(wc -l <<<"$have") benches, each with a smoke"
    exit 0
fi
export HOPX_ROOT=${HOPX_ROOT:-$root}
args=()
# A table row with a figure: markdown ("| measure | 0.034 | ...") but for the two disk benches,
# which print fixed-width columns ("4k-randwrite MiB/s 311.8 (298-322) ...").
row='^\|[^|]+\|.*[0-9]'
case $suite in
mcp) export HOPX_BENCH_N=200 HOPX_BENCH_SECONDS=1 HOPX_BENCH_BIG_RUNS=1 ;;
modern) export HOPX_BENCH_N=200 HOPX_BENCH_SECONDS=1 HOPX_BENCH_HTTP_ROUNDS=1 ;;
http) export HOPX_BENCH_SECONDS=1 HOPX_BENCH_SAMPLES=100 ;;
files) export HOPX_BENCH_FILE_MIB=4 HOPX_BENCH_FILE_ROUNDS=1 ;;
local) export HOPX_BENCH_RUNS=5 ;;
first) export HOPX_FIRST_RUNS=1 HOPX_FIRST_ROUNDS=1 ;;
egress) export HOPX_BENCH_EGRESS_RUNS=1 HOPX_BENCH_SECRET_REQUESTS=20 HOPX_BENCH_SECRET_ROUNDS=1 ;;
scale)
    export HOPX_SCALE_SANDBOXES=6 HOPX_SCALE_WARM=2 HOPX_SCALE_HTTP_CLIENTS=4 HOPX_SCALE_BRIDGES=4
    export HOPX_BENCH_SECONDS=1
    ;;
capfs)
    export HOPX_BENCH_CAPFS_ROUNDS=1
    row='^[a-z0-9-]+ +[A-Za-z/]+ +[0-9]'
    ;;
capfs-xattr)
    export HOPX_BENCH_CAPFS_ROUNDS=1
    row='^hopx-capfs .* [0-9.]+ +[0-9.]+$'
    ;;
hopx) args=(--calls 20) ;;
gui) args=(--seconds 1) ;;
tools) ;;
*)
    echo "smoke.sh: no smoke settings for bench '$suite' (add them here)" >&2
    exit 2
    ;;
esac

out=$(mktemp)
trap 'rm -f "$out"' EXIT
status=0
"$root/scripts/bench/$suite.sh" "${args[@]}" >"$out" 2>&1 || status=$?
fail() {
    cat "$out"
    echo "bench smoke '$suite': $1" >&2
    exit 1
}
[ "$status" -eq 0 ] || fail "exited with $status"
grep -Eq "$row" "$out" || fail "printed no table with figures"
bad=$(grep -E "$row" "$out" | grep -Ew 'NaN|nan|-nan|undefined|Infinity|inf|-inf' || true)
[ -z "$bad" ] || fail "a table cell is not a number: $bad"
grep -E "$row" "$out"
echo "bench smoke '$suite': $(grep -Ec "$row" "$out") table rows"

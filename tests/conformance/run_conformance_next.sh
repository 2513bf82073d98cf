#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 HOPX Desktop developers
# SPDX-License-Identifier: MIT
#
# Runs the next MCP conformance suite (@modelcontextprotocol/conformance 0.2.0-alpha.12, npm
# alias conformance-next) for protocol version 2026-07-28 and every tasks-extension scenario
# against hopx-desktop-testserver --conformance-fixtures (the product's tools plus the suite's
# fixtures), and exits non-zero on any failure not in the mode's baseline (next-baseline-MODE.yml,
# which says why each entry is there; a baselined scenario that passes fails the run too).
#   run_conformance_next.sh http    Streamable HTTP, stateless
#   run_conformance_next.sh stdio   the same scenarios through hopx-mcp, behind stdio_relay.mjs
#   run_conformance_next.sh MODE PROFILE   with that tool profile (?tools=, hopx-mcp --tools)
# Needs HOPX_BIN_DIR and HOPX_NODE_DIR; exit 77 (CTest: skipped) when the suite is missing.
set -euo pipefail

mode="${1:-http}"
profile="${2:-}"
: "${HOPX_BIN_DIR:?HOPX_BIN_DIR must point at build/bin}"
: "${HOPX_NODE_DIR:?HOPX_NODE_DIR must point at build/node}"
here="$(cd "$(dirname "$0")" && pwd)"
node="$HOPX_NODE_DIR/node_modules/.bin/node"
suite="$HOPX_NODE_DIR/node_modules/conformance-next/dist/index.js"
if [ ! -x "$node" ] || [ ! -f "$suite" ]; then
    echo "SKIP: $node or $suite missing (scripts/test.sh installs them)" >&2
    exit 77
fi
tasks_scenarios=(tasks-lifecycle tasks-capability-negotiation tasks-wire-fields
                 tasks-request-state-removal tasks-mrtr-input tasks-request-headers
                 tasks-dispatch-and-envelope tasks-status-notifications tasks-required-task-error
                 tasks-mrtr-composition)

# shellcheck source=testserver.sh
. "$here/testserver.sh"
if [ "$mode" = http ]; then
    start_testserver --conformance-fixtures --http 127.0.0.1:0 --http-insecure-no-token
else
    start_testserver --conformance-fixtures
    HOPX_MCP_SOCKET="$socket" "$node" "$here/stdio_relay.mjs" "$HOPX_BIN_DIR/hopx-mcp" --no-launch \
        ${profile:+--tools "$profile"} >"$tmp/relay.out" 2>"$tmp/relay.err" &
    extra_pids+=($!)
    for _ in $(seq 100); do
        url="$(grep -o 'http://[^ ]*' "$tmp/relay.out" || true)"
        [ -n "$url" ] && break
        sleep 0.1
    done
    [ -n "$url" ] || { echo "the stdio relay did not start:" >&2; cat "$tmp/relay.err" >&2; exit 1; }
fi
[ "$mode" = http ] && [ -n "$profile" ] && url="$url?tools=$profile"
echo "hopx-desktop-testserver ($mode${profile:+, tools $profile}) serves $url"
baseline=(--expected-failures "$here/next-baseline-$mode.yml")

status=0
passed=0 failed=0
count() { # adds the checks of one run's log to the totals
    local line p f
    line="$(grep -E '^(Total: [0-9]+ passed|Passed: [0-9]+/)' "$1" | tail -n1)"
    p="$(echo "$line" | sed -nE 's/^Total: ([0-9]+) passed, ([0-9]+) failed.*/\1/p; s/^Passed: ([0-9]+)\/[0-9]+, ([0-9]+) failed.*/\1/p')"
    f="$(echo "$line" | sed -nE 's/^Total: ([0-9]+) passed, ([0-9]+) failed.*/\2/p; s/^Passed: ([0-9]+)\/[0-9]+, ([0-9]+) failed.*/\2/p')"
    [ -n "$p" ] || { echo "no result line in $1" >&2; status=1; return; }
    passed=$((passed + p)); failed=$((failed + f))
}
"$node" "$suite" server --url "$url" --suite all --spec-version 2026-07-28 "${baseline[@]}" \
    | tee "$tmp/suite.log" || status=$?
count "$tmp/suite.log"
for scenario in "${tasks_scenarios[@]}"; do
    if "$node" "$suite" server --url "$url" --scenario "$scenario" "${baseline[@]}" >"$tmp/$scenario.log" 2>&1; then
        echo "✓ $scenario: $(grep -E '^Passed: ' "$tmp/$scenario.log" | tail -n1)"
    else
        echo "✗ $scenario"; tail -n 40 "$tmp/$scenario.log"; status=1
    fi
    count "$tmp/$scenario.log"
done
echo
echo "All checks ($mode): $passed passed, $failed failed (failures must all be baselined)"
finish_run "$status"

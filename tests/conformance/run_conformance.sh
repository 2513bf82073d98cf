#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 HOPX Desktop developers
# SPDX-License-Identifier: MIT
#
# Runs the official MCP conformance suite (@modelcontextprotocol/conformance, Streamable HTTP)
# against `hopx-desktop-testserver --headless --http 127.0.0.1:0 --http-insecure-no-token` (the
# suite sends no bearer token; the test server is hopx-desktop's wiring plus the testing-only
# flags), and exits non-zero on any failure.
#   run_conformance.sh fixtures   every active scenario, with --conformance-fixtures
#   run_conformance.sh product    the product's tools only (no fixtures): every scenario that
#                                 needs none
# Needs HOPX_BIN_DIR (build/bin) and HOPX_NODE_DIR (build/node, with node@22 and the suite).
# Exit 77 (CTest: skipped) when the suite or Node 22 is not installed.
set -euo pipefail

mode="${1:-fixtures}"
: "${HOPX_BIN_DIR:?HOPX_BIN_DIR must point at build/bin}"
: "${HOPX_NODE_DIR:?HOPX_NODE_DIR must point at build/node}"
node="$HOPX_NODE_DIR/node_modules/.bin/node"
suite="$HOPX_NODE_DIR/node_modules/@modelcontextprotocol/conformance/dist/index.js"
if [ ! -x "$node" ] || [ ! -f "$suite" ]; then
    echo "SKIP: $node or $suite missing (scripts/test.sh installs them)" >&2
    exit 77
fi

# The scenarios that need nothing but the protocol (mcp.md, appendix): the product must pass them.
product_scenarios=(server-initialize ping logging-set-level tools-list resources-list prompts-list
                   resources-subscribe resources-unsubscribe server-sse-multiple-streams
                   dns-rebinding-protection)

tmp="$(mktemp -d "${TMPDIR:-/tmp}/hopx-conformance-XXXXXX")"
app_pid=""
cleanup() {
    if [ -n "$app_pid" ] && kill -0 "$app_pid" 2>/dev/null; then
        kill -TERM "$app_pid" 2>/dev/null || true
        for _ in $(seq 50); do kill -0 "$app_pid" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$app_pid" 2>/dev/null || true
    fi
    rm -rf "$tmp"
}
trap cleanup EXIT

mkdir -p "$tmp/run" && chmod 700 "$tmp/run"
args=(--headless --socket "$tmp/run/hopx-desktop/mcp.sock" --http 127.0.0.1:0 --http-insecure-no-token)
[ "$mode" = fixtures ] && args+=(--conformance-fixtures)
env -u HOPX_API_KEY -u HOPX_MCP_HTTP_TOKEN \
    XDG_RUNTIME_DIR="$tmp/run" XDG_CONFIG_HOME="$tmp/config" XDG_DATA_HOME="$tmp/data" \
    XDG_CACHE_HOME="$tmp/cache" XDG_STATE_HOME="$tmp/state" HOPX_BASE_URL=http://127.0.0.1:9 \
    QT_QPA_PLATFORM=offscreen \
    "$HOPX_BIN_DIR/hopx-desktop-testserver" "${args[@]}" >"$tmp/app.out" 2>"$tmp/app.err" &
app_pid=$!

url=""
for _ in $(seq 200); do
    url="$(grep -o 'HTTP MCP endpoint: http://[^ ]*' "$tmp/app.err" | head -n1 | cut -d' ' -f4 || true)"
    [ -n "$url" ] && break
    if ! kill -0 "$app_pid" 2>/dev/null; then
        echo "hopx-desktop-testserver exited early:" >&2; cat "$tmp/app.err" >&2; exit 1
    fi
    sleep 0.1
done
[ -n "$url" ] || { echo "no 'HTTP MCP endpoint:' line from hopx-desktop-testserver:" >&2; cat "$tmp/app.err" >&2; exit 1; }
echo "hopx-desktop-testserver ($mode mode) serves $url"

status=0
if [ "$mode" = fixtures ]; then
    "$node" "$suite" server --url "$url" --suite active | tee "$tmp/suite.log" || status=$?
    total="$(grep -E '^Total: ' "$tmp/suite.log" | tail -n1)"
    [ -n "$total" ] || status=1
    echo "$total" | grep -qE '^Total: [1-9][0-9]* passed, 0 failed$' || status=1
else
    passed=0 failed=0
    for scenario in "${product_scenarios[@]}"; do
        if out="$("$node" "$suite" server --url "$url" --scenario "$scenario" 2>&1)"; then rc=0; else rc=$?; fi
        line="$(echo "$out" | grep -E '^Passed: ' | tail -n1)"
        p="$(echo "$line" | sed -nE 's/^Passed: ([0-9]+)\/([0-9]+), ([0-9]+) failed.*/\1/p')"
        f="$(echo "$line" | sed -nE 's/^Passed: ([0-9]+)\/([0-9]+), ([0-9]+) failed.*/\3/p')"
        if [ "$rc" -ne 0 ] || [ -z "$p" ] || [ "${f:-1}" -ne 0 ]; then
            echo "✗ $scenario: ${line:-no result}"; echo "$out" | tail -n 30; status=1
            failed=$((failed + ${f:-1}))
        else
            echo "✓ $scenario: $line"
        fi
        passed=$((passed + ${p:-0}))
    done
    echo
    echo "Total: $passed passed, $failed failed"
fi
if ! kill -0 "$app_pid" 2>/dev/null; then
    echo "hopx-desktop-testserver died during the run:" >&2; cat "$tmp/app.err" >&2; status=1
fi
exit "$status"

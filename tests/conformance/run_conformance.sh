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
#                                 needs none, for each tool profile (?tools= on the URL)
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

# shellcheck source=testserver.sh
. "$(dirname "$0")/testserver.sh"
args=(--http 127.0.0.1:0 --http-insecure-no-token)
[ "$mode" = fixtures ] && args+=(--conformance-fixtures)
start_testserver "${args[@]}"
echo "hopx-desktop-testserver ($mode mode) serves $url"

status=0
if [ "$mode" = fixtures ]; then
    "$node" "$suite" server --url "$url" --suite active | tee "$tmp/suite.log" || status=$?
    total="$(grep -E '^Total: ' "$tmp/suite.log" | tail -n1)"
    [ -n "$total" ] || status=1
    echo "$total" | grep -qE '^Total: [1-9][0-9]* passed, 0 failed$' || status=1
else
    passed=0 failed=0
    # Each tool profile, as a client asks for it on the URL (the default is compact).
    for profile in "" hopx-mcp full; do
        target=$url${profile:+?tools=$profile}
        for scenario in "${product_scenarios[@]}"; do
            if out="$("$node" "$suite" server --url "$target" --scenario "$scenario" 2>&1)"; then rc=0; else rc=$?; fi
            line="$(echo "$out" | grep -E '^Passed: ' | tail -n1)"
            p="$(echo "$line" | sed -nE 's/^Passed: ([0-9]+)\/([0-9]+), ([0-9]+) failed.*/\1/p')"
            f="$(echo "$line" | sed -nE 's/^Passed: ([0-9]+)\/([0-9]+), ([0-9]+) failed.*/\3/p')"
            if [ "$rc" -ne 0 ] || [ -z "$p" ] || [ "${f:-1}" -ne 0 ]; then
                echo "✗ ${profile:-compact} $scenario: ${line:-no result}"; echo "$out" | tail -n 30; status=1
                failed=$((failed + ${f:-1}))
            else
                echo "✓ ${profile:-compact} $scenario: $line"
            fi
            passed=$((passed + ${p:-0}))
        done
    done
    echo
    echo "Total: $passed passed, $failed failed"
fi
finish_run "$status"

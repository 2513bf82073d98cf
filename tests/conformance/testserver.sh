# SPDX-FileCopyrightText: 2026 HOPX Desktop developers
# SPDX-License-Identifier: MIT
#
# Sourced by the conformance runners: start_testserver ARGS... runs
# `hopx-desktop-testserver --headless` with private XDG directories (no API key, the cloud
# pointed at a dead port) plus ARGS, sets $tmp, $app_pid and $socket, and, when ARGS include
# --http, $url from its "HTTP MCP endpoint:" line. The EXIT trap stops it and removes $tmp.
tmp="$(mktemp -d "${TMPDIR:-/tmp}/hopx-conformance-XXXXXX")"
app_pid=""
extra_pids=()
cleanup() {
    for p in "${extra_pids[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
    if [ -n "$app_pid" ] && kill -0 "$app_pid" 2>/dev/null; then
        kill -TERM "$app_pid" 2>/dev/null || true
        for _ in $(seq 50); do kill -0 "$app_pid" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$app_pid" 2>/dev/null || true
    fi
    rm -rf "$tmp"
}
trap cleanup EXIT

start_testserver() {
    mkdir -p "$tmp/run" && chmod 700 "$tmp/run"
    socket="$tmp/run/hopx-desktop/mcp.sock"
    env -u HOPX_API_KEY -u HOPX_MCP_HTTP_TOKEN \
        XDG_RUNTIME_DIR="$tmp/run" XDG_CONFIG_HOME="$tmp/config" XDG_DATA_HOME="$tmp/data" \
        XDG_CACHE_HOME="$tmp/cache" XDG_STATE_HOME="$tmp/state" HOPX_BASE_URL=http://127.0.0.1:9 \
        QT_QPA_PLATFORM=offscreen \
        "$HOPX_BIN_DIR/hopx-desktop-testserver" --headless --socket "$socket" "$@" \
        >"$tmp/app.out" 2>"$tmp/app.err" &
    app_pid=$!
    url=""
    for _ in $(seq 200); do
        if [[ " $* " == *" --http "* ]]; then
            url="$(grep -o 'HTTP MCP endpoint: http://[^ ]*' "$tmp/app.err" | head -n1 | cut -d' ' -f4 || true)"
            [ -n "$url" ] && return 0
        elif [ -S "$socket" ]; then
            return 0
        fi
        if ! kill -0 "$app_pid" 2>/dev/null; then
            echo "hopx-desktop-testserver exited early:" >&2; cat "$tmp/app.err" >&2; exit 1
        fi
        sleep 0.1
    done
    echo "hopx-desktop-testserver did not come up:" >&2; cat "$tmp/app.err" >&2; exit 1
}

# Exits with $1, or 1 if the server did not live through the run.
finish_run() {
    if ! kill -0 "$app_pid" 2>/dev/null; then
        echo "hopx-desktop-testserver died during the run:" >&2; cat "$tmp/app.err" >&2; exit 1
    fi
    exit "$1"
}

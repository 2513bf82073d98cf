#!/bin/sh
# SPDX-FileCopyrightText: 2026 HOPX Desktop developers
# SPDX-License-Identifier: MIT
# with-keyring.sh CMD [ARGS...]: run CMD in a private D-Bus session with an unlocked GNOME Keyring
# (Secret Service), so QtKeychain works headless: CI, SSH, containers. The keyring lives in a
# throw-away HOME that is removed afterwards; the user's own keyring is never touched.
# Exit 77 (CTest SKIP_RETURN_CODE) when dbus-run-session or gnome-keyring-daemon is missing.
set -eu
[ "$#" -gt 0 ] || { echo "usage: with-keyring.sh CMD [ARGS...]" >&2; exit 2; }
for tool in dbus-run-session dbus-send gnome-keyring-daemon; do
    command -v "$tool" >/dev/null 2>&1 || {
        echo "with-keyring.sh: $tool not found (apt-get install dbus gnome-keyring); skipping" >&2
        exit 77
    }
done
home=$(mktemp -d "${TMPDIR:-/tmp}/hopx-keyring.XXXXXX")
trap 'rm -rf "$home"' EXIT
trap 'exit 130' INT TERM
mkdir -p "$home/.cache" "$home/.local/share/keyrings" "$home/run"
chmod 700 "$home/run"
export HOME="$home" XDG_DATA_HOME="$home/.local/share" XDG_CACHE_HOME="$home/.cache" \
    XDG_RUNTIME_DIR="$home/run"
status=0
dbus-run-session -- sh -c '
    # The daemon stays our child (--foreground) so that we reap it: a self-daemonizing one is
    # re-parented to PID 1, which in many containers never reaps it. The keyring is created on
    # first use and unlocked with this password.
    printf "%s" "hopx-test" | gnome-keyring-daemon --foreground --unlock --components=secrets \
        >/dev/null 2>&1 &
    daemon=$!
    tries=0
    until dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
            org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets 2>/dev/null \
            | grep -q "boolean true"; do
        tries=$((tries + 1))
        [ "$tries" -lt 100 ] || { echo "with-keyring.sh: gnome-keyring did not start" >&2; break; }
        sleep 0.05
    done
    rc=0
    "$@" || rc=$?
    kill "$daemon" 2>/dev/null || true
    wait "$daemon" 2>/dev/null || true
    exit "$rc"' with-keyring "$@" || status=$?
exit "$status"

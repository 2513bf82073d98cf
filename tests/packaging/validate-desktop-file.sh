#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 HOPX Desktop developers
# SPDX-License-Identifier: MIT
# desktop-file-validate FILE..., failing on any error. Our entries follow Desktop Entry 1.5
# (SingleMainWindow); desktop-file-utils before 0.27 (Debian 12 has 0.26) does not know 1.5 yet and
# reports exactly two errors for it. Those two are forgiven only when the validator is shown to be
# that old, by a probe file that is valid 1.5; every other error still fails.
set -euo pipefail
command -v desktop-file-validate >/dev/null || { echo "desktop-file-validate missing (apt-get install desktop-file-utils)" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '[Desktop Entry]\nType=Application\nVersion=1.5\nName=Probe\nExec=probe\nSingleMainWindow=true\n' >"$tmp/probe.desktop"
old=0
desktop-file-validate "$tmp/probe.desktop" >/dev/null 2>&1 || old=1

status=0
for file in "$@"; do
    out=$(desktop-file-validate "$file" 2>&1) || true
    [ -z "$out" ] || printf '%s\n' "$out"
    errors=$(printf '%s\n' "$out" | grep ': error: ' || true)
    if [ "$old" = 1 ]; then
        errors=$(printf '%s\n' "$errors" \
            | grep -v 'value "1.5" for key "Version" in group "Desktop Entry" is not a known version' \
            | grep -v 'file contains key "SingleMainWindow" in group "Desktop Entry", but keys extending the format should start with "X-"' \
            || true)
    fi
    if [ -n "$errors" ]; then
        echo "FAIL: $file" >&2
        status=1
    else
        echo "ok: $file"
    fi
done
exit $status

#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 HOPX Desktop developers
# SPDX-License-Identifier: MIT
# Regenerates the tool reference in README.md, between the lines <!-- tools:begin --> and
# <!-- tools:end -->, from the app itself (hopx-desktop --list-tools --format markdown).
#   scripts/update-readme-tools.sh                      rewrite README.md from build/bin/hopx-desktop
#   scripts/update-readme-tools.sh --check              exit 1 (with a diff) when README.md is stale
#   scripts/update-readme-tools.sh [--readme FILE] [PATH/TO/hopx-desktop]
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
readme=$root/README.md
app=${HOPX_BUILD:-$root/build}/bin/hopx-desktop
check=0
begin='<!-- tools:begin -->'
end='<!-- tools:end -->'

die() { printf 'update-readme-tools: %s\n' "$*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --check) check=1 ;;
        --readme) [ $# -ge 2 ] || die "--readme needs a file"; readme=$2; shift ;;
        -h|--help) sed -n '4,8p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) die "unknown option $1" ;;
        *) app=$1 ;;
    esac
    shift
done

[ -f "$readme" ] || die "$readme does not exist"
[ -x "$app" ] || die "$app is not there: build first (cmake --build build) or pass the path of hopx-desktop"
begins=$(grep -cxF -- "$begin" "$readme" || true)
ends=$(grep -cxF -- "$end" "$readme" || true)
if [ "$begins" != 1 ] || [ "$ends" != 1 ]; then
    die "$readme must contain the lines '$begin' and '$end' once each, on lines of their own (found $begins and $ends); the tool reference goes between them"
fi
if [ "$(grep -nxF -- "$begin" "$readme" | cut -d: -f1)" -gt "$(grep -nxF -- "$end" "$readme" | cut -d: -f1)" ]; then
    die "$readme has '$end' before '$begin'"
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# offscreen: --list-tools needs no display, and a stale DISPLAY must not make it fail.
QT_QPA_PLATFORM=offscreen "$app" --list-tools --format markdown >"$tmp/tools.md" \
    || die "$app --list-tools failed"
[ -s "$tmp/tools.md" ] || die "$app --list-tools printed nothing"

awk -v begin="$begin" -v end="$end" -v generated="$tmp/tools.md" '
    $0 == begin { print; print ""; while ((getline line < generated) > 0) print line; print ""; skip = 1; next }
    $0 == end { skip = 0 }
    !skip { print }
' "$readme" >"$tmp/README.md"

if cmp -s "$readme" "$tmp/README.md"; then
    [ "$check" = 1 ] || echo "update-readme-tools: $readme is up to date"
    exit 0
fi
if [ "$check" = 1 ]; then
    diff -u --label "$readme" --label "hopx-desktop --list-tools" "$readme" "$tmp/README.md" | head -n 120 >&2 || true
    die "the tool reference in $readme differs from the app's tools: run scripts/update-readme-tools.sh and commit README.md"
fi
cat "$tmp/README.md" >"$readme" # in place: keeps the file's mode and owner
echo "update-readme-tools: updated the tool reference in $readme"

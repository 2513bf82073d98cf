#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 HOPX Desktop developers
# SPDX-License-Identifier: MIT
# scripts/lib/common.sh configures an existing build directory again before building, so that a
# tool installed after the first configure (run.sh first, test.sh later) is found and its test
# registered; a build step alone would keep CMake's cached "not found" (issue: packaging_metainfo
# failed and screenshots_xvfb was missing on a fresh machine).
#   configure_again_test.sh SOURCE_DIR
set -euo pipefail
src=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/bin" "$tmp/build"
printf '#!/bin/sh\necho "cmake $*" >>"%s/ran"\n' "$tmp" >"$tmp/bin/cmake"
chmod +x "$tmp/bin/cmake"
touch "$tmp/build/CMakeCache.txt"
export PATH="$tmp/bin:$PATH" HOPX_BUILD="$tmp/build"
source "$src/scripts/lib/common.sh"
hopx_configure_and_build -DHOPX_EXAMPLE=1 2>/dev/null
cat "$tmp/ran"
first=$(sed -n 1p "$tmp/ran") last=$(sed -n '$p' "$tmp/ran")
if [ "$first" != "cmake -S $HOPX_ROOT -B $tmp/build -DHOPX_EXAMPLE=1" ]; then
    echo "FAIL: an existing build directory was not configured again first (ran: $first)" >&2
    exit 1
fi
if [[ $last != "cmake --build $tmp/build"* ]]; then
    echo "FAIL: no build after configuring (ran: $last)" >&2
    exit 1
fi
echo "ok: configured again, then built"

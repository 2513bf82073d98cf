#!/bin/sh
# SPDX-FileCopyrightText: 2026 HOPX Desktop developers
# SPDX-License-Identifier: MIT
# Every product source file is named in the CMakeLists.txt of its library (the nearest one in its
# folder or above), and every test folder in tests/'s: the build lists its sources (no
# file(GLOB)), so a file that is not listed is never compiled (or never moc'ed) and its absence
# shows only as a puzzling link error, or not at all. A product folder holds at most 25 files, so
# that the folders keep drawing the map (docs/ARCHITECTURE.md). Usage: check-sources-listed.sh SOURCE_DIR
set -eu
cd "$1"
missing=0
for f in $(find app mcpserver posix -name '*.cpp' -o -name '*.h' -o -name '*.c' | sort); do
    dir=$(dirname "$f")
    while [ ! -f "$dir/CMakeLists.txt" ]; do dir=$(dirname "$dir"); done
    rel=${f#"$dir"/}
    if ! grep -q -F -w -- "$rel" "$dir/CMakeLists.txt"; then
        echo "not in $dir/CMakeLists.txt: $f"
        missing=1
    fi
done
for dir in $(find app mcpserver posix -type d | sort); do
    count=$(find "$dir" -maxdepth 1 -type f ! -name CMakeLists.txt | wc -l)
    if [ "$count" -gt 25 ]; then
        echo "$dir holds $count files (at most 25): split it by subsystem"
        missing=1
    fi
done
for f in tests/*/CMakeLists.txt; do
    area=$(basename "$(dirname "$f")")
    [ "$area" = testserver ] && continue
    if ! sed -n '/^set(HOPX_ALL_TEST_AREAS/,/)/p' tests/CMakeLists.txt | grep -q -x -F "    $area" \
        && ! sed -n '/^set(HOPX_ALL_TEST_AREAS/,/)/p' tests/CMakeLists.txt | grep -q -x -F "    $area)"; then
        echo "test area not in HOPX_ALL_TEST_AREAS (tests/CMakeLists.txt): $area"
        missing=1
    fi
done
if find app mcpserver posix tests -name CMakeLists.txt -print0 | xargs -0 grep -n 'file(GLOB'; then
    echo "list sources explicitly instead of file(GLOB)"
    missing=1
fi
exit $missing

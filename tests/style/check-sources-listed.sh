#!/bin/sh
# SPDX-FileCopyrightText: 2026 HOPX Desktop developers
# SPDX-License-Identifier: MIT
# Every product source file is named in a CMakeLists.txt, and every test folder in tests/'s: the build lists its sources (no
# file(GLOB)), so a file that is not listed is never compiled (or never moc'ed) and its absence
# shows only as a puzzling link error, or not at all. Usage: check-sources-listed.sh SOURCE_DIR
set -eu
cd "$1"
missing=0
for dir in app mcpserver; do
    for f in $(find "$dir" -name '*.cpp' -o -name '*.h' | sort); do
        rel=${f#"$dir"/}
        if ! grep -q -F -w -- "$rel" "$dir/CMakeLists.txt"; then
            echo "not in $dir/CMakeLists.txt: $f"
            missing=1
        fi
    done
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
if grep -n 'file(GLOB' app/CMakeLists.txt mcpserver/CMakeLists.txt tests/CMakeLists.txt; then
    echo "list sources explicitly instead of file(GLOB)"
    missing=1
fi
exit $missing

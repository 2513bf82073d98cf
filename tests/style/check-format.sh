#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 HOPX Desktop developers
# SPDX-License-Identifier: MIT
# Every tracked C++ file is formatted as .clang-format says. clang-format's output changes
# between major versions, so the check runs with the version the tree was formatted with
# (Debian 12's, 14) and is skipped (exit 77) with another one rather than failing spuriously.
set -euo pipefail
root="$1"
want=14
tool=$(command -v "clang-format-$want" || command -v clang-format || true)
if [ -z "$tool" ]; then
    echo "clang-format is not installed (scripts/test.sh installs it)" >&2
    exit 1
fi
major=$("$tool" --version | sed -n 's/.*version \([0-9]*\).*/\1/p')
if [ "$major" != "$want" ]; then
    echo "clang-format $major here; the tree is formatted with $want: skipped" >&2
    exit 77
fi
cd "$root"
# One clang-format process for the whole tree: it names each file it would change.
if ! out=$(git ls-files -z '*.cpp' '*.h' | xargs -0 "$tool" --dry-run --Werror 2>&1); then
    printf 'not formatted (run clang-format -i on them):\n' >&2
    printf '%s\n' "$out" | sed -n 's/^\([^:]*\):[0-9]*:[0-9]*: error:.*/  \1/p' | sort -u >&2
    exit 1
fi
echo "all $(git ls-files '*.cpp' '*.h' | wc -l) C++ files formatted"

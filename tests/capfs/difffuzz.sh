#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 HOPX Desktop developers
# SPDX-License-Identifier: MIT
# The differential fuzzer's smoke (CTest capfs_difffuzz, label capfs): a few fixed seeds of
# difffuzz.py, hopx-capfs against a plain directory, with xattrs, with a small cap (ENOSPC on
# purpose) and mounted as the app mounts (no xattrs). scripts/fuzz-capfs.sh is the long mode.
#   tests/capfs/difffuzz.sh BINARY [USER]
# As root with USER, the seeds run a second time as USER (through fusermount3, as the app;
# as-user.sh gives USER a /dev/fuse of its own).
# Exit 77 (skipped) when /dev/fuse cannot be opened.
set -uo pipefail
bin=$(realpath "${1:?usage: difffuzz.sh BINARY [USER]}")
user=${2:-}
here=$(dirname "$(realpath "$0")")
py=/usr/bin/python3 # Debian's: the fuzzer needs nothing else
[ -x "$py" ] || py=python3
"$py" -c 'import os; os.close(os.open("/dev/fuse", os.O_RDWR))' 2>/dev/null || {
    echo "skipped: /dev/fuse cannot be opened by $(id -un)" >&2
    exit 77
}
failed=0
fuzz() { "$py" "$here/difffuzz.py" "$bin" "$@" || failed=1; }
fuzz --first-seed 1 --seeds 2 --ops 15000
fuzz --first-seed 3 --seeds 1 --ops 15000 --cap 256K
fuzz --first-seed 4 --seeds 1 --ops 8000 --no-xattr
if [ -n "$user" ] && [ "$(id -u)" -eq 0 ]; then
    "$here/as-user.sh" "$user" "$0" "$bin" || failed=1
fi
exit "$failed"

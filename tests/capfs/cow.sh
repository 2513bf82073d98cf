#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 HOPX Desktop developers
# SPDX-License-Identifier: MIT
# hopx-capfs's shared files between checkpoints and forks (cow.py lists the checks), as the
# user running it and, as root with USER, a second time as USER (as-user.sh, as run.sh does).
#   tests/capfs/cow.sh BINARY [USER]
set -uo pipefail
bin=$(realpath "${1:?usage: cow.sh BINARY [USER]}")
user=${2:-}
here=$(dirname "$(realpath "$0")")
python3 -c 'import os; os.close(os.open("/dev/fuse", os.O_RDWR))' 2>/dev/null || {
    echo "skipped: /dev/fuse cannot be opened by $(id -un)" >&2
    exit 77
}
failed=0
python3 "$here/cow.py" "$bin" || failed=1
if [ -n "$user" ] && [ "$(id -u)" -eq 0 ]; then
    echo "--- again as $user"
    "$here/as-user.sh" "$user" python3 "$here/cow.py" "$bin" || failed=1
fi
exit "$failed"

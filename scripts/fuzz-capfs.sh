#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 HOPX Desktop developers
# SPDX-License-Identifier: MIT
# The differential fuzzer's long mode: tests/capfs/difffuzz.py (hopx-capfs against a plain
# directory of the host's disk, every result and the whole trees compared) over many seeds. Of
# every five seeds, three run with a cap that is never reached and xattrs on, one with a small
# cap (256K, 512K, 1M in turn: ENOSPC on purpose) and one mounted as the app mounts (no xattrs).
#   scripts/fuzz-capfs.sh [--ops 1000000] [--seeds 20] [--first-seed 1] [--user USER] [BINARY]
# --ops is the total over all seeds. --user runs it as that user instead (as root; through
# fusermount3, as the app does). BINARY defaults to build/bin/hopx-capfs (brought up to date).
# Prints one line per seed and a total; exit 1 when a seed found an unexplained difference (its
# line gives the command that replays it). docs/reliability.md has the figures and the reasons
# for the explained differences.
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
ops=1000000 seeds=20 first=1 user="" bin=""
while [ $# -gt 0 ]; do
    case $1 in
    --ops) ops=$2; shift 2 ;;
    --seeds) seeds=$2; shift 2 ;;
    --first-seed) first=$2; shift 2 ;;
    --user) user=$2; shift 2 ;;
    -*) echo "unknown option $1" >&2; exit 2 ;;
    *) bin=$1; shift ;;
    esac
done
if [ -z "$bin" ]; then
    # Built every time (a no-op when current): a binary older than its source answered
    # SEEK_HOLE/SEEK_DATA without the daemon's lseek, and looked like a difference of capfs's.
    bin=$HOPX_BUILD/bin/hopx-capfs
    cmake --build "$HOPX_BUILD" --target hopx-capfs >/dev/null
fi
bin=$(realpath "$bin")
fuzzer=$HOPX_ROOT/tests/capfs/difffuzz.py
if [ -n "$user" ]; then
    args=(--ops "$ops" --seeds "$seeds" --first-seed "$first" "$bin")
    exec "$HOPX_ROOT/tests/capfs/as-user.sh" "$user" bash "$(realpath "$0")" "${args[@]}"
fi
per=$((ops / seeds))
caps=(256K 512K 1M)
failed=0 start=$(date +%s)
for ((s = first; s < first + seeds; s++)); do
    mode=()
    case $(((s - first) % 5)) in
    3) mode=(--cap "${caps[$(((s - first) / 5 % 3))]}") ;;
    4) mode=(--no-xattr) ;;
    esac
    # nice: the machine is shared; the figures are the differences, not the speed.
    nice -n 10 /usr/bin/python3 "$fuzzer" "$bin" --first-seed "$s" --seeds 1 --ops "$per" "${mode[@]}" ||
        failed=$((failed + 1))
done
echo "total: $seeds seeds x $per operations = $((seeds * per)) operations as $(id -un), $(($(date +%s) - start)) s," \
    "$failed seed(s) with an unexplained difference"
[ "$failed" -eq 0 ]

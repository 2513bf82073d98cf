#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 HOPX Desktop developers
# SPDX-License-Identifier: MIT
# What user.* xattrs would cost a sandbox's disk: two hopx-capfs mounts, one with -o xattr, and
# dd bs=8k count=8192 conv=fsync into each in turn per round. Once the daemon answers getxattr,
# the kernel asks it for security.capability before every write(2), so the figure that matters
# is the daemon's CPU (user + system, from /proc/PID/stat) per 64 MiB, and the MB/s beside it.
#   scripts/bench/capfs-xattr.sh [BINARY]   (default $HOPX_BIN_DIR/hopx-capfs)
# HOPX_BENCH_CAPFS_ROUNDS (5), HOPX_BENCH_DIR (default /var/tmp: a real disk, not a tmpfs /tmp).
set -euo pipefail
bin=$(realpath "${1:-${HOPX_BIN_DIR:?}/hopx-capfs}")
rounds=${HOPX_BENCH_CAPFS_ROUNDS:-5}
work=$(mktemp -d "${HOPX_BENCH_DIR:-/var/tmp}/capfs-xattr.XXXXXX")
mkdir -p "$work/b-plain" "$work/m-plain" "$work/b-xattr" "$work/m-xattr"
cleanup() {
    for m in "$work/m-plain" "$work/m-xattr"; do
        mountpoint -q "$m" && { fusermount3 -u "$m" || fusermount3 -u -z "$m"; }
    done
    rm -rf "$work"
}
trap cleanup EXIT
"$bin" "$work/b-plain" "$work/m-plain" -o cap=1G
"$bin" "$work/b-xattr" "$work/m-xattr" -o cap=1G,xattr

# The daemon serving backing directory $1: the process whose argv has it as its first argument.
daemon() {
    local p args
    for p in /proc/[0-9]*; do
        [ -O "$p" ] || continue
        args=$(tr '\0' '\n' <"$p/cmdline" 2>/dev/null | sed -n 2p) || continue
        [ "$args" = "$1" ] && echo "${p#/proc/}"
    done
    return 0
}
ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
declare -A pid cpu mbs
for t in plain xattr; do pid[$t]=$(daemon "$work/b-$t"); done
hz=$(getconf CLK_TCK)
for _ in $(seq "$rounds"); do
    for t in plain xattr; do
        before=$(ticks "${pid[$t]}")
        line=$(dd if=/dev/zero of="$work/m-$t/dd.out" bs=8k count=8192 conv=fsync 2>&1 | tail -1)
        after=$(ticks "${pid[$t]}")
        rm -f "$work/m-$t/dd.out"
        bytes=${line%% bytes*}
        secs=$(sed -n 's/.*copied, \([0-9.e-]*\) s,.*/\1/p' <<<"$line")
        cpu[$t]+="$(awk -v d=$((after - before)) -v hz="$hz" 'BEGIN { printf "%.2f", d / hz }') "
        mbs[$t]+="$(awk -v b="$bytes" -v s="$secs" 'BEGIN { printf "%.1f", b / s / 1e6 }') "
    done
done
printf '%-32s %14s %10s   (median of %s, %s)\n' "dd bs=8k count=8192 conv=fsync" "daemon CPU s" "MB/s" "$rounds" "$(id -un)"
for t in plain xattr; do
    printf '%-32s %14.2f %10.1f\n' "hopx-capfs $([ $t = xattr ] && echo "-o xattr" || echo "(as the app mounts)")" \
        "$(tr ' ' '\n' <<<"${cpu[$t]}" | grep . | median)" "$(tr ' ' '\n' <<<"${mbs[$t]}" | grep . | median)"
    if [ -n "${HOPX_BENCH_CAPFS_RAW:-}" ]; then echo "  cpu: ${cpu[$t]}  MB/s: ${mbs[$t]}"; fi
done

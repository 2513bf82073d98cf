#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 HOPX Desktop developers
# SPDX-License-Identifier: MIT
# Write throughput of a sandbox's disk: dd ... conv=fsync into a hopx-capfs mount, into a plain
# directory on the same host disk, and (where fuse2fs is installed) into a fuse2fs ext4 image as
# SandboxVolume mounts it today. Interleaved (plain, capfs, fuse2fs) per round, so drift of the
# host hits all alike; median MB/s of the rounds and the ratio to plain.
#   scripts/bench/capfs.sh [BINARY]   (default $HOPX_BIN_DIR/hopx-capfs)
# HOPX_BENCH_CAPFS_ROUNDS (5), HOPX_BENCH_CAPFS_FLAGS (extra daemon flags, e.g. -s),
# HOPX_BENCH_DIR (where to work, default /var/tmp: a real disk, not a tmpfs /tmp).
set -euo pipefail
bin=$(realpath "${1:-${HOPX_BIN_DIR:?}/hopx-capfs}")
rounds=${HOPX_BENCH_CAPFS_ROUNDS:-5}
work=$(mktemp -d "${HOPX_BENCH_DIR:-/var/tmp}/capfs-bench.XXXXXX")
mkdir -p "$work/plain" "$work/back" "$work/capfs" "$work/e2mnt"
cleanup() {
    for m in "$work/capfs" "$work/e2mnt"; do
        mountpoint -q "$m" && { fusermount3 -u "$m" || fusermount3 -u -z "$m"; }
    done
    rm -rf "$work"
}
trap cleanup EXIT

# shellcheck disable=SC2086
"$bin" "$work/back" "$work/capfs" -o cap=1G ${HOPX_BENCH_CAPFS_FLAGS:-}
targets=(plain capfs)
if command -v fuse2fs >/dev/null && command -v mke2fs >/dev/null; then
    truncate -s 1G "$work/disk.img"
    mke2fs -q -F -t ext4 -b 4096 -m 0 -O ^has_journal,^resize_inode \
        -E "root_owner=$(id -u):$(id -g),lazy_itable_init=1,nodiscard" "$work/disk.img"
    fuse2fs "$work/disk.img" "$work/e2mnt" -o big_writes,max_write=131072,fakeroot,default_permissions
    targets+=(e2mnt)
fi

# MB/s (10^6 bytes per second, as dd prints) of one dd into directory $1 with bs=$2 count=$3.
one() {
    rm -f "$1/dd.out"
    local line bytes secs
    line=$(dd if=/dev/zero of="$1/dd.out" bs="$2" count="$3" conv=fsync 2>&1 | tail -1)
    bytes=${line%% bytes*}
    secs=$(sed -n 's/.*copied, \([0-9.e-]*\) s,.*/\1/p' <<<"$line")
    rm -f "$1/dd.out"
    awk -v b="$bytes" -v s="$secs" 'BEGIN { printf "%.1f\n", b / s / 1e6 }'
}
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

declare -A results
for shape in "1M 256" "8k 8192"; do
    read -r bs count <<<"$shape"
    for t in "${targets[@]}"; do results["$shape/$t"]=""; done
    for _ in $(seq "$rounds"); do
        for t in "${targets[@]}"; do results["$shape/$t"]+="$(one "$work/$t" "$bs" "$count") "; done
    done
done

printf '%-22s %10s %10s %7s' "dd conv=fsync" "plain MB/s" "capfs MB/s" "ratio"
[ "${#targets[@]}" -eq 3 ] && printf ' %12s %7s' "fuse2fs MB/s" "ratio"
printf '   (median of %s, %s)\n' "$rounds" "$(id -un)"
for shape in "1M 256" "8k 8192"; do
    read -r bs count <<<"$shape"
    plain=$(tr ' ' '\n' <<<"${results["$shape/plain"]}" | grep . | median)
    capfs=$(tr ' ' '\n' <<<"${results["$shape/capfs"]}" | grep . | median)
    printf '%-22s %10.1f %10.1f %7.2f' "bs=$bs count=$count" "$plain" "$capfs" "$(awk -v a="$capfs" -v b="$plain" 'BEGIN { print a / b }')"
    if [ "${#targets[@]}" -eq 3 ]; then
        e2=$(tr ' ' '\n' <<<"${results["$shape/e2mnt"]}" | grep . | median)
        printf ' %12.1f %7.2f' "$e2" "$(awk -v a="$e2" -v b="$plain" 'BEGIN { print a / b }')"
    fi
    printf '\n'
    [ -n "${HOPX_BENCH_CAPFS_RAW:-}" ] && for t in "${targets[@]}"; do echo "  $t: ${results["$shape/$t"]}"; done
done

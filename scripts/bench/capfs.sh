#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 HOPX Desktop developers
# SPDX-License-Identifier: MIT
# A sandbox's disk against the host: fio (every job with --verify=crc32c: the bytes that come
# back are the bytes written) and small-file metadata, in a hopx-capfs mount (mounted as the app
# mounts a sandbox's /workspace: same options; the sandbox's bind mount of it adds no work per
# request) and in a plain directory on the same host disk. The two take turns in every round,
# so drift of the host hits both alike; the table gives the median of the rounds, the range
# (min-max) and the ratio of the medians. The load average before and after is printed: the
# figures mean little on a busy machine.
#   scripts/bench/capfs.sh [BINARY]   (default $HOPX_BIN_DIR/hopx-capfs)
# HOPX_BENCH_CAPFS_ROUNDS (3), HOPX_BENCH_CAPFS_FLAGS (extra daemon flags, e.g. -o xattr),
# HOPX_BENCH_DIR (where to work, default /var/tmp: a real disk, not a tmpfs /tmp),
# HOPX_BENCH_CAPFS_RAW=1 prints every round's figure, HOPX_BENCH_CAPFS_BEFORE=OTHER_BINARY adds
# a target taking its turn in every round (an earlier build: before and after alike).
# The floor takes its turn too: scripts/bench/minimal-fuse.c, the least a FUSE daemon that keeps
# files in a host directory can do (no cap, no bookkeeping), with hopx-capfs's kernel-facing
# choices. Its ratio is what the kernel's round trip to a daemon leaves to any such file system.
set -euo pipefail
bin=$(realpath "${1:-${HOPX_BIN_DIR:?}/hopx-capfs}")
rounds=${HOPX_BENCH_CAPFS_ROUNDS:-3}
command -v fio >/dev/null || { echo "fio is missing (apt-get install fio)" >&2; exit 2; }
work=$(mktemp -d "${HOPX_BENCH_DIR:-/var/tmp}/capfs-bench.XXXXXX")
targets=(plain capfs)
[ -n "${HOPX_BENCH_CAPFS_BEFORE:-}" ] && targets+=(before)
targets+=(floor)
cleanup() {
    for t in capfs before floor; do
        mountpoint -q "$work/$t" && { fusermount3 -u "$work/$t" || fusermount3 -u -z "$work/$t"; }
    done
    rm -rf "$work"
}
trap cleanup EXIT
mkdir -p "$work/plain" "$work/floor" "$work/floor.back"
# shellcheck disable=SC2046
cc -O2 -o "$work/minimal-fuse" "$(dirname "$0")/minimal-fuse.c" $(pkg-config --cflags --libs fuse3)
"$work/minimal-fuse" "$work/floor.back" "$work/floor"
for t in capfs ${HOPX_BENCH_CAPFS_BEFORE:+before}; do
    mkdir -p "$work/$t" "$work/$t.back"
    b=$bin
    [ "$t" = before ] && b=$(realpath "$HOPX_BENCH_CAPFS_BEFORE")
    # shellcheck disable=SC2086
    "$b" "$work/$t.back" "$work/$t" -o cap=8G ${HOPX_BENCH_CAPFS_FLAGS:-}
done

# The jobs: name, unit, fio arguments (or "meta" for the small-file loop). Writes end with an
# fsync, as a program that keeps its data does; reads run on the file the write before laid out
# and verify it: from the page cache (as a file just written is read), and cold (fio drops the
# file's cached pages; under capfs the backing file's too, or the daemon would read from memory).
jobs=(
    "4k-randwrite|MiB/s|--rw=randwrite --bs=4k --size=256m --end_fsync=1"
    "4k-randread|MiB/s|--rw=randread --bs=4k --size=256m --invalidate=0"
    "4k-randread-cold|MiB/s|--rw=randread --bs=4k --size=256m --invalidate=1"
    "1m-write|MiB/s|--rw=write --bs=1m --size=1g --end_fsync=1"
    "8k-write+fsync|MiB/s|--rw=write --bs=8k --size=64m --end_fsync=1"
    "create|files/s|meta"
    "stat|files/s|meta"
    "unlink|files/s|meta"
)

# MiB/s of one fio job in directory $1 with arguments $2 (the bandwidth of its read or write
# phase, whichever it is named after; the verify pass reads afterwards and is not counted).
run_fio() {
    local dir=$1 args=$2 kind="write"
    [[ $args == *randread* ]] && kind="read"
    # shellcheck disable=SC2086
    fio --name=bench --directory="$dir" --filename=fio.dat --ioengine=psync --verify=crc32c \
        --verify_fatal=1 --verify_state_save=0 --output-format=json $args |
        python3 -c 'import json, sys
job = json.load(sys.stdin)["jobs"][0]
if job["error"]: sys.exit("fio failed: error %d" % job["error"])
print("%.1f" % (job[sys.argv[1]]["bw_bytes"] / 1048576))' "$kind"
}

# Drops the clean cached pages of file $1 (the write job ended with an fsync: all are clean).
drop_cache() {
    python3 -c 'import os, sys
fd = os.open(sys.argv[1], os.O_RDONLY)
os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)' "$1"
}

# create, stat and unlink per second of 5,000 files of 100 bytes each in directory $1 (one line).
run_meta() {
    python3 - "$1" <<'EOF'
import os, sys, time
d = os.path.join(sys.argv[1], "meta")
os.mkdir(d)
names = [os.path.join(d, "f%05d" % i) for i in range(5000)]
data = b"x" * 100
t0 = time.perf_counter()
for n in names:
    fd = os.open(n, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    os.write(fd, data)
    os.close(fd)
t1 = time.perf_counter()
for n in names:
    os.stat(n)
t2 = time.perf_counter()
for n in names:
    os.unlink(n)
t3 = time.perf_counter()
os.rmdir(d)
print("%.0f %.0f %.0f" % (len(names) / (t1 - t0), len(names) / (t2 - t1), len(names) / (t3 - t2)))
EOF
}

declare -A results
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
for _ in $(seq "$rounds"); do
    for t in "${targets[@]}"; do
        dir="$work/$t"
        for job in "${jobs[@]}"; do
            IFS='|' read -r name _ args <<<"$job"
            [ "$args" = meta ] && continue
            [[ $name == 4k-randread* ]] || rm -f "$dir/fio.dat"
            if [ "$name" = 4k-randread-cold ]; then
                case $t in
                capfs | before) drop_cache "$work/$t.back/fio.dat" ;;
                floor) for f in "$work/floor.back"/*; do drop_cache "$f"; done ;; # named by inode
                esac
            fi
            results["$name/$t"]+="$(run_fio "$dir" "$args") "
        done
        rm -f "$dir/fio.dat"
        read -r c s u <<<"$(run_meta "$dir")"
        results["create/$t"]+="$c " results["stat/$t"]+="$s " results["unlink/$t"]+="$u "
    done
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

# "median min max" of the numbers in $1.
stats() {
    tr ' ' '\n' <<<"$1" | grep . | sort -n |
        awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; print m, v[1], v[NR] }'
}
row() { # row NAME UNIT TARGET...: median (range) of each target, the ratio of each capfs to the host
    local name=$1 unit=$2 t m lo hi host
    shift 2
    printf '%-16s %-8s' "$name" "$unit"
    for t in "$@"; do
        read -r m lo hi <<<"$(stats "${results["$name/$t"]}")"
        [ "$t" = plain ] && host=$m
        printf ' %9.1f %-15s' "$m" "($lo-$hi)"
        [ "$t" = plain ] || printf ' %5.2f' "$(awk -v a="$m" -v b="$host" 'BEGIN { print a / b }')"
    done
    printf '\n'
    [ -n "${HOPX_BENCH_CAPFS_RAW:-}" ] && for t in "$@"; do echo "  $t: ${results["$name/$t"]}"; done
    return 0
}
printf '%-16s %-8s' job unit
for t in "${targets[@]}"; do
    case $t in
    plain) label="host dir (range)" ;;
    floor) label="FUSE floor (range)" ;;
    *) label="$t (range)" ;;
    esac
    printf ' %25s' "$label"
    [ "$t" = plain ] || printf ' %5s' ratio
done
printf '\n'
for job in "${jobs[@]}"; do
    IFS='|' read -r name unit _ <<<"$job"
    row "$name" "$unit" "${targets[@]}"
done
echo "$rounds rounds as $(id -un), $(nproc) cores, $(date -u '+%Y-%m-%d %H:%M UTC'); load average before $load_before, after $load_after"

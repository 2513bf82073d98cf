#!/usr/bin/env bash
# What a newcomer meets: a fresh minimal Debian 12 (or Ubuntu 24.04) root with only sudo, git
# and ca-certificates, a non-root user with passwordless sudo, a clone of this checkout (its
# commits, not its uncommitted changes). In full mode that user runs ./scripts/run.sh
# --headless, asks the app through hopx-mcp for execute_code_isolated Hello World, then runs
# ./scripts/test.sh, which must pass (--only REGEX: only the tests that CTest's -R REGEX picks,
# to show a platform builds and serves without the whole suite's hour). --smoke stops after
# installing exactly the packages scripts/lib/common.sh lists and configuring the project: every
# tool the configure looks for is found, and it registers as many tests as this machine's build
# does.
#   sudo ./scripts/newcomer.sh [--suite bookworm|noble] [--smoke | --only REGEX] [--keep]
#                              [--expect-tests N] [--ccache DIR]
# --ccache DIR reads compiles from this machine's ccache (read-only), for a shared machine where
# a from-scratch build takes hours; a newcomer has none, and nothing it installs is skipped.
# Needs root (mmdebstrap, mount namespaces) and Debian's mirror (Ubuntu's for noble).
# Exit 77 without root, so CTest reports a skip.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
export HOPX_BUILD=${HOPX_BUILD:-$root/build}
source "$root/scripts/lib/common.sh"

suite=bookworm smoke=0 only= keep=0 expect_tests= ccache=
while [ $# -gt 0 ]; do
    case "$1" in
        --suite) suite=$2; shift ;;
        --suite=*) suite=${1#*=} ;;
        --smoke) smoke=1 ;;
        --only) only=$2; shift ;;
        --keep) keep=1 ;;
        --expect-tests) expect_tests=$2; shift ;;
        --ccache) ccache=$(cd "$2" && pwd); shift ;;
        -h | --help) sed -n '2,16p' "$0"; exit 0 ;;
        *) echo "newcomer.sh: unknown argument $1" >&2; exit 2 ;;
    esac
    shift
done
# The archives as a fresh install has them: the release and its updates.
case "$suite" in
    bookworm)
        url=http://deb.debian.org/debian components="main"
        keyring=/usr/share/keyrings/debian-archive-keyring.gpg keyring_package=debian-archive-keyring ;;
    noble)
        url=http://archive.ubuntu.com/ubuntu components="main universe"
        keyring=/usr/share/keyrings/ubuntu-archive-keyring.gpg keyring_package=ubuntu-keyring ;;
    *) echo "newcomer.sh: --suite bookworm or noble" >&2; exit 2 ;;
esac
mirrors=("deb $url $suite $components" "deb $url $suite-updates $components")
if [ "$(id -u)" -ne 0 ]; then
    echo "newcomer.sh: needs root (mmdebstrap and a mount namespace); skipped" >&2
    exit 77
fi

user=newcomer uid=1000
home=/home/$user
cache=$HOPX_BUILD/newcomer-cache
logs=$cache/logs-$suite # what each step printed, kept after the root is gone
mkdir -p "$logs"
# On disk, not on a RAM-backed /tmp: the full run's root grows to several GiB.
rootfs=$(mktemp -d "${HOPX_NEWCOMER_TMPDIR:-/var/tmp}/hopx-newcomer-$suite.XXXXXX")
cleanup() {
    if [ "$keep" = 1 ]; then
        hopx_log "Kept the root: $rootfs"
    else
        rm -rf --one-file-system "$rootfs"
    fi
}
trap cleanup EXIT

# Per-phase timing: "name seconds status" lines, printed as a table at the end.
phases=()
phase_start=0
phase_begin() { phase_name=$1; phase_start=$(date +%s); hopx_log "Phase: $1"; }
phase_end() { phases+=("${phase_name// /_} $(($(date +%s) - phase_start)) ${1:-ok}"); }
print_table() {
    local mode=full
    [ "$smoke" = 1 ] && mode=smoke
    [ -n "$only" ] && mode="tests $only"
    local line name secs status total=0
    printf '\n%-34s %8s  %s\n' "phase ($suite, $mode)" "seconds" "status"
    for line in "${phases[@]}"; do
        read -r name secs status <<<"$line"
        printf '%-34s %8d  %s\n' "${name//_/ }" "$secs" "$status"
        total=$((total + secs))
    done
    printf '%-34s %8d\n' total "$total"
}
fail() {
    phase_end FAILED
    hopx_log "newcomer ($suite): $*"
    print_table
    exit 1
}

# Runs a command in the root as root or as the user, in a private mount namespace with its own
# /proc, /dev, /sys, /run and /tmp. pivot_root, not chroot: the kernel refuses new user
# namespaces (bubblewrap's) to a chrooted process.
in_root() {
    local as=$1
    shift
    unshare --mount --propagation private --fork -- bash -s -- "$rootfs" "$as" "$uid" "$cache/apt-$suite" \
        "$ccache" "$@" <<'EOF'
set -euo pipefail
r=$1 as=$2 uid=$3 debs=$4 ccache=$5
shift 5
mount --bind "$r" "$r"
mount -t proc proc "$r/proc"
mount --rbind /sys "$r/sys"
# /dev as udev makes it on a desktop: fuse and net/tun (the sandboxes' disks and network) are
# 0666 there, while a container host may keep them 0600. Its own nodes, never the host's modes.
mount -t tmpfs -o mode=755,nosuid tmpfs "$r/dev"
for node in null zero full random urandom tty; do
    touch "$r/dev/$node"
    mount --bind "/dev/$node" "$r/dev/$node"
done
mknod -m 666 "$r/dev/fuse" c 10 229
mkdir -p "$r/dev/net" "$r/dev/pts" "$r/dev/shm"
mknod -m 666 "$r/dev/net/tun" c 10 200
mount -t devpts -o newinstance,ptmxmode=0666,mode=620 devpts "$r/dev/pts"
ln -s pts/ptmx "$r/dev/ptmx"
mount -t tmpfs -o mode=1777,nosuid,nodev tmpfs "$r/dev/shm"
ln -s /proc/self/fd "$r/dev/fd"
ln -s /proc/self/fd/0 "$r/dev/stdin"
ln -s /proc/self/fd/1 "$r/dev/stdout"
ln -s /proc/self/fd/2 "$r/dev/stderr"
mount -t tmpfs -o mode=755 tmpfs "$r/run"
mount -t tmpfs -o mode=1777 tmpfs "$r/tmp"
mkdir -p "$debs" "$r/var/cache/apt/archives"
mount --bind "$debs" "$r/var/cache/apt/archives"
if [ -n "$ccache" ]; then
    mkdir -p "$r/var/cache/hopx-ccache"
    mount --bind -o ro "$ccache" "$r/var/cache/hopx-ccache"
fi
cp /etc/resolv.conf "$r/etc/resolv.conf"
cd "$r"
mkdir -p .oldroot
pivot_root . .oldroot
cd /
umount -l /.oldroot
rmdir /.oldroot
mkdir -p /run/user/$uid /run/lock
chown "$uid:$uid" /run/user/$uid
chmod 700 /run/user/$uid
env=(PATH=/usr/local/bin:/usr/bin:/bin:/usr/local/sbin:/usr/sbin:/sbin LANG=C.UTF-8 TERM=dumb)
# Behind a TLS-inspecting network the host's local CAs (copied in by newcomer.sh) reach npm too.
[ -z "$(ls /usr/local/share/ca-certificates 2>/dev/null)" ] ||
    env+=(NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt)
# --ccache: this machine's compiler cache, read-only; CMake takes the launcher from the
# environment at the first configure. Paths relative to the home match a cache whose base_dir
# held the host's checkouts.
[ -z "$ccache" ] || env+=(CCACHE_DIR=/var/cache/hopx-ccache CCACHE_READONLY=1 CCACHE_TEMPDIR=/tmp
    CCACHE_BASEDIR=/home CCACHE_NOHASHDIR=1 CMAKE_C_COMPILER_LAUNCHER=ccache CMAKE_CXX_COMPILER_LAUNCHER=ccache)
if [ "$as" = root ]; then
    exec env -i "${env[@]}" HOME=/root "$@" </dev/null
fi
exec env -i "${env[@]}" HOME=/home/$as USER=$as LOGNAME=$as XDG_RUNTIME_DIR=/run/user/$uid \
    setpriv --reuid="$uid" --regid="$uid" --init-groups "$@" </dev/null
EOF
}

# 1. The minimal root, from a tarball cached in the build tree (one per suite and package set).
phase_begin bootstrap
mkdir -p "$cache"
include=sudo,git,ca-certificates
# minbase is Essential plus Priority: required; apt is "required" in Debian, "important" in Ubuntu.
[ "$suite" = noble ] && include+=,apt
tarball=$cache/$suite-minbase-$(echo "$include ${mirrors[*]}" | md5sum | cut -c1-8).tar
if [ ! -s "$tarball" ]; then
    command -v mmdebstrap >/dev/null || hopx_install_packages mmdebstrap
    # Debian 12 itself lacks ubuntu-keyring; Debian 13's package installs on it as it is.
    [ -f "$keyring" ] || hopx_install_packages "$keyring_package" ||
        fail "no $keyring: install Debian's $keyring_package (from Debian 13 on a Debian 12 host)"
    mmdebstrap --quiet --format=tar --variant=minbase --include="$include" --keyring="$keyring" \
        "$suite" "$tarball.part" "${mirrors[@]}" || fail "mmdebstrap $suite failed"
    mv "$tarball.part" "$tarball"
fi
tar -C "$rootfs" -xf "$tarball" || fail "unpacking $tarball failed"
phase_end

# 2. The user: passwordless sudo, a clone of this checkout with nothing beside it.
phase_begin "user and clone"
in_root root useradd --create-home --uid "$uid" --shell /bin/bash "$user" || fail "useradd failed"
echo "$user ALL=(ALL) NOPASSWD:ALL" >"$rootfs/etc/sudoers.d/$user"
chmod 440 "$rootfs/etc/sudoers.d/$user"
printf '127.0.0.1 localhost %s\n::1 localhost\n' "$(hostname)" >"$rootfs/etc/hosts"
# An installed system has a machine id (systemd writes it at first boot); D-Bus needs one.
{ od -An -N16 -tx1 /dev/urandom | tr -d ' \n'; echo; } >"$rootfs/etc/machine-id"
# No /etc/mtab, as in minbase or a container: the set-up's own step (hopx_ensure_mtab) must make
# the link fusermount3 needs to unmount for the user.
rm -f "$rootfs/etc/mtab"
# The network is the host's: where it inspects TLS, the root needs the host's local CAs as well,
# as a newcomer on that network would have installed them.
if [ -n "$(ls /usr/local/share/ca-certificates 2>/dev/null)" ]; then
    cp -r /usr/local/share/ca-certificates/. "$rootfs/usr/local/share/ca-certificates/"
    in_root root update-ca-certificates >/dev/null 2>&1 || fail "update-ca-certificates failed"
fi
git clone --quiet --no-hardlinks "$root" "$rootfs$home/hopx" || fail "git clone failed"
chown -R "$uid:$uid" "$rootfs$home/hopx"
hopx_log "Cloned $(git -C "$root" rev-parse --short HEAD) into $home/hopx"
phase_end

# Runs a command as the user in the clone, its output into the cache's log file.
as_user() {
    local log=$1
    shift
    in_root "$user" bash -c 'cd ~/hopx && exec "$@"' bash "$@" >"$logs/$log" 2>&1
}

if [ "$smoke" = 1 ]; then
    # 3s. Exactly the packages common.sh lists, installed through sudo as run.sh and test.sh do.
    phase_begin "install packages (sudo apt)"
    as_user smoke-install.log bash -c 'source scripts/lib/common.sh
        hopx_install_packages "${HOPX_APT_PACKAGES[@]}" "${HOPX_APT_TEST_PACKAGES[@]}"' ||
        { tail -n 30 "$logs/smoke-install.log" >&2; fail "installing the listed packages failed"; }
    phase_end

    # 4s. Configure as the user; nothing the configure looks for may be missing.
    phase_begin "configure (cmake)"
    as_user smoke-configure.log bash -c 'cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo &&
        echo "missing: $(grep -- "-NOTFOUND$" build/CMakeCache.txt | cut -d: -f1 | tr "\n" " ")" &&
        echo "tests: $(cd build && ctest -N | sed -n "s/^Total Tests: //p")"' ||
        { tail -n 30 "$logs/smoke-configure.log" >&2; fail "cmake configure failed"; }
    # What the project looks for: its own find_program/find_library/... results and the optional
    # Qt modules (Qt6<Module>_DIR); what CMake's own modules probe on the side (EGL, GLU, Vulkan
    # tools) is not ours. Nor is what this machine's configure did not find either.
    ours=$(git -C "$root" ls-files '*CMakeLists.txt' '*.cmake' | (cd "$root" && xargs grep -hoE \
        'find_(program|library|path|file)\( *[A-Za-z0-9_]+') | sed -E 's/.*\( *//' | sort -u)
    missing=$(sed -n 's/^missing: //p' "$logs/smoke-configure.log" | tr ' ' '\n' |
        grep -E "^Qt6[A-Za-z]*_DIR$|^($(echo $ours | tr ' ' '|'))$" | sort || true)
    if [ -f "$HOPX_BUILD/CMakeCache.txt" ]; then
        missing=$(comm -23 <(echo "$missing") \
            <(grep -- "-NOTFOUND$" "$HOPX_BUILD/CMakeCache.txt" | cut -d: -f1 | sort))
    fi
    missing=$(echo $missing)
    count=$(sed -n 's/^tests: //p' "$logs/smoke-configure.log")
    [ -z "$missing" ] || fail "the newcomer's configure did not find $missing (found here): an install step is missing"
    if [ -z "$expect_tests" ] && [ -f "$HOPX_BUILD/CTestTestfile.cmake" ]; then
        expect_tests=$(cd "$HOPX_BUILD" && ctest -N | sed -n 's/^Total Tests: //p')
    fi
    hopx_log "The newcomer's configure registered $count tests (this machine's build: ${expect_tests:-unknown})"
    [ -z "$expect_tests" ] || [ "$count" = "$expect_tests" ] ||
        fail "$count tests registered for the newcomer, $expect_tests here: an install step is missing"
    phase_end
    print_table
    exit 0
fi

if [ -n "$ccache" ]; then
    phase_begin "ccache (--ccache)"
    in_root root bash -c 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
        --no-install-recommends ccache' >"$logs/ccache-install.log" 2>&1 || fail "installing ccache failed"
    phase_end
fi

# 3. run.sh --headless: installs what it needs through sudo, builds, starts the app. Each step
# is timed from when its "==>" line appears in run.sh's log ("mark: STEP EPOCH" lines).
phase_begin "run.sh"
in_root "$user" bash -c 'cd ~/hopx
    ./scripts/run.sh --headless >~/run.log 2>&1 &
    app=$!
    stop() { kill "$app" 2>/dev/null; wait "$app" 2>/dev/null || true; }
    trap stop EXIT
    seen=
    while ! grep -q "==> Starting" ~/run.log; do
        kill -0 "$app" 2>/dev/null || { echo "run.sh ended before starting the app" >&2; exit 1; }
        for step in Configuring Building; do
            if [[ " $seen " != *" $step "* ]] && grep -q "==> $step" ~/run.log; then
                echo "mark: $step $(date +%s)"
                seen+=" $step"
            fi
        done
        sleep 5
    done
    echo "mark: Starting $(date +%s)"
    python3 scripts/lib/mcp-hello.py build/bin/hopx-mcp && echo "hello: ok"
    echo "mark: done $(date +%s)"' >"$logs/run-phase.log" 2>&1 || true
cp "$rootfs$home/run.log" "$logs/run.log" 2>/dev/null || true
# The marks become phases: packages until Configuring, configure until Building, and so on.
declare -A step_name=([Configuring]="run.sh: packages (sudo apt)" [Building]="run.sh: configure"
    [Starting]="run.sh: build")
previous=$phase_start
while read -r step at; do
    phases+=("${step_name[$step]// /_} $((at - previous)) ok")
    previous=$at
done < <(sed -n 's/^mark: \(Configuring\|Building\|Starting\) /\1 /p' "$logs/run-phase.log")
grep -q '^mark: Starting' "$logs/run-phase.log" ||
    { tail -n 40 "$logs/run.log" >&2; fail "run.sh did not build and start the app (log: $logs/run.log)"; }
phase_name="app up + Hello World" phase_start=$previous
if ! grep -q '^hello: ok' "$logs/run-phase.log"; then
    cat "$logs/run-phase.log" >&2
    tail -n 20 "$logs/run.log" >&2
    fail "no Hello World through hopx-mcp"
fi
grep -B1 '^Hello World came back' "$logs/run-phase.log" >&2 || true

# 4. The whole suite as the user (or what --only picks).
phase_begin "test.sh ${only:+-R }${only:-(whole suite)}"
if ! as_user test.log ./scripts/test.sh ${only:+-R "$only"}; then
    grep -E "tests passed|tests failed|\*\*\*Failed|\(Failed\)|Not Run|\*\*\*Timeout" "$logs/test.log" >&2 || tail -n 40 "$logs/test.log" >&2
    fail "test.sh failed (log: $logs/test.log)"
fi
grep -E "tests passed" "$logs/test.log" >&2 || true
phase_end
print_table

#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 HOPX Desktop developers
# SPDX-License-Identifier: MIT
# Runs a test binary as USER on a machine without /etc/mtab, as a container or a minimal Debian
# is, where fusermount3 cannot unmount for a user who is not root. Only inside a private mount
# namespace: /etc is a copy whose mtab reaches /proc/self/mounts through a link that USER owns
# ($HOPX_TEST_MTAB_LINK), so the test can take it away and put it back; /dev/fuse is a node of
# mode 0666 bound over the host's. The host's /etc/mtab and /dev/fuse are never touched.
#   without-mtab.sh TEST_BINARY USER [TEST ARGUMENTS...]
# Root only; exit 77 (skipped) without root or USER.
set -uo pipefail
bin=$(realpath "${1:?usage: without-mtab.sh TEST_BINARY USER [ARGS...]}")
user=${2:-}
if [ "$(id -u)" -ne 0 ] || [ -z "$user" ] || ! id "$user" >/dev/null 2>&1; then
    echo "skipped: needs root and a user who is not (HOPX_CAPFS_TEST_USER=tester)" >&2
    exit 77
fi
shift 2
work=$(mktemp -d "${TMPDIR:-/tmp}/without-mtab.XXXXXX")
trap 'rm -rf "$work"' EXIT
chmod 755 "$work"
mkdir "$work/etc" "$work/link"
cp -a /etc/. "$work/etc/"
rm -f "$work/etc/mtab"
ln -s "$work/link/mtab" "$work/etc/mtab"
ln -s /proc/self/mounts "$work/link/mtab"
chown -R "$user" "$work/link"
chown -h "$user" "$work/link/mtab"
mknod -m 0666 "$work/fuse" c 10 229
home=$(getent passwd "$user" | cut -d: -f6)
unshare --mount --propagation private -- bash -c '
    set -e
    work=$1 user=$2 home=$3 bin=$4
    shift 4
    mount --bind "$work/etc" /etc
    mount --bind "$work/fuse" /dev/fuse
    exec runuser -u "$user" -- env HOME="$home" TMPDIR=/tmp HOPX_TEST_MTAB_LINK="$work/link/mtab" \
        "$bin" "$@"' without-mtab "$work" "$user" "$home" "$bin" "$@"

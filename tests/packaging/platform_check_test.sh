#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 HOPX Desktop developers
# SPDX-License-Identifier: MIT
# The platform check of scripts/lib/platform.sh against fake /etc/os-release files and fake
# `apt-cache policy qt6-base-dev` output, then scripts/run.sh and test.sh on a fake Ubuntu 22.04:
# they must stop with the reason before installing, configuring or building anything.
#   platform_check_test.sh SOURCE_DIR
set -uo pipefail
src=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
source "$src/scripts/lib/common.sh"

failures=0
fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}

os_release() { # name ID VERSION_ID NAME
    printf 'PRETTY_NAME="%s %s"\nNAME="%s"\nVERSION_ID="%s"\nID=%s\n' "$4" "$3" "$4" "$3" "$2" >"$tmp/$1"
}
policy() { # upstream version, or "" for a package apt does not know
    [ -n "$1" ] && printf 'qt6-base-dev:\n  Installed: (none)\n  Candidate: %s\n  Version table:\n' "$1"
}

# expect NAME OS_RELEASE QT_CANDIDATE ARCH STATUS PATTERN: the verdict's status and a pattern its
# output must match ("" = must print nothing).
expect() {
    local name=$1 file=$2 qt=$3 arch=$4 want=$5 pattern=$6 out status
    out=$(hopx_platform_verdict "$tmp/$file" "$(policy "$qt")" "$arch" 2>&1)
    status=$?
    if [ "$status" != "$want" ]; then
        fail "$name: status $status, expected $want (output: $out)"
    elif [ -z "$pattern" ] && [ -n "$out" ]; then
        fail "$name: expected no output, got: $out"
    elif [ -n "$pattern" ] && ! grep -Eq -- "$pattern" <<<"$out"; then
        fail "$name: output does not match /$pattern/: $out"
    else
        echo "ok: $name${out:+: $out}"
    fi
}

os_release debian12 debian 12 "Debian GNU/Linux"
os_release debian11 debian 11 "Debian GNU/Linux"
os_release debian13 debian 13 "Debian GNU/Linux"
os_release ubuntu2404 ubuntu 24.04 Ubuntu
os_release ubuntu2410 ubuntu 24.10 Ubuntu
os_release ubuntu2204 ubuntu 22.04 Ubuntu
os_release ubuntu2004 ubuntu 20.04 Ubuntu
os_release mint22 linuxmint 22 "Linux Mint"
os_release odd sometux 7 SomeTux

refused='HOPX Desktop needs Qt 6.4 or newer: use Debian 12 \(bookworm\) or Ubuntu 24.04 \(noble\)'
expect "Debian 12" debian12 6.4.2+dfsg-10 amd64 0 ""
expect "Debian 12, no package lists yet" debian12 "" amd64 0 ""
expect "Ubuntu 24.04" ubuntu2404 6.4.2+dfsg-21.1build5 amd64 0 ""
expect "Ubuntu 22.04" ubuntu2204 6.2.4+dfsg-2ubuntu1 amd64 1 "^Ubuntu 22.04 ships Qt 6.2; $refused"
expect "Ubuntu 22.04, no package lists yet" ubuntu2204 "" amd64 1 "^Ubuntu 22.04 ships Qt 6.2; $refused"
expect "Ubuntu 22.04 with an epoch" ubuntu2204 1:6.2.4-1 amd64 1 "ships Qt 6.2;"
expect "Ubuntu 20.04" ubuntu2004 "" amd64 1 "^Ubuntu 20.04 ships no Qt 6; $refused"
expect "Debian 11, no candidate" debian11 "(none)" amd64 1 "^Debian GNU/Linux 11 ships no Qt 6; $refused"
expect "Debian 13" debian13 6.8.2+dfsg-9 amd64 0 "Warning: Debian GNU/Linux 13 is not tested .* apt offers Qt 6.8: continuing"
expect "Ubuntu 24.10" ubuntu2410 6.6.2+dfsg-1 amd64 0 "Warning: Ubuntu 24.10 is not tested .* apt offers Qt 6.6"
expect "Linux Mint 22 (Ubuntu 24.04 based)" mint22 6.4.2+dfsg-21.1build5 amd64 0 "Linux Mint 22 is not tested"
expect "a derivative with an old Qt" mint22 6.2.4+dfsg-2ubuntu1 amd64 1 "^Linux Mint 22 ships Qt 6.2; $refused"
expect "an unknown system, apt silent" odd "" amd64 0 "does not say which Qt it would install"
expect "no os-release at all" missing 6.4.2 amd64 0 "this system is not tested"
expect "Debian 12 on arm64" debian12 6.4.2+dfsg-10 arm64 0 "tested on x86-64 only; continuing on arm64"
expect "Qt 6.10 sorts after 6.4" odd 6.10.1 amd64 0 "apt offers Qt 6.10"
expect "Qt 6.3" odd 6.3.0 amd64 1 "ships Qt 6.3;"

# The scripts themselves: every command that could install or build records that it ran.
mkdir -p "$tmp/bin"
for cmd in apt-get sudo dpkg-query cmake npm ninja; do
    printf '#!/bin/sh\necho %s "$@" >>"%s/ran"\n' "$cmd" "$tmp" >"$tmp/bin/$cmd"
done
printf '#!/bin/sh\necho amd64\n' >"$tmp/bin/dpkg"
printf '#!/bin/sh\ncat <<EOF\n%s\nEOF\n' "$(policy 6.2.4+dfsg-2ubuntu1)" >"$tmp/bin/apt-cache"
chmod +x "$tmp"/bin/*
for script in run.sh test.sh; do
    rm -f "$tmp/ran"
    out=$(env PATH="$tmp/bin:$PATH" HOPX_OS_RELEASE="$tmp/ubuntu2204" HOPX_BUILD="$tmp/build" \
        "$src/scripts/$script" </dev/null 2>&1)
    status=$?
    if [ "$status" = 0 ]; then
        fail "$script on Ubuntu 22.04 exited 0: $out"
    elif [ -e "$tmp/ran" ]; then
        fail "$script on Ubuntu 22.04 ran $(tr '\n' ';' <"$tmp/ran") before stopping"
    elif [ -e "$tmp/build" ]; then
        fail "$script on Ubuntu 22.04 created its build directory"
    elif [ "$out" != "$(hopx_platform_verdict "$tmp/ubuntu2204" "$(policy 6.2.4)" amd64 2>&1)" ]; then
        fail "$script on Ubuntu 22.04 said more or less than the one sentence: $out"
    else
        echo "ok: $script on Ubuntu 22.04 stops at once: $out"
    fi
done

[ "$failures" = 0 ] || { echo "$failures failure(s)" >&2; exit 1; }
echo "all platform checks passed"

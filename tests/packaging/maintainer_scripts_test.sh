#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 HOPX Desktop developers
# SPDX-License-Identifier: MIT
# The .deb's postinst and postrm (extracted by install_test.py) against a fake root (DPKG_ROOT)
# and a PATH that holds only basic tools plus, per case, a fake aa-enabled / apparmor_parser:
# without AppArmor they do nothing and succeed; where the parser rejects the profile (Debian 12)
# nothing lands in /etc/apparmor.d; where it accepts it the profile is installed, loaded only when
# AppArmor is active and not disabled, unloaded and removed by postrm; a failed load never fails.
#   maintainer_scripts_test.sh CONTROL_DIR PACKAGE_ROOT
set -uo pipefail
control=$1 package=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}

for script in postinst postrm; do
    [ -x "$control/$script" ] || { echo "FAIL: the .deb has no executable $script" >&2; exit 1; }
    sh -n "$control/$script" || fail "$script does not pass sh -n"
done

# Only what a maintainer script may use here, so the host's AppArmor tools stay out of reach.
mkdir -p "$tmp/base"
for tool in sh cat cp mv rm mkdir rmdir; do ln -s "$(command -v "$tool")" "$tmp/base/$tool"; done
shipped=usr/share/hopx-desktop/apparmor/hopx-desktop
[ -f "$package/$shipped" ] || { echo "FAIL: the .deb has no /$shipped" >&2; exit 1; }

# setup CASE [aa-enabled STATUS] [parser Q_STATUS LOAD_STATUS]: a fresh root and PATH.
setup() {
    root=$tmp/$1 bin=$tmp/$1-bin
    mkdir -p "$root/$(dirname "$shipped")" "$bin"
    cp "$package/$shipped" "$root/$shipped"
    shift
    while [ $# -gt 0 ]; do
        case "$1" in
            aa-enabled) printf '#!/bin/sh\nexit %s\n' "$2" >"$bin/aa-enabled" && shift 2 ;;
            parser)
                printf '#!/bin/sh\necho "$*" >>"%s/parser-ran"\ncase "$1" in -Q) exit %s ;; -r) exit %s ;; esac\nexit 0\n' \
                    "$root" "$2" "$3" >"$bin/apparmor_parser"
                shift 3
                ;;
        esac
    done
    chmod +x "$bin"/* 2>/dev/null
}
# run SCRIPT ARG: the script as dpkg would run it, into $root; its status must be 0.
run() {
    local out
    out=$(env -i PATH="$bin:$tmp/base" DPKG_ROOT="$root" "$control/$1" "$2" 2>&1) ||
        fail "$(basename "$root"): $1 $2 failed: $out"
    [ -z "$out" ] || echo "  $1 $2 said: $out"
}
profile() { echo "$root/etc/apparmor.d/hopx-desktop"; }
ran() { cat "$root/parser-ran" 2>/dev/null; }

setup no-apparmor
run postinst configure
[ ! -e "$(profile)" ] && [ ! -e "$root/etc" ] || fail "without AppArmor postinst wrote into /etc"
run postrm remove
run postrm purge
echo "ok: without AppArmor both scripts succeed and do nothing"

setup parser-rejects aa-enabled 0 parser 1 0
run postinst configure
[ ! -e "$(profile)" ] || fail "a profile the parser rejects (Debian 12's AppArmor 3.0) was installed"
[ "$(ran)" = "-Q -K --base $root/etc/apparmor.d $root/$shipped" ] || fail "postinst did not check the profile with -Q: $(ran)"
run postrm remove
echo "ok: where the parser rejects the profile nothing is installed"

setup active aa-enabled 0 parser 0 0
run postinst configure
cmp -s "$(profile)" "$package/$shipped" || fail "postinst did not install the shipped profile"
[ "$(ran | sed -n 2p)" = "-r -T -W $(profile)" ] || fail "postinst did not load the profile: $(ran)"
run postinst configure # an upgrade: again, without trouble
rm -f "$root/parser-ran"
run postrm upgrade
[ -e "$(profile)" ] && [ -z "$(ran)" ] || fail "postrm upgrade touched the profile"
run postrm remove
[ ! -e "$(profile)" ] || fail "postrm remove left $(profile)"
[ "$(ran)" = "-R $(profile)" ] || fail "postrm remove did not unload the profile: $(ran)"
echo "ok: AppArmor active: installed, loaded, unloaded and removed"

setup inactive aa-enabled 1 parser 0 0
run postinst configure
[ -e "$(profile)" ] && [ "$(ran | wc -l)" = 1 ] || fail "AppArmor inactive: expected installed, not loaded: $(ran)"
run postrm remove
[ ! -e "$(profile)" ] && [ "$(ran | wc -l)" = 1 ] || fail "AppArmor inactive: postrm unloaded or kept it: $(ran)"
echo "ok: AppArmor inactive: installed for the next boot, not loaded"

setup load-fails aa-enabled 0 parser 0 1
run postinst configure
[ -e "$(profile)" ] || fail "a profile that did not load was not kept for the next try"
echo "ok: a failed load is a warning, not a failed install"

setup disabled aa-enabled 0 parser 0 0
mkdir -p "$root/etc/apparmor.d/disable" "$root/etc/apparmor.d/local"
touch "$root/etc/apparmor.d/disable/hopx-desktop" "$root/etc/apparmor.d/local/hopx-desktop"
run postinst configure
[ "$(ran | wc -l)" = 1 ] || fail "a profile the admin disabled was loaded: $(ran)"
run postrm purge
[ ! -e "$root/etc/apparmor.d/disable/hopx-desktop" ] && [ ! -e "$root/etc/apparmor.d/local/hopx-desktop" ] ||
    fail "postrm purge left disable/ or local/ entries"
echo "ok: a disabled profile is not loaded; purge removes its disable/ and local/ entries"

[ "$failures" = 0 ] || { echo "$failures failure(s)" >&2; exit 1; }
echo "maintainer scripts: ok"

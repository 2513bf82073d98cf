#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 HOPX Desktop developers
# SPDX-License-Identifier: MIT
# The AppArmor profile that lets our sandboxes create user namespaces on Ubuntu 24.04:
# - apparmor_parser -Q accepts the one the .deb ships (configured by cmake/Packaging.cmake) and the
#   one ./scripts/run.sh writes for a build; both attach to one binary and grant only userns;
# - run.sh's offer (scripts/lib/apparmor.sh): silent without the restriction or where bwrap works
#   anyway, explains without a terminal, installs and loads on "y", installs nothing on "n", asks once.
#   apparmor_test.sh SOURCE_DIR APPARMOR_PARSER PACKAGED_PROFILE
# The userns rule needs AppArmor 4 (Ubuntu 24.04, Debian 13). Debian 12's parser (3.0) does not
# know it: there the profile is checked whole against 4.0's rules textually and parsed without that
# one rule, and the test says so.
set -uo pipefail
src=$1 parser=$2 packaged=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export HOPX_BUILD=$tmp/build
source "$src/scripts/lib/common.sh"

failures=0
fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}

version=$("$parser" --version 2>/dev/null | sed -n 's/.*version \([0-9][0-9.]*\).*/\1/p' | head -n 1)
[ -n "$version" ] || { echo "FAIL: $parser --version says no version" >&2; exit 1; }
echo "apparmor_parser $version"

# check_profile FILE NAME EXECUTABLE
check_profile() {
    local file=$1 name=$2 exe=$3 rules
    rules=$(grep -v '^\s*#' "$file" | grep -v '^\s*$')
    if ! grep -qxF "profile $name $exe flags=(unconfined) {" <<<"$rules"; then
        fail "$file: no 'profile $name $exe flags=(unconfined) {' line"
    fi
    # What the profile may do: userns, and nothing else (abi, the tunables, the local include).
    local extra
    extra=$(grep -vxE 'abi <abi/4\.0>,|include <tunables/global>|profile .*|  userns,|  include if exists <local/[a-z0-9-]+>|\}' <<<"$rules")
    [ -z "$extra" ] || fail "$file: rules other than userns: $extra"
    [ "$(grep -cx '  userns,' <<<"$rules")" = 1 ] || fail "$file: not exactly one userns rule"
    local out
    if ! hopx_version_lt "$version" 4; then
        out=$("$parser" -Q -K "$file" 2>&1) || fail "apparmor_parser -Q rejects $file: $out"
        echo "ok: apparmor_parser $version -Q accepts $file"
    else
        sed -e 's|^abi <abi/4\.0>,|abi <abi/3.0>,|' -e '/^  userns,$/d' "$file" >"$tmp/without-userns"
        out=$("$parser" -Q -K "$tmp/without-userns" 2>&1) || fail "apparmor_parser -Q rejects $file (without its userns rule): $out"
        echo "ok: apparmor_parser $version -Q accepts $file without its userns rule (AppArmor 4 only)"
    fi
}

# The packaged profile is the template for /usr/bin/hopx-desktop, byte for byte.
hopx_apparmor_profile hopx-desktop /usr/bin/hopx-desktop >"$tmp/expected"
cmp -s "$tmp/expected" "$packaged" || fail "$packaged is not the template for /usr/bin/hopx-desktop"
check_profile "$packaged" hopx-desktop /usr/bin/hopx-desktop

# --- run.sh's offer, against a fake /etc/apparmor.d and a fake apparmor_parser. ---
mkdir -p "$tmp/bin" "$tmp/apparmor.d" "$HOPX_BUILD/bin"
printf '#!/bin/sh\necho "apparmor_parser $*" >>"%s/parser-ran"\n' "$tmp" >"$tmp/bin/apparmor_parser"
printf '#!/bin/sh\nexec "$@"\n' >"$tmp/bin/sudo"
printf '#!/bin/sh\nexit "$(cat %s/bwrap-status)"\n' "$tmp" >"$tmp/bin/bwrap" # the restriction, faked
echo 1 >"$tmp/bwrap-status"
chmod +x "$tmp"/bin/*
binary=$HOPX_BUILD/bin/hopx-desktop
touch "$binary"
name=$(hopx_apparmor_build_name "$(realpath "$binary")")
export PATH="$tmp/bin:$PATH" HOPX_APPARMOR_DIR="$tmp/apparmor.d" HOPX_USERNS_RESTRICT_FILE="$tmp/restrict"
offer() { # offer INPUT: run.sh's step, on a terminal when INPUT is not "-"
    rm -f "$tmp/parser-ran"
    if [ "$1" = - ]; then
        hopx_offer_apparmor_profile "$binary" </dev/null 2>&1
    else
        printf '%s\n' "$1" | script -qec "bash -c 'source \"$src/scripts/lib/common.sh\"; hopx_offer_apparmor_profile \"$binary\"'" /dev/null 2>&1
    fi
}

echo 0 >"$tmp/restrict"
out=$(offer -)
[ -z "$out" ] && [ ! -e "$HOPX_BUILD/apparmor" ] || fail "without the restriction the offer said or wrote something: $out"

echo 1 >"$tmp/restrict"
out=$(offer -)
generated=$HOPX_BUILD/apparmor/$name
if ! grep -q "no terminal to ask on" <<<"$out" || ! grep -qF "sudo install -m 0644 $generated $tmp/apparmor.d/$name" <<<"$out"; then
    fail "without a terminal the offer did not explain how to install: $out"
elif [ -e "$tmp/apparmor.d/$name" ] || [ -e "$tmp/parser-ran" ]; then
    fail "without a terminal the offer installed or loaded something"
else
    echo "ok: without a terminal, run.sh explains: $out"
fi
check_profile "$generated" "$name" "$(realpath "$binary")"

out=$(offer n)
[ ! -e "$tmp/apparmor.d/$name" ] && [ ! -e "$tmp/parser-ran" ] || fail "after 'n' something was installed: $out"
grep -q "Not installed. To install it" <<<"$out" || fail "after 'n' no explanation: $out"

out=$(offer y)
if ! cmp -s "$generated" "$tmp/apparmor.d/$name"; then
    fail "after 'y' $tmp/apparmor.d/$name is not the generated profile: $out"
elif [ "$(cat "$tmp/parser-ran" 2>/dev/null)" != "apparmor_parser -r -W $tmp/apparmor.d/$name" ]; then
    fail "after 'y' the profile was not loaded with apparmor_parser -r -W: $(cat "$tmp/parser-ran" 2>/dev/null)"
else
    echo "ok: after 'y' run.sh installed and loaded the profile"
fi

out=$(offer -)
[ -z "$out" ] && [ ! -e "$tmp/parser-ran" ] || fail "with the profile installed the offer asked again: $out"

echo 0 >"$tmp/bwrap-status"
rm -f "$tmp/apparmor.d/$name"
out=$(offer -)
[ -z "$out" ] && [ ! -e "$tmp/apparmor.d/$name" ] || fail "where bwrap works already the offer said or did something: $out"
echo 1 >"$tmp/bwrap-status"

touch "$tmp/odd path"
out=$(hopx_offer_apparmor_profile "$tmp/odd path" </dev/null 2>&1)
grep -q "characters a profile would read as a pattern" <<<"$out" || fail "a path with a space was not refused: $out"

[ "$failures" = 0 ] || { echo "$failures failure(s)" >&2; exit 1; }
echo "all AppArmor checks passed"

#!/usr/bin/env bash
# Makes the upgrade test's fixture of a released commit: the state directory a user of that
# release has (tests/upgrade/fixtures/DATE-SHORTSHA.tar.gz) and what that build reported about
# it (the same name, .json). Run it once per release, on the commit the release was made from:
#   ./scripts/upgrade-fixtures.sh COMMIT
# It builds COMMIT's hopx-desktop, hopx-sandbox-agent and hopx-capfs in a git worktree (ccache
# makes that quick when the commit was built before), then runs this checkout's tst_upgrade
# makeFixture with those binaries inside tests/with-keyring.sh: the older app itself makes
# every file of the fixture, nothing is edited by hand. CTest only reads the fixtures: building
# an older commit on every run would cost a full build.
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"

[ $# -eq 1 ] || { echo "usage: $0 COMMIT" >&2; exit 2; }
commit=$(git -C "$HOPX_ROOT" rev-parse --verify "$1^{commit}")
short=$(git -C "$HOPX_ROOT" rev-parse --short=7 "$commit")
date=$(git -C "$HOPX_ROOT" show -s --format=%cs "$commit")
# Beside this checkout: under the same CCACHE_BASEDIR, so that the cache of its builds serves.
old=$(dirname "$HOPX_ROOT")/hopx-release-$short
out=$HOPX_ROOT/tests/upgrade/fixtures/$date-$short

launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)

[ -d "$old" ] || git -C "$HOPX_ROOT" worktree add --detach "$old" "$commit" >/dev/null
hopx_log "Building $short's app, agent and hopx-capfs in $old/build"
cmake -S "$old" -B "$old/build" "${generator[@]}" "${launcher[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DHOPX_TEST_AREAS=style >/dev/null
cmake --build "$old/build" --parallel "$(nproc)" --target hopx-desktop hopx-sandbox-agent hopx-capfs

hopx_log "Building this checkout's tst_upgrade"
cmake --build "$HOPX_BUILD" --parallel "$(nproc)" --target tst_upgrade

hopx_log "Making $out.tar.gz with $short's app"
mkdir -p "$(dirname "$out")"
HOPX_UPGRADE_OLD_BIN=$old/build/bin HOPX_UPGRADE_FIXTURE=$out HOPX_UPGRADE_COMMIT=$commit \
    HOPX_KEYCHAIN_EXPECT=available QT_QPA_PLATFORM=offscreen QT_LOGGING_RULES='hopx.*.debug=false' \
    sh "$HOPX_ROOT/tests/with-keyring.sh" "$HOPX_BUILD/tests/tst_upgrade" makeFixture
ls -l "$out.tar.gz" "$out.json"
# Kept after a failure, so that the next try builds nothing.
git -C "$HOPX_ROOT" worktree remove --force "$old"

#!/usr/bin/env bash
# Set up, build and run the whole test suite (CTest), including the keychain tests against a
# real Secret Service in a private D-Bus session, the official MCP SDK interop tests and real MCP
# clients (tests/clients), then the fuzz targets' smoke run (tests/fuzz, a clang build in
# build-fuzz/).
#   ./scripts/test.sh            everything
#   ./scripts/test.sh -L unit    any ctest arguments pass through (no fuzz smoke then)
#   ./scripts/test.sh -L newcomer  the newcomer check, left out of the default run
#   ./scripts/test.sh --asan     the whole suite built with ASan + UBSan, in build-asan/
#   ./scripts/test.sh --tsan     the whole suite built with TSan, in build-tsan/ (see CONTRIBUTING)
# HOPX_FUZZ_SMOKE=0 skips the fuzz smoke, =1 runs it even with ctest arguments.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
sanitize=
case "${1:-}" in
    --asan) sanitize="address;undefined" dir=build-asan ;;
    --tsan) sanitize=thread dir=build-tsan ;;
esac
if [ -n "$sanitize" ]; then
    shift
    export HOPX_BUILD=${HOPX_BUILD:-$root/$dir}
fi
source "$root/scripts/lib/common.sh"

hopx_install_packages "${HOPX_APT_PACKAGES[@]}" "${HOPX_APT_TEST_PACKAGES[@]}"
hopx_ensure_mtab
hopx_install_node_packages
hopx_install_client_packages
if [ -n "$sanitize" ]; then
    hopx_configure_and_build -DHOPX_SANITIZE="$sanitize"
    hopx_sanitizer_environment
else
    hopx_configure_and_build
fi

# The tests make sandboxes under the temporary directory, and the app refuses a new one unless
# that disk has the sandbox's cap (2 GiB by default) and 512 MiB more free: one clear line here
# rather than a dozen failed tests half an hour later.
tmp=${TMPDIR:-/tmp}
free_mib=$(($(df -Pk "$tmp" | awk 'NR == 2 { print $4 }') / 1024))
if [ "$free_mib" -lt 3072 ]; then
    hopx_log "$tmp has $free_mib MiB free, and the tests' sandboxes need 3 GiB there: free disk space (or point TMPDIR at a disk with room)"
    [ $# -eq 0 ] && exit 1
fi

hopx_log "Running the tests"
status=0
# The newcomer check (tests/newcomer) installs everything into a new root: minutes, asked for
# by name (-L newcomer), not part of the default run.
exclude=()
[ $# -eq 0 ] && exclude=(-LE newcomer)
# One test per core, at most four: the tests spend most of their time waiting on sandboxes,
# clients and sockets (on two cores: about 21 minutes one at a time, about 12 two at a time);
# more at once would only make the timing-sensitive ones (soak, faults) compete.
jobs=$(nproc)
[ "$jobs" -gt 4 ] && jobs=4
(cd "$HOPX_BUILD" && ctest --output-on-failure --timeout 900 --parallel "$jobs" "${exclude[@]}" "$@") || status=$?
[ -n "$sanitize" ] && { hopx_sanitizer_reports || status=1; }

smoke=${HOPX_FUZZ_SMOKE:-}
[ -z "$smoke" ] && { [ $# -eq 0 ] && [ -z "$sanitize" ] && smoke=1 || smoke=0; }
if [ "$smoke" = 1 ]; then
    if command -v clang++ >/dev/null; then
        hopx_configure_fuzz_build "$root/build-fuzz"
        hopx_log "Building the fuzz targets (clang, ASan + UBSan)"
        cmake --build "$root/build-fuzz" --target hopx_fuzz --parallel "$(nproc)"
        hopx_log "Running the fuzz smoke (each target: its corpus, then a few seconds)"
        (cd "$root/build-fuzz" && ctest --output-on-failure -L fuzz --parallel "$(nproc)") || status=$?
    else
        hopx_log "No clang++: the fuzz smoke did not run"
    fi
fi
exit $status

#!/usr/bin/env bash
# Build the libFuzzer targets (tests/fuzz, clang + ASan + UBSan) into build-fuzz/ and run them.
#   ./scripts/fuzz.sh                    every target, 60 s each
#   ./scripts/fuzz.sh jsonscan 1800      one target for 30 minutes
#   ./scripts/fuzz.sh --list             the target names
# New inputs collect in build-fuzz/fuzz-work/<target>/ (copy the interesting ones into
# tests/fuzz/corpus/<target>/), crashes in build-fuzz/fuzz-artifacts/, each run's log in
# build-fuzz/fuzz-logs/<target>.log. Extra libFuzzer flags: HOPX_FUZZ_FLAGS="-jobs=2".
# Reproduce a crash (with whole stacks):
#   build-fuzz/fuzz/fuzz_<target> build-fuzz/fuzz-artifacts/<target>-crash-…
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"

build=${HOPX_FUZZ_BUILD:-$HOPX_ROOT/build-fuzz}
fuzz_dir=$HOPX_ROOT/tests/fuzz
only=${1:-}
seconds=${2:-60}

hopx_install_packages "${HOPX_APT_PACKAGES[@]}" "${HOPX_APT_FUZZ_PACKAGES[@]}"
hopx_configure_fuzz_build "$build"
# Configuring writes fuzz/fuzz_<target>.options (the dictionary) for every target it builds.
targets=$(cd "$build/fuzz" && ls ./*.options | sed 's|^\./fuzz_||; s|\.options$||')
if [ "$only" = "--list" ]; then
    echo "$targets"
    exit 0
fi
if [ -n "$only" ] && ! grep -qx "$only" <<<"$targets"; then
    echo "unknown fuzz target '$only'; one of:" $targets >&2
    exit 2
fi
hopx_log "Building the fuzz targets"
target=hopx_fuzz
[ -n "$only" ] && target=fuzz_$only
cmake --build "$build" --target "$target" --parallel "$(nproc)"

mkdir -p "$build/fuzz-logs" "$build/fuzz-artifacts"
# Long runs' memory: ASan keeps freed memory in a quarantine (256 MiB by default) and the
# stack of every allocation, unwound by frame pointers, which Qt, glib and libstdc++ lack:
# deeper frames are garbage, so every stack looks new and ASan stores them all. With the live
# heap flat, fuzz_agentclient reached 1.7 GiB of the 2 GiB limit in 45 minutes. Three frames
# stay exact and keep leak detection (LeakSanitizer needs two); 64 MiB of quarantine still
# holds every input's frees. A crash reproduced as below gets whole stacks.
asan=detect_leaks=1:abort_on_error=1:malloc_context_size=3:quarantine_size_mb=64
status=0
for t in ${only:-$targets}; do
    dict=$(sed -n 's/^dict = //p' "$build/fuzz/fuzz_$t.options")
    work=$build/fuzz-work/$t
    mkdir -p "$work"
    hopx_log "Fuzzing $t for ${seconds}s (log: $build/fuzz-logs/$t.log)"
    # shellcheck disable=SC2086 # HOPX_FUZZ_FLAGS is a list of flags
    if ! ASAN_OPTIONS=$asan UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        QT_QPA_PLATFORM=offscreen "$build/fuzz/fuzz_$t" -max_total_time="$seconds" -timeout=10 \
        -rss_limit_mb=2048 -print_final_stats=1 ${dict:+-dict="$dict"} \
        -artifact_prefix="$build/fuzz-artifacts/$t-" ${HOPX_FUZZ_FLAGS:-} \
        "$work" "$fuzz_dir/corpus/$t" >"$build/fuzz-logs/$t.log" 2>&1; then
        hopx_log "$t FAILED: see $build/fuzz-logs/$t.log and $build/fuzz-artifacts/"
        status=1
    fi
    grep -E '^#[0-9]+[[:space:]]+DONE|stat::number_of_executed_units|stat::average_exec_per_sec' \
        "$build/fuzz-logs/$t.log" | tr '\n' ' ' >&2 || true
    echo >&2
done
exit $status

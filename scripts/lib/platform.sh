# shellcheck shell=bash
# Which systems scripts/run.sh and test.sh build on, decided before anything is installed.
# Tested: Debian 12 (bookworm) and Ubuntu 24.04 (noble), x86-64. The build needs Qt >= 6.4, so a
# system is refused when the Qt that apt would install is older (Ubuntu 22.04 ships 6.2), and an
# untested one whose apt offers Qt >= 6.4 (Debian 13, Ubuntu 24.10, a derivative) only warned about.
# Sourced by common.sh; tests/packaging/platform_check_test.sh runs the verdict on fake inputs.

HOPX_TESTED_PLATFORMS="Debian 12 (bookworm) or Ubuntu 24.04 (noble)"

# True when version $1 sorts before $2 (dotted numbers).
hopx_version_lt() {
    [ "$1" != "$2" ] && [ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | head -n 1)" = "$1" ]
}

# The "major.minor" of the Candidate in `apt-cache policy qt6-base-dev` output; empty when apt does
# not know the package (no package lists yet, or no Qt 6 at all) or has no candidate.
hopx_qt_candidate() {
    local candidate
    candidate=$(printf '%s\n' "$1" | sed -n 's/^ *Candidate: *//p' | head -n 1)
    candidate=${candidate#*:} # an epoch
    [[ $candidate =~ ^([0-9]+\.[0-9]+) ]] && printf '%s\n' "${BASH_REMATCH[1]}"
}

# hopx_platform_verdict OS_RELEASE_FILE POLICY_OUTPUT ARCH
# Returns 1 with one sentence on stderr saying why and what to use instead when the build cannot
# work here; returns 0 otherwise, with a warning when the system is not one we test on.
hopx_platform_verdict() {
    local file=$1 policy=$2 arch=$3 ID="" VERSION_ID="" NAME="" qt system tested=0
    # os-release is a list of shell assignments: read the fields used without running any of it.
    local key value
    while IFS='=' read -r key value; do
        value=${value%\"} value=${value#\"} value=${value%\'} value=${value#\'}
        case "$key" in
            ID) ID=$value ;;
            VERSION_ID) VERSION_ID=$value ;;
            NAME) NAME=$value ;;
        esac
    done < <([ -r "$file" ] && cat "$file")
    system="${NAME:-this system}${VERSION_ID:+ $VERSION_ID}"
    case "$ID:$VERSION_ID" in
        debian:12 | ubuntu:24.04) tested=1 ;;
    esac
    qt=$(hopx_qt_candidate "$policy")
    if [ -z "$qt" ]; then
        # apt does not say (no package lists yet, or no qt6-base-dev): what the release ships.
        case "$ID" in
            ubuntu) [ "$VERSION_ID" = 22.04 ] && qt=6.2 ;;
            debian) [ -n "$VERSION_ID" ] && hopx_version_lt "$VERSION_ID" 12 && qt=none ;;
        esac
        if [ "$ID" = ubuntu ] && [ -n "$VERSION_ID" ] && hopx_version_lt "$VERSION_ID" 22.04; then
            qt=none
        fi
    fi
    if [ "$qt" = none ] || { [ -n "$qt" ] && hopx_version_lt "$qt" 6.4; }; then
        local ships="ships Qt $qt"
        [ "$qt" = none ] && ships="ships no Qt 6"
        printf '%s %s; HOPX Desktop needs Qt 6.4 or newer: use %s, or build with Qt >= 6.4 by hand (README, Platforms).\n' \
            "$system" "$ships" "$HOPX_TESTED_PLATFORMS" >&2
        return 1
    fi
    case "$arch" in
        amd64 | x86_64) ;;
        *) hopx_log "Warning: HOPX Desktop is tested on x86-64 only; continuing on $arch" ;;
    esac
    [ "$tested" = 1 ] && return 0
    if [ -n "$qt" ]; then
        hopx_log "Warning: $system is not tested (we test Debian 12 and Ubuntu 24.04), but apt offers Qt $qt: continuing"
    else
        hopx_log "Warning: $system is not tested (we test Debian 12 and Ubuntu 24.04) and apt does not say which Qt it would install (the build needs Qt 6.4 or newer): continuing"
    fi
    return 0
}

# Stops the calling script, before anything is installed, where the build cannot work.
hopx_require_supported_platform() {
    [ -n "${HOPX_PLATFORM_CHECKED:-}" ] && return 0
    if ! command -v apt-get >/dev/null || ! command -v apt-cache >/dev/null; then
        printf 'scripts/run.sh installs what the build needs with apt, so it runs on %s; elsewhere install Qt >= 6.4, bubblewrap >= 0.8 and the packages listed in scripts/lib/common.sh yourself and build with cmake (README, Platforms).\n' \
            "$HOPX_TESTED_PLATFORMS" >&2
        exit 1
    fi
    local arch
    arch=$(dpkg --print-architecture 2>/dev/null || uname -m)
    hopx_platform_verdict "${HOPX_OS_RELEASE:-/etc/os-release}" \
        "$(LC_ALL=C apt-cache policy qt6-base-dev 2>/dev/null)" "$arch" || exit 1
    HOPX_PLATFORM_CHECKED=1
}

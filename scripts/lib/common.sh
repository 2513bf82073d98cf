# shellcheck shell=bash
# Shared by run.sh, test.sh and bench.sh: install what is missing, configure, build.
# Works on a fresh Debian 12 (bookworm) or Ubuntu 24.04 (noble) x86-64 machine, as root or as a
# user with sudo; elsewhere it stops before installing anything unless apt offers Qt >= 6.4.

HOPX_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
source "$HOPX_ROOT/scripts/lib/platform.sh"
source "$HOPX_ROOT/scripts/lib/apparmor.sh"
HOPX_BUILD=${HOPX_BUILD:-$HOPX_ROOT/build}

# Build and runtime packages. The sandbox runtimes (python3-*, nodejs, golang-go, and curl for
# the commands a model runs) are what local sandboxes run code with (python3-dill carries a
# sandbox's Python variables into its forks and checkpoints); bubblewrap and slirp4netns
# build them; hopx-capfs (libfuse3, with fuse3's fusermount3) mounts each sandbox's capped disk;
# fuse2fs and e2fsprogs move an earlier version's disk images (and make one in a test).
HOPX_APT_PACKAGES=(
    build-essential cmake ninja-build pkg-config git
    qt6-base-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-httpserver-dev qt6-svg-dev
    qt6-translations-l10n  # Qt's own strings (OK, Cancel, Yes, No) in the user's language
    qt6-websockets-dev
    qt6-image-formats-plugins libqt6svg6 qtkeychain-qt6-dev libsecret-1-dev libseccomp-dev libgl-dev libssl-dev
    libsimdjson-dev  # reads incoming JSON-RPC envelopes (mcpserver/json/JsonRpcReader.h)
    bubblewrap slirp4netns fuse2fs fuse3 libfuse3-dev e2fsprogs
    python3 python3-pip python3-requests python3-numpy python3-pandas python3-matplotlib python3-scipy python3-sklearn
    python3-dill
    nodejs npm golang-go curl
)
# The fuzz targets (tests/fuzz): libFuzzer and the sanitizer runtimes come with Debian's clang.
HOPX_APT_FUZZ_PACKAGES=(clang libclang-rt-dev)
# Only what the tests and screenshots need on top.
HOPX_APT_TEST_PACKAGES=(dbus dbus-x11 gnome-keyring xvfb xauth desktop-file-utils appstream imagemagick
    dpkg-dev file python3-yaml  # cpack -G DEB (dpkg-shlibdeps, file), the Flatpak manifest check
    fonts-noto-cjk  # CJK glyphs for the Chinese screenshots
    notification-daemon  # a desktop's notifications, drawn for the screenshots (tests/gui)
    clang-format git  # the style check (tests/style)
    json-schema-test-suite  # JsonSchema against the official cases (tests/unit/tst_jsonschemasuite)
    openssl  # test CAs and certificates (tests/secrets, tests/gui)
    iproute2  # ip link set lo up in the client tests' network namespace (tests/clients)
    wrk  # HTTP requests/s of both MCP eras (scripts/bench/modern.sh)
    fio  # a sandbox's disk against the host's (scripts/bench/capfs.sh)
    apparmor  # apparmor_parser -Q checks the AppArmor profile (tests/packaging)
    "${HOPX_APT_FUZZ_PACKAGES[@]}")

hopx_log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

hopx_sudo() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

# A package whose command is already on PATH from elsewhere (e.g. Node.js from NodeSource,
# which conflicts with Debian's npm package) is not installed again.
hopx_provided_by_path() {
    case "$1" in
        nodejs) command -v node >/dev/null ;;
        npm) command -v npm >/dev/null ;;
        golang-go) command -v go >/dev/null ;;
        *) return 1 ;;
    esac
}

hopx_install_packages() {
    local missing=() pkg
    hopx_require_supported_platform
    for pkg in "$@"; do
        hopx_provided_by_path "$pkg" && continue
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    if ! command -v apt-get >/dev/null; then
        hopx_log "Missing packages (${missing[*]}) and no apt-get: install them with your package manager"
        return 1
    fi
    hopx_log "Installing ${missing[*]}"
    hopx_sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive hopx_sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# fusermount3 reads /etc/mtab before it unmounts anything for a user who is not root, and fails
# without it ("failed to open /etc/mtab"): every sandbox's disk would stay mounted after its
# deletion. An installed system has it as a link to the kernel's mount table (systemd and
# util-linux make it); a container or a debootstrap minbase may not. The same link, then.
hopx_ensure_mtab() {
    [ -e /etc/mtab ] && return 0
    if [ -L /etc/mtab ]; then
        hopx_log "/etc/mtab is a dangling link ($(readlink /etc/mtab)): fix it (sudo ln -sfn ../proc/self/mounts /etc/mtab)"
        return 0
    fi
    hopx_log "Linking /etc/mtab to the kernel's mount table (fusermount3 needs it to unmount)"
    hopx_sudo ln -s ../proc/self/mounts /etc/mtab ||
        hopx_log "Could not create /etc/mtab: local sandboxes stay unavailable until it exists"
}

hopx_configure_and_build() {
    local generator=()
    command -v ninja >/dev/null && generator=(-G Ninja)
    if [ ! -f "$HOPX_BUILD/CMakeCache.txt" ]; then
        hopx_log "Configuring into $HOPX_BUILD"
        cmake -S "$HOPX_ROOT" -B "$HOPX_BUILD" "${generator[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@"
    else
        # Again each time: tools installed since (test.sh installs more than run.sh did, e.g.
        # appstreamcli, xvfb-run) are found and their tests registered; find_program retries those
        # it did not find. `cmake --build` alone would keep the old result.
        cmake -S "$HOPX_ROOT" -B "$HOPX_BUILD" "$@" >/dev/null
    fi
    hopx_log "Building"
    cmake --build "$HOPX_BUILD" --parallel "$(nproc)"
}

# A separate build of the libFuzzer targets with clang (HOPX_FUZZ=ON: ASan + UBSan); only the
# libraries the targets link are built in it. ccache when there is one.
hopx_configure_fuzz_build() {
    local build=$1 generator=() launcher=()
    command -v ninja >/dev/null && generator=(-G Ninja)
    command -v ccache >/dev/null && launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
    if [ ! -f "$build/CMakeCache.txt" ]; then
        hopx_log "Configuring the fuzz targets into $build"
        CC=clang CXX=clang++ cmake -S "$HOPX_ROOT" -B "$build" "${generator[@]}" "${launcher[@]}" \
            -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHOPX_FUZZ=ON -DHOPX_BUILD_GUI=OFF
    fi
}

# Sanitizer reports fail the test that caused them; known reports in code we do not build
# (Qt, system libraries) are suppressed by tests/sanitizers/*.supp. Every process writes its
# reports under $HOPX_BUILD/sanitizer-reports/ too: a report in a child (hopx-desktop started
# by a test, the bridge under the SDK's client) is found even when its test passes.
hopx_sanitizer_environment() {
    local supp=$HOPX_ROOT/tests/sanitizers logs=$HOPX_BUILD/sanitizer-reports
    rm -rf "$logs" && mkdir -p "$logs"
    export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:check_initialization_order=1:log_path=$logs/asan}
    export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$supp/lsan.supp:print_suppressions=0}
    export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1:suppressions=$supp/ubsan.supp:log_path=$logs/ubsan}
    export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=0:second_deadlock_stack=1:suppressions=$supp/tsan.supp:log_path=$logs/tsan}
}

# After a sanitizer run: fails when any process left a report.
hopx_sanitizer_reports() {
    local logs=$HOPX_BUILD/sanitizer-reports
    if [ -n "$(ls -A "$logs" 2>/dev/null)" ]; then
        hopx_log "Sanitizer reports in $logs:"
        head -n 40 "$logs"/* >&2
        return 1
    fi
    hopx_log "No sanitizer report"
}

# npm ci of tests/<area>/package-lock.json into the build tree, unless that lock is installed.
# A fourth argument replaces `ci` (e.g. `install`, which also installs from the lock).
hopx_npm_ci_into_build() {
    local area="$1" dir="$2" what="$3" verb="${4:-ci}"
    mkdir -p "$dir"
    if [ -d "$dir/node_modules" ] && cmp -s "$HOPX_ROOT/tests/$area/package-lock.json" "$dir/package-lock.json"; then
        return 0
    fi
    hopx_log "Installing $what (npm)"
    cp "$HOPX_ROOT/tests/$area/package.json" "$HOPX_ROOT/tests/$area/package-lock.json" "$dir/"
    (cd "$dir" && npm "$verb" --no-audit --no-fund --loglevel=error)
}

# The official MCP SDK client, reference server, conformance suite and Inspector (with the
# Node 22 they need), pinned by tests/interop/package-lock.json, installed into the build tree.
# `npm install`, not `npm ci`: the Inspector has a Windows-only optional dependency that a
# registry may not serve, and `npm ci` then refuses the lock; `install` takes the locked versions.
hopx_install_node_packages() {
    hopx_npm_ci_into_build interop "$HOPX_BUILD/node" \
        "the MCP SDK, reference server, conformance suite and Inspector" install
}

# Real MCP clients (Claude Code, Codex, Gemini CLI, opencode, Qwen Code, Cline, GitHub Copilot
# CLI, Kilo CLI) for tests/clients, pinned by tests/clients/package-lock.json, installed into the
# build tree beside the SDK. `npm install`, not `npm ci`: the registry lacks some of opencode-ai's
# and @kilocode/cli's optional per-platform packages (macOS, Windows, musl), so the lock cannot
# list them and `npm ci` refuses it as out of sync; `install` takes the locked versions all the
# same. Every client comes from the registry alone: Copilot's and Kilo's binaries are optional
# per-platform npm packages, and Kilo's postinstall only copies its binary out of that package
# (or, failing that, installs the package with npm again).
hopx_install_client_packages() {
    hopx_npm_ci_into_build clients "$HOPX_BUILD/clients-node" "the MCP clients the client tests drive" install
}

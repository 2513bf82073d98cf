# shellcheck shell=bash
# Shared by run.sh, test.sh and bench.sh: install what is missing, configure, build.
# Works on a fresh Debian 12 / Ubuntu 22.04+ machine, as root or as a user with sudo.

HOPX_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
HOPX_BUILD=${HOPX_BUILD:-$HOPX_ROOT/build}

# Build and runtime packages. The sandbox runtimes (python3-*, nodejs, golang-go) are what
# local sandboxes run code with; bubblewrap and slirp4netns build them; fuse2fs (with fuse3's
# fusermount) mounts each sandbox's capped disk.
HOPX_APT_PACKAGES=(
    build-essential cmake ninja-build pkg-config git
    qt6-base-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-httpserver-dev qt6-svg-dev
    qt6-websockets-dev
    qt6-image-formats-plugins libqt6svg6 qtkeychain-qt6-dev libsecret-1-dev libseccomp-dev libgl-dev
    bubblewrap slirp4netns fuse2fs fuse3 e2fsprogs
    python3 python3-numpy python3-pandas python3-matplotlib python3-scipy python3-sklearn
    nodejs npm golang-go
)
# Only what the tests and screenshots need on top.
HOPX_APT_TEST_PACKAGES=(dbus dbus-x11 gnome-keyring xvfb xauth desktop-file-utils appstream imagemagick
    dpkg-dev file python3-yaml  # cpack -G DEB (dpkg-shlibdeps, file), the Flatpak manifest check
    fonts-noto-cjk  # CJK glyphs for the Chinese screenshots
    clang-format git)  # the style check (tests/style)

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

hopx_configure_and_build() {
    local generator=()
    command -v ninja >/dev/null && generator=(-G Ninja)
    if [ ! -f "$HOPX_BUILD/CMakeCache.txt" ]; then
        hopx_log "Configuring into $HOPX_BUILD"
        cmake -S "$HOPX_ROOT" -B "$HOPX_BUILD" "${generator[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@"
    fi
    hopx_log "Building"
    cmake --build "$HOPX_BUILD" --parallel "$(nproc)"
}

# The official MCP SDK client, reference server and conformance suite (with the Node 22 it
# needs), pinned by tests/interop/package-lock.json, installed into the build tree.
hopx_install_node_packages() {
    local dir="$HOPX_BUILD/node"
    mkdir -p "$dir"
    if [ -d "$dir/node_modules/@modelcontextprotocol/sdk" ] \
        && cmp -s "$HOPX_ROOT/tests/interop/package-lock.json" "$dir/package-lock.json"; then
        return 0
    fi
    hopx_log "Installing the MCP SDK, reference server and conformance suite (npm)"
    cp "$HOPX_ROOT/tests/interop/package.json" "$HOPX_ROOT/tests/interop/package-lock.json" "$dir/"
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
}

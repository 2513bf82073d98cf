# shellcheck shell=bash
# Ubuntu 24.04 lets only programs whose AppArmor profile allows it create unprivileged user
# namespaces (kernel.apparmor_restrict_unprivileged_userns=1), and bubblewrap needs one for every
# local sandbox. The hopx-desktop package installs a profile for /usr/bin/hopx-desktop; for a
# build from a clone, run.sh offers to install the same profile for the built binary (sudo, with
# the user's consent), or says how. Sourced by common.sh.
# HOPX_APPARMOR_DIR and HOPX_USERNS_RESTRICT_FILE exist for tests/packaging/apparmor_test.sh.

# hopx_apparmor_profile NAME EXECUTABLE: the package's profile, attached to EXECUTABLE.
hopx_apparmor_profile() {
    sed -e "s|@HOPX_APPARMOR_NAME@|$1|g" -e "s|@HOPX_APPARMOR_EXECUTABLE@|$2|g" \
        "$HOPX_ROOT/packaging/linux/apparmor/hopx-desktop.in"
}

# A name of its own for each build's binary: neither the package's profile nor another clone's is
# replaced.
hopx_apparmor_build_name() {
    printf 'hopx-desktop-build-%s\n' "$(printf '%s' "$1" | sha256sum | cut -c1-12)"
}

# hopx_offer_apparmor_profile BINARY: nothing where user namespaces are not restricted or the
# profile is installed already; otherwise asks (y/N) to install it with sudo, or explains.
hopx_offer_apparmor_profile() {
    local dir=${HOPX_APPARMOR_DIR:-/etc/apparmor.d} binary name generated installed answer=""
    [ "$(cat "${HOPX_USERNS_RESTRICT_FILE:-/proc/sys/kernel/apparmor_restrict_unprivileged_userns}" 2>/dev/null)" = 1 ] ||
        return 0
    # Already allowed some other way (a bwrap profile of the system's, say): nothing to offer.
    bwrap --unshare-user --ro-bind / / true >/dev/null 2>&1 && return 0
    binary=$(realpath "$1")
    if [[ ! $binary =~ ^[A-Za-z0-9._/+-]+$ ]]; then
        hopx_log "AppArmor restricts user namespaces here, and $binary has characters a profile would read as a pattern: for local sandboxes, build in a plain path or install the hopx-desktop package"
        return 0
    fi
    name=$(hopx_apparmor_build_name "$binary")
    generated=$HOPX_BUILD/apparmor/$name installed=$dir/$name
    mkdir -p "$HOPX_BUILD/apparmor"
    hopx_apparmor_profile "$name" "$binary" >"$generated"
    cmp -s "$generated" "$installed" && return 0 # installed before; AppArmor loads it at boot
    hopx_log "AppArmor lets only programs whose profile allows it create user namespaces here (kernel.apparmor_restrict_unprivileged_userns=1): without one, local sandboxes are unavailable"
    if [ -t 0 ]; then
        read -r -p "Install an AppArmor profile that grants $binary (only it) user namespaces, as $installed? (sudo) [y/N] " answer || true
    fi
    if [[ $answer == [yY]* ]]; then
        if hopx_sudo install -m 0644 "$generated" "$installed" && hopx_sudo apparmor_parser -r -W "$installed"; then
            hopx_log "Installed and loaded $installed"
            return 0
        fi
        hopx_log "The profile did not install or load; local sandboxes stay unavailable (the app says so)"
        return 0
    fi
    local why="Not installed"
    [ -t 0 ] || why="Not installed (no terminal to ask on)"
    hopx_log "$why. To install it: sudo install -m 0644 $generated $installed && sudo apparmor_parser -r -W $installed (or install the hopx-desktop package, which brings one for /usr/bin/hopx-desktop)"
}

#!/usr/bin/env bash
# Set up, build and start HOPX Desktop. The local provider works with no account.
#   ./scripts/run.sh                 GUI when a display exists, else headless
#   ./scripts/run.sh --headless …    any hopx-desktop arguments pass through
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"

hopx_install_packages "${HOPX_APT_PACKAGES[@]}"
hopx_ensure_mtab
hopx_configure_and_build
hopx_offer_apparmor_profile "$HOPX_BUILD/bin/hopx-desktop"

args=("$@")
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ] && [[ " ${args[*]} " != *" --headless "* ]]; then
    hopx_log "No display: starting headless (the MCP server only)"
    args=(--headless "${args[@]}")
fi
hopx_log "Starting $HOPX_BUILD/bin/hopx-desktop ${args[*]}"
hopx_log "Point your IDE at $HOPX_BUILD/bin/hopx-mcp (see README, 'Connect your IDE')"
exec "$HOPX_BUILD/bin/hopx-desktop" "${args[@]}"

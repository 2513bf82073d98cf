#!/usr/bin/env bash
# Set up, build and run the whole test suite (CTest), including the keychain tests against a
# real Secret Service in a private D-Bus session, the official MCP SDK interop tests and real MCP
# clients (tests/clients).
#   ./scripts/test.sh            everything
#   ./scripts/test.sh -L unit    any ctest arguments pass through
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"

hopx_install_packages "${HOPX_APT_PACKAGES[@]}" "${HOPX_APT_TEST_PACKAGES[@]}"
hopx_install_node_packages
hopx_install_client_packages
hopx_configure_and_build

hopx_log "Running the tests"
cd "$HOPX_BUILD"
exec ctest --output-on-failure --timeout 900 "$@"

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

// The socket-path rule in plain C++, so that the Qt-free bridge and the app (through
// SocketPath) compute the very same path from the same environment.

#include <string>

namespace Hopx::Ipc {

/*! Order: `override`, then HOPX_MCP_SOCKET, then $XDG_RUNTIME_DIR/hopx-desktop/mcp.sock, then
 *  /run/user/<uid>/hopx-desktop/mcp.sock when that runtime dir exists (IDEs often start the
 *  bridge without XDG_RUNTIME_DIR while the app runs in the desktop session), then
 *  /tmp/hopx-desktop-<uid>/mcp.sock. */
std::string socketPathFor(const std::string &override);

//! A name without '/' is a bare QLocalServer name, which Qt places in the temp directory.
std::string socketFilePath(const std::string &serverName);

constexpr std::size_t kMaxSocketPathBytes = 103; // sun_path: 108 on Linux, 104 on macOS

} // namespace Hopx::Ipc

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

namespace Hopx::Ipc {

/*! \brief Where the app listens and the bridge connects: the one function both call.
 *
 * Order: an explicit override (`--socket`), then `HOPX_MCP_SOCKET`, then
 * `$XDG_RUNTIME_DIR/hopx-desktop/mcp.sock`, then `/tmp/hopx-desktop-<uid>/mcp.sock`.
 * A bare name without '/' is passed to QLocalServer as is (it then lives in QDir::tempPath()).
 */
class SocketPath
{
public:
    static QString serverName(const QString &override = {});
    //! Creates the socket's parent directory with mode 0700 and checks that it belongs to us.
    //! Returns an empty string on success, else a sentence for the user.
    static QString prepareDirectory(const QString &serverName);
    //! sun_path holds 108 bytes on Linux, 104 on macOS: stay under both.
    static constexpr int kMaxPathBytes = 103;
};

} // namespace Hopx::Ipc

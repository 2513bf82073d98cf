// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QString>

namespace Hopx::Mcp {

/*! \brief The HTTP transport's bearer token when nobody supplied one: generated, and kept in a
 *  file only this user can read, so local tools can pick it up without it ever being printed.
 */
class HttpTokenFile
{
public:
    //! 256 bits from the OS CSPRNG, hex.
    static QByteArray generateToken();
    //! $XDG_RUNTIME_DIR/hopx-desktop/http-token (the runtime dir is per-user and 0700).
    static QString defaultPath();
    //! Writes `token` with mode 0600 (never wider, not even briefly); returns an error or "".
    static QString write(const QString &path, const QByteArray &token);
    //! Removes the file if it still holds `token` (on shutdown: a stale token helps nobody).
    static void removeIfOurs(const QString &path, const QByteArray &token);
};

} // namespace Hopx::Mcp

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QMap>
#include <QString>

#include <optional>

namespace Hopx::Ipc {

/*! \brief The one line the bridge sends before any MCP traffic.
 *
 * It carries what applies to this connection only: HOPX_API_KEY and HOPX_BASE_URL from the
 * bridge's environment (an IDE config may set them per server entry), and the bridge's pid.
 * A line is a hello when it is a JSON object with the member "hopx_hello"; anything else is
 * MCP. The key travels only over the user-only local socket and is never logged.
 */
struct Hello
{
    int version = 1;
    qint64 bridgePid = 0;
    bool handoff = false; // the bridge offers its stdin/stdout (see Handoff.h)
    QMap<QString, QString> env; // only HOPX_API_KEY, HOPX_BASE_URL, HOPX_PROVIDER
    QString tools; // the tool profile (hopx-mcp --tools); empty: the app's default

    QByteArray toLine() const; // compact JSON, no newline
    static std::optional<Hello> parse(const QByteArray &line);
    //! The environment variables a bridge forwards.
    static QMap<QString, QString> fromEnvironment();
};

} // namespace Hopx::Ipc

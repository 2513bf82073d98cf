// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QStringList>

namespace Hopx::Mcp {

struct ServerConfig
{
    QString name = QStringLiteral("hopx-desktop");
    QString title = QStringLiteral("HOPX Desktop");
    QString version = QStringLiteral(HOPX_VERSION);
    QString instructions;
    int pageSize = 100;                          // tools/list page size
    qsizetype maxLineBytes = 16 * 1024 * 1024;   // longer lines: parse error + disconnect
    //! Newest first; the first is answered when a client asks for one we do not speak.
    QStringList protocolVersions{QStringLiteral("2025-11-25"), QStringLiteral("2025-06-18"),
                                 QStringLiteral("2025-03-26"), QStringLiteral("2024-11-05")};
};

} // namespace Hopx::Mcp

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
    int pageSize = 100; // tools/list page size
    qsizetype maxLineBytes = 16 * 1024 * 1024; // longer lines: parse error + disconnect
    //! Newest first; the first is answered when a client asks for one we do not speak.
    QStringList protocolVersions {QStringLiteral("2025-11-25"), QStringLiteral("2025-06-18"),
        QStringLiteral("2025-03-26"), QStringLiteral("2024-11-05")};
    //! Server-to-client requests (sampling, elicitation) fail after this long without an answer.
    int clientRequestTimeoutMs = 10 * 60 * 1000;
    //! Tasks (2025-11-25, experimental): bounds on what a client can make us keep.
    int maxTasks = 256; // live + retained per server
    qint64 taskDefaultTtlMs = 60 * 60 * 1000; // when the client names no ttl
    qint64 taskMaxTtlMs = 24 * 60 * 60 * 1000; // a longer requested ttl is cut to this
    int taskPollIntervalMs = 500; // suggested to pollers
};

} // namespace Hopx::Mcp

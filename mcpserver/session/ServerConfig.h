// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "json/RandomId.h"

#include <QByteArray>
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
    //! The stateless era's versions (per-request `_meta`, no initialize); any other is -32022.
    QStringList modernProtocolVersions {QStringLiteral("2026-07-28")};
    //! Signs the requestState of input-required results (2026-07-28). Random per server: a
    //! state outlives neither the process nor another server's copy of the key.
    QByteArray requestStateKey = randomBytes(32);
    qint64 requestStateTtlMs = 15 * 60 * 1000; // an answer must come back within this
    qsizetype maxRequestStateBytes = 256 * 1024; // the state grows with each round's answers
    //! Freshness hints on cacheable results (2026-07-28 ttlMs). Tools, prompts and templates
    //! change rarely and say so with list_changed; sandbox resources are another matter.
    qint64 listTtlMs = 5 * 60 * 1000;
    qint64 resourceTtlMs = 0;
    //! Server-to-client requests (sampling, elicitation) fail after this long without an answer.
    int clientRequestTimeoutMs = 10 * 60 * 1000;
    //! Tasks (2025-11-25, experimental): bounds on what a client can make us keep.
    int maxTasks = 256; // live + retained per server
    qint64 taskDefaultTtlMs = 60 * 60 * 1000; // when the client names no ttl
    qint64 taskMaxTtlMs = 24 * 60 * 60 * 1000; // a longer requested ttl is cut to this
    int taskPollIntervalMs = 500; // suggested to pollers
};

} // namespace Hopx::Mcp

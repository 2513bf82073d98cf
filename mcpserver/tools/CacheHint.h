// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "session/Caller.h"

#include <QJsonObject>

namespace Hopx::Mcp {

/*! \brief How long a cacheable result stays fresh and who may share it (2026-07-28 caching:
 *  server/discover, the lists and resources/read carry `ttlMs` and `cacheScope`).
 *
 * Legacy results carry neither: the keys mean nothing before 2026-07-28.
 */
struct CacheHint
{
    qint64 ttlMs = 0;
    bool shared = true; // "public": the same for every caller; else "private"

    void stamp(QJsonObject &result, const Caller &caller) const
    {
        if (!caller.stateless)
            return;
        result.insert(QStringLiteral("ttlMs"), double(ttlMs));
        result.insert(QStringLiteral("cacheScope"),
            shared ? QStringLiteral("public") : QStringLiteral("private"));
    }
};

} // namespace Hopx::Mcp

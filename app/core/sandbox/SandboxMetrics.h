// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"

#include <QJsonObject>

namespace Hopx::Core {

/*! \brief What a sandbox uses and is: resource metrics, VM facts, its package caches. */
class SandboxMetrics
{
public:
    static constexpr const char *kName = "metrics";
    virtual ~SandboxMetrics() = default;

    virtual void systemMetrics(Callback<QJsonObject> done) = 0;
    virtual void vmInfo(Callback<QJsonObject> done) = 0;
    virtual void cacheStats(Callback<QJsonObject> done) = 0;
    virtual void cacheClear(Callback<QJsonObject> done) = 0;
};

} // namespace Hopx::Core

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"
#include "providers/cloud/HopxOptions.h"

#include <QTest>

#include <optional>

namespace Hopx::Test {

//! Timeouts and waits short enough for FakeHopxServer on 127.0.0.1.
inline Hopx::Cloud::HopxOptions fastHopxOptions()
{
    Hopx::Cloud::HopxOptions o;
    o.controlTimeoutMs = 2000;
    o.agentTimeoutMs = 2000;
    o.execGraceMs = 2000;
    o.healthTimeoutMs = 1000;
    o.healthIntervalMs = 50;
    o.healthMaxWaitMs = 5000;
    o.createLookupMs = 400;
    o.createLookupDelayMs = 200;
    o.killVerifyDelayMs = 50;
    o.retry.maxAttempts = 4;
    o.retry.baseDelayMs = 50;
    o.retry.maxDelayMs = 2000;
    o.retry.retryBudgetMs = 5000;
    return o;
}

//! Starts an operation with a callback and waits for its one answer, which must come later
//! (the providers promise never to call back from inside the call).
template<typename T, typename Start>
Core::Result<T> wait(Start start, int timeoutMs = 20000)
{
    using Core::Error;
    std::optional<Core::Result<T>> out;
    start([&out](Core::Result<T> r) { out.emplace(std::move(r)); });
    if (out)
        return Error::make(Error::Code::Internal, QStringLiteral("called back synchronously"));
    if (!QTest::qWaitFor([&out] { return out.has_value(); }, timeoutMs))
        return Error::make(Error::Code::Internal, QStringLiteral("test: no callback"));
    return *out;
}

} // namespace Hopx::Test

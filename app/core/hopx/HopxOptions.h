// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "RestClient.h"

namespace Hopx::Cloud {

/*! \brief Timeouts and budgets of one HopxProvider, shared by its control-plane client, agent pool
 *  and operations (HopxProvider::setOptions() hands a new set to each). */
struct HopxOptions
{
    int controlTimeoutMs = 30000; // one control-plane attempt
    int agentTimeoutMs = 60000; // one agent attempt (files, env, …)
    int execGraceMs = 30000; // added to an execution's own timeout (SDK: +30 s)
    int healthTimeoutMs = 5000; // one /health probe
    int healthIntervalMs = 1500; // between probes (SDK: 1.5 s)
    int healthMaxWaitMs = 45000; // give up waiting for a new agent after this
    int tokenRefreshMarginSecs = 300;
    int createLookupAttempts = 3; // list calls after an unanswered create
    int createLookupDelayMs = 2000;
    int createLookupWindowSecs = 120; // clock skew allowed when matching created_at
    int killVerifyDelayMs = 300;
    RestClient::Policy retry;
};

} // namespace Hopx::Cloud

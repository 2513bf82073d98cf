// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "providers/cloud/api/RestClient.h"

namespace Hopx::Cloud {

/*! \brief Timeouts and budgets of one HopxProvider, shared by its control-plane client, agent pool
 *  and operations (HopxProvider::setOptions() hands a new set to each). */
struct HopxOptions
{
    int controlTimeoutMs = 30000; // one control-plane attempt (not a create: createTimeoutMs)
    int agentTimeoutMs = 60000; // one agent attempt (files, env, …)
    int execGraceMs = 30000; // added to an execution's own timeout (SDK: +30 s)
    int healthTimeoutMs = 5000; // one /health probe
    int healthIntervalMs = 1500; // between probes (SDK: 1.5 s)
    int healthMaxWaitMs = 45000; // stop waiting for /health (and proceed, as the SDK) after this
    int tokenRefreshMarginSecs = 300;
    // A create takes its time: the Python SDK waits 60 s, the JS SDK 300 s, HOPX's CLI tests
    // allow 30-60 s. Giving up early is what leaves a billed sandbox we said was not made.
    int createTimeoutMs = 300000; // POST /v1/sandboxes (the JS SDK's)
    int createLookupMs = 60000; // look for the sandbox of an unanswered create this long (CLI)
    int createLookupDelayMs = 2000; // between those list calls
    int createLookupWindowSecs = 120; // clock skew allowed when matching created_at
    int killVerifyDelayMs = 300;
    RestClient::Policy retry;
};

} // namespace Hopx::Cloud

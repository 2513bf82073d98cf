// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "FakeHopxServer.h"
#include "HopxTestSupport.h"

#include "providers/cloud/HopxApiKey.h"
#include "providers/cloud/api/AgentPool.h"
#include "providers/cloud/api/ControlPlane.h"
#include "providers/cloud/api/RestClient.h"

#include <QNetworkAccessManager>

#include <memory>

namespace Hopx::Test {

// A fake HOPX and what HopxProvider wires together, without it; destroyed in reverse order.
struct Pieces
{
    Pieces()
        : listening(server.listen())
        , rest(&nam, options.retry)
        , control(&rest, &key, server.baseUrl(), options)
    {
        key.setFixedKey(Hopx::Test::FakeHopxServer::defaultApiKey());
        pool = std::make_unique<Hopx::Cloud::AgentPool>(&control, &rest, options);
    }

    Hopx::Test::FakeHopxServer server;
    bool listening;
    Hopx::Cloud::HopxOptions options = Hopx::Test::fastHopxOptions();
    QNetworkAccessManager nam;
    Hopx::Cloud::HopxApiKey key;
    Hopx::Cloud::RestClient rest;
    Hopx::Cloud::ControlPlane control;
    std::unique_ptr<Hopx::Cloud::AgentPool> pool;
};

} // namespace Hopx::Test

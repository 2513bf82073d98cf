// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/cloud/parts/HopxMetrics.h"

#include "providers/cloud/api/QueuedCallback.h"

namespace Hopx::Cloud {

using namespace Core;

HopxMetrics::HopxMetrics(AgentChannel agent)
    : m_agent(std::move(agent))
{ }

void HopxMetrics::ask(const QByteArray &method, const QString &path, const QString &what,
    Callback<QJsonObject> done) const
{
    HopxRequest req;
    req.method = method;
    req.path = path;
    req.what = what;
    m_agent.sendForObject(req, std::move(done));
}

void HopxMetrics::systemMetrics(Callback<QJsonObject> done)
{
    done = queuedCallback(m_agent.answerContext(), std::move(done));
    // hopx-mcp's call; /system has cpu/memory/disk
    ask("GET", QStringLiteral("/metrics/snapshot"), QStringLiteral("get system metrics"),
        std::move(done));
}

void HopxMetrics::vmInfo(Callback<QJsonObject> done)
{
    done = queuedCallback(m_agent.answerContext(), std::move(done));
    ask("GET", QStringLiteral("/info"), QStringLiteral("get VM info"), std::move(done));
}

void HopxMetrics::cacheClear(Callback<QJsonObject> done)
{
    done = queuedCallback(m_agent.answerContext(), std::move(done));
    ask("POST", QStringLiteral("/cache/clear"), QStringLiteral("clear cache"), std::move(done));
}

void HopxMetrics::cacheStats(Callback<QJsonObject> done)
{
    done = queuedCallback(m_agent.answerContext(), std::move(done));
    ask("GET", QStringLiteral("/cache/stats"), QStringLiteral("get cache stats"), std::move(done));
}

} // namespace Hopx::Cloud

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/cloud/parts/HopxMetrics.h"

#include "providers/cloud/api/QueuedCallback.h"

#include <memory>
#include <optional>

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
    // hopx-mcp asks /metrics/snapshot, which has only the agent's counters (requests,
    // executions); the CPU, memory and disk the tool promises are /system's. Both are asked at
    // once; the counters decide success, as they did, and /system's figures join them.
    struct Pending
    {
        int left = 2;
        std::optional<Result<QJsonObject>> snapshot;
        std::optional<Result<QJsonObject>> system;
    };
    auto pending = std::make_shared<Pending>();
    auto finish = [pending, done]() {
        if (--pending->left > 0)
            return;
        if (!*pending->snapshot) {
            done(pending->snapshot->error());
            return;
        }
        QJsonObject out = pending->snapshot->value();
        if (*pending->system) {
            const QJsonObject system = pending->system->value();
            for (auto it = system.begin(); it != system.end(); ++it)
                if (!out.contains(it.key()))
                    out.insert(it.key(), it.value());
        } else {
            out.insert(QStringLiteral("system_unavailable"), pending->system->error().message);
        }
        done(out);
    };
    ask("GET", QStringLiteral("/metrics/snapshot"), QStringLiteral("get system metrics"),
        [pending, finish](Result<QJsonObject> r) {
            pending->snapshot = std::move(r);
            finish();
        });
    ask("GET", QStringLiteral("/system"), QStringLiteral("get system figures"),
        [pending, finish](Result<QJsonObject> r) {
            pending->system = std::move(r);
            finish();
        });
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

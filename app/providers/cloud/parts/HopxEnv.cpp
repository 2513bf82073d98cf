// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/cloud/parts/HopxEnv.h"

#include "providers/cloud/api/QueuedCallback.h"

#include "providers/cloud/HopxJson.h"

namespace Hopx::Cloud {

using namespace Core;

HopxEnv::HopxEnv(AgentChannel agent)
    : m_agent(std::move(agent))
{ }

void HopxEnv::getEnv(Callback<EnvMap> done)
{
    done = queuedCallback(m_agent.answerContext(), std::move(done));
    HopxRequest req;
    req.path = QStringLiteral("/env");
    req.what = QStringLiteral("get environment");
    m_agent.sendForObject(req, [done](Result<QJsonObject> r) {
        if (!r.ok())
            return done(r.error());
        EnvMap env;
        const QJsonObject vars = r.value().value(QStringLiteral("env_vars")).toObject();
        for (auto it = vars.begin(); it != vars.end(); ++it)
            env.insert(it.key(), it.value().toString());
        done(env);
    });
}

void HopxEnv::setEnv(const EnvMap &vars, bool merge, Callback<Unit> done)
{
    done = queuedCallback(m_agent.answerContext(), std::move(done));
    HopxRequest req;
    req.method = merge ? "PATCH" : "PUT";
    req.path = QStringLiteral("/env");
    req.body = {{QStringLiteral("env_vars"), HopxJson::envToJson(vars)}};
    if (merge)
        req.body.insert(QStringLiteral("merge"), true);
    req.hasBody = true;
    req.what = QStringLiteral("set environment");
    m_agent.sendForUnit(req, std::move(done));
}

void HopxEnv::clearEnv(Callback<Unit> done)
{
    // Agent 3.2.8's own "clear environment variables", DELETE /env (hopx-mcp 0.2 PUT an empty
    // map instead; the document comes first). Clearing twice is harmless: retried like a PUT.
    done = queuedCallback(m_agent.answerContext(), std::move(done));
    HopxRequest req;
    req.method = "DELETE";
    req.path = QStringLiteral("/env");
    req.what = QStringLiteral("clear environment");
    m_agent.sendForUnit(req, std::move(done));
}

} // namespace Hopx::Cloud

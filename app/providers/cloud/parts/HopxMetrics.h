// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "providers/cloud/api/AgentChannel.h"

#include "core/sandbox/SandboxMetrics.h"

namespace Hopx::Cloud {

/*! \brief What one sandbox's agent says about its VM: metrics, info, the execution cache. A value
 *  bound to an AgentChannel (see HopxExec); each answer is the agent's object as it came. */
class HopxMetrics final : public Core::SandboxMetrics
{
public:
    explicit HopxMetrics(AgentChannel agent);

    void systemMetrics(Core::Callback<QJsonObject> done) override;
    void vmInfo(Core::Callback<QJsonObject> done) override;
    void cacheClear(Core::Callback<QJsonObject> done) override;
    void cacheStats(Core::Callback<QJsonObject> done) override;

private:
    void ask(const QByteArray &method, const QString &path, const QString &what,
        Core::Callback<QJsonObject> done) const;

    AgentChannel m_agent;
};

} // namespace Hopx::Cloud

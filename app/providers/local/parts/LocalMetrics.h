// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/sandbox/SandboxMetrics.h"

#include <QJsonObject>

namespace Hopx::Local {

class LocalSandbox;

/*! \brief What a local sandbox uses (from the agent) and is (limits, isolation, runtimes),
 *  and its cache under /home/user/.cache. */
class LocalMetrics final : public Core::SandboxMetrics
{
public:
    explicit LocalMetrics(LocalSandbox *sandbox);

    void systemMetrics(Core::Callback<QJsonObject> done) override;
    void vmInfo(Core::Callback<QJsonObject> done) override;
    void cacheStats(Core::Callback<QJsonObject> done) override;
    void cacheClear(Core::Callback<QJsonObject> done) override;

private:
    //! What vmInfo() says once the agent has answered.
    QJsonObject describe() const;

    LocalSandbox *m_sandbox;
};

} // namespace Hopx::Local

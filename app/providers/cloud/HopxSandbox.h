// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "providers/cloud/parts/HopxDesktop.h"
#include "providers/cloud/parts/HopxEnv.h"
#include "providers/cloud/parts/HopxExec.h"
#include "providers/cloud/parts/HopxFiles.h"
#include "providers/cloud/parts/HopxMetrics.h"
#include "providers/cloud/parts/HopxProcesses.h"
#include "providers/cloud/parts/HopxTransfer.h"

#include "core/sandbox/Sandbox.h"

namespace Hopx::Cloud {

class AgentPool;
class ControlPlane;
class HopxProvider;

/*! \brief One HOPX cloud sandbox as a handle: its lifecycle and URLs through the control plane
 *  and the agent pool, the rest through the per-agent operations it holds (HopxExec,
 *  HopxProcesses, HopxFiles, HopxEnv, HopxMetrics, each bound to this sandbox's AgentChannel).
 *
 * Made by HopxProvider::sandbox() on first use of an id and owned by the provider, which drops
 * it when the sandbox is deleted or found gone. Callbacks never run from inside a call, and
 * work that outlives this object (a control-plane reply after a delete) holds the provider's
 * pieces, never the handle.
 */
class HopxSandbox final : public Core::Sandbox,
                          public Core::SandboxLifecycle,
                          public Core::SandboxEndpoints
{
    Q_OBJECT
public:
    HopxSandbox(const QString &id, HopxProvider *provider, ControlPlane *control, AgentPool *pool,
        Core::OutputSink echo);

    Core::SandboxLifecycle *lifecycle() override { return this; }
    Core::SandboxExec *exec() override { return &m_exec; }
    Core::SandboxJobs *jobs() override { return &m_processes; }
    Core::SandboxFiles *files() override { return &m_files; }
    Core::SandboxEnv *env() override { return &m_env; }
    Core::SandboxMetrics *metrics() override { return &m_metrics; }
    Core::SandboxTransfer *transfer() override { return &m_transfer; }
    Core::SandboxEndpoints *endpoints() override { return this; }
    //! Every HOPX sandbox is offered one; a template without a desktop answers "no desktop".
    Core::SandboxDesktop *desktop() override { return &m_desktop; }

    void info(Core::Callback<Core::SandboxInfo> done) override;
    void destroy(Core::Callback<Core::Unit> done) override;
    void setTimeout(int seconds, Core::Callback<Core::Unit> done) override;
    void pause(Core::Callback<Core::SandboxInfo> done) override;
    void resume(Core::Callback<Core::SandboxInfo> done) override;

    void previewUrl(int port, Core::Callback<QString> done) override;
    void agentUrl(Core::Callback<QString> done) override;

protected:
    Core::Error explainUnsupported(
        const QString &capability, const QJsonObject &request) const override;

private:
    template<typename T>
    Core::Callback<T> later(Core::Callback<T> done);
    void lifecycleAction(const QByteArray &action, Core::Callback<Core::SandboxInfo> done);

    HopxProvider *m_owner;
    ControlPlane *m_control;
    AgentPool *m_pool;
    HopxExec m_exec;
    HopxProcesses m_processes;
    HopxFiles m_files;
    HopxEnv m_env;
    HopxMetrics m_metrics;
    HopxDesktop m_desktop;
    HopxTransfer m_transfer;
};

} // namespace Hopx::Cloud

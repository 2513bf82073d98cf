// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/cloud/HopxSandbox.h"

#include "providers/cloud/HopxErrors.h"
#include "providers/cloud/HopxJson.h"
#include "providers/cloud/HopxProvider.h"
#include "providers/cloud/api/AgentEndpoint.h"
#include "providers/cloud/api/AgentPool.h"
#include "providers/cloud/api/ControlPlane.h"
#include "providers/cloud/api/QueuedCallback.h"

#include <QJsonArray>

namespace Hopx::Cloud {

using namespace Core;

HopxSandbox::HopxSandbox(const QString &id, HopxProvider *provider, ControlPlane *control,
    AgentPool *pool, OutputSink echo)
    : Sandbox(id, provider)
    , m_owner(provider)
    , m_control(control)
    , m_pool(pool)
    , m_exec(pool->channel(id), std::move(echo))
    , m_processes(pool->channel(id))
    , m_files(pool->channel(id))
    , m_env(pool->channel(id))
    , m_metrics(pool->channel(id))
    , m_desktop(pool->channel(id))
    , m_transfer(&m_files, this)
{ }

template<typename T>
Callback<T> HopxSandbox::later(Callback<T> done)
{
    return queuedCallback(m_owner, std::move(done));
}

void HopxSandbox::info(Callback<SandboxInfo> done)
{
    done = later(std::move(done));
    QPointer<HopxProvider> owner(m_owner);
    AgentPool *pool = m_pool;
    m_control->getSandbox(id(), [owner, pool, id = id(), done](Result<QJsonObject> r) {
        if (!r.ok()) {
            if (r.error().code == Error::Code::NotFound && owner) {
                pool->drop(id, HopxErrors::sandboxNotFound(id));
                owner->forget(id);
            }
            return done(r.error());
        }
        if (owner)
            pool->updateIfTracked(id, r.value());
        done(HopxJson::sandboxFromJson(r.value()));
    });
}

void HopxSandbox::destroy(Callback<Unit> done)
{
    done = later(std::move(done));
    QPointer<HopxProvider> owner(m_owner);
    AgentPool *pool = m_pool;
    m_control->deleteSandbox(id(), [owner, pool, id = id(), done](Result<Unit> r) {
        if (r.ok() && owner) {
            pool->drop(id, HopxErrors::sandboxNotFound(id));
            owner->forget(id);
        }
        done(std::move(r));
    });
}

void HopxSandbox::setTimeout(int seconds, Callback<Unit> done)
{
    done = later(std::move(done));
    QPointer<HopxProvider> owner(m_owner);
    m_control->setTimeout(id(), seconds, [owner, id = id(), seconds, done](Result<Unit> r) {
        if (r.ok() && owner)
            owner->timeoutChanged(id, seconds);
        done(std::move(r));
    });
}

void HopxSandbox::pause(Callback<SandboxInfo> done)
{
    lifecycleAction("pause", m_owner->announcing(later(std::move(done))));
}

void HopxSandbox::resume(Callback<SandboxInfo> done)
{
    lifecycleAction("resume", m_owner->announcing(later(std::move(done))));
}

void HopxSandbox::lifecycleAction(const QByteArray &action, Callback<SandboxInfo> done)
{
    QPointer<AgentPool> pool(m_pool);
    ControlPlane *control = m_control;
    const QString id = this->id();
    m_control->lifecycle(id, action, [pool, control, id, done](Result<QJsonObject> r) {
        if (!r.ok())
            return done(r.error());
        if (!pool)
            return done(Error::make(Error::Code::Cancelled, QStringLiteral("Cancelled")));
        // A paused or freshly resumed VM must pass /health again before agent calls.
        pool->markRestarted(id);
        // The reply is "an object": use it only when it is a whole Sandbox, else ask.
        const QJsonObject o = r.value();
        if (o.value(QStringLiteral("object")).toString() == QLatin1String("sandbox")
            && !o.value(QStringLiteral("status")).toString().isEmpty()
            && !HopxJson::sandboxFromJson(o).id.isEmpty()) {
            pool->updateIfTracked(id, o);
            return done(HopxJson::sandboxFromJson(o));
        }
        control->getSandbox(id, [pool, id, done](Result<QJsonObject> g) {
            if (!g.ok())
                return done(g.error());
            if (pool)
                pool->updateIfTracked(id, g.value());
            done(HopxJson::sandboxFromJson(g.value()));
        });
    });
}

void HopxSandbox::previewUrl(int port, Callback<QString> done)
{
    done = later(std::move(done));
    m_pool->host(id(), [id = id(), port, done](const AgentEndpoint *a, const Error *e) {
        if (e)
            return done(*e);
        const QString url = HopxProvider::previewUrlFor(a->publicHost, id, a->region, port);
        if (url.isEmpty())
            return done(Error::make(Error::Code::Unsupported,
                QStringLiteral("Cannot derive a preview URL from the host %1.")
                    .arg(a->publicHost)));
        done(url);
    });
}

void HopxSandbox::agentUrl(Callback<QString> done)
{
    done = later(std::move(done));
    m_pool->host(id(), [done](const AgentEndpoint *a, const Error *e) {
        if (e)
            return done(*e);
        done(AgentEndpoint::hostUrl(a->publicHost).toString());
    });
}

Core::Error HopxSandbox::explainUnsupported(
    const QString &capability, const QJsonObject &request) const
{
    // The HOPX API has no snapshot, restore or clone endpoint.
    if (capability == QLatin1String(Core::SandboxCheckpoints::kName))
        return Core::Error::make(Core::Error::Code::Unsupported,
            QStringLiteral(
                "Checkpoints, restore and fork are not supported by the HOPX cloud: it cannot "
                "save a sandbox, go back to a saved state, fork one into children (count), "
                "carry Python variables into a fork, or keep variables across a restart "
                "(not_supported lists the tools). Use a local sandbox (provider \"local\") for "
                "them, or keep what you need with file_read and recreate the rest."),
            QJsonObject {{QStringLiteral("id"), id()},
                {QStringLiteral("provider"), QStringLiteral("hopx")},
                {QStringLiteral("not_supported"),
                    QJsonArray {QStringLiteral("checkpoint_sandbox"),
                        QStringLiteral("restore_sandbox"), QStringLiteral("fork_sandbox"),
                        QStringLiteral("list_checkpoints"), QStringLiteral("delete_checkpoint")}}},
            QStringLiteral("Not supported by the HOPX cloud"));
    return Sandbox::explainUnsupported(capability, request);
}

} // namespace Hopx::Cloud

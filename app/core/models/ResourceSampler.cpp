// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/models/ResourceSampler.h"

#include "core/manager/SandboxManager.h"
#include "core/manager/SandboxProvider.h"
#include "core/models/ProcessTree.h"
#include "core/models/SandboxListModel.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTimer>

#include <optional>

namespace Hopx::Core {

ResourceSampler::ResourceSampler(SandboxManager *manager, SandboxListModel *model, QObject *parent)
    : QObject(parent)
    , m_manager(manager)
    , m_model(model)
    , m_timer(new QTimer(this))
{
    m_timer->setInterval(2000);
    connect(m_timer, &QTimer::timeout, this, [this] {
        if (!m_active || m_active())
            sampleNow();
    });
    m_timer->start();
}

void ResourceSampler::setInterval(int ms)
{
    if (ms <= 0)
        m_timer->stop();
    else
        m_timer->start(ms);
}

void ResourceSampler::sampleNow()
{
    if (!m_manager || !m_model)
        return;
    std::optional<ProcessTree> tree; // one scan of /proc for all sandboxes, when one needs it
    for (int row = 0; row < m_model->rowCount(); ++row) {
        const SandboxInfo &s = m_model->sandboxAt(row);
        if (!s.status.isRunning() || m_inFlight.contains(s.id))
            continue;
        // Only sandboxes the app hosts: sampling them is a local call, never a cloud request.
        SandboxProvider *provider = m_manager->providerForSandbox(s.id);
        if (!provider || !provider->hostedByApp())
            continue;
        const Result<Sandbox *> sandbox = provider->sandbox(s.id);
        SandboxJobs *jobs = sandbox ? sandbox.value()->get<SandboxJobs>() : nullptr;
        if (!jobs)
            continue;
        const QString id = s.id;
        m_inFlight.insert(id);
        // Disk use is a statfs of the sandbox's volume on the host: cheap, no sandbox round trip.
        sandbox.value()->lifecycle()->info(
            [self = QPointer<ResourceSampler>(this), id](Result<SandboxInfo> r) {
                if (self && r.ok() && self->m_model && r.value().diskUsedBytes >= 0)
                    self->m_model->setDisk(id, r.value().diskUsedBytes, r.value().diskCapBytes,
                        r.value().extra.value(QStringLiteral("checkpoints")).toArray());
            });
        // The whole sandbox as the host sees it (bubblewrap, agent, every run): PSS, so the
        // pages its processes share count once. The agent's own list is the fallback; it
        // sees only what runs inside and misses the agent and bubblewrap themselves.
        if (const qint64 root = sandbox.value()->hostProcessId(); root > 0) {
            if (!tree)
                tree = ProcessTree::read();
            const ProcessTree::Usage u = tree->usage(root);
            if (u.pssBytes >= 0) {
                m_inFlight.remove(id);
                m_model->setResources(id, u.pssBytes, u.cpuSeconds);
                continue;
            }
        }
        QPointer<ResourceSampler> self(this);
        jobs->listProcesses([self, id](Result<QJsonArray> r) {
            if (!self)
                return;
            self->m_inFlight.remove(id);
            if (!r.ok() || !self->m_model)
                return;
            qint64 kb = 0;
            double cpuMs = 0;
            for (const QJsonValue &v : r.value()) {
                const QJsonObject p = v.toObject();
                kb += p.value(QStringLiteral("memory_kb")).toInteger();
                cpuMs += p.value(QStringLiteral("cpu_ms")).toDouble();
            }
            self->m_model->setResources(id, kb * 1024, cpuMs / 1000.0);
        });
    }
}

} // namespace Hopx::Core

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/parts/LocalMetrics.h"

#include "providers/local/LocalSandbox.h"
#include "providers/local/LocalSandboxHost.h"

namespace Hopx::Local {

using Core::Callback;
using Core::Error;
using Core::Result;

LocalMetrics::LocalMetrics(LocalSandbox *sandbox)
    : m_sandbox(sandbox)
{ }

void LocalMetrics::systemMetrics(Callback<QJsonObject> done)
{
    if (m_sandbox->deferUntilStarted([this, done]() { systemMetrics(done); }))
        return;
    if (m_sandbox->refuseIfUnusable(done))
        return;
    const Core::SandboxInfo info = m_sandbox->info();
    const SandboxLimits limits = m_sandbox->process()->options().limits;
    const QJsonObject cgroup = m_sandbox->process()->cgroup().report();
    m_sandbox->builtin({QByteArrayLiteral("@metrics")}, {}, 65536,
        [done, info, limits, cgroup](int code, const QByteArray &out, const QByteArray &err, bool) {
            if (code != 0) {
                done(Error::make(Error::Code::Internal,
                    QStringLiteral("metrics: %1").arg(QString::fromUtf8(err))));
                return;
            }
            QJsonObject m;
            for (const QByteArray &line : out.split('\n')) {
                const int sp = line.indexOf(' ');
                if (sp > 0)
                    m.insert(QString::fromUtf8(line.left(sp)), line.mid(sp + 1).toDouble());
            }
            m.insert(QStringLiteral("uptime_seconds"),
                info.createdAt.secsTo(QDateTime::currentDateTime()));
            m.insert(QStringLiteral("limits"), limits.toJson());
            // What the kernel enforces for the whole sandbox, read back (none: rlimits only).
            if (!cgroup.isEmpty())
                m.insert(QStringLiteral("cgroup"), cgroup);
            done(m);
        });
}

void LocalMetrics::vmInfo(Callback<QJsonObject> done)
{
    // ping_vm reads this: a paused, dead or hung sandbox must not look alive from what was
    // stored when it started, so the agent inside answers a builtin before anything is said.
    if (m_sandbox->deferUntilStarted([this, done]() { vmInfo(done); }))
        return;
    if (m_sandbox->refuseIfUnusable(done))
        return;
    m_sandbox->builtin({QByteArrayLiteral("@stat"), QByteArrayLiteral("/")}, {}, 4096,
        [this, done](int code, const QByteArray &, const QByteArray &err, bool) {
            if (code != 0) {
                done(Error::make(Error::Code::SandboxDead,
                    QStringLiteral("Sandbox %1's agent did not answer: %2")
                        .arg(m_sandbox->info().id, QString::fromUtf8(err).trimmed())));
                return;
            }
            done(describe());
        });
}

QJsonObject LocalMetrics::describe() const
{
    const Core::SandboxInfo info = m_sandbox->info();
    const SandboxLimits l = m_sandbox->process()->options().limits;
    LocalSandboxHost *host = m_sandbox->host();
    QJsonObject vm {{QStringLiteral("agent"), QStringLiteral("hopx-sandbox-agent")},
        {QStringLiteral("agent_version"), QStringLiteral(HOPX_VERSION)},
        {QStringLiteral("version"), QStringLiteral(HOPX_VERSION)},
        {QStringLiteral("provider"), info.provider}, {QStringLiteral("vm_id"), info.id},
        {QStringLiteral("platform"), QStringLiteral("linux")},
        {QStringLiteral("isolation"),
            QStringLiteral("bubblewrap: user, pid, ipc, uts, net, cgroup namespaces; seccomp; %1")
                .arg(info.internetAccess ? QStringLiteral(
                         "outbound network through slirp4netns, host loopback unreachable")
                                         : QStringLiteral("no network"))},
        {QStringLiteral("uptime"), info.createdAt.secsTo(QDateTime::currentDateTime())},
        {QStringLiteral("features"),
            QJsonObject {{QStringLiteral("languages"), host->runtimes()},
                {QStringLiteral("persistent_python"), true}, {QStringLiteral("rich_output"), true},
                {QStringLiteral("network"), info.internetAccess}}},
        {QStringLiteral("limits"), l.toJson()}};
    if (const QJsonObject cgroup = m_sandbox->process()->cgroup().report(); !cgroup.isEmpty())
        vm.insert(QStringLiteral("cgroup"), cgroup);
    return vm;
}

void LocalMetrics::cacheClear(Callback<QJsonObject> done)
{
    m_sandbox->execPart().runShell(
        QStringLiteral(
            "rm -rf /home/user/.cache/* /tmp/.hopx/run-* 2>/dev/null; find /workspace /home/user "
            "-name __pycache__ -type d -prune -exec rm -rf {} + 2>/dev/null; true"),
        60, [done](Result<Core::ExecResult> r) {
            if (!r)
                done(r.error());
            else
                done(QJsonObject {{QStringLiteral("status"), QStringLiteral("success")}});
        });
}

void LocalMetrics::cacheStats(Callback<QJsonObject> done)
{
    m_sandbox->execPart().runShell(QStringLiteral("du -sk /home/user/.cache 2>/dev/null | cut -f1"),
        60, [done](Result<Core::ExecResult> r) {
            if (!r) {
                done(r.error());
                return;
            }
            done(QJsonObject {
                {QStringLiteral("cache_bytes"), r.value().stdoutData.trimmed().toLongLong() * 1024},
                {QStringLiteral("cache_dir"), QStringLiteral("/home/user/.cache")}});
        });
}

} // namespace Hopx::Local

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/LocalCreateRequest.h"

#include "providers/local/LocalLogging.h"
#include "providers/local/LocalRuntimes.h"
#include "providers/local/LocalSandbox.h"
#include "providers/local/boot/SandboxHost.h"
#include "providers/local/boot/SandboxProcess.h"
#include "providers/local/egress/EgressProxy.h"
#include "providers/local/egress/SecretBindings.h"

#include "core/settings/LocalSettings.h"
#include "core/settings/Settings.h"

#include <QJsonArray>

namespace Hopx::Local {

using Core::Error;
using Core::Result;

Result<LocalCreateRequest> LocalCreateRequest::read(
    const Core::CreateSpec &spec, Core::Settings *settings)
{
    LocalCreateRequest r;
    r.m_spec = spec;
    r.m_template = spec.templateName.isEmpty() ? spec.templateId : spec.templateName;
    if (const std::optional<Error> unknown = LocalRuntimes::unknownTemplate(r.m_template))
        return *unknown;
    const bool internet =
        spec.internetAccess.value_or(Core::LocalSettings(settings).networkDefault());
    r.m_policy = spec.network
        ? *spec.network
        : (internet ? Core::NetworkPolicy::full() : Core::NetworkPolicy::none());
    if (r.m_policy.mode == Core::NetworkPolicy::Mode::Full) {
        const QString why = SandboxHost::networkUnavailableReason();
        if (!why.isEmpty())
            return Error::make(Error::Code::Unavailable,
                QStringLiteral("This machine cannot give local sandboxes network: %1 Create the "
                               "sandbox without internet_access, or use provider \"hopx\".")
                    .arg(why));
    }
    if (!spec.secrets.isEmpty() && r.m_policy.mode != Core::NetworkPolicy::Mode::Allowlist)
        return Error::make(Error::Code::InvalidArgument,
            QStringLiteral("Secrets need an allowlist network policy: the egress proxy swaps "
                           "their values in."));
    r.m_timeoutSeconds = spec.timeoutSeconds > 0
        ? spec.timeoutSeconds
        : (settings ? settings->defaultSandboxTimeoutSeconds() : 3600);
    return r;
}

Core::SandboxInfo LocalCreateRequest::describe(
    const LocalSandbox &sandbox, const SandboxLimits &limits) const
{
    Core::SandboxInfo info = sandbox.info();
    info.templateName = m_template.isEmpty() ? QStringLiteral("code-interpreter") : m_template;
    info.templateId = info.templateName;
    info.createdAt = QDateTime::currentDateTime();
    info.timeoutSeconds = m_timeoutSeconds;
    info.expiresAt = info.createdAt.addSecs(m_timeoutSeconds);
    info.status = Core::SandboxStatus::Running;
    info.internetAccess = sandbox.process()->options().network;
    info.extra = QJsonObject {{QStringLiteral("limits"),
                                  QJsonObject {{QStringLiteral("memory_mb"), limits.memoryMb},
                                      {QStringLiteral("processes"), limits.processes},
                                      {QStringLiteral("tmp_mb"), limits.diskMb}}},
        {QStringLiteral("network"), m_policy.toJson()}};
    if (!m_spec.secrets.isEmpty()) {
        QJsonArray names;
        for (const Core::SandboxSecret &secret : m_spec.secrets)
            names.append(secret.name);
        info.extra.insert(QStringLiteral("secrets"), names);
    }
    if (!m_spec.mounts.isEmpty()) {
        QJsonArray mounted;
        for (const Core::HostMount &m : m_spec.mounts)
            mounted.append(QJsonObject {{QStringLiteral("host_path"), m.hostPath},
                {QStringLiteral("path"), m.sandboxPath}, {QStringLiteral("read_only"), true}});
        info.extra.insert(QStringLiteral("mounted_roots"), mounted);
    }
    return info;
}

Core::EnvMap LocalCreateRequest::environment(LocalSandbox &sandbox) const
{
    Core::EnvMap env = m_spec.envVars;
    for (const Core::SandboxSecret &secret : m_spec.secrets) {
        SecretBindings::Binding b {secret.name, SecretBindings::newPlaceholder(),
            secret.value.toUtf8(), secret.hosts, secret.inQuery, secret.inBody};
        env.insert(secret.name, QString::fromLatin1(b.placeholder));
        sandbox.egress()->secrets().add(b);
        qCInfo(lcLocal).noquote() << "sandbox" << sandbox.info().id << "holds secret" << secret.name
                                  << "for" << secret.hosts.join(QLatin1Char(','));
    }
    return env;
}

} // namespace Hopx::Local

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/sandbox/Sandbox.h"

#include "core/manager/SandboxProvider.h"

namespace Hopx::Core {

Sandbox::Sandbox(const QString &id, SandboxProvider *provider)
    : QObject(provider)
    , m_id(id)
    , m_provider(provider)
{ }

Sandbox::~Sandbox() = default;

Error Sandbox::explainUnsupported(const QString &capability, const QJsonObject &) const
{
    const QString provider = m_provider ? m_provider->id() : QString();
    return Error::make(Error::Code::Unsupported,
        QStringLiteral("Sandbox %1 (provider \"%2\") does not support %3.")
            .arg(m_id, provider, capability),
        QJsonObject {{QStringLiteral("id"), m_id}, {QStringLiteral("provider"), provider}},
        QStringLiteral("Not supported"));
}

} // namespace Hopx::Core

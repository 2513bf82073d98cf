// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/sandbox/SandboxStatus.h"

#include <array>

namespace Hopx::Core {

namespace {
// In State's order, up to Other. The words are the HOPX API's (and hopx-mcp's) for the states
// it has; "dead" and "unavailable" are ours.
constexpr std::array<const char *, SandboxStatus::Other> kNames {
    "creating", "running", "paused", "stopped", "dead", "unavailable", "deleted", "error"};
} // namespace

SandboxStatus::SandboxStatus(State state)
    : m_state(state)
{ }

SandboxStatus SandboxStatus::fromName(const QString &name)
{
    for (size_t i = 0; i < kNames.size(); ++i)
        if (name == QLatin1String(kNames[i]))
            return SandboxStatus(State(i));
    SandboxStatus other;
    other.m_other = name;
    return other;
}

QString SandboxStatus::name() const
{
    return m_state == Other ? m_other : QString::fromLatin1(kNames[size_t(m_state)]);
}

QString SandboxStatus::pausedRefusal(const QString &sandboxId)
{
    return QStringLiteral("Sandbox %1 is paused; call resume_sandbox first.").arg(sandboxId);
}

} // namespace Hopx::Core

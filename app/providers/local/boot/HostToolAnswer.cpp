// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/boot/HostToolAnswer.h"

namespace Hopx::Local {

HostToolAnswer::HostToolAnswer(
    QObject *context, std::function<void(const HostTool::Outcome &)> done)
    : m_context(context)
    , m_done(std::move(done))
{ }

void HostToolAnswer::post(const HostTool::Outcome &outcome)
{
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_outcome = outcome;
    }
    QMetaObject::invokeMethod(this, "deliver", Qt::QueuedConnection);
}

void HostToolAnswer::deliver()
{
    HostTool::Outcome outcome;
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        outcome = m_outcome;
    }
    if (m_context)
        m_done(outcome);
    delete this;
}

} // namespace Hopx::Local

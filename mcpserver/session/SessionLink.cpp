// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "session/SessionLink.h"

namespace Hopx::Mcp {

SessionLink::SessionLink(const ServerConfig &config, const ServerContext &context,
    SessionObserver::Transport transport, const QString &authContext, qint64 pid)
    : m_session(std::make_unique<McpSession>(config, context))
    , m_observer(context.observer)
{
    m_session->setAuthContext(authContext);
    if (m_observer) {
        m_observerId = m_observer->open(transport, pid);
        m_session->setObserverId(m_observerId);
    }
}

SessionLink::~SessionLink()
{
    // The transport is being destroyed: what the session says on its way out (cancelled
    // requests) has nobody to go to.
    QObject::disconnect(m_session.get(), nullptr, nullptr, nullptr);
    end();
}

void SessionLink::setPid(qint64 pid)
{
    if (m_observer && m_observerId && pid)
        m_observer->setPid(m_observerId, pid);
}

void SessionLink::end()
{
    // Cancelled requests are still reported to the observer, then the session closes there.
    m_session->abortAll();
    if (m_observer && m_observerId) {
        m_observer->close(std::exchange(m_observerId, 0));
        m_session->setObserverId(0);
    }
}

} // namespace Hopx::Mcp

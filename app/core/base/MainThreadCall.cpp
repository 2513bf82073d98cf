// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/base/MainThreadCall.h"

namespace Hopx::Core {

MainThreadCall::MainThreadCall(QObject *context)
    : m_context(context)
{ }

void MainThreadCall::post(std::function<void()> work)
{
    // The call is made under the lock too: it reads this object, which run() deletes once it has
    // had the lock (a call made after unlocking was reported as racing that delete).
    const std::lock_guard<std::mutex> lock(m_mutex);
    m_work = std::move(work);
    QMetaObject::invokeMethod(this, "run", Qt::QueuedConnection);
}

void MainThreadCall::run()
{
    std::function<void()> work;
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        work.swap(m_work);
    }
    const bool wanted = !m_context.isNull();
    delete this;
    if (wanted && work)
        work();
}

} // namespace Hopx::Core

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "providers/local/boot/HostTool.h"

#include <QObject>
#include <QPointer>

#include <functional>
#include <mutex>

namespace Hopx::Local {

/*! \brief The way back of HostTool::runAsync: made on the main thread, filled in by the pool
 *  thread, delivered on the main thread (then it deletes itself).
 *
 * The pool thread only stores the outcome under a mutex and asks Qt, by name, to call deliver():
 * it builds no functor that the main thread then runs. Qt's queued call is invisible to TSan
 * (Debian's Qt is not instrumented), so a functor written on the pool thread and read on the
 * main thread was reported as a race; the mutex states the hand-off.
 */
class HostToolAnswer : public QObject
{
    Q_OBJECT
public:
    HostToolAnswer(QObject *context, std::function<void(const HostTool::Outcome &)> done);

    //! On the pool thread: keeps \a outcome and queues deliver() on the main thread.
    void post(const HostTool::Outcome &outcome);
    //! On the main thread: \a done with the outcome, unless the context is gone.
    Q_INVOKABLE void deliver();

private:
    QPointer<QObject> m_context;
    std::function<void(const HostTool::Outcome &)> m_done;
    std::mutex m_mutex;
    HostTool::Outcome m_outcome; // guarded by m_mutex
};

} // namespace Hopx::Local

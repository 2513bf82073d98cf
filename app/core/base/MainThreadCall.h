// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QObject>
#include <QPointer>

#include <functional>
#include <mutex>

namespace Hopx::Core {

/*! \brief The way back from a worker thread: made on the thread that will run the work (with
 *  the context that must still exist then), handed to the worker, which post()s the work once;
 *  the work then runs on the first thread, and the object deletes itself.
 *
 * The worker stores its functor under a mutex and asks Qt, by name, to call run(). A functor
 * given to QMetaObject::invokeMethod on the worker and run on the main thread is a hand-off that
 * ThreadSanitizer cannot see (Debian's Qt is not instrumented): it reported every such call as a
 * race (HostTool::runAsync, SandboxStorage's reaper). The mutex states it; the guard is made on
 * the context's own thread, where the context can be deleted.
 */
class MainThreadCall : public QObject
{
    Q_OBJECT
public:
    explicit MainThreadCall(QObject *context);

    //! From any thread, exactly once: \a work runs on this object's thread, unless the context
    //! is gone by then. An empty \a work only deletes the object.
    void post(std::function<void()> work);

    Q_INVOKABLE void run();

private:
    QPointer<QObject> m_context;
    std::mutex m_mutex;
    std::function<void()> m_work; // guarded by m_mutex
};

} // namespace Hopx::Core

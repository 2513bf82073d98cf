// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QRunnable>
#include <QThreadPool>

#include <functional>

#if defined(__SANITIZE_THREAD__)
#define HOPX_THREAD_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define HOPX_THREAD_SANITIZER 1
#endif
#endif

#ifdef HOPX_THREAD_SANITIZER
extern "C" void __tsan_acquire(void *addr);
extern "C" void __tsan_release(void *addr);
#endif

namespace Hopx::Core {

/*! \brief Work for a QThreadPool, with the hand-offs Qt makes stated to ThreadSanitizer;
 *  outside a TSan build (scripts/test.sh --tsan) exactly QThreadPool::start() and waitForDone().
 *
 * Debian's Qt is not built with TSan, and its QMutex is a bare futex: what start() hands to a
 * pool thread and what waitForDone() hands back are ordered by Qt, invisibly to TSan, which then
 * reported our own code on both sides as a race (SandboxStorage's reaper, FigureCache). Here the
 * task is made first, then released; it acquires before it reads anything of its own, and
 * releases when done, for waitForDone(). The data still has one owner at a time: TSan checks
 * everything else either side touches.
 */
class ThreadHandoff
{
public:
    static void start(QThreadPool &pool, std::function<void()> work)
    {
        QRunnable *task = QRunnable::create([work = std::move(work)] {
            acquire();
            work();
            release();
        });
        release();
        pool.start(task);
    }
    static void waitForDone(QThreadPool &pool)
    {
        pool.waitForDone();
        acquire();
    }

private:
    // One token for every pool: the task must not read itself (a per-pool token) before
    // acquiring, and ordering unrelated pools' tasks too only hides nothing of ours.
    static void release()
    {
#ifdef HOPX_THREAD_SANITIZER
        __tsan_release(&s_token);
#endif
    }
    static void acquire()
    {
#ifdef HOPX_THREAD_SANITIZER
        __tsan_acquire(&s_token);
#endif
    }
    static inline char s_token = 0;
};

} // namespace Hopx::Core

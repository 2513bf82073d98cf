// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/base/UnixSignalWatcher.h"

#include "core/base/ThreadSanitizer.h"

#include <QSocketNotifier>
#include <QTimer>

#include <csignal>
#include <fcntl.h>
#include <unistd.h>

namespace Hopx::Core {

namespace {
int s_pipe[2] = {-1, -1};

void handle(int sig)
{
    const unsigned char byte = static_cast<unsigned char>(sig);
    [[maybe_unused]] auto n = ::write(s_pipe[1], &byte, 1); // async-signal-safe
}
} // namespace

UnixSignalWatcher::UnixSignalWatcher(QObject *parent)
    : QObject(parent)
{
    if (s_pipe[0] < 0 && ::pipe2(s_pipe, O_CLOEXEC | O_NONBLOCK) != 0)
        return;
    m_notifier = new QSocketNotifier(s_pipe[0], QSocketNotifier::Read, this);
    connect(m_notifier, &QSocketNotifier::activated, this, &UnixSignalWatcher::drain);
#ifdef HOPX_THREAD_SANITIZER
    // TSan runs a signal handler at once only while the thread is in a blocking call it
    // intercepts; otherwise it queues the signal until the thread next leaves one. The event
    // loop's poll() is made by GLib, whose calls tsan.supp ignores (called_from_lib), so a
    // SIGTERM waited there for the next timer: 50 s and more. Reading the pipe from our code
    // is such a call, and gives TSan a point to deliver it.
    auto *tick = new QTimer(this);
    connect(tick, &QTimer::timeout, this, &UnixSignalWatcher::drain);
    tick->start(200);
#endif
    struct sigaction sa
    {
    };
    sa.sa_handler = handle;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    for (int sig : {SIGINT, SIGTERM, SIGHUP})
        ::sigaction(sig, &sa, nullptr);
}

void UnixSignalWatcher::drain()
{
    unsigned char byte = 0;
    while (::read(s_pipe[0], &byte, 1) == 1)
        emit terminationRequested(byte);
}

UnixSignalWatcher::~UnixSignalWatcher()
{
    for (int sig : {SIGINT, SIGTERM, SIGHUP})
        std::signal(sig, SIG_DFL);
}

} // namespace Hopx::Core

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/manager/RemoteSandboxPoller.h"

#include "core/manager/SandboxProvider.h"

#include <QLoggingCategory>
#include <QTimer>

#include <algorithm>

Q_LOGGING_CATEGORY(lcPoller, "hopx.core.poller", QtInfoMsg)

namespace Hopx::Core {

RemoteSandboxPoller::RemoteSandboxPoller(
    SandboxProvider *provider, const Options &options, QObject *parent)
    : QObject(parent)
    , m_provider(provider)
    , m_options(options)
    , m_timer(new QTimer(this))
    , m_currentIntervalMs(options.intervalMs)
{
    m_timer->setSingleShot(true);
    connect(m_timer, &QTimer::timeout, this, &RemoteSandboxPoller::poll);
    if (m_provider)
        connect(m_provider, &SandboxProvider::unavailableReasonChanged, this,
            &RemoteSandboxPoller::providerAvailabilityChanged);
}

RemoteSandboxPoller::RemoteSandboxPoller(SandboxProvider *provider, QObject *parent)
    : RemoteSandboxPoller(provider, Options {}, parent)
{ }

RemoteSandboxPoller::~RemoteSandboxPoller() = default;

void RemoteSandboxPoller::start()
{
    if (m_running || m_options.intervalMs <= 0 || !m_provider)
        return;
    m_running = true;
    m_failures = 0;
    m_currentIntervalMs = m_options.intervalMs;
    schedule(0);
}

void RemoteSandboxPoller::stop()
{
    m_running = false;
    m_paused = false;
    m_inFlight = false;
    ++m_generation;
    m_timer->stop();
}

void RemoteSandboxPoller::setIntervalMs(int ms)
{
    if (ms == m_options.intervalMs)
        return;
    m_options.intervalMs = ms;
    if (ms <= 0) {
        stop();
        return;
    }
    if (!m_running) {
        start();
        return;
    }
    if (m_failures == 0 && !m_paused && !m_inFlight) {
        m_currentIntervalMs = ms;
        schedule(ms);
    }
}

void RemoteSandboxPoller::schedule(int delayMs)
{
    if (m_running)
        m_timer->start(std::max(0, delayMs));
}

void RemoteSandboxPoller::providerAvailabilityChanged()
{
    // A key arrived (or changed): look now instead of after a long backoff.
    if (!m_running || m_inFlight || !m_provider || !m_provider->unavailableReason().isEmpty())
        return;
    m_paused = false;
    m_failures = 0;
    m_currentIntervalMs = m_options.intervalMs;
    schedule(0);
}

void RemoteSandboxPoller::poll()
{
    if (!m_running || m_inFlight || !m_provider)
        return;
    if (!m_provider->unavailableReason().isEmpty()) {
        // Without a key every list would fail: wait for unavailableReasonChanged. The timer
        // keeps a slow check going in case a provider changes without saying so.
        m_paused = true;
        schedule(m_options.maxIntervalMs);
        return;
    }
    m_paused = false;
    m_inFlight = true;
    ListSpec spec;
    spec.limit = 0; // every page: the GUI shows them all
    QPointer<RemoteSandboxPoller> self(this);
    const quint64 generation = m_generation;
    m_provider->list(spec, [self, generation](Result<QList<SandboxInfo>> r) {
        if (!self || generation != self->m_generation)
            return;
        self->m_inFlight = false;
        if (r.ok()) {
            self->m_failures = 0;
            self->m_currentIntervalMs = self->m_options.intervalMs;
        } else {
            ++self->m_failures;
            // Exponential backoff: a cloud that is down or rate-limiting is not hammered.
            self->m_currentIntervalMs = int(std::min<qint64>(
                qint64(self->m_options.intervalMs) << std::min(self->m_failures, 20),
                self->m_options.maxIntervalMs));
            qCDebug(lcPoller).noquote()
                << "listing" << (self->m_provider ? self->m_provider->id() : QString())
                << "sandboxes failed:" << r.error().message << "- next try in"
                << self->m_currentIntervalMs << "ms";
        }
        emit self->polled(r.ok());
        self->schedule(self->m_currentIntervalMs);
    });
}

} // namespace Hopx::Core

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/sandbox/SandboxTypes.h"

#include <QObject>
#include <QPointer>

class QTimer;

namespace Hopx::Core {

class SandboxProvider;

/*! \brief Lists one provider now and then, so that HOPX sandboxes created elsewhere (other
 *  machines, the web dashboard) show up in the GUI.
 *
 * Lists the provider every `intervalMs`; after a failed list the wait doubles up to
 * `maxIntervalMs` and a success resets it. While the provider is unavailable (no API key) it
 * sends nothing and resumes as soon as the provider says its availability changed.
 *
 * The listing itself announces what it finds (SandboxProvider::sandboxChanged, and
 * sandboxRemoved for a sandbox a complete listing no longer holds): this class only paces it.
 */
class RemoteSandboxPoller final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RemoteSandboxPoller)
public:
    struct Options
    {
        // Between successful lists; <= 0 disables polling. The app's default is the
        // setting's (Settings::hopxListIntervalMs()), written in one place.
        int intervalMs = 0;
        int maxIntervalMs = 5 * 60 * 1000; // the backoff never waits longer than this
    };

    RemoteSandboxPoller(
        SandboxProvider *provider, const Options &options, QObject *parent = nullptr);
    explicit RemoteSandboxPoller(SandboxProvider *provider, QObject *parent = nullptr);
    ~RemoteSandboxPoller() override;

    //! Polls at once, then on the interval. Does nothing when the interval is <= 0.
    void start();
    void stop();
    /*! A new interval from now on (the user changed it): <= 0 stops, a positive one starts a
     *  stopped poller; a running one waits the new interval from now unless it is backing
     *  off after failures or waiting for the provider. */
    void setIntervalMs(int ms);
    bool isRunning() const { return m_running; }
    //! The wait before the next list: the interval, or longer after failures.
    int currentIntervalMs() const { return m_currentIntervalMs; }
    int consecutiveFailures() const { return m_failures; }
    //! Waiting for the provider to become available (no requests are sent meanwhile).
    bool isPaused() const { return m_paused; }

signals:
    //! One list finished; `ok` false when it failed (the next one waits longer).
    void polled(bool ok);

private:
    void poll();
    void schedule(int delayMs);
    void providerAvailabilityChanged();

    QPointer<SandboxProvider> m_provider;
    Options m_options;
    QTimer *m_timer;
    int m_currentIntervalMs = 0;
    int m_failures = 0;
    quint64 m_generation = 0; // a list answered after stop()/restart is ignored
    bool m_running = false;
    bool m_inFlight = false;
    bool m_paused = false;
};

} // namespace Hopx::Core

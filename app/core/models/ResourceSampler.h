// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QObject>
#include <QPointer>
#include <QSet>

#include <functional>

class QTimer;

namespace Hopx::Core {

class SandboxListModel;
class SandboxManager;

/*! \brief Samples CPU time and memory of running local sandboxes for the Sandboxes view.
 *
 * Every interval, while `active()` says someone is looking, it sums the PSS and CPU time of
 * each running local sandbox's whole host process tree (ProcessTree, one /proc scan per
 * round), or, for a sandbox without one, asks its agent for its processes (one round trip,
 * never two at once for the same sandbox), and hands the sums to
 * SandboxListModel::setResources(). Cloud sandboxes are not polled: that would cost a network
 * request per sandbox per tick.
 */
class ResourceSampler final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ResourceSampler)
public:
    ResourceSampler(SandboxManager *manager, SandboxListModel *model, QObject *parent = nullptr);

    void setInterval(int ms);
    //! Sampling only happens while this returns true (e.g. the main window is visible).
    void setActiveCheck(std::function<bool()> active) { m_active = std::move(active); }
    void sampleNow();

private:
    QPointer<SandboxManager> m_manager;
    QPointer<SandboxListModel> m_model;
    QTimer *m_timer;
    std::function<bool()> m_active;
    QSet<QString> m_inFlight;
};

} // namespace Hopx::Core

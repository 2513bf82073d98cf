// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"
#include "providers/local/boot/SandboxLimits.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace Hopx::Local {

class SandboxCgroupFs;

/*! \brief The cgroup(s) of one sandbox, when the app may create any.
 *
 * v1 (root on a v1/hybrid host): memory, pids and cpu directories
 * <root>/<controller>/hopx-desktop/<id>. v2 as root: <root>/hopx-desktop/<id>. v2 as a user:
 * only inside the cgroup the app runs in, when it is delegated to the user (systemd's
 * user@UID.service and what runs below it); the app first moves itself into a "hopx-app"
 * leaf, because a cgroup that enables controllers for its children may hold no processes,
 * and the sandboxes' cgroups become siblings of that leaf. Otherwise Mode::None and the
 * agent's rlimits are all there is.
 */
class SandboxCgroup
{
public:
    enum class Mode { None, V1, V2 };

    //! Where sandbox cgroups go on this host, or why nowhere.
    struct Placement
    {
        Mode mode = Mode::None;
        QStringList bases; // parents of the sandbox cgroups (one per controller on v1)
        QString why; // when Mode::None: a sentence saying why
    };

    SandboxCgroup() = default;

    //! Decides the placement, making the base cgroups (and, as a user on v2, moving the app
    //! into its leaf). Idempotent: create() calls it again.
    static Placement prepare(SandboxCgroupFs &fs);
    //! Creates the directories and writes the limits; an active cgroup, or why there is none.
    static Core::Result<SandboxCgroup> create(
        SandboxCgroupFs &fs, const QString &id, const SandboxLimits &limits);
    //! Moves `pid` (with its future children) in. False when no controller took it.
    bool attach(qint64 pid);
    //! Kills whatever is still inside and removes the directories; bounded (~2 s).
    void destroy();

    Mode mode() const { return m_mode; }
    bool isActive() const { return m_mode != Mode::None; }
    //! The cgroup directories (one per controller on v1).
    QStringList paths() const { return m_dirs; }
    //! Whether `pid` is listed in every directory's cgroup.procs.
    bool contains(qint64 pid) const;
    //! The limits and usage as the kernel reports them now; empty without a cgroup.
    QJsonObject report() const;

    //! Removes empty sandbox cgroups left by an earlier run that ended without teardown (a
    //! crash, or objects never destroyed). Call once at start-up, before any sandbox starts:
    //! rmdir only succeeds on a cgroup without processes, so a live one is never touched.
    //! Other instances of the app (a tray app and a --headless one, parallel tests) share
    //! the hierarchy, and a sandbox's cgroup is empty between its mkdir and the move of its
    //! first process: only cgroups at least `minAgeSeconds` old count as left behind.
    //! Returns how many were removed.
    static int removeStale(SandboxCgroupFs &fs, int minAgeSeconds = 120);
    //! What enforces sandbox limits here, for the health tool (model-facing English).
    static QJsonObject describe(const Placement &placement);

private:
    SandboxCgroupFs *m_fs = nullptr;
    Mode m_mode = Mode::None;
    QStringList m_dirs;
};

} // namespace Hopx::Local

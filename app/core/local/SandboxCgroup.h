// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "SandboxLimits.h"

#include <QString>
#include <QStringList>

namespace Hopx::Local {

/*! \brief The cgroup(s) of one sandbox, when the app may create any.
 *
 * v1 (root on a v1/hybrid host): memory, pids and cpu directories
 * /sys/fs/cgroup/<controller>/hopx-desktop/<id>. v2: /sys/fs/cgroup/hopx-desktop/<id> as
 * root; as a user only inside a cgroup delegated to us (the app moves itself into a
 * "hopx-app" leaf, as systemd's delegation rules require). Otherwise Mode::None and the
 * agent's rlimits are all there is.
 */
class SandboxCgroup
{
public:
    enum class Mode { None, V1, V2 };

    SandboxCgroup() = default;

    //! Creates the directories and writes the limits. `why` says why there is none.
    static SandboxCgroup create(
        const QString &id, const SandboxLimits &limits, QString *why = nullptr);
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

    //! Removes empty sandbox cgroups left by an earlier run that ended without teardown (a
    //! crash, or objects never destroyed). Call once at start-up, before any sandbox starts:
    //! rmdir only succeeds on a cgroup without processes, so a live one is never touched.
    //! Returns how many were removed.
    static int removeStale();

    //! The /sys/fs/cgroup root (tests can point it elsewhere); default "/sys/fs/cgroup".
    static void setRoot(const QString &root);

private:
    Mode m_mode = Mode::None;
    QStringList m_dirs;
};

} // namespace Hopx::Local

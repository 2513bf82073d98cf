// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/sandbox/SandboxTypes.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QStringList>

namespace Hopx::Core {

/*! \brief What a sandbox is allowed and where it came from, as the Sandboxes view words it:
 *  its network policy, the secrets it holds (names only) and the sandbox it was forked from.
 *
 * Read from SandboxInfo::extra as the local provider fills it (`network`, `secrets`,
 * `forked_from`, its workspace, mounted roots and checkpoints); a cloud sandbox has only its
 * internet flag, template and region.
 */
class SandboxFacts final
{
    Q_DECLARE_TR_FUNCTIONS(Hopx::Core::SandboxFacts)
public:
    static QJsonObject parentOf(const SandboxInfo &info);
    static QStringList secretsOf(const SandboxInfo &info);

    //! "local-abc", "local-abc at cp-1", or a dash for a sandbox that is no fork.
    static QString parentText(const SandboxInfo &info);
    static QString parentToolTip(const SandboxInfo &info);
    /*! "none", "full", "packages", "packages + 2 hosts", "pypi.org" or "3 hosts";
     *  \a packageHosts is what `network: "packages"` stands for (Settings::packageHosts()). */
    static QString networkText(const SandboxInfo &info, const QStringList &packageHosts);
    //! Every host of an allowlist, one a line.
    static QString networkToolTip(const SandboxInfo &info);
    //! The Network column's longest texts in this language, for its width.
    static QStringList networkSamples();
    static QString secretsText(const SandboxInfo &info);
    static QString secretsToolTip(const SandboxInfo &info);
    //! The host directory of a local sandbox's /workspace; empty for a cloud sandbox.
    static QString workspaceOf(const SandboxInfo &info);
    //! Its id, then where it came from, its template, region, internet access, workspace,
    //! the user's folders it sees and the secrets it holds, one a line.
    static QString idToolTip(const SandboxInfo &info);
    //! Use of the cap, and the checkpoints with their size and age as of \a now.
    static QString diskToolTip(const SandboxInfo &info, const QDateTime &now);
};

} // namespace Hopx::Core

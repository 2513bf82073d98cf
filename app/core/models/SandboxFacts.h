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
 * `forked_from`); a cloud sandbox has only its internet flag.
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
};

} // namespace Hopx::Core

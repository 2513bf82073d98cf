// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"

#include <QString>
#include <QStringList>

namespace Hopx::Local {

/*! \brief The sandbox's /etc: a private copy of an allow-list of the host's /etc plus
 *  fabricated passwd, group, hosts and hostname (local-sandbox.md §2).
 *
 * One read-only bind of a staged copy is cheaper per start than ~27 separate binds, and it
 * leaves out everything not listed (shadow, ssh, sudoers, machine-id...). Prepared once per
 * app run; every sandbox of the run shares it. Symlinks are copied as symlinks, so the ones
 * that point into /usr (alternatives, ssl/certs, localtime) resolve inside the sandbox and
 * no other host file is ever read through them.
 */
class EtcStage
{
public:
    //! `dir` is the staged /etc (created 0700; its parent must exist or be creatable);
    //! `sourceDir` the host's /etc (a test may point it elsewhere).
    explicit EtcStage(QString dir, QString sourceDir = QStringLiteral("/etc"));

    //! Copies the allow-list into a fresh directory and swaps it in. Idempotent per object.
    Core::Result<Core::Unit> prepare();
    bool isPrepared() const { return m_prepared; }
    QString path() const { return m_dir; }

    //! Entries of /etc that are copied (files, directories or links; globs allowed).
    static QStringList allowList();

private:
    QString m_dir;
    QString m_source;
    bool m_prepared = false;
};

} // namespace Hopx::Local

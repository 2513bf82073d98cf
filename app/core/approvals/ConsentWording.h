// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Wording.h"

namespace Hopx::Core {

/*! \brief What a tool wants, worded for a consent question: every phrase in one place, so that
 *  lupdate finds them all and the app shows them in the user's language.
 */
class ConsentWording
{
public:
    //! A host folder shown read-only in a new local sandbox, at \a at.
    static Wording mountReadOnly(const QString &at);
    //! A host folder's committed files copied into a new HOPX cloud sandbox.
    static Wording copyToCloud();
    //! A host file copied into a sandbox.
    static Wording upload(const QString &hostPath, const QString &sandboxId);
    //! A sandbox's file saved on the host.
    static Wording save(const QString &path, const QString &sandboxId, const QString &hostPath);
    //! A new local sandbox with outbound network.
    static Wording internet();
    //! A secret given to a new sandbox, substituted on requests to \a hosts.
    static Wording secret(const QString &hosts);
};

} // namespace Hopx::Core

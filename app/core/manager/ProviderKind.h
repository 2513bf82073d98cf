// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

namespace Hopx::Core {

/*! \brief What a kind of provider is and can do, so that core asks instead of comparing ids.
 *
 * Each provider class describes itself (a static function, so that `--list-tools` can build the
 * tool schemas without starting one); the composition root hands the list to the tools.
 */
struct ProviderKind
{
    QString id; // "provider": "…" in tools and settings
    QString summary; // model-facing: what choosing it means, for the `provider` argument
    QString displayName; // English; the GUI translates it (context Hopx::Core::SandboxListModel)
    //! Approved host folders appear in place, read-only; otherwise they are copied in.
    bool mountsHostFolders = false;
    //! Full internet access is an explicit choice the user confirms first.
    bool confirmsFullNetwork = false;
    //! Its sandboxes can hold secrets (placeholders the app's egress proxy swaps for values).
    bool holdsSecrets = false;
    //! list_sandboxes says why it is unavailable even when the caller did not name it.
    bool reportedWhenUnavailable = false;
};

} // namespace Hopx::Core

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/secrets/KeyStore.h"
#include "core/secrets/SecretStore.h"
#include "core/settings/Settings.h"

#include <memory>

namespace Hopx {

/*! \brief What the app keeps between runs: the settings, the keychain, the named secrets.
 *
 * Made before anything serves, so that the one-shot commands (--set-api-key, --set-secret, …)
 * use them without starting a provider.
 */
struct AppState
{
    //! `noKeychain`: the API key lives in memory only (HOPX_API_KEY or the GUI).
    explicit AppState(bool noKeychain);

    Core::Settings settings;
    const std::unique_ptr<Core::KeyStore> keyStore;
    //! Named secrets for sandboxes: values in the same keychain, metadata in the settings.
    Core::SecretStore secrets;
};

} // namespace Hopx

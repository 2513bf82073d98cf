// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "AppState.h"

#include "core/secrets/MemoryKeyStore.h"
#include "core/secrets/QtKeychainStore.h"
#include "core/secrets/SessionKeyStore.h"

namespace Hopx {

namespace {

std::unique_ptr<Core::KeyStore> makeKeyStore(bool noKeychain)
{
    if (noKeychain)
        return std::make_unique<Core::MemoryKeyStore>();
    return std::make_unique<Core::SessionKeyStore>(std::make_unique<Core::QtKeychainStore>());
}

} // namespace

AppState::AppState(bool noKeychain)
    : keyStore(makeKeyStore(noKeychain))
    , secrets(&settings, keyStore.get())
{ }

} // namespace Hopx

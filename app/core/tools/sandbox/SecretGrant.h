// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/sandbox/SandboxTypes.h"

#include <QStringList>

#include <functional>

namespace Hopx::Mcp {
class ToolCall;
} // namespace Hopx::Mcp

namespace Hopx::Core {
class SecretStore;
} // namespace Hopx::Core

namespace Hopx::Core::Tools {

/*! \brief create_sandbox's `secrets`: the user's yes to each secret for the new sandbox, then
 *  the values from the keychain.
 *
 * A secret the user marked "always allow" (Settings → Secrets, --secret-always-allow) needs no
 * question; any other is asked about once for this sandbox, through elicitation. A client
 * that cannot ask gets an error saying how to allow the secret instead: nobody else can say
 * yes. An unknown name, a no, or a keychain failure finishes the call with an isError result
 * and nothing is created. `next` gets the secrets with their values, which never reach a
 * tool result.
 */
void grantSecrets(Mcp::ToolCall *call, SecretStore *store, const QStringList &names,
    std::function<void(Mcp::ToolCall *, QList<SandboxSecret>)> next);

} // namespace Hopx::Core::Tools

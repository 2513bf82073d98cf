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
class ApprovalBroker;
class SecretStore;
} // namespace Hopx::Core

namespace Hopx::Core::Tools {

/*! \brief create_sandbox's `secrets`: the user's yes to each secret for the new sandbox, then
 *  the values from the keychain.
 *
 * A secret the user marked "always allow" (Settings → Secrets, --secret-always-allow) needs no
 * question; any other is asked about once for this sandbox, the way a folder is
 * (askForConsent()): the client's user through elicitation when the client can ask, else the
 * app's own approval, where "Always for this secret" sets the secret's "always allow" (never
 * its value). With nobody to ask the call is refused with how to allow the secret instead.
 * An unknown name, a no, or a keychain failure finishes the call with an isError result and
 * nothing is created. `next` gets the secrets with their values, which never reach a tool
 * result.
 */
void grantSecrets(Mcp::ToolCall *call, SecretStore *store, ApprovalBroker *broker,
    const QStringList &names, std::function<void(Mcp::ToolCall *, QList<SandboxSecret>)> next);

} // namespace Hopx::Core::Tools

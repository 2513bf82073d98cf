// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

// Consent for a tool call: from the client's user when the client really asks them, else from
// the app's own user (ApprovalBroker: the pending-approvals list, a notification) while the call
// waits and tells the client so in progress notifications.

#include "core/approvals/ApprovalBroker.h"
#include "core/tools/ToolSupport.h"

namespace Hopx::Core::Tools {

using ConsentAnswer =
    std::function<void(Mcp::ToolCall *, ApprovalBroker::Answer answer, const QString &why)>;

/*! Asks \a broker's user \a request (its client filled in from the call) and waits, sending a
 *  progress notification now and then; a cancelled call withdraws the request. Without a broker
 *  or anyone to answer it, `answer` gets a Deny at once, with why. */
void askInApp(Mcp::ToolCall *call, ApprovalBroker *broker, ApprovalBroker::Request request,
    ConsentAnswer answer);

/*! The client's user first, when the client declared elicitation: their accept or decline is
 *  the answer. A client that cannot ask, or that answers "cancel" or fails without asking
 *  anyone (Codex, `claude -p`), hands the question to askInApp(). */
void askForConsent(Mcp::ToolCall *call, ApprovalBroker *broker, const UserQuestion &question,
    const ApprovalBroker::Request &request, ConsentAnswer answer);

/*! A tool is about to create a local sandbox with outbound network: askForConsent(), without
 *  "Always" (the settings' network default is that). `proceed` runs after a yes; a no finishes
 *  the call with an isError result. With nobody to ask at all (no elicitation, no window) it
 *  proceeds, as before: the model asked explicitly and there is nobody else to ask. */
void confirmInternetAccess(
    Mcp::ToolCall *call, ApprovalBroker *broker, std::function<void(Mcp::ToolCall *)> proceed);

//! The client's name for the user: its title, else its name, else empty (the approval list then
//! says "An AI tool" in the user's language).
QString callerName(const Mcp::ToolCall *call);

} // namespace Hopx::Core::Tools

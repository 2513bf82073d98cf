// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

namespace Hopx::Mcp {

class PromptRegistry;
class ResourceRegistry;
class SessionObserver;
class TaskStore;
class ToolRegistry;

/*! \brief What a server offers, shared by all its sessions; owned by the app, not by sessions.
 *
 * Any pointer may be null: the session then neither declares nor answers that feature
 * (tasks also need at least one tool whose taskSupport is not "forbidden"), or, for the
 * observer, reports to nobody.
 */
struct ServerContext
{
    ToolRegistry *tools = nullptr;
    ResourceRegistry *resources = nullptr;
    PromptRegistry *prompts = nullptr;
    TaskStore *tasks = nullptr;
    //! Told about every session of every transport (the Clients view, the log).
    SessionObserver *observer = nullptr;
};

} // namespace Hopx::Mcp

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// Which tools each connection is offered (hopx-mcp --tools, HTTP ?tools=). Every tool answers
// a call by name whatever the profile; the profile shapes tools/list only.
#include "core/tools/McpTools.h"

#include "tools/ToolRegistry.h"

namespace Hopx::Core::Tools {

namespace {

/*! The compact profile, the default: every capability in few tools, in the order a model
 *  meets them. Its budget (16 tools, 4,000 tokens of tools/list) is a test: tst_toolprofiles. */
QStringList compactProfile()
{
    return {QStringLiteral("run"), QStringLiteral("processes"), QStringLiteral("create_sandbox"),
        QStringLiteral("manage_sandbox"), QStringLiteral("file_read"), QStringLiteral("file_write"),
        QStringLiteral("files"), QStringLiteral("host_files"), QStringLiteral("checkpoint"),
        QStringLiteral("env"), QStringLiteral("sandbox_info"), QStringLiteral("system"),
        QStringLiteral("desktop")};
}

/*! The Python hopx-mcp server's tools, names as it has them (0.2.x), for configs migrated from
 *  `uvx hopx-mcp`: prompts and agents written for it keep working. */
QStringList hopxMcpProfile()
{
    return {QStringLiteral("health"), QStringLiteral("list_templates"),
        QStringLiteral("get_template"), QStringLiteral("create_sandbox"),
        QStringLiteral("list_sandboxes"), QStringLiteral("get_sandbox"),
        QStringLiteral("delete_sandbox"), QStringLiteral("update_sandbox_timeout"),
        QStringLiteral("pause_sandbox"), QStringLiteral("resume_sandbox"),
        QStringLiteral("execute_code"), QStringLiteral("execute_code_isolated"),
        QStringLiteral("execute_code_persistent"), QStringLiteral("execute_code_rich"),
        QStringLiteral("execute_code_background"), QStringLiteral("execute_code_async"),
        QStringLiteral("execute_list_processes"), QStringLiteral("execute_kill_process"),
        QStringLiteral("run_command"), QStringLiteral("run_command_background"),
        QStringLiteral("list_processes"), QStringLiteral("file_read"), QStringLiteral("file_write"),
        QStringLiteral("file_list"), QStringLiteral("file_exists"), QStringLiteral("file_remove"),
        QStringLiteral("file_mkdir"), QStringLiteral("env_get"), QStringLiteral("env_set"),
        QStringLiteral("env_clear"), QStringLiteral("get_system_metrics"),
        QStringLiteral("ping_vm"), QStringLiteral("get_vm_info"), QStringLiteral("cache_clear"),
        QStringLiteral("cache_stats"), QStringLiteral("get_preview_url"),
        QStringLiteral("get_agent_url")};
}

} // namespace

const QString kCompactProfile = QStringLiteral("compact");
const QString kHopxMcpProfile = QStringLiteral("hopx-mcp");
const QString kFullProfile = QStringLiteral("full");

void registerToolProfiles(Mcp::ToolRegistry &registry)
{
    // The first one is every new connection's.
    registry.addProfile({kCompactProfile, compactProfile()});
    registry.addProfile({kHopxMcpProfile, hopxMcpProfile()});
    // Every tool of the full set, without the compact tools that route to them.
    registry.addProfile({kFullProfile, compactToolNames(), true});
}

} // namespace Hopx::Core::Tools

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QStringList>

namespace HopxTest {

/*! The Python hopx-mcp 0.2.x server's tools, in its order: what the hopx-mcp profile must offer,
 *  written down here apart from the product's own list (ToolProfiles.cpp) so that a change to
 *  either shows. */
inline const QStringList &pythonServerTools()
{
    static const QStringList tools {"health", "list_templates", "get_template", "create_sandbox",
        "list_sandboxes", "get_sandbox", "delete_sandbox", "update_sandbox_timeout",
        "pause_sandbox", "resume_sandbox", "execute_code", "execute_code_isolated",
        "execute_code_persistent", "execute_code_rich", "execute_code_background",
        "execute_code_async", "execute_list_processes", "execute_kill_process", "run_command",
        "run_command_background", "list_processes", "file_read", "file_write", "file_list",
        "file_exists", "file_remove", "file_mkdir", "env_get", "env_set", "env_clear",
        "get_system_metrics", "ping_vm", "get_vm_info", "cache_clear", "cache_stats",
        "get_preview_url", "get_agent_url"};
    return tools;
}

} // namespace HopxTest

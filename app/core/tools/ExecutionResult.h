// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/SandboxTypes.h"

#include "protocol/ToolResult.h"

namespace Hopx::Core::Tools {

/*! \brief Shapes an ExecResult into hopx-mcp's dict plus MCP image items.
 *
 * Keys as hopx-mcp: stdout, stderr, exit_code, execution_time, success, mode, sandbox_id, and
 * rich_outputs ([{type, format, data:{mime: base64}, metadata}]) when there are any. Extras:
 * language, result (Python's trailing expression), execution_error, timed_out, truncated.
 * Every image is also an MCP `image` content item; the text block refers to those items
 * instead of repeating the base64, so a model reading text is not flooded with it.
 */
class ExecutionResult
{
public:
    static Mcp::ToolResult toToolResult(const ExecResult &result, const QString &mode,
        const QString &sandboxId, const QString &language, int timeoutSeconds,
        const QJsonObject &extra = {});
    //! Only the dict (webhooks).
    static QJsonObject toDict(const ExecResult &result, const QString &mode,
        const QString &sandboxId, const QString &language, int timeoutSeconds);
};

} // namespace Hopx::Core::Tools

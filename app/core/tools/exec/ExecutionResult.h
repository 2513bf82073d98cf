// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/sandbox/SandboxTypes.h"

#include "tools/ToolResult.h"

#include <QJsonArray>

namespace Hopx::Core::Tools {

/*! \brief The one place an ExecResult becomes what a tool returns: hopx-mcp's dict plus MCP
 *  image items.
 *
 * Keys as hopx-mcp: stdout, stderr, exit_code, execution_time, success, mode, sandbox_id, and
 * rich_outputs ([{type, format, data:{mime: base64}, metadata}]) when there are any. Extras:
 * language, result (Python's trailing expression), execution_error, timed_out, truncated.
 * Every binary image (ImageContent) is also an MCP `image` content item; the text block
 * refers to those items instead of repeating the base64, so a model reading text is not
 * flooded with it. Each image is base64-encoded once, here. A result with images has no
 * structuredContent (the dict, base64 included, stays for webhooks: dict()), so every client
 * hands its model the text and the images; the tools that can return figures therefore
 * declare no outputSchema.
 */
class ExecutionResult
{
public:
    struct Context
    {
        QString mode;
        QString sandboxId;
        QString language;
        int timeoutSeconds = 0;
        //! run_command: its dict has neither mode nor language.
        bool command = false;
        //! Keys added to (or replacing those of) the dict, e.g. isolated mode's _note.
        QJsonObject extra;
    };

    ExecutionResult(const ExecResult &result, const Context &context);

    //! The dict alone: structuredContent, and the body execute_code_async POSTs.
    QJsonObject dict() const;
    Mcp::ToolResult toolResult() const;

private:
    Mcp::ToolResult::Utf8Fields m_output; // stdout and stderr
    QJsonObject m_dict; // without them and rich_outputs
    QJsonArray m_rich; // rich_outputs as structuredContent carries them
    QJsonArray m_richText; // rich_outputs as the text block shows them
    QJsonArray m_images; // the image content items
};

} // namespace Hopx::Core::Tools

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/tools/ToolRoute.h"

#include "tools/ToolResult.h"

#include <QMap>

namespace Hopx::Mcp {
class ToolCall;
}

namespace Hopx::Core::Tools {

/*! \brief What the compact profile's tools route to (CompactTools.cpp).
 *
 * Registration reads these tables, and so does the test that holds the compact profile to
 * covering every capability of the full one: each full tool is listed as it is, is a route's
 * target, or has an equivalent here.
 */
namespace CompactTools {

//! Every compact tool's routes, by tool name. `run` routes by its arguments, not an action:
//! its routes are named after what selects them (wait, background, callback_url).
const QMap<QString, QList<ToolRoute>> &routes();
//! Full tools that no route names, and the compact call that does the same.
const QMap<QString, QString> &equivalents();

//! The call's connection lists the compact tools (the default profile: ToolProfiles.cpp).
bool speaksCompact(const Mcp::ToolCall *call);
//! How the compact profile does what `fullTool` does, e.g. host_files (action "download");
//! empty when the compact profile lists `fullTool` itself, or nothing reaches it.
QString compactCall(const QString &fullTool);
/*! `result` with the full tools its messages name (error, message, notes) said as a compact
 *  caller calls them: "save it with file_download" must not send its model to a tool its
 *  client never offered. Output (stdout, files) is never touched. */
Mcp::ToolResult inCompactTerms(const Mcp::ToolResult &result);

} // namespace CompactTools
} // namespace Hopx::Core::Tools

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

namespace Hopx::Mcp {
class ToolCall;
class ToolRegistry;
} // namespace Hopx::Mcp

namespace Hopx::Core::Tools {

class ToolArgs;

/*! \brief Where one action of a compact tool goes: a tool of the full set that does the work.
 *
 * The compact profile's tools own no behaviour: each action names the full tool that has it,
 * so both profiles run the same code and return the same results (images, structuredContent).
 */
struct ToolRoute
{
    QString action;
    QString target;
    //! Compact argument name → the target's (e.g. sandbox_id → id for hopx-mcp's names).
    QMap<QString, QString> renames = {};
    //! Arguments the action always passes (e.g. desktop "click" → desktop_mouse action click).
    QJsonObject fixed = {};
    //! The target's arguments the compact tool leaves out, because another way reaches what
    //! they do (execute_code's template_name: create_sandbox takes it). tst_toolprofiles holds
    //! every other argument of the target to be offered.
    QStringList notOffered = {};
};

/*! Runs `target` for `call` with `arguments` (in the target's names), after checking them
 *  against the target's input schema as the session checks a call's own. A refusal names the
 *  arguments as the caller does (`renames`: the caller's name → the target's). */
void forwardCall(Mcp::ToolCall *call, const Mcp::ToolRegistry &registry, const QString &target,
    const QJsonObject &arguments, const QMap<QString, QString> &renames = {});

/*! Forwards `call` to the route of its "action" argument. Every other argument given is renamed
 *  and passed on; one the route's target does not take is an error that names those it does. */
void routeByAction(Mcp::ToolCall *call, const Mcp::ToolRegistry &registry,
    const QList<ToolRoute> &routes, const ToolArgs &args);

/*! Forwards the arguments given in `args` (but `skip`) to `target`, renamed by `renames`; an
 *  argument `target` does not take is an error saying which ones `what` takes, unless it is the
 *  calling tool's own default for it (clients and models send defaults back). */
void forwardGiven(Mcp::ToolCall *call, const Mcp::ToolRegistry &registry, const QString &target,
    const ToolArgs &args, const QString &what, const QMap<QString, QString> &renames = {},
    const QJsonObject &fixed = {}, const QStringList &skip = {});

//! The arguments `target` takes, in the caller's names (`renames` undone).
QStringList targetArguments(const Mcp::ToolRegistry &registry, const QString &target,
    const QMap<QString, QString> &renames = {});

} // namespace Hopx::Core::Tools

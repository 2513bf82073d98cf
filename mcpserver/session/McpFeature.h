// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QJsonObject>
#include <QObject>

namespace Hopx::Mcp {

class MethodTable;
struct Caller;

/*! \brief One MCP feature of a session (tools, tasks, resources, …): the methods it answers
 *  and the capability it declares.
 *
 * A QObject so that what it connects to (registries, tool calls) disconnects when the
 * session goes. Handlers get the caller from each McpRequest, never from the session.
 */
class McpFeature : public QObject
{
public:
    using QObject::QObject;

    virtual void registerMethods(MethodTable &table) = 0;
    /*! Adds what this feature offers `caller` to the capabilities `initialize` (legacy) or
     *  `server/discover` (2026-07-28, `caller.stateless`) declares. For the latter it must not
     *  depend on the client: the session works it out once for every such caller. */
    virtual void declare(QJsonObject &capabilities, const Caller &caller) const
    {
        Q_UNUSED(capabilities)
        Q_UNUSED(caller)
    }
    //! The client is leaving: answer requests that would otherwise never end (a listen).
    virtual void endStreams() { }
};

} // namespace Hopx::Mcp

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QMetaType>
#include <QString>

namespace Hopx::Mcp {

/*! \brief What one message McpSession sends is, said by the session that wrote it.
 *
 * Transports route by it (Streamable HTTP ends a POST's stream with its response; the stdio
 * hand-off tells the bridge a request is done) and never look into the bytes: a tool's
 * result may be MiBs, and scanning it again per transport cost as much as writing it.
 */
struct Outgoing
{
    enum class Kind {
        //! Answers `request` (for a 2025-03-26 batch: the array answering it, named by its
        //! first request). With an empty `request`: an error answering a line that had no id.
        Response,
        //! Progress, log messages, list_changed, task status, …
        Notification,
        //! The server asks the client (sampling, elicitation, roots).
        Request,
    };
    Kind kind = Kind::Notification;
    /*! JsonRpc::idKey of the client request the message belongs to: the one it answers, or
     *  the one being served when it was said; empty when it belongs to none. */
    QString request;
    //! For a Response that is a JSON-RPC error, its code; 0 otherwise.
    int errorCode = 0;
};

} // namespace Hopx::Mcp

Q_DECLARE_METATYPE(Hopx::Mcp::Outgoing)

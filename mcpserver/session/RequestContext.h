// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "session/Caller.h"

#include <QJsonValue>
#include <QString>

namespace Hopx::Mcp {

/*! \brief What one request carries beyond its params: who asks, and how to name it.
 *
 * Everything a handler says while serving the request (progress, log messages, requests a
 * tool sends to the client, the response) is sent with `key`, so that a transport that
 * routes by request (Streamable HTTP) puts it on that request's stream.
 */
struct RequestContext
{
    CallerPtr caller; // never null while a handler runs
    QJsonValue id;
    QString key; // JsonRpc::idKey(id)
};

} // namespace Hopx::Mcp

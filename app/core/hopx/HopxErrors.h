// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "RestClient.h"

#include "core/Error.h"

#include <QJsonObject>
#include <QString>

namespace Hopx::Cloud {

/*! \brief Turns HOPX error replies into Core::Error.
 *
 * Accepts both control-plane shapes (flat `{"error": "msg", "code", "request_id",
 * "retry_after"}` and nested `{"error": {"message", "code", "request_id", "details"}}`), the
 * agent's `{error, code, request_id, path, details}`, and bodies that are not JSON at all.
 */
class HopxErrors
{
public:
    enum class Origin { ControlPlane, Agent };

    struct Parsed
    {
        QString message;
        QString code;
        QString requestId;
        QJsonObject details;
    };

    static Parsed parse(const RestReply &reply);
    //! `what` names the operation for transport errors, e.g. "list sandboxes".
    static Core::Error fromReply(const RestReply &reply, Origin origin, const QString &what);
    static Core::Error unauthorized(const QJsonObject &details = {});
    static Core::Error malformed(const RestReply &reply, const QString &what);
    static Core::Error sandboxNotFound(const QString &id);
};

} // namespace Hopx::Cloud

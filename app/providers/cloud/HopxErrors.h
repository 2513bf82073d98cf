// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "providers/cloud/api/RestClient.h"

#include "core/base/Error.h"

#include <QJsonObject>
#include <QString>

namespace Hopx::Cloud {

/*! \brief Turns HOPX error replies into Core::Error.
 *
 * Accepts both control-plane shapes (flat `{"error": "msg", "code", "request_id",
 * "retry_after"}` and nested `{"error": {"message", "code", "request_id", "details"}}`), the
 * agent's `{error, code, request_id, path, details}`, and bodies that are not JSON at all.
 *
 * The messages are English and not tr(): they are an API, like the tool descriptions. They reach
 * the model in tool results, whatever language the GUI speaks; where the GUI shows one (a failed
 * delete in the sandbox list), it quotes it inside its own translated sentence.
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
    static Core::Error malformed(const RestReply &reply, const QString &what);
    static Core::Error sandboxNotFound(const QString &id);
    //! Its timeout passed and HOPX removed it (410 / `SANDBOX_EXPIRED`, as the JS SDK reads it).
    static Core::Error sandboxExpired(const QString &id, const QJsonObject &details = {});
    //! A sandbox that is not there any more, expired or not: nothing about it is worth keeping.
    static bool isGone(const Core::Error &e);
    //! The operation `what` ("execute code") ended by its caller's cancel.
    static Core::Error cancelled(const QString &what);
    //! `e` naming the sandbox it concerns (`details.sandbox_id`), so a tool can say which failed.
    static Core::Error tagged(const Core::Error &e, const QString &id);
    //! As tagged(); a bare "not found" becomes sandboxNotFound(id), "expired" names `id`.
    static Core::Error withSandbox(const Core::Error &e, const QString &id);
};

} // namespace Hopx::Cloud

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Wording.h"

#include <QJsonObject>
#include <QString>

namespace Hopx::Core {

/*! \brief A failure that a tool turns into an `isError` result.
 *
 * `message` is a sentence for the model (what went wrong and what to do next); `details`
 * are extra keys merged into the hopx-mcp-shaped error dict (e.g. `{"id": …}` for
 * "Sandbox not found"). `error` is the short hopx-mcp `error` string when it differs from
 * the message (e.g. "Sandbox not found", "File not found"). `wording` is set when the app
 * also shows the sentence to the user (why a sandbox cannot come back, why local sandboxes
 * cannot run): `message` is then its English.
 */
struct Error
{
    enum class Code {
        Internal,
        InvalidArgument,
        NotFound, // sandbox, file, process, template
        Unavailable, // provider not usable here (no bwrap, no key, …)
        Unauthorized, // HOPX 401
        LimitExceeded, // HOPX 402/403, local quota
        RateLimited, // HOPX 429
        Timeout,
        Network,
        Cancelled,
        SandboxDead, // the sandbox's agent died
        Unsupported, // the tool has no meaning for this provider
    };

    Code code = Code::Internal;
    QString message;
    QString error; // hopx-mcp short form; empty = use message
    QJsonObject details;
    Wording wording;

    static Error make(Code code, const QString &message, const QJsonObject &details = {},
        const QString &shortError = {})
    {
        return Error {code, message, shortError, details, {}};
    }
    static Error make(Code code, const Wording &wording, const QJsonObject &details = {},
        const QString &shortError = {})
    {
        return Error {code, wording.english(), shortError, details, wording};
    }

    //! The sentence for the app's windows: the wording, or the message as it is.
    Wording worded() const { return wording.isEmpty() ? Wording(message) : wording; }
};

} // namespace Hopx::Core

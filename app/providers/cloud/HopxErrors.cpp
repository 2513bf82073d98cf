// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/cloud/HopxErrors.h"

#include "providers/cloud/HopxApiKey.h"

#include <QJsonDocument>

namespace Hopx::Cloud {

using Core::Error;

namespace {

QString firstLine(const QByteArray &body)
{
    QString text = QString::fromUtf8(body.left(300)).trimmed();
    const qsizetype nl = text.indexOf(QLatin1Char('\n'));
    if (nl >= 0)
        text.truncate(nl);
    return text;
}

} // namespace

HopxErrors::Parsed HopxErrors::parse(const RestReply &reply)
{
    Parsed p;
    bool ok = false;
    const QJsonObject root = reply.json(&ok).object();
    if (!ok || root.isEmpty()) {
        p.message = firstLine(reply.body);
        return p;
    }
    const QJsonValue error = root.value(QStringLiteral("error"));
    if (error.isObject()) {
        const QJsonObject e = error.toObject();
        p.message = e.value(QStringLiteral("message")).toString();
        p.code = e.value(QStringLiteral("code")).toString();
        p.requestId = e.value(QStringLiteral("request_id")).toString();
        p.details = e.value(QStringLiteral("details")).toObject();
    } else {
        p.message = error.toString();
        p.code = root.value(QStringLiteral("code")).toString();
        p.details = root.value(QStringLiteral("details")).toObject();
    }
    if (p.message.isEmpty())
        p.message = root.value(QStringLiteral("message")).toString();
    if (p.requestId.isEmpty())
        p.requestId = root.value(QStringLiteral("request_id")).toString();
    return p;
}

Error HopxErrors::malformed(const RestReply &reply, const QString &what)
{
    return Error::make(Error::Code::Internal,
        QStringLiteral("HOPX sent a malformed reply to \"%1\" (HTTP %2, not the JSON it "
                       "documents); try again.")
            .arg(what)
            .arg(reply.status),
        {{QStringLiteral("status"), reply.status},
            {QStringLiteral("body"), firstLine(reply.body)}});
}

Error HopxErrors::sandboxNotFound(const QString &id)
{
    return Error::make(Error::Code::NotFound,
        QStringLiteral("Sandbox %1 was not found in HOPX (deleted or expired); list "
                       "sandboxes or create a new one.")
            .arg(id),
        {{QStringLiteral("id"), id}}, QStringLiteral("Sandbox not found"));
}

Error HopxErrors::sandboxExpired(const QString &id, const QJsonObject &details)
{
    QJsonObject d = details;
    if (!id.isEmpty())
        d.insert(QStringLiteral("id"), id);
    return Error::make(Error::Code::NotFound,
        (id.isEmpty() ? QStringLiteral("The sandbox") : QStringLiteral("Sandbox %1").arg(id))
            + QStringLiteral(" has expired: its timeout passed and HOPX removed it. Create a new "
                             "sandbox (and give it a longer timeout_seconds)."),
        d, QStringLiteral("Sandbox expired"));
}

bool HopxErrors::isGone(const Error &e)
{
    return e.error == QLatin1String("Sandbox not found")
        || e.error == QLatin1String("Sandbox expired");
}

Error HopxErrors::cancelled(const QString &what)
{
    return Error::make(Error::Code::Cancelled, QStringLiteral("\"%1\" was cancelled.").arg(what));
}

Error HopxErrors::tagged(const Error &e, const QString &id)
{
    Error out = e;
    out.details.insert(QStringLiteral("sandbox_id"), id);
    return out;
}

Error HopxErrors::withSandbox(const Error &e, const QString &id)
{
    if (e.code == Error::Code::NotFound && e.error.isEmpty())
        return sandboxNotFound(id);
    if (e.error == QLatin1String("Sandbox expired") && !e.details.contains(QStringLiteral("id")))
        return tagged(sandboxExpired(id, e.details), id);
    return tagged(e, id);
}

Error HopxErrors::fromReply(const RestReply &reply, Origin origin, const QString &what)
{
    if (reply.cancelled)
        return cancelled(what);
    if (reply.timedOut)
        return Error::make(Error::Code::Timeout,
            QStringLiteral("HOPX did not answer \"%1\" in time; the network or HOPX is "
                           "slow, try again.")
                .arg(what));
    const bool cut = reply.networkError == QNetworkReply::RemoteHostClosedError
        || reply.networkError == QNetworkReply::ContentReSendError
        || reply.networkError == QNetworkReply::ProtocolFailure;
    if (reply.status == 0 && cut)
        return Error::make(Error::Code::Network,
            QStringLiteral("The connection to HOPX was cut during \"%1\" (%2). It was not "
                           "sent again, so it may or may not have taken effect; check before "
                           "retrying.")
                .arg(what, reply.networkErrorString),
            {{QStringLiteral("network_error"), int(reply.networkError)}});
    if (reply.status == 0)
        return Error::make(Error::Code::Network,
            QStringLiteral("Cannot reach HOPX for \"%1\": %2. Check the network connection "
                           "(and HOPX_BASE_URL if set).")
                .arg(what, reply.networkErrorString),
            {{QStringLiteral("network_error"), int(reply.networkError)}});

    const Parsed p = parse(reply);
    QJsonObject details = p.details;
    details.insert(QStringLiteral("status"), reply.status);
    if (!p.code.isEmpty())
        details.insert(QStringLiteral("code"), p.code);
    if (!p.requestId.isEmpty())
        details.insert(QStringLiteral("request_id"), p.requestId);
    const QString server =
        p.message.isEmpty() ? QStringLiteral("HTTP %1").arg(reply.status) : p.message;
    const QString code = p.code.toUpper();

    // The JS SDK's reading, for either plane: 410 or SANDBOX_EXPIRED is a sandbox gone by its
    // timeout (the documents list neither).
    if (reply.status == 410 || code == QLatin1String("SANDBOX_EXPIRED"))
        return sandboxExpired({}, details);

    if (origin == Origin::Agent) {
        if (code == QLatin1String("FILE_NOT_FOUND") || code == QLatin1String("DIRECTORY_NOT_FOUND"))
            return Error::make(
                Error::Code::NotFound, server, details, QStringLiteral("File not found"));
        if (code == QLatin1String("PROCESS_NOT_FOUND"))
            return Error::make(
                Error::Code::NotFound, server, details, QStringLiteral("Process not found"));
        if (code == QLatin1String("PATH_NOT_ALLOWED") || code == QLatin1String("INVALID_PATH")
            || code == QLatin1String("PERMISSION_DENIED") || code == QLatin1String("FORBIDDEN")
            || code == QLatin1String("FILE_ALREADY_EXISTS") || code == QLatin1String("INVALID_JSON")
            || code == QLatin1String("INVALID_REQUEST")
            || code == QLatin1String("MISSING_PARAMETER"))
            return Error::make(Error::Code::InvalidArgument, server, details);
        if (code == QLatin1String("EXECUTION_TIMEOUT"))
            return Error::make(Error::Code::Timeout, server, details);
        if (code == QLatin1String("DESKTOP_NOT_AVAILABLE"))
            return Error::make(Error::Code::Unsupported, server, details);
        if (reply.status == 401 && code == QLatin1String("TOKEN_EXPIRED"))
            return Error::make(Error::Code::Unauthorized,
                QStringLiteral("The sandbox's access token had expired, and the token HOPX "
                               "gave on refresh was refused as expired too; check the "
                               "computer's clock, then try again."),
                details, QStringLiteral("Token expired"));
        if (reply.status == 401)
            return Error::make(Error::Code::Unauthorized,
                QStringLiteral("The sandbox's agent refused its access token even after a "
                               "refresh; the sandbox may have been re-created, get it again."),
                details, QStringLiteral("Unauthorized"));
        if (reply.status == 403)
            return Error::make(Error::Code::InvalidArgument, server, details);
        if (reply.status == 404)
            return Error::make(Error::Code::NotFound, server, details);
        if (reply.status == 502 || reply.status == 504)
            return Error::make(Error::Code::SandboxDead,
                QStringLiteral("The sandbox's agent is not answering (HTTP %1); the sandbox "
                               "may have stopped or expired.")
                    .arg(reply.status),
                details);
    }

    switch (reply.status) {
    case 400:
    case 409:
    case 422:
        return Error::make(Error::Code::InvalidArgument, server, details);
    case 401:
        return HopxApiKey::missingOrInvalid(details);
    case 402:
        return Error::make(Error::Code::LimitExceeded,
            QStringLiteral("HOPX refused \"%1\": %2 (payment required; add credits to the "
                           "HOPX account).")
                .arg(what, server),
            details);
    case 403:
        // As the Python SDK: a resource limit only when HOPX says so (its message names a
        // limit, or the docs' RESOURCE_LIMIT_ERROR code); else a permission.
        if (code == QLatin1String("RESOURCE_LIMIT_ERROR")
            || server.contains(QLatin1String("limit"), Qt::CaseInsensitive))
            return Error::make(Error::Code::LimitExceeded,
                QStringLiteral("HOPX refused \"%1\": %2 (a plan limit; delete unused sandboxes "
                               "or upgrade the plan).")
                    .arg(what, server),
                details);
        return Error::make(Error::Code::Unauthorized,
            QStringLiteral("HOPX refused \"%1\": %2 (HTTP 403: this API key may not do that).")
                .arg(what, server),
            details, QStringLiteral("Forbidden"));
    case 404:
        return Error::make(Error::Code::NotFound, server, details);
    case 408:
        return Error::make(Error::Code::Timeout, server, details);
    case 429: {
        const double after = reply.retryAfterSeconds >= 0 ? reply.retryAfterSeconds : 60;
        details.insert(QStringLiteral("retry_after"), after);
        return Error::make(Error::Code::RateLimited,
            QStringLiteral("HOPX rate limit reached for \"%1\"; retry after %2 s.")
                .arg(what)
                .arg(after),
            details, QStringLiteral("Rate limited"));
    }
    case 503:
        if (reply.retryAfterSeconds >= 0)
            details.insert(QStringLiteral("retry_after"), reply.retryAfterSeconds);
        return Error::make(Error::Code::Unavailable,
            QStringLiteral("HOPX is temporarily unavailable for \"%1\": %2; try again "
                           "shortly.")
                .arg(what, server),
            details);
    default:
        break;
    }
    if (reply.status >= 500)
        return Error::make(Error::Code::Internal,
            QStringLiteral("HOPX failed \"%1\" (HTTP %2): %3")
                .arg(what)
                .arg(reply.status)
                .arg(server),
            details);
    return Error::make(Error::Code::Internal,
        QStringLiteral("HOPX answered \"%1\" with HTTP %2: %3")
            .arg(what)
            .arg(reply.status)
            .arg(server),
        details);
}

} // namespace Hopx::Cloud

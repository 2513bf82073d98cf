// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "providers/cloud/api/RestClient.h"

#include "core/base/Error.h"

#include <QJsonObject>
#include <QUrl>
#include <QUrlQuery>

#include <functional>

namespace Hopx::Cloud {

/*! \brief One call to the control plane or to a sandbox's agent, before the base URL and the
 *  credentials are added (ControlPlane::send(), AgentChannel::send()). */
struct HopxRequest
{
    QByteArray method = "GET";
    QString path; // below the base URL: "/v1/sandboxes", "/execute"
    QUrlQuery query;
    QJsonObject body;
    bool hasBody = false;
    std::function<QHttpMultiPart *()> multipart; // see RestRequest
    std::function<bool(const QByteArray &chunk)> sink; // see RestRequest
    RestRequest::Retry retry = RestRequest::Retry::Idempotent;
    int timeoutMs = 0; // 0 = the default for the plane
    QString what; // names the operation in error messages ("list sandboxes")

    //! `segment` percent-encoded for use as one path segment (an id, a template name).
    static QString segment(const QString &segment)
    {
        return QString::fromLatin1(QUrl::toPercentEncoding(segment));
    }
};

//! The reply to a HopxRequest, or why there is none (no key, no agent); exactly one is set.
using RawDone = std::function<void(const RestReply *reply, const Core::Error *error)>;

} // namespace Hopx::Cloud

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QList>
#include <QPair>

namespace Hopx::Mcp {

/*! \brief One parsed HTTP/1.x request: what HttpRequestParser produces. */
struct HttpRequest
{
    QByteArray method;
    QByteArray target; // as sent, e.g. "/mcp?x=1"
    QByteArray path; // target without the query
    int minorVersion = 1;
    QList<QPair<QByteArray, QByteArray>> headers; // names lower-cased, values trimmed
    QByteArray body;

    //! The first value of a header (name in lower case), or a null QByteArray.
    QByteArray header(QByteArrayView lowerName) const;
    bool hasHeader(QByteArrayView lowerName) const;
    //! HTTP/1.1 unless "Connection: close"; HTTP/1.0 only with "Connection: keep-alive".
    bool keepAlive() const;
};

} // namespace Hopx::Mcp

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "transport/HttpRequest.h"

#include "transport/AsciiCase.h"

namespace Hopx::Mcp {

QByteArray HttpRequest::header(QByteArrayView lowerName) const
{
    for (const auto &h : headers)
        if (h.first == lowerName)
            return h.second;
    return {};
}

bool HttpRequest::hasHeader(QByteArrayView lowerName) const
{
    for (const auto &h : headers)
        if (h.first == lowerName)
            return true;
    return false;
}

bool HttpRequest::keepAlive() const
{
    const QByteArray connection = header("connection");
    if (minorVersion == 0)
        return AsciiCase::contains(connection, "keep-alive");
    return !AsciiCase::contains(connection, "close");
}

} // namespace Hopx::Mcp

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "modern/ParamHeaders.h"
#include "session/ServerConfig.h"
#include "transport/HttpRequest.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>

#include <functional>
#include <optional>

namespace Hopx::Mcp {

/*! \brief What Streamable HTTP checks on a 2026-07-28 POST before the session sees it.
 *
 * The stateless era moves routing facts into headers so that proxies and load balancers need
 * not read bodies (SEP-2243): `MCP-Protocol-Version`, `Mcp-Method` and, for methods that name
 * a thing, `Mcp-Name`. A server that does read the body must refuse a request whose headers say
 * something else (400, -32020), else an intermediary and the server would act on different
 * requests. The version checks answer with HTTP 400 too (-32022, -32602), and a method this era
 * does not have with 404, which the session alone cannot say. A tools/call's `Mcp-Param-*`
 * headers must agree with the arguments its tool marks with `x-mcp-header` (ParamHeaders).
 */
class ModernPostGate
{
public:
    struct Rejection
    {
        int status = 400;
        QByteArray body; // a JSON-RPC error response
    };

    /*! Whether a POST belongs to the stateless era: no session named, and its version header
     *  or its body's `_meta` names a version that is not a legacy one (or it is
     *  server/discover, which only this era has). */
    static bool isModern(
        const HttpRequest &request, const QJsonArray &messages, const ServerConfig &config);

    using ParamHeadersOf = std::function<QList<ParamHeaders::Declaration>(const QString &tool)>;

    /*! Checks `messages` (one request or notification: this era has no batches) against the
     *  headers. `serves` says whether the era has a method, `paramHeadersOf` what a tool
     *  mirrors into headers. Nullopt: go ahead. */
    static std::optional<Rejection> check(const HttpRequest &request, const QJsonArray &messages,
        const ServerConfig &config, const std::function<bool(const QString &)> &serves,
        const ParamHeadersOf &paramHeadersOf = {});
};

} // namespace Hopx::Mcp

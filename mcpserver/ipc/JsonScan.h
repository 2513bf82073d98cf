// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <string_view>

namespace Hopx::Ipc {

/*! \brief What the bridge needs to know of a JSON-RPC line without parsing it fully:
 *  whether it is an object with a "method", its "id" in a canonical form, and which request a
 *  cancellation names.
 *
 * The bridge forwards bytes unchanged; this only lets it remember which requests await an
 * answer. Strings are compared after decoding escapes and numbers after normalising, so an
 * id echoed by a server that re-serialises JSON still matches.
 */
struct MessageInfo
{
    bool isObject = false;
    bool hasMethod = false;
    bool hasId = false;
    std::string idKey; // canonical: "s:<utf-8>" or "n:<integer>"
    std::string idJson; // the id as JSON, to echo in an error reply
    //! For "notifications/cancelled": the key of params.requestId, the request no longer
    //! awaiting an answer (the receiver of a cancellation sends none).
    std::string cancelledIdKey;
};

MessageInfo scanMessage(std::string_view line);
//! A JSON string literal (with quotes) for arbitrary UTF-8 text.
std::string jsonQuote(std::string_view text);

} // namespace Hopx::Ipc

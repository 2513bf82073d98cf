// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "json/JsonParts.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

namespace Hopx::Mcp {

/*! \brief JSON-RPC 2.0 message building and the error codes MCP uses. */
namespace JsonRpc {

enum ErrorCode {
    ParseError = -32700,
    InvalidRequest = -32600,
    MethodNotFound = -32601,
    InvalidParams = -32602,
    InternalError = -32603,
    ResourceNotFound = -32002, // legacy eras; 2026-07-28 answers -32602
    // 2026-07-28 (the MCP-reserved -32020..-32099 range)
    HeaderMismatch = -32020,
    MissingRequiredClientCapability = -32021,
    UnsupportedProtocolVersion = -32022,
};

QJsonObject error(const QJsonValue &id, int code, const QString &message,
    const QJsonValue &data = QJsonValue::Undefined);
QJsonObject notification(const QString &method, const QJsonObject &params = {});
QJsonObject request(const QJsonValue &id, const QString &method, const QJsonObject &params = {});
//! Compact, single-line UTF-8 (stdio framing forbids embedded newlines).
QByteArray serialize(const QJsonObject &message);
/*! A response {"id", "jsonrpc", "result"} for a result that is compact JSON already, without
 *  building the envelope object (the same bytes as serialize() of that object: QJsonObject's
 *  key order is id, jsonrpc, result). */
QByteArray serializeResponse(const QJsonValue &id, QByteArrayView resultJson);
//! The same for a result in parts: the envelope joins them, the result is not copied.
JsonParts responseParts(const QJsonValue &id, const JsonParts &resultJson);

/*! Whether \a text, which QJsonDocument refused, is JSON all the same: a lone number, string,
 *  true, false or null. That is a message that is not a request (-32600), not a parse error. */
bool isScalarJson(const QByteArray &text);
//! A request id is a string or an integer; never null, a float, a bool or a container.
bool isValidId(const QJsonValue &id);
//! A key that keeps 1 and "1" apart.
QString idKey(const QJsonValue &id);

} // namespace JsonRpc
} // namespace Hopx::Mcp

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QStringView>

namespace Hopx::Mcp {

/*! \brief Compact JSON, written straight into one buffer.
 *
 * The output is byte for byte what QJsonDocument::toJson(QJsonDocument::Compact) writes (keys
 * in QJsonObject's order, the same escapes, numbers and invalid-UTF-16 handling; the tests
 * compare the two), without its temporary string per key and per value: on a tools/call that
 * was most of the server's own time. Every message the session sends is written here.
 */
namespace JsonWriter {

void append(QByteArray &out, const QJsonValue &value);
void append(QByteArray &out, const QJsonObject &object);
void append(QByteArray &out, const QJsonArray &array);
//! A JSON string literal (quotes included) for `text`.
void appendString(QByteArray &out, QStringView text);
//! The same for text that is UTF-8 already (e.g. JSON this writer produced), unconverted.
void appendUtf8String(QByteArray &out, QByteArrayView utf8);
/*! The inside of that literal, without the quotes. Escapes act on single ASCII bytes only, so
 *  the pieces of a text cut anywhere, escaped one by one, join into the text's escape. */
void appendEscapedUtf8(QByteArray &out, QByteArrayView utf8);

QByteArray toJson(const QJsonObject &object);
QByteArray toJson(const QJsonArray &array);

} // namespace JsonWriter
} // namespace Hopx::Mcp

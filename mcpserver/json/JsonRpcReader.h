// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArrayView>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace Hopx::Mcp {

/**
 * Reads the common case of an incoming line, one well-formed request or notification, without
 * building a QJsonDocument of the whole message (simdjson's On-Demand parser).
 *
 * Qt's parser builds a container for every message and every key lookup searches it: about
 * 8,000 instructions of a `ping`'s 19,000 went there, on the way to the answer. Here only
 * `params`, when present, goes through Qt's parser (what the handlers take is a QJsonObject);
 * the envelope around it is read in place.
 *
 * read() answers only for a line that Qt's parser would read to the same message: a JSON object
 * whose keys are exactly some of "jsonrpc" (= "2.0"), "id" (a string or an integer written
 * plainly), "method" (a string) and "params" (an object), each once, nothing after it.
 * Everything else — a batch, a response, an error to report, an escaped key, a duplicated one, a
 * number written as 1.0 or 1e3, a line longer than kMaxLine — gets std::nullopt, and the caller
 * parses the line with QJsonDocument as before, so that errors and their texts stay Qt's.
 * tests/fuzz/fuzz_jsonrpcreader.cpp holds the two readers to that.
 */
class JsonRpcReader
{
public:
    struct Call
    {
        QJsonValue id {QJsonValue::Undefined}; ///< Undefined: a notification
        QString method;
        QJsonObject params; ///< empty when the message has none
    };

    /// Lines longer than this are left to Qt: their content, not the envelope, is the work, and
    /// the parser's buffers grow with the longest line it reads.
    static constexpr qsizetype kMaxLine = 8 * 1024;

    JsonRpcReader();
    ~JsonRpcReader();
    JsonRpcReader(const JsonRpcReader &) = delete;
    JsonRpcReader &operator=(const JsonRpcReader &) = delete;

    std::optional<Call> read(QByteArrayView line);

    /// A `_meta` written longer than this is not remembered (see m_metaRaw).
    static constexpr qsizetype kMaxRememberedMeta = 2 * 1024;

private:
    struct Parser;
    std::optional<QJsonObject> readParams(std::string_view raw);
    /// Where the one `_meta` object of the params object \a raw lies in it (offset, length).
    std::optional<std::pair<size_t, size_t>> metaSpan(std::string_view raw);

    std::unique_ptr<Parser> m_parser; // simdjson stays out of this header
    std::vector<char> m_padded; // the line and the zeroed padding simdjson reads past its end
    /* A 2026-07-28 client repeats the same `_meta` (its version, capabilities and identity)
     * in every request: the last one's text and what Qt's parser made of it, so that the next
     * request with the same bytes has only the rest of its params parsed. */
    std::string m_metaRaw;
    QJsonObject m_meta;
};

} // namespace Hopx::Mcp

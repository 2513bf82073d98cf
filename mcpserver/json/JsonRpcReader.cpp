// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "json/JsonRpcReader.h"

#include <QJsonDocument>
#include <QJsonParseError>

#include <simdjson.h>

#include <algorithm>
#include <string_view>

namespace Hopx::Mcp {

namespace ondemand = simdjson::ondemand;

namespace {

std::string_view trimmedToken(std::string_view token)
{
    // A scalar's raw token runs to the next structural character, spaces included.
    while (!token.empty()
        && (token.back() == ' ' || token.back() == '\t' || token.back() == '\n'
            || token.back() == '\r'))
        token.remove_suffix(1);
    return token;
}

/// A string value, unescaped (a view of the parser's buffer, valid until its next string), if
/// Qt's parser reads it the same way. Unescaped control characters are left to Qt, which
/// rejects them where simdjson does not.
std::optional<std::string_view> stringValue(ondemand::value &value)
{
    const std::string_view raw = value.raw_json_token();
    if (std::any_of(raw.begin(), raw.end(), [](char c) { return uchar(c) < 0x20; }))
        return std::nullopt;
    std::string_view text;
    if (value.get_string().get(text))
        return std::nullopt;
    return text;
}

QString toQString(std::string_view text)
{
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

/// An id written as a plain integer (-?(0|[1-9][0-9]*), at most 18 digits: always a qint64,
/// never a double, for both parsers). "-0", fractions and exponents are left to Qt.
std::optional<qint64> integerToken(std::string_view token)
{
    const bool negative = !token.empty() && token.front() == '-';
    const std::string_view digits = negative ? token.substr(1) : token;
    if (digits.empty() || digits.size() > 18 || (digits.front() == '0' && digits.size() > 1)
        || (negative && digits == "0"))
        return std::nullopt;
    qint64 n = 0;
    for (const char c : digits) {
        if (c < '0' || c > '9')
            return std::nullopt;
        n = n * 10 + (c - '0');
    }
    return negative ? -n : n;
}

std::optional<QJsonValue> idValue(ondemand::value &value)
{
    ondemand::json_type type;
    if (value.type().get(type))
        return std::nullopt;
    if (type == ondemand::json_type::string) {
        if (const auto text = stringValue(value))
            return QJsonValue(toQString(*text));
        return std::nullopt;
    }
    if (type != ondemand::json_type::number)
        return std::nullopt; // null, true, an object…: Qt's path answers the invalid id
    if (const auto n = integerToken(trimmedToken(value.raw_json_token())))
        return QJsonValue(*n);
    return std::nullopt;
}

std::optional<QJsonObject> parseObject(QByteArrayView text)
{
    // simdjson checked only the brackets of what it skipped; Qt reads (and checks) it all.
    QJsonParseError error {};
    const QJsonDocument doc =
        QJsonDocument::fromJson(QByteArray::fromRawData(text.data(), text.size()), &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        return std::nullopt;
    return doc.object();
}

/// Whether a key, raw (after its opening quote), is written without an escape.
bool plainKey(const ondemand::raw_json_string &key)
{
    for (const char *p = key.raw(); *p != '"'; ++p)
        if (*p == '\\')
            return false;
    return true;
}

} // namespace

struct JsonRpcReader::Parser
{
    ondemand::parser parser;
    ondemand::parser params; // a second look at params, inside the same padded line
};

std::optional<std::pair<size_t, size_t>> JsonRpcReader::metaSpan(std::string_view raw)
{
    // raw lies inside m_padded, which holds the line's padding after its end.
    ondemand::document doc;
    ondemand::object object;
    if (m_parser->params.iterate(raw.data(), raw.size(), raw.size() + simdjson::SIMDJSON_PADDING)
            .get(doc)
        || doc.get_object().get(object))
        return std::nullopt;
    std::optional<std::pair<size_t, size_t>> span;
    for (auto maybeField : object) {
        ondemand::field field;
        if (std::move(maybeField).get(field))
            return std::nullopt;
        const ondemand::raw_json_string key = field.key();
        // An escaped key may spell "_meta" too: Qt would see it twice.
        if (!plainKey(key))
            return std::nullopt;
        if (!key.unsafe_is_equal("_meta"))
            continue;
        ondemand::object meta;
        std::string_view text;
        if (span || field.value().get_object().get(meta) || meta.raw_json().get(text))
            return std::nullopt;
        span.emplace(size_t(text.data() - raw.data()), text.size());
    }
    return span;
}

std::optional<QJsonObject> JsonRpcReader::readParams(std::string_view raw)
{
    if (raw.find("\"_meta\"") == std::string_view::npos)
        return parseObject(QByteArrayView(raw.data(), qsizetype(raw.size())));
    const auto span = metaSpan(raw);
    if (span && !m_metaRaw.empty() && raw.substr(span->first, span->second) == m_metaRaw) {
        // The same _meta as the last time: the rest with an empty one, then the one we have.
        QByteArray text;
        text.reserve(qsizetype(raw.size() - span->second + 2));
        text.append(raw.data(), qsizetype(span->first));
        text.append("{}");
        text.append(raw.data() + span->first + span->second,
            qsizetype(raw.size() - span->first - span->second));
        auto params = parseObject(text);
        if (params)
            params->insert(QLatin1String("_meta"), m_meta);
        return params;
    }
    auto params = parseObject(QByteArrayView(raw.data(), qsizetype(raw.size())));
    if (params && span && qsizetype(span->second) <= kMaxRememberedMeta) {
        m_metaRaw.assign(raw.substr(span->first, span->second));
        m_meta = params->value(QLatin1String("_meta")).toObject();
    }
    return params;
}

JsonRpcReader::JsonRpcReader()
    : m_parser(std::make_unique<Parser>())
{ }

JsonRpcReader::~JsonRpcReader() = default;

std::optional<JsonRpcReader::Call> JsonRpcReader::read(QByteArrayView line)
{
    if (line.isEmpty() || line.size() > kMaxLine)
        return std::nullopt;
    const size_t size = size_t(line.size());
    m_padded.resize(size + simdjson::SIMDJSON_PADDING);
    std::copy(line.begin(), line.end(), m_padded.begin());
    std::fill(m_padded.begin() + qsizetype(size), m_padded.end(), '\0');

    ondemand::document doc;
    ondemand::object object;
    if (m_parser->parser.iterate(m_padded.data(), size, m_padded.size()).get(doc)
        || doc.get_object().get(object))
        return std::nullopt;

    Call call;
    bool version = false, id = false, method = false, params = false;
    for (auto maybeField : object) {
        ondemand::field field;
        if (std::move(maybeField).get(field))
            return std::nullopt;
        // Raw comparisons: an escaped key ("meth\u006fd") matches none and goes to Qt.
        const ondemand::raw_json_string key = field.key();
        ondemand::value value = field.value();
        if (key.unsafe_is_equal("jsonrpc") && !version) {
            const auto text = stringValue(value);
            if (!text || *text != "2.0")
                return std::nullopt;
            version = true;
        } else if (key.unsafe_is_equal("method") && !method) {
            const auto text = stringValue(value);
            if (!text)
                return std::nullopt;
            call.method = toQString(*text);
            method = true;
        } else if (key.unsafe_is_equal("id") && !id) {
            auto read = idValue(value);
            if (!read)
                return std::nullopt;
            call.id = std::move(*read);
            id = true;
        } else if (key.unsafe_is_equal("params") && !params) {
            ondemand::object object;
            std::string_view raw;
            if (value.get_object().get(object) || object.raw_json().get(raw))
                return std::nullopt;
            auto read = readParams(raw);
            if (!read)
                return std::nullopt;
            call.params = std::move(*read);
            params = true;
        } else {
            return std::nullopt; // another key, or one of these twice
        }
    }
    // Past the object's end there must be nothing but spaces: no token left to locate.
    if (!version || !method || doc.current_location().error() != simdjson::OUT_OF_BOUNDS)
        return std::nullopt;
    return call;
}

} // namespace Hopx::Mcp

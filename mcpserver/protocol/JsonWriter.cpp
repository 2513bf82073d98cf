// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "JsonWriter.h"

#include <QCborValue>
#include <QLocale>

#include <cmath>

namespace Hopx::Mcp::JsonWriter {

namespace {

constexpr char kHex[] = "0123456789abcdef";
// The longest a single input unit can become: \u00XX (or \uXXXX for a lone surrogate).
constexpr qsizetype kMaxPerUnit = 6;
constexpr qsizetype kChunk = 4096;

//! Room for `bytes` more at the end of `out`; returns where to write.
char *grow(QByteArray &out, qsizetype bytes)
{
    const qsizetype used = out.size();
    if (out.capacity() < used + bytes)
        out.reserve(std::max(used + bytes, 2 * out.capacity()));
    out.resize(used + bytes);
    return out.data() + used;
}

//! The escape for one ASCII character, or false when it stands for itself.
inline bool escapeAscii(char16_t u, char *&cursor)
{
    if (u >= 0x20 && u != '"' && u != '\\')
        return false;
    *cursor++ = '\\';
    switch (u) {
    case '"':
        *cursor++ = '"';
        break;
    case '\\':
        *cursor++ = '\\';
        break;
    case '\b':
        *cursor++ = 'b';
        break;
    case '\f':
        *cursor++ = 'f';
        break;
    case '\n':
        *cursor++ = 'n';
        break;
    case '\r':
        *cursor++ = 'r';
        break;
    case '\t':
        *cursor++ = 't';
        break;
    default:
        *cursor++ = 'u';
        *cursor++ = '0';
        *cursor++ = '0';
        *cursor++ = kHex[u >> 4];
        *cursor++ = kHex[u & 0xf];
    }
    return true;
}

void appendNumber(QByteArray &out, const QJsonValue &value)
{
    // QJsonValue keeps integers and doubles apart internally and Qt writes them differently
    // (1e15 stored as a double reads "1e+15"); QCborValue shows which one this is.
    const QCborValue number = QCborValue::fromJsonValue(value);
    if (number.isInteger()) {
        out.append(QByteArray::number(number.toInteger()));
        return;
    }
    const double d = number.toDouble();
    if (std::isfinite(d))
        out.append(QByteArray::number(d, 'g', QLocale::FloatingPointShortest));
    else
        out.append("null");
}

//! Writes `src`…`end` between quotes, a chunk at a time, `encode` turning one unit (or two)
//! into at most kMaxPerUnit bytes each: no 6× buffer for a long string.
template<typename Unit, typename Encode>
void appendQuoted(QByteArray &out, const Unit *src, const Unit *const end, Encode encode)
{
    out.append('"');
    while (src != end) {
        const qsizetype units = std::min<qsizetype>(end - src, kChunk);
        char *const start = grow(out, units * kMaxPerUnit);
        char *cursor = start;
        for (const Unit *const stop = src + units; src < stop;)
            encode(src, end, cursor);
        out.resize(out.size() - (units * kMaxPerUnit - (cursor - start)));
    }
    out.append('"');
}

void encodeUtf16(const char16_t *&src, const char16_t *end, char *&cursor)
{
    const char16_t u = *src++;
    if (u < 0x80) {
        if (!escapeAscii(u, cursor))
            *cursor++ = char(u);
    } else if (u < 0x800) {
        *cursor++ = char(0xc0 | (u >> 6));
        *cursor++ = char(0x80 | (u & 0x3f));
    } else if (!QChar::isSurrogate(u)) {
        *cursor++ = char(0xe0 | (u >> 12));
        *cursor++ = char(0x80 | ((u >> 6) & 0x3f));
        *cursor++ = char(0x80 | (u & 0x3f));
    } else if (QChar::isHighSurrogate(u) && src != end && QChar::isLowSurrogate(*src)) {
        // A pair may straddle the chunk: its 4 bytes fit in the 6 reserved for its first unit.
        const char32_t c = QChar::surrogateToUcs4(u, *src++);
        *cursor++ = char(0xf0 | (c >> 18));
        *cursor++ = char(0x80 | ((c >> 12) & 0x3f));
        *cursor++ = char(0x80 | ((c >> 6) & 0x3f));
        *cursor++ = char(0x80 | (c & 0x3f));
    } else {
        // A lone surrogate has no UTF-8 form: Qt writes it as a \u escape.
        *cursor++ = '\\';
        *cursor++ = 'u';
        *cursor++ = kHex[(u >> 12) & 0xf];
        *cursor++ = kHex[(u >> 8) & 0xf];
        *cursor++ = kHex[(u >> 4) & 0xf];
        *cursor++ = kHex[u & 0xf];
    }
}

void encodeUtf8(const char *&src, const char *, char *&cursor)
{
    // Multi-byte sequences are copied as they are: the input is valid UTF-8 already.
    const auto c = static_cast<unsigned char>(*src++);
    if (c >= 0x80 || !escapeAscii(c, cursor))
        *cursor++ = char(c);
}

} // namespace

void appendString(QByteArray &out, QStringView text)
{
    appendQuoted(out, text.utf16(), text.utf16() + text.size(), encodeUtf16);
}

void appendUtf8String(QByteArray &out, QByteArrayView utf8)
{
    appendQuoted(out, utf8.data(), utf8.data() + utf8.size(), encodeUtf8);
}

void append(QByteArray &out, const QJsonObject &object)
{
    out.append('{');
    bool first = true;
    for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
        if (!first)
            out.append(',');
        first = false;
        appendString(out, it.key());
        out.append(':');
        append(out, QJsonValue(it.value()));
    }
    out.append('}');
}

void append(QByteArray &out, const QJsonArray &array)
{
    out.append('[');
    bool first = true;
    for (const QJsonValue &value : array) {
        if (!first)
            out.append(',');
        first = false;
        append(out, value);
    }
    out.append(']');
}

void append(QByteArray &out, const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Bool:
        out.append(value.toBool() ? "true" : "false");
        return;
    case QJsonValue::Double:
        appendNumber(out, value);
        return;
    case QJsonValue::String:
        appendString(out, value.toString());
        return;
    case QJsonValue::Array:
        append(out, value.toArray());
        return;
    case QJsonValue::Object:
        append(out, value.toObject());
        return;
    case QJsonValue::Null:
    case QJsonValue::Undefined:
        break;
    }
    out.append("null");
}

QByteArray toJson(const QJsonObject &object)
{
    QByteArray out;
    out.reserve(256);
    append(out, object);
    return out;
}

QByteArray toJson(const QJsonArray &array)
{
    QByteArray out;
    out.reserve(256);
    append(out, array);
    return out;
}

} // namespace Hopx::Mcp::JsonWriter

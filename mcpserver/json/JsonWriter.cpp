// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "json/JsonWriter.h"

#include <QCborValue>
#include <QLocale>
#include <QtAlgorithms>

#include <charconv>
#include <cmath>
#include <cstring>

namespace Hopx::Mcp::JsonWriter {

namespace {

constexpr char kHex[] = "0123456789abcdef";
// The longest a single input unit can become: \u00XX (or \uXXXX for a lone surrogate).
constexpr qsizetype kMaxPerUnit = 6;
constexpr qsizetype kChunk = 4096;

/*! Writes into the end of a QByteArray through a plain pointer: the array grows geometrically
 *  and is cut to what was written once, at the end, instead of a resize per piece. */
class Sink
{
public:
    explicit Sink(QByteArray &out)
        : m_out(out)
        , m_used(out.size())
    { }
    ~Sink() { m_out.resize(m_used); }
    Sink(const Sink &) = delete;
    Sink &operator=(const Sink &) = delete;

    //! Room for `bytes` more; returns where to write them (then call advance()).
    char *room(qsizetype bytes)
    {
        // Within what the caller reserved no reallocation (a response reserves its result's
        // size, and its id is written into that); past it, room to double.
        const qsizetype want = m_used + bytes;
        if (want > m_out.size())
            m_out.resize(want <= m_out.capacity()
                    ? m_out.capacity()
                    : std::max({want, 2 * m_out.size(), qsizetype(256)}));
        return m_out.data() + m_used;
    }
    void advance(char *cursor) { m_used = cursor - m_out.data(); }
    void put(char c) { *room(1) = c, ++m_used; }
    void put(const char *text, qsizetype size)
    {
        std::memcpy(room(size), text, size_t(size));
        m_used += size;
    }
    template<qsizetype N>
    void put(const char (&literal)[N])
    {
        put(literal, N - 1);
    }
    void put(const QByteArray &bytes) { put(bytes.constData(), bytes.size()); }

private:
    QByteArray &m_out;
    qsizetype m_used;
};

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

// Word-at-a-time tests (SWAR): which lanes of `x` hold a byte (a unit) below 0x20, '"' or
// '\\'. Plain runs are then copied 8 bytes (4 units) at a time, up to the first such lane:
// its flag is exact (only flags above the lowest can be false alarms).
constexpr quint64 kOnes8 = 0x0101010101010101ULL;
constexpr quint64 kHigh8 = 0x8080808080808080ULL;
constexpr quint64 kOnes16 = 0x0001000100010001ULL;
constexpr quint64 kHigh16 = 0x8000800080008000ULL;
constexpr bool kSwar = Q_BYTE_ORDER == Q_LITTLE_ENDIAN; // lane 0 is the low byte

inline quint64 specialLanes8(quint64 x)
{
    const auto zero = [](quint64 v) { return (v - kOnes8) & ~v & kHigh8; };
    // Bytes from 0x80 up (UTF-8 sequences) never count: ~x clears their lane's flag.
    return ((x - kOnes8 * 0x20) & ~x & kHigh8) | zero(x ^ (kOnes8 * '"'))
        | zero(x ^ (kOnes8 * '\\'));
}

inline quint64 specialLanes16(quint64 x)
{
    const auto zero = [](quint64 v) { return (v - kOnes16) & ~v & kHigh16; };
    // Units from 0x80 up are encoded one by one, so they count here.
    return (x & 0xff80ff80ff80ff80ULL) | ((x - kOnes16 * 0x20) & ~x & kHigh16)
        | zero(x ^ (kOnes16 * '"')) | zero(x ^ (kOnes16 * '\\'));
}

struct Utf16Unit
{
    static constexpr qsizetype kRun = 4;
    //! The plain ASCII units among the next four, up to the first that is not; how many.
    inline qsizetype plainRun(const char16_t *&src, char *&cursor) const
    {
        quint64 x;
        std::memcpy(&x, src, sizeof x);
        const quint64 special = specialLanes16(x);
        const qsizetype plain = special ? qCountTrailingZeroBits(special) / 16 : kRun;
        for (qsizetype i = 0; i < plain; ++i)
            cursor[i] = char(src[i]);
        src += plain;
        cursor += plain;
        return plain;
    }
    //! One UTF-16 unit (or a surrogate pair) as UTF-8, escaped the way Qt escapes it.
    inline void operator()(const char16_t *&src, const char16_t *end, char *&cursor) const
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
};

struct Utf8Unit
{
    static constexpr qsizetype kRun = 8;
    //! The bytes among the next eight that need no escape, up to the first that does; how many.
    inline qsizetype plainRun(const char *&src, char *&cursor) const
    {
        quint64 x;
        std::memcpy(&x, src, sizeof x);
        const quint64 special = specialLanes8(x);
        const qsizetype plain = special ? qCountTrailingZeroBits(special) / 8 : kRun;
        std::memcpy(cursor, src, sizeof x); // all eight: those past `plain` are overwritten
        src += plain;
        cursor += plain;
        return plain;
    }
    //! One byte of valid UTF-8: multi-byte sequences are copied as they are.
    inline void operator()(const char *&src, const char *, char *&cursor) const
    {
        const auto c = static_cast<unsigned char>(*src++);
        if (c >= 0x80 || !escapeAscii(c, cursor))
            *cursor++ = char(c);
    }
};

//! `src`…`end` escaped, a chunk at a time: no 6× buffer for a long string.
template<typename Unit, typename Encode>
void escaped(Sink &sink, const Unit *src, const Unit *const end, Encode encode)
{
    while (src != end) {
        const qsizetype units = std::min<qsizetype>(end - src, kChunk);
        char *cursor = sink.room(units * kMaxPerUnit);
        for (const Unit *const stop = src + units; src < stop;) {
            if (kSwar && stop - src >= Encode::kRun && encode.plainRun(src, cursor) == Encode::kRun)
                continue;
            encode(src, end, cursor); // the special one, or the last few
        }
        sink.advance(cursor);
    }
}

template<typename Unit, typename Encode>
void quoted(Sink &sink, const Unit *src, const Unit *const end, Encode encode)
{
    sink.put('"');
    escaped(sink, src, end, encode);
    sink.put('"');
}

void string(Sink &sink, QStringView text)
{
    quoted(sink, text.utf16(), text.utf16() + text.size(), Utf16Unit {});
}

void number(Sink &sink, const QJsonValue &value)
{
    // QJsonValue keeps integers and doubles apart internally and Qt writes them differently
    // (1e15 stored as a double reads "1e+15"); QCborValue shows which one this is.
    const QCborValue n = QCborValue::fromJsonValue(value);
    if (n.isInteger()) {
        char digits[24];
        const auto written = std::to_chars(digits, digits + sizeof digits, n.toInteger());
        sink.put(digits, written.ptr - digits);
        return;
    }
    const double d = n.toDouble();
    if (std::isfinite(d))
        sink.put(QByteArray::number(d, 'g', QLocale::FloatingPointShortest));
    else
        sink.put("null");
}

void value(Sink &sink, const QJsonValue &v);

void object(Sink &sink, const QJsonObject &o)
{
    sink.put('{');
    bool first = true;
    for (auto it = o.constBegin(); it != o.constEnd(); ++it) {
        if (!first)
            sink.put(',');
        first = false;
        string(sink, it.key());
        sink.put(':');
        value(sink, QJsonValue(it.value()));
    }
    sink.put('}');
}

void array(Sink &sink, const QJsonArray &a)
{
    sink.put('[');
    bool first = true;
    for (const QJsonValue &v : a) {
        if (!first)
            sink.put(',');
        first = false;
        value(sink, v);
    }
    sink.put(']');
}

void value(Sink &sink, const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Bool:
        if (v.toBool())
            sink.put("true");
        else
            sink.put("false");
        return;
    case QJsonValue::Double:
        number(sink, v);
        return;
    case QJsonValue::String:
        string(sink, v.toString());
        return;
    case QJsonValue::Array:
        array(sink, v.toArray());
        return;
    case QJsonValue::Object:
        object(sink, v.toObject());
        return;
    case QJsonValue::Null:
    case QJsonValue::Undefined:
        break;
    }
    sink.put("null");
}

} // namespace

void append(QByteArray &out, const QJsonValue &v)
{
    Sink sink(out);
    value(sink, v);
}

void append(QByteArray &out, const QJsonObject &o)
{
    Sink sink(out);
    object(sink, o);
}

void append(QByteArray &out, const QJsonArray &a)
{
    Sink sink(out);
    array(sink, a);
}

void appendString(QByteArray &out, QStringView text)
{
    Sink sink(out);
    string(sink, text);
}

void appendUtf8String(QByteArray &out, QByteArrayView utf8)
{
    Sink sink(out);
    quoted(sink, utf8.data(), utf8.data() + utf8.size(), Utf8Unit {});
}

void appendEscapedUtf8(QByteArray &out, QByteArrayView utf8)
{
    Sink sink(out);
    escaped(sink, utf8.data(), utf8.data() + utf8.size(), Utf8Unit {});
}

QByteArray toJson(const QJsonObject &o)
{
    QByteArray out;
    append(out, o);
    return out;
}

QByteArray toJson(const QJsonArray &a)
{
    QByteArray out;
    append(out, a);
    return out;
}

} // namespace Hopx::Mcp::JsonWriter

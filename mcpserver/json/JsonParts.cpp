// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "json/JsonParts.h"

#include "json/JsonWriter.h"

namespace Hopx::Mcp {

namespace {

// Small neighbours are joined (a response's scaffolding is a dozen pieces of a few bytes);
// large ones stay shared.
constexpr qsizetype kJoinBelow = 4096;

//! `bytes` escaped `times` (≥ 1) times.
QByteArray escaped(QByteArrayView bytes, int times)
{
    QByteArray out;
    out.reserve(bytes.size() + bytes.size() / 8 + 16);
    JsonWriter::appendEscapedUtf8(out, bytes);
    for (int i = 1; i < times; ++i) {
        QByteArray next;
        next.reserve(out.size() + out.size() / 8 + 16);
        JsonWriter::appendEscapedUtf8(next, out);
        out = std::move(next);
    }
    return out;
}

} // namespace

JsonParts::JsonParts(const QByteArray &json)
{
    append(json);
}

void JsonParts::push(const Part &part)
{
    if (part.bytes.isEmpty())
        return;
    if (!m_parts.isEmpty()) {
        Part &last = m_parts.last();
        if (last.escapes == part.escapes && last.bytes.size() < kJoinBelow
            && part.bytes.size() < kJoinBelow) {
            last.bytes.append(part.bytes);
            return;
        }
    }
    m_parts.append(part);
}

JsonParts &JsonParts::append(const QByteArray &json)
{
    push(Part {json, 0});
    return *this;
}

JsonParts &JsonParts::append(const JsonParts &other)
{
    for (const Part &part : other.m_parts)
        push(part);
    return *this;
}

JsonParts &JsonParts::appendEscaped(const QByteArray &text)
{
    push(Part {text, 1});
    return *this;
}

JsonParts &JsonParts::appendAsString(const JsonParts &other)
{
    push(Part {QByteArrayLiteral("\""), 0});
    for (const Part &part : other.m_parts)
        push(Part {part.bytes, part.escapes + 1});
    push(Part {QByteArrayLiteral("\""), 0});
    return *this;
}

bool JsonParts::isSingle() const
{
    return m_parts.size() == 1 && m_parts.first().escapes == 0;
}

QByteArray JsonParts::toByteArray() const
{
    if (m_parts.isEmpty())
        return {};
    if (isSingle())
        return m_parts.first().bytes;
    qsizetype size = 0;
    for (const Part &part : m_parts)
        size += part.bytes.size();
    QByteArray out;
    out.reserve(size + size / 8 + 16);
    for (const Part &part : m_parts) {
        if (part.escapes == 0)
            out.append(part.bytes);
        else if (part.escapes == 1)
            JsonWriter::appendEscapedUtf8(out, part.bytes); // no piece in between
        else
            out.append(escaped(part.bytes, part.escapes));
    }
    return out;
}

JsonParts::Reader::Reader(JsonParts parts)
    : m_parts(std::move(parts))
{ }

QByteArray JsonParts::Reader::next(qsizetype max)
{
    if (atEnd())
        return {};
    const Part &part = m_parts.m_parts.at(m_part);
    if (part.escapes == 0) {
        ++m_part;
        return part.bytes;
    }
    // Escaping grows a piece by its quotes and backslashes: read somewhat less than `max`.
    const qsizetype take = std::min(part.bytes.size() - m_offset, std::max<qsizetype>(max / 2, 1));
    const QByteArray piece =
        escaped(QByteArrayView(part.bytes).sliced(m_offset, take), part.escapes);
    m_offset += take;
    if (m_offset == part.bytes.size()) {
        ++m_part;
        m_offset = 0;
    }
    return piece;
}

} // namespace Hopx::Mcp

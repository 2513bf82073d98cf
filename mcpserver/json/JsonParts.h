// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QList>

namespace Hopx::Mcp {

/*! \brief A JSON text kept in parts, those inside string literals escaped only when read.
 *
 * A tool's response carries a run's output twice: in structuredContent, and in the text
 * block, which is that JSON once more as a string (escaped again). Joined into one buffer, a
 * 10 MiB stdout became two more full copies on the way out. A JsonParts is the recipe instead:
 * its parts share the output's bytes, and a transport reads it piece by piece (Reader), each
 * escaped part escaped as it is read. Most messages are a single part, held as it is.
 */
class JsonParts
{
public:
    JsonParts() = default;
    //! `json` as one part (implicit: a whole message in one buffer is the common case).
    JsonParts(const QByteArray &json); // NOLINT(google-explicit-constructor)

    //! `json` as it is.
    JsonParts &append(const QByteArray &json);
    JsonParts &append(const JsonParts &other);
    //! Valid UTF-8 `text` as the inside of a JSON string literal (quotes not included).
    JsonParts &appendEscaped(const QByteArray &text);
    //! `other` as a JSON string literal, quotes included: each of its parts escaped once more.
    JsonParts &appendAsString(const JsonParts &other);

    bool isEmpty() const { return m_parts.isEmpty(); }
    //! Whether it is one buffer as it is (toByteArray() then copies nothing).
    bool isSingle() const;
    //! The whole text in one buffer.
    QByteArray toByteArray() const;

    class Reader;

private:
    struct Part
    {
        QByteArray bytes;
        int escapes = 0; // how many times `bytes` is escaped when read
    };
    void push(const Part &part);

    QList<Part> m_parts;
};

//! Reads a JsonParts from its start, piece by piece.
class JsonParts::Reader
{
public:
    explicit Reader(JsonParts parts);
    bool atEnd() const { return m_part >= m_parts.m_parts.size(); }
    /*! The next piece, never empty before the end: a plain part as it is (shared), or
     *  about `max` bytes of an escaped one. */
    QByteArray next(qsizetype max);

private:
    JsonParts m_parts;
    qsizetype m_part = 0;
    qsizetype m_offset = 0; // into the current escaped part's bytes
};

} // namespace Hopx::Mcp

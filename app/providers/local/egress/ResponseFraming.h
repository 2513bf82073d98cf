// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>

namespace Hopx::Local {

/*! \brief Where one HTTP/1.x answer ends, read as it passes from an API to a sandbox, so that
 *  the proxy knows when the connection to the API is free for the next request.
 *
 * Follows the answer's framing (no body for HEAD, 1xx interim answers, 204 and 304;
 * Content-Length; chunked; else until the API closes) without holding the body. The head that
 * goes on to the sandbox says "Connection: close": the sandbox's connection carries one
 * request, so that every request is read and rewritten, none slips through unread.
 */
class ResponseFraming
{
public:
    //! For the answer to a request with \a method (HEAD's has no body).
    explicit ResponseFraming(const QByteArray &method);

    //! Takes what the API sent; returns what goes to the sandbox (the head rewritten, nothing
    //! after the answer's end).
    QByteArray feed(const QByteArray &bytes);
    //! What is held back when the API closes the connection (a head not yet whole).
    QByteArray rest();
    //! Some of the answer has arrived.
    bool started() const { return m_started; }
    //! The whole answer has arrived.
    bool isComplete() const { return m_state == State::Done; }
    //! The answer is complete, the API keeps the connection open for another request, and
    //! nothing followed the answer.
    bool reusable() const;
    //! How long the API said it keeps an idle connection (Keep-Alive: timeout), in ms; -1
    //! when it did not say.
    int idleTimeoutMs() const { return m_idleTimeoutMs; }
    //! The answer could not be read as HTTP/1.x; it is passed on as it is, until the close.
    bool malformed() const { return m_malformed; }

private:
    enum class State { Head, Length, ChunkSize, ChunkData, ChunkEnd, Trailers, UntilClose, Done };
    void onHead(const QByteArray &head, QByteArray *out);
    bool takeLine(const QByteArray &bytes, qsizetype *at, QByteArray *line);

    QByteArray m_method;
    QByteArray m_line; // the head, or the chunk-size or trailer line, read so far
    State m_state = State::Head;
    qint64 m_left = 0; // body or chunk bytes still to come
    int m_idleTimeoutMs = -1;
    bool m_started = false;
    bool m_keepAlive = false;
    bool m_trailing = false; // bytes came after the answer's end
    bool m_malformed = false;
};

} // namespace Hopx::Local

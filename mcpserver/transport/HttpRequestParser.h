// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "transport/HttpRequest.h"

#include <QByteArray>
#include <QString>

namespace Hopx::Mcp {

/*! \brief Incremental HTTP/1.x request parser with hard limits.
 *
 * Feed it the connection's buffer; it consumes one request at a time and leaves any bytes
 * of the next one in the buffer. Limits are enforced as early as possible: an oversized
 * header block fails with 431 before its end arrives, and a Content-Length over the body
 * limit fails with 413 before any body byte is read. Content-Length and chunked bodies are
 * accepted; both together (a request-smuggling shape) or any other transfer coding are not, and
 * nor is anything else two parsers could read differently: bare CR or LF, NUL or other control
 * characters in the header, obs-fold, two Content-Length or Host headers, a length that is not
 * plain digits, a chunk size that is not plain hex (each 400).
 */
class HttpRequestParser
{
public:
    enum class State { NeedMore, Complete, Error };

    HttpRequestParser(qsizetype maxHeaderBytes, qsizetype maxBodyBytes);

    State parse(QByteArray &buffer);
    //! After Complete: the request; the parser is then ready for the next one.
    HttpRequest takeRequest();
    //! True once a request's header block is complete (its body may still be missing).
    bool headersDone() const { return m_stage != Stage::Headers; }
    //! The headers asked for "Expect: 100-continue".
    bool expectsContinue() const { return m_expectContinue; }
    int errorStatus() const { return m_errorStatus; }
    const QString &errorMessage() const { return m_errorMessage; }

private:
    enum class Stage { Headers, Body, ChunkSize, ChunkData, ChunkTrailer };
    State fail(int status, const QString &message);
    State parseHeaders(QByteArray &buffer);
    //! After the headers: how the body is framed, refusing every ambiguous framing.
    State checkFraming();
    State parseChunked(QByteArray &buffer);

    qsizetype m_maxHeaderBytes;
    qsizetype m_maxBodyBytes;
    Stage m_stage = Stage::Headers;
    HttpRequest m_request;
    qsizetype m_contentLength = 0;
    qsizetype m_chunkRemaining = 0;
    qsizetype m_headerScanned = 0; // bytes of the header block checked for bare CR/LF so far
    bool m_expectContinue = false;
    int m_errorStatus = 0;
    QString m_errorMessage;
};

} // namespace Hopx::Mcp

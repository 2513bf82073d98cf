// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "HttpRequestParser.h"

#include <QList>

namespace Hopx::Mcp {

namespace {
bool isToken(const QByteArray &s)
{
    if (s.isEmpty())
        return false;
    for (char c : s) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
            || QByteArrayView("!#$%&'*+-.^_`|~").contains(c);
        if (!ok)
            return false;
    }
    return true;
}
} // namespace

HttpRequestParser::HttpRequestParser(qsizetype maxHeaderBytes, qsizetype maxBodyBytes)
    : m_maxHeaderBytes(maxHeaderBytes)
    , m_maxBodyBytes(maxBodyBytes)
{ }

HttpRequestParser::State HttpRequestParser::fail(int status, const QString &message)
{
    m_errorStatus = status;
    m_errorMessage = message;
    return State::Error;
}

HttpRequest HttpRequestParser::takeRequest()
{
    HttpRequest r = std::move(m_request);
    m_request = HttpRequest();
    m_stage = Stage::Headers;
    m_contentLength = 0;
    m_chunkRemaining = 0;
    m_expectContinue = false;
    return r;
}

HttpRequestParser::State HttpRequestParser::parse(QByteArray &buffer)
{
    if (m_errorStatus)
        return State::Error;
    if (m_stage == Stage::Headers) {
        // Tolerate the blank lines some clients send between keep-alive requests (RFC 9112 §2.2).
        while (buffer.startsWith("\r\n"))
            buffer.remove(0, 2);
        const State s = parseHeaders(buffer);
        if (s != State::Complete)
            return s;
    }
    if (m_stage == Stage::Body) {
        if (buffer.size() < m_contentLength)
            return State::NeedMore;
        m_request.body = buffer.left(m_contentLength);
        buffer.remove(0, m_contentLength);
        return State::Complete;
    }
    return parseChunked(buffer);
}

HttpRequestParser::State HttpRequestParser::parseHeaders(QByteArray &buffer)
{
    const qsizetype end = buffer.indexOf("\r\n\r\n");
    if (end < 0) {
        if (buffer.size() > m_maxHeaderBytes)
            return fail(431, QStringLiteral("Request header fields too large"));
        return State::NeedMore;
    }
    if (end > m_maxHeaderBytes)
        return fail(431, QStringLiteral("Request header fields too large"));
    const QByteArray head = buffer.left(end);
    buffer.remove(0, end + 4);
    const QList<QByteArray> lines = head.split('\n');

    const QList<QByteArray> requestLine = lines.first().trimmed().split(' ');
    if (requestLine.size() != 3 || !isToken(requestLine.at(0)) || requestLine.at(1).isEmpty())
        return fail(400, QStringLiteral("Malformed request line"));
    const QByteArray &version = requestLine.at(2);
    if (version == "HTTP/1.1")
        m_request.minorVersion = 1;
    else if (version == "HTTP/1.0")
        m_request.minorVersion = 0;
    else
        return fail(505, QStringLiteral("Only HTTP/1.0 and HTTP/1.1 are supported"));
    m_request.method = requestLine.at(0);
    m_request.target = requestLine.at(1);
    const qsizetype q = m_request.target.indexOf('?');
    m_request.path = q < 0 ? m_request.target : m_request.target.left(q);

    for (int i = 1; i < lines.size(); ++i) {
        QByteArray line = lines.at(i);
        if (line.endsWith('\r'))
            line.chop(1);
        if (line.isEmpty())
            continue;
        if (line.startsWith(' ') || line.startsWith('\t'))
            return fail(400, QStringLiteral("Obsolete header folding is not accepted"));
        const qsizetype colon = line.indexOf(':');
        if (colon <= 0 || !isToken(line.left(colon)))
            return fail(400, QStringLiteral("Malformed header line"));
        m_request.headers.append({line.left(colon).toLower(), line.mid(colon + 1).trimmed()});
    }
    if (m_request.minorVersion == 1 && !m_request.hasHeader("host"))
        return fail(400, QStringLiteral("HTTP/1.1 requires a Host header"));

    QByteArray transferEncoding;
    QByteArray contentLength;
    int lengthHeaders = 0;
    for (const auto &h : std::as_const(m_request.headers)) {
        if (h.first == "transfer-encoding")
            transferEncoding =
                transferEncoding.isEmpty() ? h.second : transferEncoding + ',' + h.second;
        if (h.first == "content-length") {
            if (lengthHeaders++ && h.second != contentLength)
                return fail(400, QStringLiteral("Conflicting Content-Length headers"));
            contentLength = h.second;
        }
    }
    m_expectContinue = m_request.header("expect").toLower() == "100-continue";
    if (!transferEncoding.isEmpty()) {
        if (lengthHeaders)
            return fail(400, QStringLiteral("Content-Length together with Transfer-Encoding"));
        if (transferEncoding.trimmed().toLower() != "chunked")
            return fail(501, QStringLiteral("Only the chunked transfer coding is supported"));
        m_stage = Stage::ChunkSize;
        return State::Complete;
    }
    if (lengthHeaders) {
        bool ok = false;
        const qlonglong n = contentLength.toLongLong(&ok);
        if (!ok || n < 0 || contentLength.startsWith('+'))
            return fail(400, QStringLiteral("Malformed Content-Length"));
        if (n > m_maxBodyBytes)
            return fail(
                413, QStringLiteral("Request body larger than %1 bytes").arg(m_maxBodyBytes));
        m_contentLength = qsizetype(n);
    }
    m_stage = Stage::Body;
    return State::Complete;
}

HttpRequestParser::State HttpRequestParser::parseChunked(QByteArray &buffer)
{
    while (true) {
        if (m_stage == Stage::ChunkSize) {
            const qsizetype eol = buffer.indexOf("\r\n");
            if (eol < 0)
                return buffer.size() > 1024 ? fail(400, QStringLiteral("Malformed chunk size"))
                                            : State::NeedMore;
            QByteArray sizeText = buffer.left(eol);
            buffer.remove(0, eol + 2);
            const qsizetype ext = sizeText.indexOf(';');
            if (ext >= 0)
                sizeText.truncate(ext);
            bool ok = false;
            const qlonglong size = sizeText.trimmed().toLongLong(&ok, 16);
            if (!ok || size < 0 || sizeText.trimmed().size() > 15)
                return fail(400, QStringLiteral("Malformed chunk size"));
            if (m_request.body.size() + size > m_maxBodyBytes)
                return fail(
                    413, QStringLiteral("Request body larger than %1 bytes").arg(m_maxBodyBytes));
            if (size == 0) {
                m_stage = Stage::ChunkTrailer;
                continue;
            }
            m_chunkRemaining = qsizetype(size);
            m_stage = Stage::ChunkData;
        }
        if (m_stage == Stage::ChunkData) {
            if (buffer.size() < m_chunkRemaining + 2)
                return State::NeedMore;
            if (buffer.mid(m_chunkRemaining, 2) != "\r\n")
                return fail(400, QStringLiteral("Malformed chunk"));
            m_request.body += buffer.left(m_chunkRemaining);
            buffer.remove(0, m_chunkRemaining + 2);
            m_stage = Stage::ChunkSize;
            continue;
        }
        // Trailer section: header lines up to an empty line; trailers are ignored.
        const qsizetype eol = buffer.indexOf("\r\n");
        if (eol < 0)
            return buffer.size() > m_maxHeaderBytes ? fail(431, QStringLiteral("Trailer too large"))
                                                    : State::NeedMore;
        const bool last = eol == 0;
        buffer.remove(0, eol + 2);
        if (last)
            return State::Complete;
    }
}

} // namespace Hopx::Mcp

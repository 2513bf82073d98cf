// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "transport/HttpRequestParser.h"

#include "transport/AsciiCase.h"

#include <QList>

#include <array>
#include <string_view>

namespace Hopx::Mcp {

namespace {

// tchar (RFC 9110 §5.6.2), as a table: every header name of every request is checked.
constexpr std::array<bool, 256> kTokenChars = [] {
    std::array<bool, 256> table {};
    for (int c = 0; c < 256; ++c)
        table[c] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    for (const char c : std::string_view("!#$%&'*+-.^_`|~"))
        table[static_cast<unsigned char>(c)] = true;
    return table;
}();

bool isTokenChar(char c)
{
    return kTokenChars[static_cast<unsigned char>(c)];
}

bool isToken(QByteArrayView s)
{
    if (s.isEmpty())
        return false;
    for (char c : s)
        if (!isTokenChar(c))
            return false;
    return true;
}

// Field values and chunk extensions: visible characters, obs-text, SP and HTAB only. A CR, LF
// or NUL inside one is how requests get smuggled past a front end that reads them differently.
bool isFieldText(QByteArrayView s)
{
    for (char c : s) {
        const auto u = static_cast<unsigned char>(c);
        if ((u < 0x20 && c != '\t') || u == 0x7f)
            return false;
    }
    return true;
}

// Optional whitespace is SP and HTAB only: QByteArray::trimmed() would also drop VT, FF, CR, LF.
QByteArrayView trimOws(QByteArrayView s)
{
    while (!s.isEmpty() && (s.front() == ' ' || s.front() == '\t'))
        s = s.sliced(1);
    while (!s.isEmpty() && (s.back() == ' ' || s.back() == '\t'))
        s.chop(1);
    return s;
}

/* A header's name in lower case. The names every MCP request carries are shared static
 * arrays: no allocation and no lower-casing for them. */
QByteArray lowerName(QByteArrayView name)
{
    static const QByteArray kKnown[] = {QByteArrayLiteral("host"),
        QByteArrayLiteral("content-type"), QByteArrayLiteral("content-length"),
        QByteArrayLiteral("accept"), QByteArrayLiteral("authorization"),
        QByteArrayLiteral("mcp-session-id"), QByteArrayLiteral("mcp-protocol-version"),
        QByteArrayLiteral("connection"), QByteArrayLiteral("user-agent"),
        QByteArrayLiteral("accept-encoding"), QByteArrayLiteral("origin")};
    for (const QByteArray &known : kKnown)
        if (AsciiCase::equal(known, name))
            return known;
    return name.toByteArray().toLower();
}

bool isDigits(QByteArrayView s)
{
    if (s.isEmpty())
        return false;
    for (char c : s)
        if (c < '0' || c > '9')
            return false;
    return true;
}

bool isHexDigits(QByteArrayView s)
{
    if (s.isEmpty())
        return false;
    for (char c : s)
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')))
            return false;
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
    m_headerScanned = 0;
    m_expectContinue = false;
    return r;
}

HttpRequestParser::State HttpRequestParser::parse(QByteArray &buffer)
{
    if (m_errorStatus)
        return State::Error;
    if (m_stage == Stage::Headers) {
        // Tolerate the blank lines some clients send between keep-alive requests (RFC 9112 §2.2).
        while (buffer.startsWith("\r\n")) {
            buffer.remove(0, 2);
            m_headerScanned = 0;
        }
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
    // Lines end with CRLF and nothing else (RFC 9112 §2.2): a bare CR or LF, or a NUL, fails
    // at once rather than when the block ends. Bytes already checked are not scanned again, so
    // a header block sent a byte at a time costs linear time.
    qsizetype end = -1;
    qsizetype i = m_headerScanned;
    const char *bytes = buffer.constData();
    for (; i < buffer.size(); ++i) {
        const char c = bytes[i];
        if (static_cast<unsigned char>(c) > '\r')
            continue; // not NUL, CR or LF: most bytes
        if (c == '\n' && (i == 0 || buffer.at(i - 1) != '\r'))
            return fail(400, QStringLiteral("Header lines must end with CRLF (bare LF)"));
        if (c == '\r' && i + 1 < buffer.size() && buffer.at(i + 1) != '\n')
            return fail(400, QStringLiteral("Bare CR in the request header"));
        if (c == '\0')
            return fail(400, QStringLiteral("NUL in the request header"));
        if (c == '\n' && i >= 3 && buffer.at(i - 2) == '\n' && buffer.at(i - 3) == '\r') {
            end = i - 3;
            break;
        }
    }
    if (end < 0) {
        m_headerScanned = (i > 0 && buffer.at(i - 1) == '\r') ? i - 1 : i;
        if (buffer.size() > m_maxHeaderBytes)
            return fail(431, QStringLiteral("Request header fields too large"));
        return State::NeedMore;
    }
    if (end > m_maxHeaderBytes)
        return fail(431, QStringLiteral("Request header fields too large"));
    // The block is read in place; only the request line's parts and each header's name and
    // value become arrays of their own. Every line in it ends with CRLF (checked above).
    const QByteArrayView head(buffer.constData(), end);
    // Each LF in the block follows a CR (checked above): a line ends one byte before its LF.
    const qsizetype firstLf = head.indexOf('\n');
    qsizetype eol = firstLf < 0 ? -1 : firstLf - 1;
    const QByteArrayView first = eol < 0 ? head : head.first(eol);
    const qsizetype sp1 = first.indexOf(' ');
    const qsizetype sp2 = sp1 < 0 ? -1 : first.indexOf(' ', sp1 + 1);
    if (sp2 < 0 || first.indexOf(' ', sp2 + 1) >= 0)
        return fail(400, QStringLiteral("Malformed request line"));
    const QByteArrayView method = first.first(sp1);
    const QByteArrayView target = first.sliced(sp1 + 1, sp2 - sp1 - 1);
    const QByteArrayView version = first.sliced(sp2 + 1);
    if (!isToken(method) || target.isEmpty() || !isFieldText(target) || target.contains('\t'))
        return fail(400, QStringLiteral("Malformed request line"));
    if (version == "HTTP/1.1")
        m_request.minorVersion = 1;
    else if (version == "HTTP/1.0")
        m_request.minorVersion = 0;
    else if (version.size() == 8 && version.startsWith("HTTP/") && isDigits(version.sliced(5, 1))
        && version.at(6) == '.' && isDigits(version.sliced(7, 1)))
        return fail(505, QStringLiteral("Only HTTP/1.0 and HTTP/1.1 are supported"));
    else
        return fail(400, QStringLiteral("Malformed request line"));
    m_request.method = method.toByteArray();
    m_request.target = target.toByteArray();
    const qsizetype q = m_request.target.indexOf('?');
    m_request.path = q < 0 ? m_request.target : m_request.target.left(q);

    m_request.headers.reserve(16);
    while (eol >= 0) {
        const qsizetype from = eol + 2;
        const qsizetype lf = head.indexOf('\n', from);
        eol = lf < 0 ? -1 : lf - 1;
        const QByteArrayView line = head.sliced(from, (eol < 0 ? head.size() : eol) - from);
        if (line.startsWith(' ') || line.startsWith('\t'))
            return fail(400, QStringLiteral("Obsolete header folding is not accepted"));
        const qsizetype colon = line.indexOf(':');
        if (colon <= 0 || !isToken(line.first(colon)))
            return fail(400, QStringLiteral("Malformed header line"));
        const QByteArrayView value = trimOws(line.sliced(colon + 1));
        if (!isFieldText(value))
            return fail(400, QStringLiteral("Invalid character in a header value"));
        m_request.headers.append({lowerName(line.first(colon)), value.toByteArray()});
    }
    buffer.remove(0, end + 4);
    m_headerScanned = 0;
    return checkFraming();
}

HttpRequestParser::State HttpRequestParser::checkFraming()
{
    int hosts = 0;
    int encodings = 0;
    int lengths = 0;
    QList<QByteArray> codings;
    QByteArray contentLength;
    for (const auto &h : std::as_const(m_request.headers)) {
        if (h.first == "host")
            ++hosts;
        if (h.first == "transfer-encoding") {
            ++encodings;
            for (const QByteArray &c : h.second.split(','))
                codings.append(trimOws(c).toByteArray().toLower());
        }
        if (h.first == "content-length") {
            ++lengths;
            contentLength = h.second;
        }
    }
    if (m_request.minorVersion == 1 && hosts == 0)
        return fail(400, QStringLiteral("HTTP/1.1 requires a Host header"));
    if (hosts > 1)
        return fail(400, QStringLiteral("More than one Host header"));
    // One reading of the body's length, or none: anything a front end could read another way
    // (two lengths, a length and a coding, a coding list that is not exactly "chunked") is
    // refused before a body byte is read.
    if (lengths > 1)
        return fail(400, QStringLiteral("More than one Content-Length header"));
    m_expectContinue = AsciiCase::equal(m_request.header("expect"), "100-continue");
    if (encodings) {
        if (lengths)
            return fail(400, QStringLiteral("Content-Length together with Transfer-Encoding"));
        if (m_request.minorVersion == 0)
            return fail(400, QStringLiteral("Transfer-Encoding in an HTTP/1.0 request"));
        if (codings.contains(QByteArray()))
            return fail(400, QStringLiteral("Empty Transfer-Encoding"));
        if (codings.last() != "chunked")
            return fail(codings.contains("chunked") ? 400 : 501,
                QStringLiteral("Only the chunked transfer coding is supported"));
        if (codings.size() > 1)
            return fail(codings.count("chunked") > 1 ? 400 : 501,
                QStringLiteral("Only the chunked transfer coding is supported"));
        m_stage = Stage::ChunkSize;
        return State::Complete;
    }
    if (lengths) {
        if (!isDigits(contentLength))
            return fail(400, QStringLiteral("Malformed Content-Length"));
        // Digits only, so only its size can make it overflow: 19 digits are past any limit.
        const qlonglong n = contentLength.size() > 18 ? -1 : contentLength.toLongLong();
        if (n < 0 || n > m_maxBodyBytes)
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
            // 1*HEXDIG, then extensions (ignored) that must still be field text: no sign, no
            // "0x", no spaces, no bare CR or LF (RFC 9112 §7.1).
            const qsizetype ext = sizeText.indexOf(';');
            if (ext >= 0) {
                if (!isFieldText(QByteArrayView(sizeText).sliced(ext)))
                    return fail(400, QStringLiteral("Malformed chunk extension"));
                sizeText.truncate(ext);
            }
            if (!isHexDigits(sizeText) || sizeText.size() > 15)
                return fail(400, QStringLiteral("Malformed chunk size"));
            const qlonglong size = sizeText.toLongLong(nullptr, 16);
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
        if (!isFieldText(QByteArrayView(buffer).first(eol)))
            return fail(400, QStringLiteral("Invalid character in a trailer"));
        buffer.remove(0, eol + 2);
        if (last)
            return State::Complete;
    }
}

} // namespace Hopx::Mcp

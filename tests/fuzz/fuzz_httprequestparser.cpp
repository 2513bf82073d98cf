// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// HttpRequestParser: every byte a local HTTP client sends before authentication. The first
// byte picks the read size; the parser must never hand out a body over its limit, never lose
// or invent bytes, and stop for good after an error.
#include "transport/HttpRequestParser.h"

#include "FuzzSupport.h"

using Hopx::Mcp::HttpRequestParser;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    const int chunk = 1 + data[0] % 64;
    const QByteArray stream(reinterpret_cast<const char *>(data) + 1, qsizetype(size - 1));
    constexpr qsizetype kMaxHeader = 512;
    constexpr qsizetype kMaxBody = 256;
    HttpRequestParser parser(kMaxHeader, kMaxBody);
    QByteArray buffer;
    int requests = 0;
    for (qsizetype at = 0; at < stream.size(); at += chunk) {
        buffer += stream.mid(at, chunk);
        while (true) {
            const qsizetype before = buffer.size();
            const HttpRequestParser::State state = parser.parse(buffer);
            FUZZ_CHECK(buffer.size() <= before);
            if (state == HttpRequestParser::State::Error) {
                FUZZ_CHECK(parser.errorStatus() >= 400 && parser.errorStatus() < 600);
                FUZZ_CHECK(!parser.errorMessage().isEmpty());
                FUZZ_CHECK(parser.parse(buffer) == HttpRequestParser::State::Error);
                return 0;
            }
            if (state == HttpRequestParser::State::NeedMore)
                break;
            const Hopx::Mcp::HttpRequest request = parser.takeRequest();
            ++requests;
            FUZZ_CHECK(request.body.size() <= kMaxBody);
            FUZZ_CHECK(!request.method.isEmpty() && !request.target.isEmpty());
            FUZZ_CHECK(request.minorVersion == 0 || request.minorVersion == 1);
            for (const auto &h : request.headers) {
                FUZZ_CHECK(h.first == h.first.toLower());
                FUZZ_CHECK(!h.second.contains('\r') && !h.second.contains('\n')
                    && !h.second.contains('\0'));
            }
        }
        // A header block that is still incomplete is bounded by the header limit.
        if (!parser.headersDone())
            FUZZ_CHECK(buffer.size() <= kMaxHeader);
    }
    (void)requests;
    return 0;
}

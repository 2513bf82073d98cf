// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// Ipc::LineBuffer: the stdio/socket framing of every IDE message. The first byte picks the chunk
// sizes the stream arrives in; a small line limit makes overflow reachable.
#include "ipc/LineBuffer.h"

#include "FuzzSupport.h"

using Hopx::Ipc::LineBuffer;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    const int chunk = 1 + data[0] % 17;
    const QByteArray stream(reinterpret_cast<const char *>(data) + 1, qsizetype(size - 1));
    constexpr qsizetype kMax = 64;
    LineBuffer buffer(kMax);
    QList<QByteArray> lines;
    for (qsizetype at = 0; at < stream.size() && !buffer.overflowed(); at += chunk)
        lines += buffer.append(stream.mid(at, chunk));

    // What the lines must be: the stream's complete lines, one CR stripped, none over the limit.
    QList<QByteArray> expected = stream.split('\n');
    const QByteArray rest = expected.takeLast();
    bool overflow = false;
    qsizetype kept = 0;
    for (QByteArray &line : expected) {
        if (line.endsWith('\r'))
            line.chop(1);
        if (line.size() > kMax) {
            overflow = true;
            break;
        }
        ++kept;
    }
    if (!overflow && rest.size() > kMax + 1) // room for the CR of a CRLF still to come
        overflow = true;
    FUZZ_CHECK(buffer.overflowed() == overflow);
    FUZZ_CHECK(lines == expected.mid(0, kept));
    if (!overflow)
        FUZZ_CHECK(buffer.pendingBytes() == rest.size());
    for (const QByteArray &line : lines)
        FUZZ_CHECK(!line.contains('\n'));
    return 0;
}

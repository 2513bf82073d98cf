// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ipc/LineBuffer.h"

namespace Hopx::Ipc {

QList<QByteArray> LineBuffer::append(const QByteArray &bytes)
{
    QList<QByteArray> lines;
    if (m_overflowed)
        return lines;
    qsizetype start = 0;
    while (true) {
        const qsizetype nl = bytes.indexOf('\n', start);
        if (nl < 0)
            break;
        QByteArray line = m_pending.isEmpty() ? bytes.mid(start, nl - start)
                                              : m_pending + bytes.mid(start, nl - start);
        m_pending.clear();
        if (line.endsWith('\r'))
            line.chop(1);
        if (line.size() > m_max) {
            m_overflowed = true;
            return lines;
        }
        lines.append(line);
        start = nl + 1;
    }
    m_pending.append(bytes.constData() + start, bytes.size() - start);
    // One byte of room for the '\r' of a CRLF line that is exactly at the limit: whether a line
    // fits must not depend on where the reads happened to split it.
    if (m_pending.size() > m_max + 1) {
        m_overflowed = true;
        m_pending.clear();
    }
    return lines;
}

} // namespace Hopx::Ipc

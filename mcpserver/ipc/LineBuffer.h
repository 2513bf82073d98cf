// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QList>

namespace Hopx::Ipc {

/*! \brief Splits a byte stream into newline-delimited messages.
 *
 * A message may arrive over several reads and several messages in one read. A trailing
 * '\r' is stripped (CRLF tolerated, like the SDK's reader). A message longer than the limit
 * marks the buffer overflowed: the caller answers with a parse error and closes.
 */
class LineBuffer
{
public:
    explicit LineBuffer(qsizetype maxLineBytes = 16 * 1024 * 1024)
        : m_max(maxLineBytes)
    { }

    //! Appends bytes; returns the complete lines now available (without '\n').
    QList<QByteArray> append(const QByteArray &bytes);
    bool overflowed() const { return m_overflowed; }
    qsizetype pendingBytes() const { return m_pending.size(); }
    qsizetype maxLineBytes() const { return m_max; }

private:
    QByteArray m_pending;
    qsizetype m_max;
    bool m_overflowed = false;
};

} // namespace Hopx::Ipc

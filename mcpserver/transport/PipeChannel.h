// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "json/JsonParts.h"

#include <QByteArray>
#include <QObject>

#include <deque>

class QSocketNotifier;

namespace Hopx::Mcp {

/*! \brief The IDE's stdin and stdout, handed over by the bridge (POSIX descriptors).
 *
 * Non-blocking reads and writes driven by the event loop, so a client that stops reading
 * never stalls the app: what the pipe cannot take waits here until it is writable, as the
 * messages themselves (shared, not copied: a tool's result may be MiBs). A message in parts
 * is cut into pieces only as the pipe takes them (at most kWindow ahead), so its escaped
 * parts are never written out whole. Owns and closes both descriptors.
 */
class PipeChannel : public QObject
{
    Q_OBJECT
public:
    PipeChannel(int inFd, int outFd, QObject *parent = nullptr);
    ~PipeChannel() override;

    void write(const QByteArray &bytes);
    //! `line` and a newline, in one system call when nothing waits (no copy to join them).
    void writeLine(const JsonParts &line);
    bool hasPendingOutput() const { return !m_pending.empty() || !m_queue.empty(); }

signals:
    void received(const QByteArray &bytes);
    void inputClosed();
    //! The reader of stdout went away (EPIPE or another write error). Emitted queued.
    void outputFailed();
    //! Everything written so far reached the pipe.
    void drained();

private:
    void readInput();
    //! Writes what waits, as far as the pipe takes it; true when nothing waits any more.
    bool writePending();
    //! Cuts pieces from the queued messages into m_pending, up to kWindow bytes.
    void refill();
    void flushOutput();
    void failOutput();

    int m_in;
    int m_out;
    QSocketNotifier *m_readNotifier;
    QSocketNotifier *m_writeNotifier;
    std::deque<JsonParts::Reader> m_queue; // messages not cut into m_pending yet, in order
    std::deque<QByteArray> m_pending; // pieces the pipe has not taken yet, in order
    qsizetype m_pendingBytes = 0; // in m_pending and not written yet
    qsizetype m_written = 0; // of m_pending.front()
    bool m_outputFailed = false;
};

} // namespace Hopx::Mcp

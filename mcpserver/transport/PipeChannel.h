// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QObject>

#include <deque>

class QSocketNotifier;

namespace Hopx::Mcp {

/*! \brief The IDE's stdin and stdout, handed over by the bridge (POSIX descriptors).
 *
 * Non-blocking reads and writes driven by the event loop, so a client that stops reading
 * never stalls the app: what the pipe cannot take waits here until it is writable, as the
 * messages themselves (shared, not copied: a tool's result may be MiBs). Owns and closes both
 * descriptors.
 */
class PipeChannel : public QObject
{
    Q_OBJECT
public:
    PipeChannel(int inFd, int outFd, QObject *parent = nullptr);
    ~PipeChannel() override;

    void write(const QByteArray &bytes);
    //! `line` and a newline, in one system call when nothing waits (no copy to join them).
    void writeLine(const QByteArray &line);
    bool hasPendingOutput() const { return !m_pending.empty(); }

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
    void flushOutput();
    void failOutput();

    int m_in;
    int m_out;
    QSocketNotifier *m_readNotifier;
    QSocketNotifier *m_writeNotifier;
    std::deque<QByteArray> m_pending; // what the pipe has not taken yet, in order
    qsizetype m_written = 0; // of m_pending.front()
    bool m_outputFailed = false;
};

} // namespace Hopx::Mcp

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "transport/PipeChannel.h"

#include <QMetaObject>
#include <QSocketNotifier>

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <sys/uio.h>
#include <unistd.h>

namespace Hopx::Mcp {

namespace {
// How far ahead of the pipe a message in parts is cut, and the size of an escaped piece.
constexpr qsizetype kWindow = 1024 * 1024;
constexpr qsizetype kPiece = 256 * 1024;

void setNonBlocking(int fd)
{
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
}
} // namespace

PipeChannel::PipeChannel(int inFd, int outFd, QObject *parent)
    : QObject(parent)
    , m_in(inFd)
    , m_out(outFd)
    , m_readNotifier(new QSocketNotifier(inFd, QSocketNotifier::Read, this))
    , m_writeNotifier(new QSocketNotifier(outFd, QSocketNotifier::Write, this))
{
    setNonBlocking(m_in);
    setNonBlocking(m_out);
    // A write to a pipe whose reader is gone must fail with EPIPE, not kill the process.
    // hopx-desktop ignores SIGPIPE already; this keeps any other host of the server safe.
    struct sigaction current
    {
    };
    if (::sigaction(SIGPIPE, nullptr, &current) == 0 && current.sa_handler == SIG_DFL)
        std::signal(SIGPIPE, SIG_IGN);
    m_writeNotifier->setEnabled(false);
    connect(m_readNotifier, &QSocketNotifier::activated, this, &PipeChannel::readInput);
    connect(m_writeNotifier, &QSocketNotifier::activated, this, &PipeChannel::flushOutput);
}

PipeChannel::~PipeChannel()
{
    m_readNotifier->setEnabled(false);
    m_writeNotifier->setEnabled(false);
    ::close(m_in);
    ::close(m_out);
}

void PipeChannel::readInput()
{
    QByteArray data;
    char buf[65536];
    bool closed = false;
    while (true) {
        const ssize_t n = ::read(m_in, buf, sizeof buf);
        if (n > 0) {
            data.append(buf, n);
            if (size_t(n) < sizeof buf)
                break; // drained for now; saves the read that would say EAGAIN
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        closed = !(n < 0 && errno == EAGAIN);
        break;
    }
    if (closed)
        m_readNotifier->setEnabled(false);
    if (!data.isEmpty())
        emit received(data);
    if (closed)
        emit inputClosed();
}

void PipeChannel::write(const QByteArray &bytes)
{
    if (m_outputFailed || bytes.isEmpty())
        return;
    const bool idle = !hasPendingOutput();
    m_queue.emplace_back(JsonParts(bytes));
    if (idle)
        flushOutput();
}

void PipeChannel::writeLine(const JsonParts &line)
{
    if (m_outputFailed)
        return;
    const bool idle = !hasPendingOutput();
    m_queue.emplace_back(line);
    static const JsonParts newline(QByteArrayLiteral("\n"));
    m_queue.emplace_back(newline);
    if (idle)
        flushOutput();
}

void PipeChannel::refill()
{
    while (m_pendingBytes < kWindow && !m_queue.empty()) {
        JsonParts::Reader &reader = m_queue.front();
        const QByteArray piece = reader.next(kPiece);
        if (!piece.isEmpty()) {
            m_pending.push_back(piece);
            m_pendingBytes += piece.size();
        }
        if (reader.atEnd())
            m_queue.pop_front();
    }
}

bool PipeChannel::writePending()
{
    constexpr size_t kParts = 16;
    while (true) {
        refill();
        if (m_pending.empty())
            return true;
        struct iovec parts[kParts];
        size_t count = 0;
        for (auto it = m_pending.cbegin(); it != m_pending.cend() && count < kParts; ++it) {
            const qsizetype skip = count == 0 ? m_written : 0;
            parts[count++] = {
                const_cast<char *>(it->constData() + skip), size_t(it->size() - skip)};
        }
        ssize_t n;
        do
            n = ::writev(m_out, parts, int(count));
        while (n < 0 && errno == EINTR);
        if (n < 0) {
            if (errno != EAGAIN)
                failOutput();
            return false;
        }
        qsizetype left = n;
        m_pendingBytes -= n;
        while (left > 0) {
            const qsizetype rest = m_pending.front().size() - m_written;
            if (left < rest) {
                m_written += left;
                break;
            }
            left -= rest;
            m_pending.pop_front();
            m_written = 0;
        }
    }
}

void PipeChannel::flushOutput()
{
    const bool drainedNow = writePending();
    if (m_outputFailed)
        return;
    m_writeNotifier->setEnabled(!drainedNow);
    if (drainedNow)
        emit drained();
}

void PipeChannel::failOutput()
{
    m_outputFailed = true;
    m_queue.clear();
    m_pending.clear();
    m_pendingBytes = 0;
    m_written = 0;
    m_writeNotifier->setEnabled(false);
    // Queued: write() runs inside the session's signal emission, which must not be torn down
    // under it.
    QMetaObject::invokeMethod(this, &PipeChannel::outputFailed, Qt::QueuedConnection);
}

} // namespace Hopx::Mcp

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
    if (m_outputFailed)
        return;
    m_pending.append(bytes);
    if (!m_writeNotifier->isEnabled())
        flushOutput();
}

void PipeChannel::writeLine(const QByteArray &line)
{
    if (m_outputFailed)
        return;
    if (!m_pending.isEmpty() || m_writeNotifier->isEnabled()) {
        m_pending.append(line);
        m_pending.append('\n');
        return;
    }
    struct iovec parts[2] = {
        {const_cast<char *>(line.constData()), size_t(line.size())}, {const_cast<char *>("\n"), 1}};
    const size_t total = size_t(line.size()) + 1;
    ssize_t n;
    do
        n = ::writev(m_out, parts, 2);
    while (n < 0 && errno == EINTR);
    if (n < 0 && errno != EAGAIN) {
        failOutput();
        return;
    }
    const size_t done = n < 0 ? 0 : size_t(n);
    if (done == total) {
        emit drained();
        return;
    }
    // The pipe is full: keep the rest until it is writable again.
    if (done < size_t(line.size())) {
        m_pending.append(line.constData() + done, line.size() - qsizetype(done));
        m_pending.append('\n');
    } else {
        m_pending.append('\n');
    }
    m_writeNotifier->setEnabled(true);
}

void PipeChannel::flushOutput()
{
    qsizetype done = 0;
    while (done < m_pending.size()) {
        const ssize_t n =
            ::write(m_out, m_pending.constData() + done, size_t(m_pending.size() - done));
        if (n > 0) {
            done += n;
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && errno == EAGAIN)
            break;
        failOutput();
        return;
    }
    m_pending.remove(0, done);
    m_writeNotifier->setEnabled(!m_pending.isEmpty());
    if (m_pending.isEmpty())
        emit drained();
}

void PipeChannel::failOutput()
{
    m_outputFailed = true;
    m_pending.clear();
    m_writeNotifier->setEnabled(false);
    // Queued: write() runs inside the session's signal emission, which must not be torn down
    // under it.
    QMetaObject::invokeMethod(this, &PipeChannel::outputFailed, Qt::QueuedConnection);
}

} // namespace Hopx::Mcp

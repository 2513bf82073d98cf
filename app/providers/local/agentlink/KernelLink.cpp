// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/agentlink/KernelLink.h"

#include <QSocketNotifier>

#include <cerrno>
#include <fcntl.h>
#include <unistd.h>

namespace Hopx::Local {

namespace {
constexpr qsizetype kMaxFrame = 48 * 1024 * 1024; // a result with large images stays below
} // namespace

KernelLink::KernelLink(QObject *parent)
    : QObject(parent)
{ }

KernelLink::~KernelLink()
{
    detach();
}

void KernelLink::attach(std::shared_ptr<KernelPipes> pipes)
{
    detach();
    m_pipes = std::move(pipes);
    ::fcntl(m_pipes->out, F_SETFL, O_NONBLOCK);
    ::fcntl(m_pipes->err, F_SETFL, O_NONBLOCK);
    m_outNotifier = new QSocketNotifier(m_pipes->out, QSocketNotifier::Read, this);
    m_errNotifier = new QSocketNotifier(m_pipes->err, QSocketNotifier::Read, this);
    connect(m_outNotifier, &QSocketNotifier::activated, this, &KernelLink::readOutput);
    connect(m_errNotifier, &QSocketNotifier::activated, this, &KernelLink::drainStderr);
}

void KernelLink::detach()
{
    delete m_outNotifier;
    m_outNotifier = nullptr;
    delete m_errNotifier;
    m_errNotifier = nullptr;
    m_pipes.reset();
    m_buffer.clear();
}

bool KernelLink::writeLine(const QByteArray &line)
{
    if (!m_pipes)
        return false;
    const QByteArray bytes = line + '\n';
    const char *p = bytes.constData();
    qsizetype left = bytes.size();
    while (left > 0) {
        const ssize_t n = ::write(m_pipes->in, p, size_t(left));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        p += n;
        left -= n;
    }
    return true;
}

void KernelLink::drainStderr()
{
    char buf[8192];
    while (m_pipes) {
        const ssize_t n = ::read(m_pipes->err, buf, sizeof(buf));
        if (n > 0)
            continue;
        if (n < 0 && errno == EINTR)
            continue;
        if (n == 0 && m_errNotifier)
            m_errNotifier->setEnabled(false);
        return;
    }
}

void KernelLink::readOutput()
{
    char buf[65536];
    // A slot of frame() may detach this link (the interpreter died): stop reading then.
    while (m_pipes) {
        const ssize_t n = ::read(m_pipes->out, buf, sizeof(buf));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            break; // EAGAIN
        if (n == 0) {
            if (m_outNotifier)
                m_outNotifier->setEnabled(false);
            break;
        }
        m_buffer.append(buf, int(n));
        qsizetype nl;
        while ((nl = m_buffer.indexOf('\n')) >= 0) {
            const QByteArray line = m_buffer.left(nl);
            m_buffer.remove(0, nl + 1);
            emit frame(line);
        }
        if (m_buffer.size() > kMaxFrame) {
            m_buffer.clear();
            if (m_outNotifier)
                m_outNotifier->setEnabled(false);
            emit oversized();
            return;
        }
    }
}

} // namespace Hopx::Local

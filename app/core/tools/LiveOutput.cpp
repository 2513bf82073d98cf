// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "LiveOutput.h"

#include "protocol/ToolCall.h"

#include <QTimer>

namespace Hopx::Core::Tools {

LiveOutput::LiveOutput(Mcp::ToolCall *call)
    : QObject(call)
    , m_call(call)
    , m_timer(new QTimer(this))
{
    m_timer->setInterval(1000 / kMaxPerSecond);
    connect(m_timer, &QTimer::timeout, this, &LiveOutput::flush);
}

OutputSink LiveOutput::sink(OutputSink also)
{
    QPointer<LiveOutput> self(this);
    return [self, also](const QString &stream, const QByteArray &chunk) {
        if (also)
            also(stream, chunk);
        if (self)
            self->add(stream, chunk);
    };
}

void LiveOutput::add(const QString &stream, const QByteArray &chunk)
{
    if (!m_call || !m_call->hasProgressToken() || chunk.isEmpty())
        return;
    m_bytes += chunk.size();
    const int index = stream == QLatin1String("stderr") ? 1 : 0;
    const QString prefix = index ? QStringLiteral("[stderr] ") : QString();
    QString text = m_partial[index] + QString::fromUtf8(chunk);
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (int i = 0; i + 1 < lines.size(); ++i)
        m_tail.append(prefix + lines.at(i).left(500));
    m_partial[index] = lines.last().right(2000);
    while (m_tail.size() > kTailLines)
        m_tail.removeFirst();
    m_dirty = true;
    // The first output goes out at once; after that at most kMaxPerSecond per second.
    if (!m_timer->isActive()) {
        flush();
        m_timer->start();
    }
}

void LiveOutput::flush()
{
    if (!m_dirty || !m_call) {
        m_timer->stop();
        return;
    }
    m_dirty = false;
    QStringList message = m_tail;
    for (int i = 0; i < 2; ++i)
        if (!m_partial[i].isEmpty())
            message.append((i ? QStringLiteral("[stderr] ") : QString()) + m_partial[i].left(500));
    m_call->reportProgress(double(m_bytes), -1, message.join(QLatin1Char('\n')));
}

} // namespace Hopx::Core::Tools

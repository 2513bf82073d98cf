// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/tools/exec/LiveOutput.h"

#include "tools/ToolCall.h"

#include <QTimer>

namespace Hopx::Core::Tools {

LiveOutput::LiveOutput(Mcp::ToolCall *call)
    : QObject(call)
    , m_call(call)
    , m_timer(new QTimer(this))
    , m_heartbeat(new QTimer(this))
{
    m_running.start();
    m_timer->setInterval(1000 / kMaxPerSecond);
    connect(m_timer, &QTimer::timeout, this, &LiveOutput::flush);
    if (call && call->hasProgressToken()) {
        m_heartbeat->setInterval(kHeartbeatMs);
        connect(m_heartbeat, &QTimer::timeout, this, &LiveOutput::heartbeat);
        m_heartbeat->start();
    }
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
    const QString text = m_partial[index] + QString::fromUtf8(chunk);
    const QStringList lines = text.split(QLatin1Char('\n'));
    m_partial[index] = lines.last().right(2000);
    // The newest text wins: an unfinished line ("Downloading… 40%") over the line before it.
    for (qsizetype i = lines.size() - 1; i >= 0; --i) {
        const QString line = lines.at(i).trimmed();
        if (!line.isEmpty()) {
            m_latest = prefix + line.left(kMaxLineChars);
            break;
        }
    }
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
    m_sentSinceBeat = true;
    m_call->reportProgress(double(m_bytes), -1, m_latest);
}

void LiveOutput::heartbeat()
{
    if (!m_call || m_call->isFinished()) {
        m_heartbeat->stop();
        return;
    }
    // Output sent since the last beat said more than a beat would.
    if (std::exchange(m_sentSinceBeat, false))
        return;
    m_call->reportProgress(double(m_bytes), -1,
        m_latest.isEmpty() ? QStringLiteral("running, %1 s, no output yet").arg(seconds())
                           : QStringLiteral("%1 (running, %2 s)").arg(m_latest, seconds()));
}

QString LiveOutput::seconds() const
{
    return QString::number(m_running.elapsed() / 1000);
}

} // namespace Hopx::Core::Tools

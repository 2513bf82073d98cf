// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/sandbox/SandboxTypes.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QString>

class QTimer;

namespace Hopx::Mcp {
class ToolCall;
}

namespace Hopx::Core::Tools {

/*! \brief Streams a run's output to the client as notifications/progress while it runs.
 *
 * The message is what a person watching the client reads: the newest output line (Claude Code
 * shows a message's first 200 characters), or "running, 12 s, no output yet" while the run is
 * silent; a silent run still reports every kHeartbeatMs, which also keeps clients that reset
 * their request timeout on progress from giving up on a long quiet step. Progress is the
 * number of output bytes so far (strictly increasing, as the spec wants). At most
 * kMaxPerSecond notifications go out, so a chatty program cannot flood the client; the final
 * result still holds the whole output. Calls without a progressToken get nothing. Lives as a
 * child of the call.
 */
class LiveOutput : public QObject
{
    Q_OBJECT
public:
    static constexpr int kMaxPerSecond = 10;
    static constexpr int kHeartbeatMs = 2000;
    static constexpr int kMaxLineChars = 500;

    explicit LiveOutput(Mcp::ToolCall *call);
    //! The sink to hand to the provider; also forwards to `also` (e.g. the GUI log) if set.
    OutputSink sink(OutputSink also = {});
    void flush();

private:
    void add(const QString &stream, const QByteArray &chunk);
    void heartbeat();
    QString seconds() const;

    QPointer<Mcp::ToolCall> m_call;
    QTimer *m_timer;
    QTimer *m_heartbeat;
    QElapsedTimer m_running;
    QString m_latest; // the newest line, complete or not
    QString m_partial[2];
    qint64 m_bytes = 0;
    bool m_dirty = false;
    bool m_sentSinceBeat = false;
};

} // namespace Hopx::Core::Tools

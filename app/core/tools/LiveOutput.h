// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/SandboxTypes.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QStringList>

class QTimer;

namespace Hopx::Mcp {
class ToolCall;
}

namespace Hopx::Core::Tools {

/*! \brief Streams a run's output to the client as notifications/progress while it runs.
 *
 * The message carries the newest stdout/stderr lines; progress is the number of output bytes
 * so far (strictly increasing, as the spec wants). At most kMaxPerSecond notifications go out,
 * so a chatty program cannot flood the client; the final result still holds the whole output.
 * Calls without a progressToken get nothing. Lives as a child of the call.
 */
class LiveOutput : public QObject
{
    Q_OBJECT
public:
    static constexpr int kMaxPerSecond = 10;
    static constexpr int kTailLines = 8;

    explicit LiveOutput(Mcp::ToolCall *call);
    //! The sink to hand to the provider; also forwards to `also` (e.g. the GUI log) if set.
    OutputSink sink(OutputSink also = {});
    void flush();

private:
    void add(const QString &stream, const QByteArray &chunk);

    QPointer<Mcp::ToolCall> m_call;
    QTimer *m_timer;
    QStringList m_tail;
    QString m_partial[2];
    qint64 m_bytes = 0;
    bool m_dirty = false;
};

} // namespace Hopx::Core::Tools

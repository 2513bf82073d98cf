// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ExecutionActivity.h"

#include "core/SandboxManager.h"

namespace Hopx::Core::Tools {

ExecutionActivity ExecutionActivity::start(SandboxManager *manager, const QString &sandboxId,
    const QString &language, const QString &code, bool background)
{
    ExecutionActivity activity;
    activity.m_manager = manager;
    ExecutionRecord &record = activity.m_record;
    record.sandboxId = sandboxId;
    record.language = language;
    // Bounded here, before it travels through signals into the log.
    record.codeTruncated = code.size() > ExecutionRecord::kMaxCode;
    record.code = code.left(ExecutionRecord::kMaxCode);
    record.background = background;
    manager->noteExecution(record);
    return activity;
}

void ExecutionActivity::finished(const Result<ExecResult> &r) const
{
    if (!m_manager)
        return;
    ExecutionRecord record = m_record;
    record.finished = true;
    if (!r) {
        record.failure = r.error().message;
    } else {
        const ExecResult &x = r.value();
        record.exitCode = x.exitCode;
        record.timedOut = x.timedOut;
        record.seconds = x.executionTime;
        record.stdoutBytes = x.stdoutData.size();
        record.stderrBytes = x.stderrData.size();
        record.stdoutTail = x.stdoutData.right(ExecutionRecord::kMaxOutput);
        record.stderrTail = x.stderrData.right(ExecutionRecord::kMaxOutput);
        // A Python exception is no process exit: say which one, or the row reads as success.
        if (!x.error.isEmpty())
            record.exception = x.error.value(QStringLiteral("ename")).toString()
                + QStringLiteral(": ") + x.error.value(QStringLiteral("evalue")).toString();
    }
    m_manager->noteExecution(record);
}

} // namespace Hopx::Core::Tools

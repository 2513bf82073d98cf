// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/tools/exec/ExecutionActivity.h"

#include "core/tools/exec/ImageContent.h"

#include "core/manager/SandboxManager.h"

namespace Hopx::Core::Tools {

namespace {

// The figures the model got as images, within the record's bounds; the bytes are shared with
// the result, not copied.
void keepFigures(const QList<RichOutput> &outputs, ExecutionRecord &record)
{
    qint64 bytes = 0;
    for (const RichOutput &o : outputs) {
        if (!ImageContent::isBinaryImage(o.mimeType) || o.data.isEmpty())
            continue;
        if (record.figures.size() < ExecutionRecord::kMaxFigures
            && bytes + o.data.size() <= ExecutionRecord::kMaxFigureBytes) {
            record.figures.append(o);
            bytes += o.data.size();
        } else {
            ++record.figuresLeftOut;
        }
    }
}

} // namespace

ExecutionActivity ExecutionActivity::start(SandboxManager *manager, const QString &sandboxId,
    const QString &language, const QString &code, bool background, bool async)
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
    record.async = async;
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
        record.failureCode = r.error().code;
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
        keepFigures(x.richOutputs, record);
    }
    m_manager->noteExecution(record);
}

} // namespace Hopx::Core::Tools

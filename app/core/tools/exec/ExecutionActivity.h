// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"
#include "core/sandbox/SandboxTypes.h"

#include <QPointer>

namespace Hopx::Core {
class SandboxManager;
}

namespace Hopx::Core::Tools {

/*! \brief One run as the activity log shows it: noted when it starts and when it ends.
 *
 * A value: the run's callback holds a copy, and the end is noted whether or not the call
 * that started it is still there (cancelled, client gone), and not at all once the manager
 * is gone (shutdown).
 */
class ExecutionActivity
{
public:
    /*! Notes the start of a run of `code` in `sandboxId`; \a async: the client does not wait
     *  for it (a task), so its end is news for the user. */
    static ExecutionActivity start(SandboxManager *manager, const QString &sandboxId,
        const QString &language, const QString &code, bool background = false, bool async = false);

    void finished(const Result<ExecResult> &result) const;

private:
    ExecutionActivity() = default;

    QPointer<SandboxManager> m_manager;
    ExecutionRecord m_record;
};

} // namespace Hopx::Core::Tools

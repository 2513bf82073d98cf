// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"
#include "core/sandbox/SandboxTypes.h"

#include <QJsonArray>

namespace Hopx::Core {

/*! \brief Background executions and the processes of a sandbox. */
class SandboxJobs
{
public:
    static constexpr const char *kName = "background processes";
    virtual ~SandboxJobs() = default;

    virtual void startBackground(const BackgroundSpec &spec, Callback<ProcessStarted> done) = 0;
    //! Background executions started through the tools (execute_list_processes).
    virtual void listExecutions(Callback<QJsonArray> done) = 0;
    //! Every process in the sandbox (list_processes).
    virtual void listProcesses(Callback<QJsonArray> done) = 0;
    virtual void killProcess(const QString &processId, Callback<Unit> done) = 0;
};

} // namespace Hopx::Core

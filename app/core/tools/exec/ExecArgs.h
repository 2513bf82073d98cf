// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/tools/exec/ExecutionResult.h"

#include "core/sandbox/SandboxTypes.h"

#include <QJsonObject>
#include <QString>

namespace Hopx::Mcp {
class ToolCall;
}

namespace Hopx::Core::Tools {

class ToolArgs;
struct ToolDeps;

/*! \brief The arguments of the execute_code family and the run commands, and what they map to.
 *
 * read() takes what the schema validated and filled in; check() adds only what a schema
 * cannot say (mode-dependent rules, language aliases). The specs are what providers run.
 */
struct ExecArgs
{
    static constexpr int kMaxSyncTimeout = 300; // as HOPX: synchronous execution at most 300 s
    //! execute_code_background's timeout default, also execute_code's in mode "background".
    static constexpr int kBackgroundTimeout = 300;

    QString code;
    QString mode;
    QString sandboxId;
    QString language;
    QString rawLanguage;
    int timeout = 0;
    EnvMap env;
    QString workingDir;
    QString name;
    QString templateName;
    QString region;
    QString provider;

    /*! `forcedMode` is the mode the tool stands for ("" for execute_code: then `mode`, or
     *  persistent with a sandbox_id and isolated without). */
    static ExecArgs read(const ToolArgs &args, const QString &forcedMode);
    //! run_command_background: a bash command line.
    static ExecArgs readCommand(const ToolArgs &args);

    //! hopx-mcp's _validate_execute_code_parameters, with our language aliases. On false the
    //! call is finished with the error.
    bool check(Mcp::ToolCall *call);
    //! The language alone (execute_code_async, which has no mode rules).
    bool checkLanguage(Mcp::ToolCall *call);
    bool isSynchronous() const;

    //! What execute() runs; live output goes to the call when it asked for progress.
    ExecSpec execSpec(const ToolDeps &deps, Mcp::ToolCall *call) const;
    //! As execSpec() with nothing tied to a call (the webhook run outlives it).
    ExecSpec detachedExecSpec(const ToolDeps &deps) const;
    BackgroundSpec backgroundSpec(bool isCommand) const;
    //! How ExecutionResult labels the run.
    ExecutionResult::Context resultContext() const;
    //! hopx-mcp's "provided" of an Invalid parameters error.
    QJsonObject provided() const;
};

//! The output cap per stream, from the settings (1 MiB without them).
qint64 outputCapBytes(const ToolDeps &deps);

} // namespace Hopx::Core::Tools

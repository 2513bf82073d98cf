// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/sandbox/SandboxExec.h"

namespace Hopx::Local {

class LocalSandbox;

/*! \brief Runs code and commands in a local sandbox: Python in its persistent interpreter
 *  (whose os.environ follows the session env), other languages and shell commands as
 *  programs through the agent. */
class LocalExec final : public Core::SandboxExec
{
public:
    explicit LocalExec(LocalSandbox *sandbox);

    Core::Cancel execute(
        const Core::ExecSpec &spec, Core::Callback<Core::ExecResult> done) override;
    Core::Cancel runCommand(
        const Core::CommandSpec &spec, Core::Callback<Core::ExecResult> done) override;
    //! A shell command run from / for the app's own housekeeping (cache stats and clearing).
    void runShell(
        const QString &command, int timeoutSeconds, Core::Callback<Core::ExecResult> done);

    static QByteArray interpreterFor(const QString &language);
    static QString extensionFor(const QString &language);
    static QByteArrayList envList(const Core::EnvMap &env);

private:
    //! \a done, plus a note naming the hosts the egress proxy refused during the run.
    Core::Callback<Core::ExecResult> withDenials(Core::Callback<Core::ExecResult> done) const;
    //! \a done with the sandbox's notes added to the result (kernel restart, full disk).
    Core::Callback<Core::ExecResult> withNotes(bool python, Core::Callback<Core::ExecResult> done);
    Core::Cancel runProgram(const QByteArrayList &argv, const Core::EnvMap &env, const QString &cwd,
        int timeoutSeconds, qint64 maxOutput, const Core::OutputSink &sink,
        Core::Callback<Core::ExecResult> done);
    Core::Cancel runScript(const QString &language, const QString &code, const Core::EnvMap &env,
        const QString &cwd, int timeoutSeconds, qint64 maxOutput, const Core::OutputSink &sink,
        Core::Callback<Core::ExecResult> done);
    //! While the sandbox starts: \a run(done) once it is up, and a Cancel for that; else empty.
    Core::Cancel whenStarted(Core::Callback<Core::ExecResult> done,
        const std::function<Core::Cancel(Core::Callback<Core::ExecResult>)> &run);

    LocalSandbox *m_sandbox;
    Core::EnvMap m_kernelEnv; // what the Python interpreter's os.environ has of the session env
};

} // namespace Hopx::Local

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/sandbox/SandboxTypes.h"

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>

namespace Hopx::Local {

/*! \brief One JSON line the sandbox's Python kernel (resources/kernel.py) writes to the host.
 *
 * Code in the sandbox controls that process, so a frame is attacker-written: parse() is the
 * only reading of it, pure (no kernel, no process) so it can be tested and fuzzed alone.
 * Anything that is not a JSON object with a known "type" is Type::Unknown and is ignored.
 */
struct KernelFrame
{
    enum class Type {
        Unknown,
        Ready,
        Stream,
        Truncated,
        Result,
        Error,
        Checkpoint,
        Restored,
        State,
        Preloaded
    };

    Type type = Type::Unknown;
    qint64 id = -1; // the run it belongs to; -1 when absent or not an integer
    bool stderrStream = false; // Stream, Truncated: "name" is "stderr" (else stdout)
    QByteArray text; // Stream: UTF-8
    QJsonValue result; // Result
    QJsonObject error; // Result: set when the code raised
    int exitCode = 0; // Result
    QList<Core::RichOutput> richOutputs; // Result: only those with a type and data
    QString message; // Error
    //! Checkpoint: the stopped copy ("pid"); Restored: the copy it left behind ("checkpoint_pid").
    //! 0 unless a plausible pid (2 < pid <= 4194304, the kernel's pid_max limit).
    qint64 pid = 0;
    //! State: the variables carried (names), those left out (name -> why), the file's size,
    //! whether there was no file to load; message holds the error when the request failed.
    QStringList carried;
    QJsonObject notCarried;
    qint64 stateBytes = 0;
    bool stateMissing = false;
    //! State, saved in the background: the writing process (a plausible pid, as pid), else 0.
    qint64 stateWriter = 0;
    //! Preloaded: the modules imported and those that were not (names only, at most 256 each).
    QStringList modules;
    QStringList failed;

    static KernelFrame parse(const QByteArray &line);
};

} // namespace Hopx::Local

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QDateTime>
#include <QString>

namespace Hopx::Core {

/*! \brief One line of the activity log: a tool call, an execution, output, a connection. */
struct LogEntry
{
    enum class Level { Debug, Info, Warning, Error };
    enum class Kind { System, Client, ToolCall, Execution, Output, Sandbox };

    QDateTime time;
    Level level = Level::Info;
    Kind kind = Kind::System;
    QString client; // the MCP client's name, when one caused it
    QString sandboxId; // the sandbox it concerns, if any
    QString message; // one line
    QString detail; // the full text (code, error), shown on demand
    QString stream; // "stdout" / "stderr" for output
    qint64 durationUs = -1;
};

} // namespace Hopx::Core

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QString>

namespace Hopx::Core {

/*! \brief One line of the activity log: a tool call, an execution, output, a connection. */
struct LogEntry
{
    enum class Level { Debug, Info, Warning, Error };
    enum class Kind { System, Client, ToolCall, Execution, Output, Sandbox };

    /*! \brief An image an execution produced, as its model got it. */
    struct Figure
    {
        quint64 id = 0; // unique in the log, set by LogModel::append()
        QString mimeType; // "image/png", …
        qint64 bytes = 0; // its size, also once the data is no longer kept
        QByteArray data; // encoded; empty once the log keeps newer figures instead
    };

    QDateTime time;
    Level level = Level::Info;
    Kind kind = Kind::System;
    QString client; // the MCP client's name, when one caused it
    QString sandboxId; // the sandbox it concerns, if any
    QString message; // one line
    QString detail; // the full text (code, error), shown on demand
    QString stream; // "stdout" / "stderr" for output
    qint64 durationUs = -1;
    QList<Figure> figures; // an execution's images
    int figuresLeftOut = 0; // images of the run the execution record could not carry
};

} // namespace Hopx::Core

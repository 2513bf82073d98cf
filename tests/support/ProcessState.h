// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

// Whether a process the test started (or watched) has ended. A zombie has ended: it only waits
// for its parent, and in a container whose pid 1 never reaps orphans it waits forever, while
// kill(pid, 0) and /proc/<pid> still find it.

#include <QByteArray>
#include <QFile>
#include <QString>

#include <cerrno>
#include <csignal>
#include <sys/types.h>

namespace HopxTest {

//! The state letter of /proc/<pid>/stat ("pid (comm) S ..."), or 0 when it cannot be read.
inline char processStateLetter(qint64 pid)
{
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return 0;
    const QByteArray text = stat.readAll();
    // comm may hold spaces and parentheses: the last ')' ends it.
    const int close = text.lastIndexOf(')');
    return close >= 0 && close + 2 < text.size() ? text.at(close + 2) : 0;
}

//! True when no process has this pid any more, or only its zombie does (state Z or X).
inline bool processGone(qint64 pid)
{
    if (pid <= 0)
        return true;
    if (::kill(pid_t(pid), 0) != 0 && errno == ESRCH)
        return true;
    const char state = processStateLetter(pid);
    return state == 'Z' || state == 'X';
}

//! The opposite of processGone(): running, sleeping or stopped, but not a zombie.
inline bool processAlive(qint64 pid)
{
    return !processGone(pid);
}

} // namespace HopxTest

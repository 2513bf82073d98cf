// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

// Whether a process the test started (or watched) has ended. A zombie has ended: it only waits
// for its parent, and in a container whose pid 1 never reaps orphans it waits forever, while
// kill(pid, 0) and /proc/<pid> still find it.

#include <QByteArray>
#include <QFile>
#include <QList>
#include <QString>

#include <cerrno>
#include <csignal>
#include <sys/types.h>

namespace HopxTest {

//! The fields of /proc/<pid>/stat after "pid (comm) " (state first, then ppid, ...), or none
//! when it cannot be read.
inline QList<QByteArray> statFields(qint64 pid)
{
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return {};
    const QByteArray text = stat.readAll();
    // comm may hold spaces and parentheses: the last ')' ends it.
    const int close = text.lastIndexOf(')');
    return close >= 0 ? text.mid(close + 2).split(' ') : QList<QByteArray> {};
}

//! The state letter of /proc/<pid>/stat, or 0 when it cannot be read.
inline char processStateLetter(qint64 pid)
{
    const QList<QByteArray> fields = statFields(pid);
    return !fields.isEmpty() && !fields.first().isEmpty() ? fields.first().at(0) : 0;
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

//! The parent's pid from /proc/<pid>/stat, or 0 when it cannot be read.
inline qint64 parentPid(qint64 pid)
{
    const QList<QByteArray> fields = statFields(pid);
    return fields.size() > 1 ? fields.at(1).toLongLong() : 0;
}

//! Whether \a ancestor started \a pid, directly or through its children.
inline bool descendsFrom(qint64 pid, qint64 ancestor)
{
    for (int depth = 0; pid > 1 && depth < 64; ++depth) {
        pid = parentPid(pid);
        if (pid == ancestor)
            return true;
    }
    return false;
}

} // namespace HopxTest

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/models/ProcessTree.h"

#include <QDir>
#include <QFile>

#include <unistd.h>

namespace Hopx::Core {

namespace {

QByteArray readProc(qint64 pid, const char *name)
{
    QFile f(QStringLiteral("/proc/%1/%2").arg(pid).arg(QLatin1String(name)));
    // /proc files report size 0: read until the end, not size() bytes.
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

//! The fields of /proc/PID/stat after the command name, which may hold spaces and ')'.
QList<QByteArray> statFields(qint64 pid)
{
    const QByteArray stat = readProc(pid, "stat");
    const int close = stat.lastIndexOf(')');
    return close < 0 ? QList<QByteArray>() : stat.mid(close + 2).split(' ');
}

qint64 pssKiB(qint64 pid)
{
    // smaps_rollup: one line per kind, summed by the kernel (no walk over every mapping).
    const QByteArray rollup = readProc(pid, "smaps_rollup");
    const int at = rollup.indexOf("\nPss:");
    if (at < 0)
        return -1;
    const int end = rollup.indexOf('\n', at + 1);
    return rollup.mid(at + 5, end - at - 5).replace("kB", "").trimmed().toLongLong();
}

} // namespace

ProcessTree ProcessTree::read()
{
    ProcessTree tree;
    const QStringList entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs);
    for (const QString &entry : entries) {
        bool isPid = false;
        const qint64 pid = entry.toLongLong(&isPid);
        if (!isPid)
            continue;
        const QList<QByteArray> f = statFields(pid); // state, ppid, …
        if (f.size() > 1)
            tree.m_children[f.at(1).toLongLong()].append(pid);
    }
    return tree;
}

ProcessTree::Usage ProcessTree::usage(qint64 root) const
{
    Usage u;
    if (root <= 0)
        return u;
    static const double ticks = double(::sysconf(_SC_CLK_TCK));
    qint64 pss = 0, cpuTicks = 0;
    QList<qint64> todo {root};
    while (!todo.isEmpty()) {
        const qint64 pid = todo.takeLast();
        const qint64 kb = pssKiB(pid);
        const QList<QByteArray> f = statFields(pid);
        if (kb < 0 || f.size() < 15) {
            if (pid == root)
                return u; // ended, or not ours to read: no figure rather than a wrong one
            continue; // ended between the scan and now
        }
        pss += kb;
        // utime, stime, cutime, cstime: fields 14–17 of stat, 11–14 after the name.
        for (int i = 11; i <= 14; ++i)
            cpuTicks += f.at(i).toLongLong();
        ++u.processes;
        todo.append(m_children.value(pid));
    }
    u.pssBytes = pss * 1024;
    u.cpuSeconds = double(cpuTicks) / ticks;
    return u;
}

} // namespace Hopx::Core

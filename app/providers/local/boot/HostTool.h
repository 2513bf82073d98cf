// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>

#include <spawn.h>

namespace Hopx::Local {

/*! \brief Runs one of the host's storage tools (hopx-capfs, fusermount, cp) and
 *  waits for it.
 *
 * The child gets nothing of the app: stdin and stdout are /dev/null, every descriptor from 3
 * up is closed (hopx-capfs stays behind as a daemon: it must not hold the app's sockets or an
 * IDE's pipes), and its environment is PATH alone (no API key; a sanitizer build adds the
 * sanitizers' options).
 */
class HostTool
{
public:
    struct Outcome
    {
        int exitCode = -1; // -1: could not run, killed, or timed out
        QString said; // the tail of its stderr, simplified
        bool ok() const { return exitCode == 0; }
    };

    //! The tool's path in the usual system directories (sbin included, which a normal
    //! user's PATH lacks on Debian), or empty.
    static QString find(const QString &name);
    //! Signals as for a fresh process (default actions, nothing blocked) and its own process
    //! group: what every child the app spawns starts with.
    static void initSpawnAttributes(posix_spawnattr_t *attr);
    //! Runs \a program with \a args in \a workingDir for at most \a timeoutMs.
    static Outcome run(const QString &program, const QStringList &args,
        const QString &workingDir = {}, int timeoutMs = 20000);
    //! The same on a worker thread (a copy of a large tree must not stall the app); \a done
    //! runs on \a context's thread, not at all when \a context is gone by then.
    static void runAsync(QObject *context, const QString &program, const QStringList &args,
        const QString &workingDir, int timeoutMs, std::function<void(const Outcome &)> done);
};

} // namespace Hopx::Local

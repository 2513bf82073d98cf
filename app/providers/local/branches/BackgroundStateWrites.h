// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"

#include <QElapsedTimer>
#include <QList>
#include <QSet>
#include <QString>
#include <QTimer>

#include <functional>

namespace Hopx::Local {

class LocalSandbox;

/*! \brief A checkpoint's variables on their way to the disk, after the checkpoint answered.
 *
 * Writing the variables of a large interpreter (500 MB of arrays: ~0.4 s through the disk's
 * hopx-capfs) would be most of a checkpoint's time. So the kernel pickles them (at once: arrays
 * travel out of band) and a process of the sandbox writes them behind the answer
 * (PythonKernel::saveStateBehind), into BwrapCommand::kStatePath/ID: on the sandbox's disk, so
 * counted by its cap, but outside /workspace and /home/user, so no checkpoint, restore or fork
 * ever takes a half-written file. When the file is whole it joins the checkpoint's files (a
 * clone: its home's .cache/hopx/python-state, where a restore after an app restart and a fork
 * look for it) and the directory goes.
 *
 * Until then the checkpoint's variables come back only from its stopped interpreter (while
 * the app runs); an app stopped before the end leaves a directory that the next start removes
 * (CheckpointJournal), and the checkpoint keeps its files only.
 */
class BackgroundStateWrites
{
public:
    explicit BackgroundStateWrites(LocalSandbox *sandbox);
    //! Whoever waits for a write (a fork) hears of it: later, and finds the sandbox gone.
    ~BackgroundStateWrites();
    BackgroundStateWrites(const BackgroundStateWrites &) = delete;
    BackgroundStateWrites &operator=(const BackgroundStateWrites &) = delete;

    //! Where checkpoint \a id's variables are written, inside the sandbox.
    static QString sandboxPath(const QString &id);
    //! The disk's directory (relative to its root) that holds the writes.
    static constexpr const char *kDiskDir = "state";

    using Done = std::function<void(const Core::Result<qint64> &)>;
    /*! Follows checkpoint \a id's variables, written by sandbox process \a writer (stopped
     *  until now: it is continued here, its checkpoint's files taken); \a done
     *  once they are among the checkpoint's files (with the disk space they take), or with
     *  why they are not. */
    void follow(const QString &id, qint64 writer, qint64 bytes, Done done);
    bool pending(const QString &id) const;
    //! \a next once checkpoint \a id's variables are written or lost (now when none pending).
    void whenSettled(const QString &id, std::function<void()> next);
    //! Stops checkpoint \a id's write (the checkpoint is being deleted) and removes its file.
    void cancel(const QString &id);
    //! As cancel, for a write never followed (its checkpoint failed).
    void discard(const QString &id, qint64 writer);
    //! The writers' pids: a restore ends every other process, not these.
    QSet<qint64> writers() const;
    //! What the files being written will take: on the disk, but in no checkpoint yet.
    qint64 pendingBytes() const;

private:
    struct Write
    {
        QString id;
        qint64 writer = 0;
        qint64 bytes = 0;
        Done done;
        QList<std::function<void()>> waiting;
        QElapsedTimer checked; // since the writer was last seen alive
        bool finishing = false;
    };
    Write *find(const QString &id);
    //! Write \a id (which exists) leaves the list.
    Write take(const QString &id);
    //! Removes a write's directory off the GUI thread, then calls \a then there.
    void removeLater(const QString &dir, std::function<void()> then = {}) const;
    //! Ends the write \a id with \a why once its directory \a dir is gone.
    void failAfterRemoving(const QString &id, const QString &dir, Core::Error why);
    void poll();
    void checkAlive(Write &w);
    void finish(const QString &id, const Core::Result<qint64> &outcome);
    //! Moves the whole file into checkpoint \a id's files (off the GUI thread), then finish().
    void takeIn(const QString &id);

    LocalSandbox *m_sandbox;
    QList<Write> m_writes;
    QTimer m_timer;
};

} // namespace Hopx::Local

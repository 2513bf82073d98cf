// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "providers/local/disk/DiskSteps.h"
#include "providers/local/disk/SandboxVolume.h"

#include <QPointer>
#include <QString>
#include <QStringList>
#include <QThreadPool>
#include <QTimer>

#include <atomic>
#include <functional>
#include <memory>

namespace Hopx::Core {
class MainThreadCall;
}

namespace Hopx::Local {

struct SandboxRecord;

/*! \brief Where local sandboxes keep their files, and the caps on them.
 *
 * One 0700 directory per sandbox under $XDG_STATE_HOME/hopx-desktop/sandboxes (default
 * ~/.local/state/…): on disk, private to the user, and kept across app restarts. State,
 * not data or cache: it is not the user's documents (XDG_DATA_HOME), and a cache cleaner
 * must not delete a live sandbox's files (XDG_CACHE_HOME). Never the runtime directory,
 * which is a small RAM-backed tmpfs the whole login session depends on.
 *
 * Caps: each sandbox's volume has a fixed size (its cap), the hard limit its file system
 * enforces. The total cap bounds what the volumes really hold on the host (their images'
 * allocated blocks, checkpoints included) plus the cap of a new one; the host's disk must
 * have room for the new one to fill up, plus a margin. Caps are not reserved up front: idle
 * sandboxes cost almost nothing, so hundreds fit, and a runaway fill still ends at its cap.
 */
class SandboxStorage
{
public:
    explicit SandboxStorage(QString base);
    //! Waits for the deletions still running: at quit, nothing is left half deleted.
    ~SandboxStorage();

    //! $XDG_STATE_HOME/hopx-desktop/sandboxes (Qt 6.4 has no StateLocation yet).
    static QString defaultBase();
    //! Creates the base (0700) and checks that disk volumes work here (FUSE). An error (a
    //! sentence for the user, with the fix) when either fails.
    Core::Result<Core::Unit> prepare();
    //! Why disk volumes cannot work here (prepare()'s FUSE sentence, worded for translation);
    //! empty when they can.
    static Core::Wording unusableReason();

    QString base() const { return m_base; }
    QString dirFor(const QString &id) const;
    //! Sandboxes with a record on disk, from earlier runs or this one.
    QStringList storedIds() const;
    /*! \a name's directory holds nothing but what this build makes before a sandbox has a
     *  record (its disk and mount point): a spare or a creation that never finished. */
    bool isLeftover(const QString &name) const;

    /*! A new volume for sandbox \a id of \a capBytes, created and mounted; an error (a
     *  sentence for the user) when it does not fit the total cap or the host's disk. */
    Core::Result<std::unique_ptr<SandboxVolume>> newVolume(
        const QString &id, qint64 capBytes, qint64 totalCapBytes);
    //! The volume of a sandbox recorded on disk, mounted, or why it cannot be.
    Core::Result<std::unique_ptr<SandboxVolume>> existingVolume(const SandboxRecord &record);
    /*! Unmounts \a volume and deletes its directory. The directory leaves its place at once
     *  (renamed to a hidden one) and is deleted on a thread of its own: a workspace of many
     *  files takes seconds, which the event loop, and every client, must not wait for. A
     *  deletion cut short by a crash is finished by the next prepare().
     *
     *  A disk that cannot be unmounted leaves its place all the same (the sandbox is gone and
     *  must not come back at the next start); that thread tries the unmount again a few times,
     *  deletes nothing through a mount, and reports what is left to the callback of
     *  onLeftMounted(). The next prepare() tries again. */
    void remove(SandboxVolume *volume);
    //! Where remove() reports a disk still mounted after its retries: \a report(sandbox id, a
    //! sentence for the user) runs on \a context's thread.
    void onLeftMounted(
        QObject *context, std::function<void(const QString &, const Core::Wording &)> report);
    /*! The same, with the unmount on the deleting thread too: fusermount takes milliseconds
     *  that the next call (an agent's burst of isolated runs) must not wait for. The
     *  directory leaves its place at once; the deleting thread starts once no volume has come
     *  for a moment (a burst's end), or when many wait, so that it does not take a CPU from
     *  the calls still coming. */
    void removeInBackground(std::unique_ptr<SandboxVolume> volume);
    //! Who hears the steps of a deletion (see DiskSteps); null: nobody.
    void setDiskSteps(DiskSteps *steps) { m_steps = steps ? steps : &m_quietSteps; }
    //! What every volume on disk holds on the host (allocated blocks), except \a exceptId's.
    qint64 usedBytes(const QString &exceptId = {}) const;

private:
    void deleteInBackground(const QString &dir);
    //! Hands the directories removeInBackground() moved aside to the deleting thread.
    void deleteWaiting();
    //! On the reaper's thread: unmounts \a dir's disk, with retries; false once it gave up.
    //! Posts to \a back the report of a disk left mounted, or nothing, when it returns false.
    bool unmountForDeletion(const QString &dir, Core::MainThreadCall *back);
    //! A free hidden name for \a dir on its way out.
    QString hiddenPlaceFor(const QString &dir) const;

    QString m_base;
    QPointer<QObject> m_reportContext;
    std::function<void(const QString &, const Core::Wording &)> m_report;
    std::atomic<bool> m_stopping {false}; // at quit the retries stop: the next start retries
    DiskSteps m_quietSteps;
    std::atomic<DiskSteps *> m_steps {&m_quietSteps}; // read on the deleting thread too
    QThreadPool m_reaper; // one thread: deleting many trees at once would only fight for the disk
    QStringList m_waiting; // moved aside, for the deleting thread once the burst ends
    QTimer m_burstEnd;
};

} // namespace Hopx::Local

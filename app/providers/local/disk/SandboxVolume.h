// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"
#include "core/base/Wording.h"

#include <QString>

namespace Hopx::Local {

/*! \brief The disk of one local sandbox: a directory on the host's disk, mounted through
 *  FUSE by hopx-capfs with a hard cap, so the file system itself ends every write past the
 *  cap with ENOSPC. /workspace and /home/user are two directories in it.
 *
 * Layout of the sandbox's directory (SandboxStorage::dirFor()):
 *   disk/          the files (disk/workspace, disk/home, disk/.checkpoints), private to the
 * user; the mount does not show .checkpoints (kHiddenDir) mnt/           where hopx-capfs
 * mounts disk/; mnt/workspace, mnt/home are bound into bwrap sandbox.json   the sandbox's
 * record (SandboxRecord), outside the disk
 *
 * Why FUSE: without root there is no other hard cap a normal user can have on Debian 12 and
 * Ubuntu 24.04 (project quotas and loop devices need root; overlayfs and tmpfs caps are in
 * RAM or uncapped). Why a passthrough and not an image (fuse2fs, which this replaced): the
 * bytes land in the host's own file system, one FUSE round trip per write of up to 1 MiB,
 * and a checkpoint or a fork shares the files copy-on-write (SharedFiles). hopx-capfs runs as
 * its own process: it outlives an app crash, every finished write(2) is already in disk/, and
 * the next start finds the mount alive or mounts again (it recounts what disk/ holds).
 *
 * Sandboxes made before hopx-capfs kept their files in disk.img (ext4, fuse2fs): mount()
 * moves them into disk/ once, with fuse2fs, and deletes the image.
 *
 * There is no fallback where FUSE is unusable: files in RAM would be lost at quit and
 * compete with the user's session for memory, so local sandboxes are unavailable then and
 * health says how to fix it (SandboxVolume::unavailableReason()).
 *
 * Blocking: create() makes three directories; mount() runs hopx-capfs (a few ms, plus its
 * walk of what disk/ holds: ~0.3 s per 100,000 files).
 */
class SandboxVolume
{
public:
    struct Usage
    {
        qint64 usedBytes = -1; // what the sandbox wrote (files, directories, checkpoints)
        qint64 capBytes = -1; // the cap it was created with
        qint64 freeBytes = -1; // what it may still write
        bool outOfInodes = false;
        bool isFull() const;
    };

    /*! The root entry of the disk that its mount does not show: the checkpoints, whose files
     *  are shared with the live tree (SharedFiles); the app reaches them in backingDir(). */
    static constexpr const char *kHiddenDir = ".checkpoints";

    SandboxVolume(QString dir, qint64 capBytes);
    ~SandboxVolume();
    SandboxVolume(const SandboxVolume &) = delete;
    SandboxVolume &operator=(const SandboxVolume &) = delete;

    QString dir() const { return m_dir; }
    qint64 capBytes() const { return m_cap; }
    //! Where the files are on the host (what hopx-capfs serves).
    QString backingDir() const;
    QString mountPoint() const;
    //! Host paths of /workspace and /home/user while mounted.
    QString workspaceDir() const;
    QString homeDir() const;
    //! Host path of BwrapCommand::kStatePath: variables being written for a checkpoint.
    QString stateDir() const;

    //! Makes the disk's directories, or says why it cannot.
    Core::Result<Core::Unit> create();
    //! Mounts the disk; a mount left alive by an earlier app run is used as it is.
    Core::Result<Core::Unit> mount();
    /*! Unmounts (hopx-capfs exits; every write is already in disk/). The files stay. An error
     *  with fusermount's words when the mount (or a dead one) is still there. */
    Core::Result<Core::Unit> unmount();
    bool isMounted() const;
    //! Unmounts for good before the directory goes; false (and a warning) if still mounted.
    bool release();
    //! Unmounts and deletes the directory with everything in it, now.
    void remove();
    //! Deletes \a dir and everything in it, directories the sandbox made read-only included.
    static void deleteTree(const QString &dir);

    Usage usage() const;
    //! Bytes the host's disk holds for this volume (with hopx-capfs's charge per file).
    qint64 hostBytes() const;

    //! "2 GiB", "64 MiB": sizes as the settings state them.
    static QString sizeText(qint64 bytes);
    //! Empty when FUSE volumes work here; otherwise why not and how to fix it.
    static Core::Wording unavailableReason();

private:
    //! A disk.img of an earlier version moved into disk/ (see the class comment).
    Core::Result<Core::Unit> migrateImage();
    //! The mount point still holds a mount whose daemon died (a crash, a reboot's leftovers).
    bool isDeadMount() const;
    void clearDeadMount() const;
    //! Where an earlier version kept the files (see migrateImage()).
    QString earlierImagePath() const;

    QString m_dir;
    qint64 m_cap;
};

} // namespace Hopx::Local

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

namespace Hopx::Local {

/*! \brief The disk of one local sandbox: a sparse ext4 image of a fixed size, mounted
 *  through FUSE (fuse2fs) by the user, so the file system itself ends every write past the
 *  cap with ENOSPC. /workspace and /home/user are two directories in it.
 *
 * Layout of the sandbox's directory (SandboxStorage::dirFor()):
 *   disk.img       the image (sparse: the host pays only for what is written)
 *   mnt/           where fuse2fs mounts it; mnt/workspace, mnt/home are bound into bwrap
 *   sandbox.json   the sandbox's record (SandboxRecord), outside the image
 *
 * Why an image and FUSE: without root there is no other hard cap a normal user can have on
 * Debian 12 and Ubuntu 24.04 (project quotas and loop devices need root; overlayfs and
 * tmpfs caps are in RAM or uncapped). fuse2fs runs as its own process: it outlives an app
 * crash, so nothing written is lost, and the next start finds the mount alive or remounts.
 *
 * There is no fallback where FUSE is unusable: files in RAM would be lost at quit and
 * compete with the user's session for memory, so local sandboxes are unavailable then and
 * health says how to fix it (SandboxVolume::unavailableReason()).
 *
 * Blocking: create() copies an empty image (mke2fs runs once per cap size, see create());
 * mount() runs fuse2fs (a few tens of ms).
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

    SandboxVolume(QString dir, qint64 capBytes);
    ~SandboxVolume();
    SandboxVolume(const SandboxVolume &) = delete;
    SandboxVolume &operator=(const SandboxVolume &) = delete;

    QString dir() const { return m_dir; }
    qint64 capBytes() const { return m_cap; }
    QString imagePath() const;
    QString mountPoint() const;
    //! Host paths of /workspace and /home/user while mounted.
    QString workspaceDir() const;
    QString homeDir() const;

    //! Makes the sparse image with its two directories. False + error when it cannot.
    bool create(QString *error);
    //! Mounts the image (checking it first when it was not cleanly unmounted); a mount left
    //! alive by an earlier app run is used as it is.
    bool mount(QString *error);
    //! Unmounts (fuse2fs writes everything out and exits). The files stay.
    void unmount();
    bool isMounted() const;
    //! Unmounts and deletes the directory with everything in it.
    void remove();

    Usage usage() const;
    //! Bytes the host's disk holds for this volume (the image's allocated blocks).
    qint64 hostBytes() const;

    //! "2 GiB", "64 MiB": sizes as the settings state them.
    static QString sizeText(qint64 bytes);
    //! Empty when FUSE volumes work here; otherwise why not and how to fix it.
    static QString unavailableReason();

private:
    //! A new sparse image at \a path of \a capBytes with the two directories, made by mke2fs.
    static bool makeImage(const QString &path, qint64 capBytes, QString *error);

    QString m_dir;
    qint64 m_cap;
    bool m_fresh = false; // made by create() and never mounted: nothing to check
};

} // namespace Hopx::Local

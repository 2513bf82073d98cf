// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

namespace Hopx::Local {

/*! \brief Copies a sparse file (a sandbox's disk image) at the host's speed, holes kept.
 *
 * A reflink (FICLONE) where the host's file system has them (btrfs, XFS): instant, and the
 * copy shares every block until one side writes. Elsewhere (ext4) only the allocated extents
 * are copied, found with SEEK_DATA/SEEK_HOLE, with copy_file_range (in the kernel, no pass
 * through user space) or read/write where that is refused. A 2 GiB image holding 200 MiB
 * costs 200 MiB of copying, an empty one a few hundred KiB.
 *
 * The copy is written beside \a to and renamed over it once complete, so a crash mid-copy
 * leaves either the old \a to or the new one, never half of it; Sync::Durable also puts it on
 * disk (fsync) before the rename. Blocking.
 */
class SparseCopy
{
public:
    enum class Sync { Durable, Lazy };
    //! False + the reason when it cannot; \a to is then as it was.
    static bool copy(const QString &from, const QString &to, Sync sync, QString *error);
};

} // namespace Hopx::Local

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QString>

#include <memory>

namespace Hopx::Local {

class SandboxVolume;

/*! \brief A file_upload written by the app itself into the sandbox's disk (see VolumePath):
 *  the bytes go to a hidden file next to the target, which commit() renames into place.
 *
 * A copy that fails (the sandbox's disk is full) or is cancelled leaves the file that was
 * there before, or nothing, and frees what it wrote. The result is what the agent's @write
 * would leave: parents made as needed, a new file with the mode asked for, a file that was
 * there keeping its mode.
 */
class VolumeTarget
{
public:
    //! Null when the path must be written through the agent (VolumePath).
    static std::unique_ptr<VolumeTarget> create(
        const SandboxVolume &volume, const QString &path, quint32 mode);
    ~VolumeTarget();
    VolumeTarget(const VolumeTarget &) = delete;
    VolumeTarget &operator=(const VolumeTarget &) = delete;

    int fd() const { return m_fd; }
    //! Renames the written file into place; 0 or an errno.
    int commit();
    /*! Removes what uploads cut short by a crash left in \a volume's incoming directory (at
     *  start-up, before the sandbox runs again); true when there was something. */
    static bool clearIncoming(const SandboxVolume &volume);

private:
    VolumeTarget() = default;

    int m_dirFd = -1;
    int m_tempDirFd = -1; // the disk's incoming directory, where the bytes land first
    int m_fd = -1;
    QByteArray m_name;
    QByteArray m_tempName;
    bool m_committed = false;
};

} // namespace Hopx::Local

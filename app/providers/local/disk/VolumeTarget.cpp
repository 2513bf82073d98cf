// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/disk/VolumeTarget.h"

#include "providers/local/disk/SandboxVolume.h"
#include "providers/local/disk/VolumePath.h"

#include "core/base/HostPath.h"

#include <QDir>
#include <QFile>

#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace Hopx::Local {

namespace {

// Beside workspace/ and home/ at the disk's root, where the sandbox never sees it: a file
// being uploaded lands here and is renamed into place once whole, so that an upload cut
// short by a crash leaves nothing among the sandbox's files (the next start empties it).
QString incomingDir(const SandboxVolume &volume)
{
    return volume.mountPoint() + QStringLiteral("/.incoming");
}

} // namespace

std::unique_ptr<VolumeTarget> VolumeTarget::create(
    const SandboxVolume &volume, const QString &path, quint32 mode)
{
    std::unique_ptr<VolumeTarget> target(new VolumeTarget);
    target->m_dirFd = VolumePath::openParent(volume, path, &target->m_name);
    if (target->m_dirFd < 0)
        return nullptr;
    struct stat st;
    if (::fstatat(target->m_dirFd, target->m_name.constData(), &st, AT_SYMLINK_NOFOLLOW) == 0) {
        // A link, directory or device there means what the sandbox makes of it: the agent's.
        // So does a file the sandbox made read-only: its @write is refused there.
        if (!S_ISREG(st.st_mode) || !(st.st_mode & S_IWUSR))
            return nullptr;
        mode = st.st_mode & 07777;
    } else if (errno != ENOENT) {
        return nullptr;
    }
    const QByteArray incoming = QFile::encodeName(incomingDir(volume));
    if (::mkdir(incoming.constData(), 0700) != 0 && errno != EEXIST)
        return nullptr;
    target->m_tempDirFd =
        ::open(incoming.constData(), O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (target->m_tempDirFd < 0)
        return nullptr;
    target->m_fd = Core::HostPath::createTemporary(
        target->m_tempDirFd, target->m_name, mode, &target->m_tempName);
    // The app's umask must not change the mode asked for (the agent's fchmod does the same).
    if (target->m_fd < 0 || ::fchmod(target->m_fd, mode_t(mode)) != 0)
        return nullptr;
    return target;
}

VolumeTarget::~VolumeTarget()
{
    if (m_fd >= 0)
        ::close(m_fd);
    if (!m_committed && !m_tempName.isEmpty())
        ::unlinkat(m_tempDirFd, m_tempName.constData(), 0);
    if (m_tempDirFd >= 0)
        ::close(m_tempDirFd);
    if (m_dirFd >= 0)
        ::close(m_dirFd);
}

int VolumeTarget::commit()
{
    // No fsync: the sandbox's disk promises what the agent's writes get, not durability.
    if (::close(m_fd) != 0) {
        m_fd = -1;
        return errno;
    }
    m_fd = -1;
    if (::renameat(m_tempDirFd, m_tempName.constData(), m_dirFd, m_name.constData()) != 0)
        return errno;
    m_committed = true;
    return 0;
}

bool VolumeTarget::clearIncoming(const SandboxVolume &volume)
{
    const QString dir = incomingDir(volume);
    // Hidden names too: the temporary files are ".NAME.hopx-part-…".
    if (QDir(dir).isEmpty(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot))
        return false;
    SandboxVolume::deleteTree(dir);
    return true;
}

} // namespace Hopx::Local

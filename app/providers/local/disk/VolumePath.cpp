// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/disk/VolumePath.h"

#include "providers/local/disk/SandboxVolume.h"

#include "core/base/HostPath.h"

#include <QDir>
#include <QFile>

#include <cerrno>
#include <fcntl.h>
#include <linux/openat2.h>
#include <sys/stat.h>
#include <unistd.h>

namespace Hopx::Local {

namespace {

constexpr quint64 kResolve = RESOLVE_NO_SYMLINKS | RESOLVE_NO_XDEV;

} // namespace

int VolumePath::openTop(const SandboxVolume &volume, const QString &path, QByteArray *rest)
{
    const QString clean = QDir::cleanPath(path);
    QString dir;
    for (const auto &[prefix, hostDir] :
        {std::pair {QStringLiteral("/workspace/"), volume.workspaceDir()},
            std::pair {QStringLiteral("/home/user/"), volume.homeDir()}}) {
        if (clean.startsWith(prefix)) {
            dir = hostDir;
            *rest = QFile::encodeName(clean.mid(prefix.size()));
        }
    }
    if (dir.isEmpty() || rest->isEmpty())
        return -1;
    return ::open(
        QFile::encodeName(dir).constData(), O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
}

int VolumePath::openFile(const SandboxVolume &volume, const QString &path)
{
    QByteArray rest;
    const int dirFd = openTop(volume, path, &rest);
    if (dirFd < 0)
        return -1;
    // O_NONBLOCK: a FIFO cannot hang the open; the checks below then refuse it.
    const int fd = Core::HostPath::openBeneath(dirFd, rest, O_RDONLY | O_NONBLOCK, 0, kResolve);
    ::close(dirFd);
    struct stat st;
    if (fd >= 0 && (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))) {
        ::close(fd);
        return -1;
    }
    if (fd >= 0)
        ::fcntl(fd, F_SETFL, 0);
    return fd;
}

int VolumePath::openParent(const SandboxVolume &volume, const QString &path, QByteArray *name)
{
    QByteArray rest;
    int dirFd = openTop(volume, path, &rest);
    if (dirFd < 0)
        return -1;
    QByteArrayList parts = rest.split('/');
    *name = parts.takeLast();
    // One component at a time, each beneath the last: mkdirat() never follows a link, and
    // the open after it refuses one that appeared in between.
    for (const QByteArray &part : parts) {
        int next = Core::HostPath::openBeneath(dirFd, part, O_PATH | O_DIRECTORY, 0, kResolve);
        if (next < 0 && errno == ENOENT
            && (::mkdirat(dirFd, part.constData(), 0755) == 0 || errno == EEXIST))
            next = Core::HostPath::openBeneath(dirFd, part, O_PATH | O_DIRECTORY, 0, kResolve);
        ::close(dirFd);
        if (next < 0)
            return -1;
        dirFd = next;
    }
    return dirFd;
}

} // namespace Hopx::Local

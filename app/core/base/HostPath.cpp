// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/base/HostPath.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QRandomGenerator>

#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <linux/openat2.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace Hopx::Core {

namespace {

//! ".NAME.hopx-part-RANDOM": hidden, and says whose it is.
QByteArray partName(const QByteArray &name)
{
    return '.' + name + ".hopx-part-"
        + QByteArray::number(QRandomGenerator::global()->generate(), 16);
}

// Debian 12's glibc has no openat2() wrapper.
int openBeneath(int dirFd, const QByteArray &relative, quint64 flags, quint64 mode = 0)
{
    return HostPath::openBeneath(dirFd, relative, flags, mode);
}

QJsonObject pathDetails(const QString &path)
{
    return {{QStringLiteral("host_path"), path}};
}

//! The part of \a path below \a root ("." for the root itself).
QByteArray relativeTo(const QString &root, const QString &path)
{
    const QString rest = path.mid(root.size());
    const QString trimmed = rest.startsWith(QLatin1Char('/')) ? rest.mid(1) : rest;
    return trimmed.isEmpty() ? QByteArrayLiteral(".") : QFile::encodeName(trimmed);
}

bool isUnder(const QString &root, const QString &path)
{
    if (root == QLatin1String("/"))
        return false; // the whole machine is no root a tool may use
    return path == root || path.startsWith(root + QLatin1Char('/'));
}

int openRoot(const QString &root)
{
    return ::open(QFile::encodeName(root).constData(), O_PATH | O_DIRECTORY | O_CLOEXEC);
}

} // namespace

Error HostPath::errorFor(int code, const QString &path)
{
    switch (code) {
    case EXDEV:
    case ELOOP:
        return Error::make(Error::Code::InvalidArgument,
            QStringLiteral("%1 leads out of its root through a symlink; only files beneath the "
                           "client's roots or a folder approved in HOPX Desktop can be used.")
                .arg(path),
            pathDetails(path), QStringLiteral("Path leaves the root"));
    case ENOENT:
        return Error::make(Error::Code::NotFound,
            QStringLiteral("No such file or directory on the host: %1").arg(path),
            pathDetails(path), QStringLiteral("File not found"));
    case EACCES:
    case EPERM:
    case EROFS:
        return Error::make(Error::Code::InvalidArgument,
            QStringLiteral("Permission denied on the host: %1").arg(path), pathDetails(path),
            QStringLiteral("Permission denied"));
    case EEXIST:
        return Error::make(Error::Code::InvalidArgument,
            QStringLiteral("%1 already exists on the host; nothing was changed. Pass overwrite: "
                           "true to replace it, or choose another name.")
                .arg(path),
            pathDetails(path), QStringLiteral("File exists"));
    case EISDIR:
        return Error::make(Error::Code::InvalidArgument,
            QStringLiteral("%1 is a directory on the host; name a file.").arg(path),
            pathDetails(path), QStringLiteral("Is a directory"));
    case ENOTDIR:
        return Error::make(Error::Code::InvalidArgument,
            QStringLiteral("A part of %1 is not a directory on the host.").arg(path),
            pathDetails(path), QStringLiteral("Not a directory"));
    case EINVAL:
        return Error::make(Error::Code::InvalidArgument,
            QStringLiteral("%1 is not a regular file on the host.").arg(path), pathDetails(path),
            QStringLiteral("Not a regular file"));
    case ENOSPC:
    case EDQUOT:
    case EFBIG:
        return Error::make(Error::Code::LimitExceeded,
            QStringLiteral("The host disk is full writing %1; nothing was changed.").arg(path),
            pathDetails(path), QStringLiteral("No space left"));
    default:
        return Error::make(Error::Code::Internal,
            QStringLiteral("%1: %2").arg(path, qt_error_string(code)), pathDetails(path));
    }
}

int HostPath::openBeneath(
    int dirFd, const QByteArray &relative, quint64 flags, quint64 mode, quint64 resolve)
{
    struct open_how how = {};
    // openat2 refuses flags that do not apply (EINVAL), such as O_NOCTTY with O_PATH.
    how.flags = flags | O_CLOEXEC | ((flags & O_PATH) ? 0 : O_NOCTTY);
    how.mode = mode;
    how.resolve = RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS | resolve;
    int fd;
    do {
        fd = int(::syscall(SYS_openat2, dirFd, relative.constData(), &how, sizeof(how)));
    } while (fd < 0 && errno == EINTR);
    return fd;
}

int HostPath::createTemporary(int dirFd, const QByteArray &name, quint32 mode, QByteArray *tempName)
{
    for (int attempt = 0; attempt < 16; ++attempt) {
        const QByteArray candidate = partName(name);
        const int fd = ::openat(dirFd, candidate.constData(),
            O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY, mode_t(mode));
        if (fd >= 0) {
            *tempName = candidate;
            return fd;
        }
        if (errno != EEXIST)
            return -1;
    }
    errno = EEXIST;
    return -1;
}

Result<QString> HostPath::rootFor(const QStringList &roots, const QString &path)
{
    const QJsonObject details {{QStringLiteral("host_path"), path},
        {QStringLiteral("roots"), QJsonArray::fromStringList(roots)}};
    if (!path.startsWith(QLatin1Char('/')))
        return Error::make(Error::Code::InvalidArgument,
            QStringLiteral("host_path must be absolute, e.g. a file in one of the client's "
                           "roots."),
            details, QStringLiteral("Relative host path"));
    for (const QString &part : path.split(QLatin1Char('/'), Qt::SkipEmptyParts)) {
        if (part == QLatin1String("..") || part == QLatin1String("."))
            return Error::make(Error::Code::InvalidArgument,
                QStringLiteral("host_path may not contain \".\" or \"..\" components: %1")
                    .arg(path),
                details, QStringLiteral("Path leaves the root"));
    }
    const QString clean = QDir::cleanPath(path);
    QString best;
    for (const QString &root : roots) {
        for (const QString &form : {QDir::cleanPath(root), QFileInfo(root).canonicalFilePath()}) {
            if (!form.isEmpty() && isUnder(form, clean) && form.size() > best.size())
                best = form;
        }
    }
    if (best.isEmpty())
        return Error::make(Error::Code::InvalidArgument,
            roots.isEmpty()
                ? QStringLiteral("%1 is not in a folder HOPX Desktop may use: this client "
                                 "declared no roots and the user approved no folder (Settings, "
                                 "Files).")
                      .arg(path)
                : QStringLiteral("%1 is not beneath the client's roots or a folder approved in "
                                 "HOPX Desktop (%2).")
                      .arg(path, roots.join(QLatin1String(", "))),
            details, QStringLiteral("Outside the roots"));
    return best;
}

Result<std::unique_ptr<QFile>> HostPath::openForReading(const QString &root, const QString &path)
{
    const int rootFd = openRoot(root);
    if (rootFd < 0)
        return errorFor(errno, root);
    // O_NONBLOCK: a FIFO planted under the root cannot hang the app in open().
    const int fd =
        openBeneath(rootFd, relativeTo(root, QDir::cleanPath(path)), O_RDONLY | O_NONBLOCK);
    const int openError = errno;
    ::close(rootFd);
    if (fd < 0)
        return errorFor(openError, path);
    struct stat st;
    const int statError = ::fstat(fd, &st) != 0 ? errno
        : S_ISDIR(st.st_mode)                   ? EISDIR
        : S_ISREG(st.st_mode)                   ? 0
                                                : EINVAL;
    if (statError) {
        ::close(fd);
        return errorFor(statError, path);
    }
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    auto file = std::make_unique<QFile>();
    if (!file->open(
            fd, QIODevice::ReadOnly | QIODevice::Unbuffered, QFileDevice::AutoCloseHandle)) {
        ::close(fd);
        return errorFor(EIO, path);
    }
    return file;
}

Result<Unit> HostTarget::check(const QString &root, const QString &path, bool overwrite)
{
    const Result<std::unique_ptr<HostTarget>> prepared = prepare(root, path, overwrite);
    if (!prepared)
        return prepared.error();
    return Unit {};
}

Result<std::unique_ptr<HostTarget>> HostTarget::create(
    const QString &root, const QString &path, bool overwrite)
{
    Result<std::unique_ptr<HostTarget>> prepared = prepare(root, path, overwrite);
    if (!prepared)
        return prepared;
    std::unique_ptr<HostTarget> target = std::move(prepared.value());
    // Unnamed first: nothing to clean up in the user's folder if the app dies mid-copy. Its
    // commit links it through /proc/self/fd, which an unprivileged linkat may follow.
    int fd = -1;
    if (::access("/proc/self/fd", X_OK) == 0)
        fd = ::openat(target->m_dirFd, ".", O_TMPFILE | O_WRONLY | O_CLOEXEC, 0644);
    if (fd < 0)
        fd = HostPath::createTemporary(target->m_dirFd, target->m_name, 0644, &target->m_tempName);
    if (fd < 0)
        return HostPath::errorFor(errno, path);
    if (!target->m_file.open(
            fd, QIODevice::WriteOnly | QIODevice::Unbuffered, QFileDevice::AutoCloseHandle)) {
        ::close(fd);
        return HostPath::errorFor(EIO, path);
    }
    return target;
}

Result<std::unique_ptr<HostTarget>> HostTarget::prepare(
    const QString &root, const QString &path, bool overwrite)
{
    const QString clean = QDir::cleanPath(path);
    const qsizetype slash = clean.lastIndexOf(QLatin1Char('/'));
    const QString dir = clean.left(slash);
    if (clean.size() <= root.size())
        return HostPath::errorFor(EISDIR, path);
    const int rootFd = openRoot(root);
    if (rootFd < 0)
        return HostPath::errorFor(errno, root);
    const int dirFd = openBeneath(
        rootFd, relativeTo(root, dir.size() < root.size() ? root : dir), O_PATH | O_DIRECTORY);
    const int dirError = errno;
    ::close(rootFd);
    if (dirFd < 0)
        return HostPath::errorFor(dirError, dir);
    std::unique_ptr<HostTarget> target(new HostTarget);
    target->m_dirFd = dirFd;
    target->m_path = clean;
    target->m_name = QFile::encodeName(clean.mid(slash + 1));
    target->m_overwrite = overwrite;
    struct stat st;
    if (::fstatat(dirFd, target->m_name.constData(), &st, AT_SYMLINK_NOFOLLOW) == 0) {
        if (S_ISDIR(st.st_mode))
            return HostPath::errorFor(EISDIR, path);
        if (!overwrite)
            return HostPath::errorFor(EEXIST, path);
    }
    return target;
}

HostTarget::~HostTarget()
{
    discard();
    if (m_dirFd >= 0)
        ::close(m_dirFd);
}

void HostTarget::discard()
{
    m_file.close();
    if (!m_committed && !m_tempName.isEmpty())
        ::unlinkat(m_dirFd, m_tempName.constData(), 0);
    m_tempName.clear();
}

Result<Unit> HostTarget::commit()
{
    if (::fsync(m_file.handle()) != 0 && errno != EINVAL)
        return HostPath::errorFor(errno, m_path);
    if (m_tempName.isEmpty()) {
        const int linked = linkUnnamed();
        const int error = errno;
        m_file.close();
        if (linked != 0)
            return HostPath::errorFor(error, m_path);
        m_committed = true;
        return Unit {};
    }
    m_file.close();
    int r = ::renameat2(m_dirFd, m_tempName.constData(), m_dirFd, m_name.constData(),
        m_overwrite ? 0 : RENAME_NOREPLACE);
    if (r != 0 && errno == EINVAL && !m_overwrite) {
        // File systems without RENAME_NOREPLACE: a hard link fails on an existing name too.
        r = ::linkat(m_dirFd, m_tempName.constData(), m_dirFd, m_name.constData(), 0);
        if (r == 0)
            ::unlinkat(m_dirFd, m_tempName.constData(), 0);
    }
    if (r != 0)
        return HostPath::errorFor(errno, m_path);
    m_committed = true;
    return Unit {};
}

int HostTarget::linkUnnamed()
{
    const QByteArray self = "/proc/self/fd/" + QByteArray::number(m_file.handle());
    if (!m_overwrite)
        return ::linkat(AT_FDCWD, self.constData(), m_dirFd, m_name.constData(), AT_SYMLINK_FOLLOW);
    // link(2) never replaces a name: a hidden one first, renamed over the old file at once.
    for (int attempt = 0; attempt < 16; ++attempt) {
        const QByteArray temp = partName(m_name);
        if (::linkat(AT_FDCWD, self.constData(), m_dirFd, temp.constData(), AT_SYMLINK_FOLLOW)
            != 0) {
            if (errno == EEXIST)
                continue;
            return -1;
        }
        if (::renameat(m_dirFd, temp.constData(), m_dirFd, m_name.constData()) != 0) {
            const int error = errno;
            ::unlinkat(m_dirFd, temp.constData(), 0);
            errno = error;
            return -1;
        }
        return 0;
    }
    errno = EEXIST;
    return -1;
}

} // namespace Hopx::Core

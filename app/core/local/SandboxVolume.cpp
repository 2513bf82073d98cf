// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "SandboxVolume.h"

#include "HostTool.h"
#include "LocalLogging.h"
#include "SparseCopy.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <unistd.h>
#include <utility>

namespace Hopx::Local {

namespace {

constexpr long kFuseMagic = 0x65735546;
constexpr qint64 kFullBelow = 1 << 20; // less than this free: a write of any size fails soon

QString fusermount()
{
    const QString three = HostTool::find(QStringLiteral("fusermount3"));
    return three.isEmpty() ? HostTool::find(QStringLiteral("fusermount")) : three;
}

} // namespace

bool SandboxVolume::Usage::isFull() const
{
    return outOfInodes || (freeBytes >= 0 && freeBytes < kFullBelow);
}

SandboxVolume::SandboxVolume(QString dir, qint64 capBytes)
    : m_dir(std::move(dir))
    , m_cap(capBytes)
{ }

SandboxVolume::~SandboxVolume() = default;

QString SandboxVolume::imagePath() const
{
    return m_dir + QStringLiteral("/disk.img");
}

QString SandboxVolume::mountPoint() const
{
    return m_dir + QStringLiteral("/mnt");
}

QString SandboxVolume::workspaceDir() const
{
    return mountPoint() + QStringLiteral("/workspace");
}

QString SandboxVolume::homeDir() const
{
    return mountPoint() + QStringLiteral("/home");
}

QString SandboxVolume::sizeText(qint64 bytes)
{
    constexpr qint64 mib = qint64(1) << 20, gib = qint64(1) << 30;
    if (bytes >= gib && bytes % gib == 0)
        return QStringLiteral("%1 GiB").arg(bytes / gib);
    if (bytes >= gib)
        return QStringLiteral("%1 GiB").arg(double(bytes) / gib, 0, 'f', 1);
    return QStringLiteral("%1 MiB").arg((bytes + mib / 2) / mib);
}

QString SandboxVolume::unavailableReason()
{
    const QString mke2fs = HostTool::find(QStringLiteral("mke2fs"));
    const QString fuse2fs = HostTool::find(QStringLiteral("fuse2fs"));
    if (mke2fs.isEmpty() || fuse2fs.isEmpty() || fusermount().isEmpty())
        return QStringLiteral(
            "fuse2fs, mke2fs or fusermount is missing (Debian/Ubuntu: sudo apt install fuse2fs "
            "fuse3 e2fsprogs)");
    const int fd = ::open("/dev/fuse", O_RDWR | O_CLOEXEC);
    if (fd < 0)
        return QStringLiteral("/dev/fuse cannot be opened by this user (%1); desktop systems "
                              "have it as mode 0666 (sudo chmod 666 /dev/fuse, or load the fuse "
                              "module: sudo modprobe fuse)")
            .arg(qt_error_string(errno));
    ::close(fd);
    return {};
}

bool SandboxVolume::makeImage(const QString &path, qint64 capBytes, QString *error)
{
    const QFileInfo target(path);
    const QString dir = target.absolutePath();
    const QString seed = dir + QStringLiteral("/.seed-") + target.fileName();
    auto fail = [&](const QString &why) {
        QDir(seed).removeRecursively();
        QFile::remove(path);
        if (error)
            *error = why;
        return false;
    };
    QFile image(path);
    // Sparse: the host's disk holds only what the sandbox writes.
    if (!image.open(QIODevice::WriteOnly | QIODevice::Truncate) || !image.resize(capBytes))
        return fail(QStringLiteral("cannot create %1: %2").arg(path, image.errorString()));
    image.close();
    QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    // The two directories go in at mkfs time (-d), owned by this user like the image.
    QDir(seed).removeRecursively();
    if (!QDir().mkpath(seed))
        return fail(QStringLiteral("cannot create %1").arg(seed));
    for (const char *sub : {"/workspace", "/home"})
        if (::mkdir(QFile::encodeName(seed + QLatin1String(sub)).constData(), 0700) != 0)
            return fail(QStringLiteral("cannot create %1").arg(seed));
    // No journal (fuse2fs does not replay one) and no reserved blocks (the cap is the cap).
    // 4 KiB blocks keep small files small, and the image mountable by the kernel too.
    const HostTool::Outcome made = HostTool::run(HostTool::find(QStringLiteral("mke2fs")),
        {QStringLiteral("-q"), QStringLiteral("-F"), QStringLiteral("-t"), QStringLiteral("ext4"),
            QStringLiteral("-b"), QStringLiteral("4096"), QStringLiteral("-m"), QStringLiteral("0"),
            QStringLiteral("-O"), QStringLiteral("^has_journal,^resize_inode"),
            QStringLiteral("-E"),
            QStringLiteral("root_owner=%1:%2,lazy_itable_init=1,nodiscard")
                .arg(::getuid())
                .arg(::getgid()),
            QStringLiteral("-d"), seed, target.fileName()},
        dir);
    if (!made.ok())
        return fail(QStringLiteral("mke2fs failed: %1").arg(made.said));
    QDir(seed).removeRecursively();
    return true;
}

bool SandboxVolume::create(QString *error)
{
    auto fail = [&](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    if (!QDir().mkpath(m_dir))
        return fail(QStringLiteral("cannot create %1").arg(m_dir));
    QFile::setPermissions(
        m_dir, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    // mke2fs once per cap size and user, then a copy of its few allocated blocks per sandbox:
    // a create costs well under a millisecond of copying instead of a process that formats.
    // The empty image sits beside the sandboxes' directories, made under a temporary name and
    // renamed, so a crash never leaves a half-formatted one to be copied.
    const QString base = QFileInfo(m_dir).absolutePath();
    const QString empty = base + QStringLiteral("/.empty-%1-%2.img").arg(m_cap).arg(::getuid());
    if (!QFileInfo(empty).isFile()) {
        const QString making =
            empty + QStringLiteral(".%1").arg(QCoreApplication::applicationPid());
        if (!makeImage(making, m_cap, error))
            return false;
        if (::rename(QFile::encodeName(making).constData(), QFile::encodeName(empty).constData())
            != 0) {
            QFile::remove(making);
            return fail(QStringLiteral("cannot create %1").arg(empty));
        }
    }
    QString why;
    if (!SparseCopy::copy(empty, imagePath(), SparseCopy::Sync::Lazy, &why))
        return fail(why);
    m_fresh = true;
    return true;
}

bool SandboxVolume::isMounted() const
{
    struct statfs st;
    return ::statfs(QFile::encodeName(mountPoint()).constData(), &st) == 0
        && st.f_type == kFuseMagic;
}

bool SandboxVolume::mount(QString *error)
{
    auto fail = [&](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    if (isMounted())
        return true; // fuse2fs of an earlier run, alive: nothing was lost
    const QByteArray mnt = QFile::encodeName(mountPoint());
    struct stat st;
    if (::stat(mnt.constData(), &st) != 0 && errno == ENOTCONN) {
        // fuse2fs died (a crash, a reboot's leftovers): clear its dead mount first.
        HostTool::run(fusermount(),
            {QStringLiteral("-u"), QStringLiteral("-z"), QStringLiteral("mnt")}, m_dir);
    }
    if (!QFileInfo(imagePath()).isFile())
        return fail(QStringLiteral("%1 is missing").arg(imagePath()));
    QDir().mkpath(mountPoint());
    // Preen before mounting: quick when the image was unmounted cleanly, a repair after a
    // crash of fuse2fs or of the machine. 1 = errors corrected. A disk mke2fs just made has
    // nothing to check: one process less on every create_sandbox.
    const HostTool::Outcome checked = std::exchange(m_fresh, false)
        ? HostTool::Outcome {0, {}}
        : HostTool::run(HostTool::find(QStringLiteral("e2fsck")),
            {QStringLiteral("-p"), QStringLiteral("disk.img")}, m_dir, 120000);
    if (checked.exitCode != 0 && checked.exitCode != 1)
        return fail(
            QStringLiteral("the sandbox's disk image needs repair (e2fsck: %1)")
                .arg(checked.said.isEmpty() ? QString::number(checked.exitCode) : checked.said));
    // A relative image path: it is what the sandbox's /proc/self/mountinfo shows as the
    // source, and the host path would name the user.
    // Permissions are checked by the kernel (default_permissions), as on any disk, and not by
    // fuse2fs (fakeroot turns its own check off): for a user who is not root, fuse2fs refused
    // to write through the descriptor that open(O_CREAT, 0444) returns, which POSIX allows and
    // git's objects and Go's module cache rely on; for root it allowed everything, even
    // writing a file that is read-only.
    const HostTool::Outcome mounted = HostTool::run(HostTool::find(QStringLiteral("fuse2fs")),
        {QStringLiteral("disk.img"), QStringLiteral("mnt"), QStringLiteral("-o"),
            QStringLiteral("big_writes,max_write=131072,fakeroot,default_permissions")},
        m_dir);
    if (!mounted.ok() || !isMounted())
        return fail(
            QStringLiteral("fuse2fs could not mount the sandbox's disk: %1")
                .arg(mounted.said.isEmpty() ? QStringLiteral("exit code %1").arg(mounted.exitCode)
                                            : mounted.said));
    return true;
}

void SandboxVolume::unmount()
{
    struct stat st;
    const bool dead =
        ::stat(QFile::encodeName(mountPoint()).constData(), &st) != 0 && errno == ENOTCONN;
    if (!isMounted() && !dead)
        return;
    const QString tool = fusermount();
    if (HostTool::run(tool, {QStringLiteral("-u"), QStringLiteral("mnt")}, m_dir).ok())
        return;
    // Busy on the host (a file manager looking in): detach now, fuse2fs ends when it is free.
    const HostTool::Outcome lazy = HostTool::run(
        tool, {QStringLiteral("-u"), QStringLiteral("-z"), QStringLiteral("mnt")}, m_dir);
    if (!lazy.ok())
        qCWarning(lcLocal).noquote() << "could not unmount" << mountPoint() << ":" << lazy.said;
}

void SandboxVolume::remove()
{
    unmount();
    if (isMounted()) {
        qCWarning(lcLocal).noquote() << "not deleting" << m_dir << ": still mounted";
        return;
    }
    QDir(m_dir).removeRecursively();
}

SandboxVolume::Usage SandboxVolume::usage() const
{
    Usage u;
    u.capBytes = m_cap;
    if (!isMounted())
        return u;
    struct statvfs st;
    if (::statvfs(QFile::encodeName(mountPoint()).constData(), &st) != 0)
        return u;
    // fuse2fs reports blocks BSD-style: metadata is not counted as used.
    const qint64 unit = qint64(st.f_frsize ? st.f_frsize : st.f_bsize);
    u.usedBytes = qint64(st.f_blocks - st.f_bfree) * unit;
    u.freeBytes = qint64(st.f_bavail) * unit;
    u.outOfInodes = st.f_files > 0 && st.f_favail == 0;
    return u;
}

qint64 SandboxVolume::hostBytes() const
{
    struct stat st;
    if (::stat(QFile::encodeName(imagePath()).constData(), &st) != 0)
        return 0;
    return qint64(st.st_blocks) * 512;
}

} // namespace Hopx::Local

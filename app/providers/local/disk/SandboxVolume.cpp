// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/disk/SandboxVolume.h"

#include "providers/local/LocalLogging.h"
#include "providers/local/LocalReason.h"
#include "providers/local/boot/HostTool.h"
#include "providers/local/boot/SandboxHost.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <fcntl.h>
#include <ftw.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <unistd.h>
#include <utility>

namespace Hopx::Local {

namespace {

constexpr long kFuseMagic = 0x65735546;
constexpr qint64 kFullBelow = 1 << 20; // less than this free: a write of any size fails soon
constexpr qint64 kInodeCharge = 4096; // what hopx-capfs counts per file on top of its blocks

QString fusermount()
{
    const QString three = HostTool::find(QStringLiteral("fusermount3"));
    return three.isEmpty() ? HostTool::find(QStringLiteral("fusermount")) : three;
}

QString capfs()
{
    return SandboxHost::findHelper(QStringLiteral("hopx-capfs"));
}

bool statfsOf(const QString &path, struct statfs *st)
{
    return ::statfs(QFile::encodeName(path).constData(), st) == 0;
}

// What hopx-capfs's start-up walk counts for a tree that is not mounted.
thread_local qint64 t_walked = 0;
int addInode(const char *, const struct stat *st, int, struct FTW *)
{
    t_walked += qint64(st->st_blocks) * 512 + kInodeCharge;
    return 0;
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

QString SandboxVolume::backingDir() const
{
    return m_dir + QStringLiteral("/disk");
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

QString SandboxVolume::stateDir() const
{
    return mountPoint() + QStringLiteral("/state");
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

Core::Wording SandboxVolume::unavailableReason()
{
    if (capfs().isEmpty())
        return localReason(QT_TRANSLATE_NOOP("Hopx::Core::SandboxProvider",
            "hopx-capfs is missing beside the app (reinstall HOPX Desktop)"));
    if (fusermount().isEmpty())
        return localReason(QT_TRANSLATE_NOOP("Hopx::Core::SandboxProvider",
            "fusermount3 is missing (Debian/Ubuntu: sudo apt install fuse3)"));
    // fusermount3 (libfuse 3.14 and its latest release) finds the mount in /etc/mtab before it
    // unmounts anything for a user who is not root, and fails without it ("failed to open
    // /etc/mtab"), even with -z. No other way lets a normal user unmount what it mounted: every
    // deleted sandbox's disk would stay mounted, its daemon running. Containers and debootstrap
    // roots lack the link that systemd and util-linux make on an installed system.
    if (::getuid() != 0 && ::access("/etc/mtab", R_OK) != 0)
        return localReason(QT_TRANSLATE_NOOP("Hopx::Core::SandboxProvider",
            "/etc/mtab is missing, and without it fusermount3 cannot unmount "
            "a sandbox's disk (create the usual link: sudo ln -s "
            "../proc/self/mounts /etc/mtab)"));
    const int fd = ::open("/dev/fuse", O_RDWR | O_CLOEXEC);
    if (fd < 0)
        return localReason(QT_TRANSLATE_NOOP("Hopx::Core::SandboxProvider",
                               "/dev/fuse cannot be opened by this user (%1); desktop systems "
                               "have it as mode 0666 (sudo chmod 666 /dev/fuse, or load the fuse "
                               "module: sudo modprobe fuse)"),
            {qt_error_string(errno)});
    ::close(fd);
    return {};
}

Core::Result<Core::Unit> SandboxVolume::create()
{
    for (const QString &path :
        QStringList {m_dir, backingDir(), backingDir() + QStringLiteral("/workspace"),
            backingDir() + QStringLiteral("/home"), mountPoint()}) {
        if (::mkdir(QFile::encodeName(path).constData(), 0700) != 0 && errno != EEXIST)
            return Core::Error::make(Core::Error::Code::Internal,
                QStringLiteral("cannot create %1: %2").arg(path, qt_error_string(errno)));
    }
    return Core::Unit {};
}

bool SandboxVolume::isMounted() const
{
    // statfs, not stat: a stat may be answered from the kernel's attribute cache for a while
    // after the daemon died.
    struct statfs st;
    return statfsOf(mountPoint(), &st) && st.f_type == kFuseMagic;
}

bool SandboxVolume::isDeadMount() const
{
    struct statfs st;
    return !statfsOf(mountPoint(), &st) && errno == ENOTCONN;
}

QString SandboxVolume::earlierImagePath() const
{
    return m_dir + QStringLiteral("/disk.img");
}

void SandboxVolume::clearDeadMount() const
{
    if (isDeadMount())
        HostTool::run(fusermount(),
            {QStringLiteral("-u"), QStringLiteral("-z"), QStringLiteral("mnt")}, m_dir);
}

Core::Result<Core::Unit> SandboxVolume::migrateImage()
{
    const QString fuse2fs = HostTool::find(QStringLiteral("fuse2fs"));
    if (fuse2fs.isEmpty())
        return localError(
            QT_TRANSLATE_NOOP("Hopx::Core::SandboxProvider",
                "this sandbox's files are in the disk image of an earlier version (%1); "
                "install fuse2fs once so they can be moved (Debian/Ubuntu: sudo apt "
                "install fuse2fs)"),
            {earlierImagePath()});
    QDir().mkpath(mountPoint());
    HostTool::run(HostTool::find(QStringLiteral("e2fsck")),
        {QStringLiteral("-p"), QStringLiteral("disk.img")}, m_dir, 120000);
    const HostTool::Outcome mounted = HostTool::run(fuse2fs,
        {QStringLiteral("disk.img"), QStringLiteral("mnt"), QStringLiteral("-o"),
            QStringLiteral("ro,fakeroot")},
        m_dir);
    if (!mounted.ok() || !isMounted())
        return localError(QT_TRANSLATE_NOOP("Hopx::Core::SandboxProvider",
                              "fuse2fs could not mount the earlier disk image: %1"),
            {mounted.said});
    // Into a new directory, renamed when complete: a crash halfway leaves the image as it was.
    QDir(m_dir + QStringLiteral("/disk.moving")).removeRecursively();
    const HostTool::Outcome copied = HostTool::run(QStringLiteral("/bin/sh"),
        {QStringLiteral("-c"),
            QStringLiteral("set -e; mkdir -m 0700 disk.moving; cp -a mnt/. disk.moving/; "
                           "rm -rf disk.moving/lost+found; sync -f disk.moving"),
            QStringLiteral("sh")},
        m_dir, 600000);
    HostTool::run(fusermount(), {QStringLiteral("-u"), QStringLiteral("mnt")}, m_dir);
    if (!copied.ok()
        || ::rename(QFile::encodeName(m_dir + QStringLiteral("/disk.moving")),
               QFile::encodeName(backingDir()))
            != 0) {
        QDir(m_dir + QStringLiteral("/disk.moving")).removeRecursively();
        return localError(QT_TRANSLATE_NOOP("Hopx::Core::SandboxProvider",
                              "moving the files out of the earlier disk image failed: %1"),
            {copied.said});
    }
    // The image goes only once the rename is on the disk too: a power cut in between leaves
    // both, and the next start uses disk/.
    HostTool::run(
        QStringLiteral("/bin/sync"), {QStringLiteral("-f"), QStringLiteral("disk")}, m_dir, 120000);
    QFile::remove(earlierImagePath());
    qCInfo(lcLocal).noquote() << "moved" << m_dir << "from its disk image to hopx-capfs";
    return Core::Unit {};
}

Core::Result<Core::Unit> SandboxVolume::mount()
{
    if (isMounted())
        return Core::Unit {}; // hopx-capfs of an earlier run, alive: nothing was lost
    clearDeadMount();
    if (!QFileInfo(backingDir()).isDir() && QFileInfo::exists(earlierImagePath())) {
        if (auto migrated = migrateImage(); !migrated)
            return migrated;
    }
    if (!QFileInfo(backingDir()).isDir())
        return localError(
            QT_TRANSLATE_NOOP("Hopx::Core::SandboxProvider", "%1 is missing"), {backingDir()});
    QDir().mkpath(mountPoint());
    // Relative paths: the sandbox's /proc/self/mountinfo shows the source, and the host path
    // would name the user. hopx-capfs returns once the mount works and stays as a daemon.
    const HostTool::Outcome mounted = HostTool::run(capfs(),
        {QStringLiteral("disk"), QStringLiteral("mnt"), QStringLiteral("-o"),
            QStringLiteral("cap=%1,hide=%2").arg(m_cap).arg(QLatin1String(kHiddenDir))},
        m_dir, 120000);
    if (!mounted.ok() || !isMounted())
        return localError(QT_TRANSLATE_NOOP("Hopx::Core::SandboxProvider",
                              "hopx-capfs could not mount the sandbox's disk: %1"),
            {mounted.said.isEmpty()
                    ? localReason(QT_TRANSLATE_NOOP("Hopx::Core::SandboxProvider", "exit code %1"),
                        {QString::number(mounted.exitCode)})
                    : Core::Wording(mounted.said)});
    return Core::Unit {};
}

Core::Result<Core::Unit> SandboxVolume::unmount()
{
    const auto gone = [this] { return !isMounted() && !isDeadMount(); };
    if (gone())
        return Core::Unit {};
    const QString tool = fusermount();
    if (HostTool::run(tool, {QStringLiteral("-u"), QStringLiteral("mnt")}, m_dir).ok() && gone())
        return Core::Unit {};
    // Busy on the host (a file manager looking in): detach now, hopx-capfs ends when it is
    // free.
    const HostTool::Outcome lazy = HostTool::run(
        tool, {QStringLiteral("-u"), QStringLiteral("-z"), QStringLiteral("mnt")}, m_dir);
    if (gone())
        return Core::Unit {};
    QString why = lazy.said.isEmpty()
        ? QStringLiteral("%1 -u -z exited with code %2").arg(tool).arg(lazy.exitCode)
        : lazy.said;
    if (::getuid() != 0 && ::access("/etc/mtab", R_OK) != 0)
        why += QStringLiteral(" (fusermount3 needs /etc/mtab: sudo ln -s ../proc/self/mounts "
                              "/etc/mtab)");
    qCWarning(lcLocal).noquote() << "could not unmount" << mountPoint() << ":" << why;
    return Core::Error::make(Core::Error::Code::Internal, why);
}

bool SandboxVolume::release()
{
    if (unmount())
        return true;
    qCWarning(lcLocal).noquote() << "not deleting" << m_dir << ": still mounted";
    return false;
}

void SandboxVolume::remove()
{
    if (release())
        deleteTree(m_dir);
}

void SandboxVolume::deleteTree(const QString &dir)
{
    // The sandbox may have left directories without write permission for their owner.
    // chmod -R does not follow the links it meets, so none can point it at the user's files.
    HostTool::run(QStringLiteral("/bin/chmod"),
        {QStringLiteral("-R"), QStringLiteral("u+rwx"), QStringLiteral("--"), QStringLiteral(".")},
        dir, 120000);
    QDir(dir).removeRecursively();
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
    // hopx-capfs reports the cap as the size and its accounting as used and free.
    const qint64 unit = qint64(st.f_frsize ? st.f_frsize : st.f_bsize);
    u.usedBytes = qint64(st.f_blocks - st.f_bfree) * unit;
    u.freeBytes = qint64(st.f_bavail) * unit;
    u.outOfInodes = st.f_files > 0 && st.f_favail == 0;
    return u;
}

qint64 SandboxVolume::hostBytes() const
{
    const Usage u = usage();
    if (u.usedBytes >= 0)
        return u.usedBytes;
    struct stat st;
    if (::stat(QFile::encodeName(earlierImagePath()).constData(), &st) == 0)
        return qint64(st.st_blocks) * 512; // an earlier version's image, not moved yet
    t_walked = 0;
    ::nftw(QFile::encodeName(backingDir()).constData(), addInode, 32, FTW_PHYS | FTW_MOUNT);
    return t_walked;
}

} // namespace Hopx::Local

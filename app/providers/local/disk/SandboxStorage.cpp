// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/disk/SandboxStorage.h"

#include "core/base/MainThreadCall.h"
#include "core/base/ThreadHandoff.h"
#include "providers/local/LocalLogging.h"
#include "providers/local/LocalReason.h"
#include "providers/local/SandboxRecord.h"
#include "providers/local/boot/XdgBaseDir.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QThread>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

namespace Hopx::Local {

namespace {

// Room the host keeps on top of every volume being full: the app, logs, other programs.
constexpr qint64 kHostMargin = qint64(512) << 20;
// Hidden, so that nothing that lists sandboxes (storedIds, usedBytes, the sweep of orphans)
// takes a directory on its way out for a sandbox.
constexpr char kDeletingPrefix[] = ".deleting-";
// Isolated runs of a burst come closer than this; deleting waits for the gap after the last.
constexpr int kBurstGapMs = 150;
// More waiting than this go at once: a burst must not hold the disk space of every run.
constexpr int kMaxWaiting = 16;

QString size(qint64 bytes)
{
    return SandboxVolume::sizeText(bytes);
}

bool privateDir(const QString &path)
{
    const QByteArray p = QFile::encodeName(path);
    if (::mkdir(p.constData(), 0700) != 0 && errno != EEXIST)
        return false;
    struct stat st;
    return ::lstat(p.constData(), &st) == 0 && S_ISDIR(st.st_mode) && st.st_uid == ::geteuid()
        && ::chmod(p.constData(), 0700) == 0;
}

} // namespace

SandboxStorage::SandboxStorage(QString base)
    : m_base(std::move(base))
{
    m_reaper.setMaxThreadCount(1);
    m_burstEnd.setSingleShot(true);
    m_burstEnd.setInterval(kBurstGapMs);
    QObject::connect(&m_burstEnd, &QTimer::timeout, &m_burstEnd, [this]() { deleteWaiting(); });
}

SandboxStorage::~SandboxStorage()
{
    deleteWaiting();
    m_stopping = true;
    Core::ThreadHandoff::waitForDone(m_reaper);
}

void SandboxStorage::onLeftMounted(
    QObject *context, std::function<void(const QString &, const Core::Wording &)> report)
{
    m_reportContext = context;
    m_report = std::move(report);
}

QString SandboxStorage::defaultBase()
{
    return xdgBaseDir("XDG_STATE_HOME", QStringLiteral(".local/state"))
        + QStringLiteral("/hopx-desktop/sandboxes");
}

Core::Result<Core::Unit> SandboxStorage::prepare()
{
    QDir().mkpath(QFileInfo(QFileInfo(m_base).absolutePath()).absolutePath());
    if (!privateDir(QFileInfo(m_base).absolutePath()) || !privateDir(m_base))
        return localError(QT_TRANSLATE_NOOP("Hopx::Core::SandboxProvider",
                              "Local sandboxes need a private directory for their files: cannot "
                              "create %1."),
            {m_base});
    // Deletions an earlier run did not finish (it quit or crashed on the way).
    const QStringList left = QDir(m_base).entryList(
        {QLatin1String(kDeletingPrefix) + QLatin1Char('*')}, QDir::Dirs | QDir::Hidden);
    for (const QString &name : left)
        deleteInBackground(m_base + QLatin1Char('/') + name);
    // No fallback to files in RAM: they would be lost at quit and could take the memory the
    // user's session needs. A clear "how to fix it" instead.
    if (const Core::Wording why = unusableReason(); !why.isEmpty())
        return Core::Error::make(Core::Error::Code::Internal, why);
    return Core::Unit {};
}

Core::Wording SandboxStorage::unusableReason()
{
    const Core::Wording why = SandboxVolume::unavailableReason();
    if (why.isEmpty())
        return {};
    return localReason(QT_TRANSLATE_NOOP("Hopx::Core::SandboxProvider",
                           "Local sandboxes keep their files on a size-capped disk mounted with "
                           "FUSE, and FUSE is unusable here: %1."),
        {why});
}

QString SandboxStorage::dirFor(const QString &id) const
{
    return m_base + QLatin1Char('/') + id;
}

QStringList SandboxStorage::storedIds() const
{
    QStringList ids;
    for (const QString &name : QDir(m_base).entryList(QDir::Dirs | QDir::NoDotAndDotDot))
        if (QFileInfo::exists(
                dirFor(name) + QLatin1Char('/') + QLatin1String(SandboxRecord::kFileName)))
            ids << name;
    return ids;
}

bool SandboxStorage::isLeftover(const QString &name) const
{
    // net: an allowlist sandbox's egress socket; disk.img and disk.moving: the first builds'
    // disk and its move (SandboxVolume).
    static const QStringList ours {QStringLiteral("disk"), QStringLiteral("mnt"),
        QStringLiteral("net"), QStringLiteral("disk.img"), QStringLiteral("disk.moving")};
    const QStringList entries =
        QDir(dirFor(name)).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot);
    return std::all_of(entries.cbegin(), entries.cend(),
        [](const QString &entry) { return ours.contains(entry); });
}

qint64 SandboxStorage::usedBytes(const QString &exceptId) const
{
    qint64 total = 0;
    for (const QString &name : QDir(m_base).entryList(QDir::Dirs | QDir::NoDotAndDotDot))
        if (name != exceptId)
            total += SandboxVolume(dirFor(name), 0).hostBytes();
    return total;
}

Core::Result<std::unique_ptr<SandboxVolume>> SandboxStorage::newVolume(
    const QString &id, qint64 capBytes, qint64 totalCapBytes)
{
    auto fail = [](const QString &why) {
        return Core::Error::make(Core::Error::Code::Internal, why);
    };
    // What the disks hold on the host, not their caps: idle sandboxes cost almost nothing, so
    // hundreds fit, while the cap of each stays the hard limit the file system enforces.
    const qint64 used = usedBytes(id);
    if (totalCapBytes > 0 && used + capBytes > totalCapBytes)
        return fail(QStringLiteral("Local sandboxes may use %1 of disk in total and the existing "
                                   "ones use %2, so a new one that may grow to %3 does not fit: "
                                   "delete sandboxes (or their checkpoints), or raise the total "
                                   "in Settings → Local.")
                        .arg(size(totalCapBytes), size(used), size(capBytes)));
    // The new sandbox may fill its cap at once, and the host keeps a margin on top. The others'
    // room to grow is not reserved: a host that fills up anyway gives their writes ENOSPC, and
    // nothing written is lost (README, troubleshooting).
    struct statvfs st;
    if (::statvfs(QFile::encodeName(m_base).constData(), &st) == 0) {
        const qint64 free = qint64(st.f_bavail) * qint64(st.f_frsize);
        if (free < capBytes + kHostMargin)
            return fail(QStringLiteral("The disk holding %1 has %2 free, but a new sandbox may "
                                       "grow to %3 and %4 must stay free for the system: free "
                                       "disk space, delete sandboxes, or lower the cap per "
                                       "sandbox in Settings → Local.")
                            .arg(m_base, size(free), size(capBytes), size(kHostMargin)));
    }
    auto volume = std::make_unique<SandboxVolume>(dirFor(id), capBytes);
    auto made = volume->create();
    if (made)
        made = volume->mount();
    if (!made) {
        volume->remove();
        return fail(
            QStringLiteral("Could not make the sandbox's disk: %1").arg(made.error().message));
    }
    return volume;
}

Core::Result<std::unique_ptr<SandboxVolume>> SandboxStorage::existingVolume(
    const SandboxRecord &record)
{
    auto volume = std::make_unique<SandboxVolume>(dirFor(record.id), record.capBytes);
    if (auto mounted = volume->mount(); !mounted)
        return mounted.error();
    return volume;
}

void SandboxStorage::remove(SandboxVolume *volume)
{
    if (!volume)
        return;
    // The first try here (a few ms); when it fails, the reaper's retries below.
    volume->unmount();
    const QString dir = volume->dir();
    const QString hidden = hiddenPlaceFor(dir);
    // A directory holding a mount point may move (only the mount point itself may not).
    if (::rename(QFile::encodeName(dir).constData(), QFile::encodeName(hidden).constData()) != 0) {
        // Cannot move: deleted where it is, its record first, so that it never comes back.
        QFile::remove(dir + QLatin1Char('/') + QLatin1String(SandboxRecord::kFileName));
        deleteInBackground(dir);
        return;
    }
    deleteInBackground(hidden);
}

void SandboxStorage::removeInBackground(std::unique_ptr<SandboxVolume> volume)
{
    if (!volume)
        return;
    // The mount moves with its directory (fusermount finds it under the new name), so the
    // sandbox's place is free at once and the unmount waits on the deleting thread.
    const QString dir = volume->dir();
    const QString hidden = hiddenPlaceFor(dir);
    if (::rename(QFile::encodeName(dir).constData(), QFile::encodeName(hidden).constData()) != 0) {
        remove(volume.get());
        return;
    }
    m_steps.load()->reached(QStringLiteral("delete"), QStringLiteral("moved"), hidden);
    m_waiting.append(hidden);
    if (m_waiting.size() >= kMaxWaiting)
        deleteWaiting();
    else
        m_burstEnd.start();
}

void SandboxStorage::deleteWaiting()
{
    m_burstEnd.stop();
    for (const QString &dir : std::exchange(m_waiting, {}))
        deleteInBackground(dir);
}

QString SandboxStorage::hiddenPlaceFor(const QString &dir) const
{
    const QString name = QFileInfo(dir).fileName();
    QString hidden = m_base + QLatin1Char('/') + QLatin1String(kDeletingPrefix) + name;
    for (int n = 1; QFileInfo::exists(hidden); ++n)
        hidden = m_base + QLatin1Char('/') + QLatin1String(kDeletingPrefix) + name
            + QLatin1Char('.') + QString::number(n);
    return hidden;
}

void SandboxStorage::deleteInBackground(const QString &dir)
{
    // Made here, on the main thread, where a disk left mounted is reported.
    auto *back = new Core::MainThreadCall(m_reportContext);
    Core::ThreadHandoff::start(m_reaper, [this, dir, back] {
        if (!unmountForDeletion(dir, back))
            return; // it posted the report
        back->post({});
        m_steps.load()->reached(QStringLiteral("delete"), QStringLiteral("unmounted"), dir);
        SandboxVolume::deleteTree(dir);
        m_steps.load()->reached(QStringLiteral("delete"), QStringLiteral("deleted"), dir);
    });
}

bool SandboxStorage::unmountForDeletion(const QString &dir, Core::MainThreadCall *back)
{
    SandboxVolume volume(dir, 0);
    QString why;
    // What makes an unmount fail may pass (fusermount3 racing another mount, a slow daemon);
    // what does not (no /etc/mtab) is reported after these few seconds.
    for (const int waitMs : {0, 250, 1000, 3000}) {
        for (QDeadlineTimer wait(waitMs); !wait.hasExpired() && !m_stopping;)
            QThread::msleep(50);
        if (m_stopping && waitMs > 0) {
            back->post({});
            return false; // quitting: the next start tries again
        }
        const auto unmounted = volume.unmount();
        if (unmounted)
            return true;
        why = unmounted.error().message;
    }
    // Never through a mount: a removal would reach into the files through the daemon and
    // still leave the mount and the daemon behind.
    QString id = QFileInfo(dir).fileName();
    if (id.startsWith(QLatin1String(kDeletingPrefix)))
        id = id.mid(int(qstrlen(kDeletingPrefix))).section(QLatin1Char('.'), 0, 0);
    const Core::Wording message = localReason(
        QT_TRANSLATE_NOOP("Hopx::Core::SandboxProvider",
            "The disk of deleted sandbox %1 is still mounted at %2: %3. Its files stay until it "
            "is unmounted; the app tries again at its next start."),
        {id, volume.mountPoint(), why});
    qCWarning(lcLocal).noquote() << message.english();
    if (m_report)
        back->post([report = m_report, id, message] { report(id, message); });
    else
        back->post({});
    return false;
}

} // namespace Hopx::Local

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/branches/CheckpointJournal.h"

#include "providers/local/boot/HostTool.h"
#include "providers/local/branches/CheckpointFiles.h"
#include "providers/local/disk/SandboxVolume.h"
#include "providers/local/disk/SharedFiles.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

namespace Hopx::Local {

namespace {

constexpr const char *kMarker = ".restoring";

// Beside the disk, not in it: the checkpoints' directory is hidden from the mount, and a
// file written behind hopx-capfs's back would escape its count.
QString markerPath(const SandboxVolume &volume)
{
    return volume.dir() + QStringLiteral("/restoring");
}

// Where an earlier version wrote it (read once after an upgrade).
QString earlierMarkerPath(const SandboxVolume &volume)
{
    return volume.backingDir() + QLatin1Char('/') + QLatin1String(CheckpointJournal::kDir)
        + QLatin1Char('/') + QLatin1String(kMarker);
}

QString forkMarkerPath(const SandboxVolume &volume)
{
    return volume.mountPoint() + QStringLiteral("/.forking");
}

//! \a content in a temporary, synced and renamed to \a path: whole or absent.
Core::Result<Core::Unit> writeMarker(const QString &path, const QByteArray &content)
{
    QSaveFile marker(path);
    marker.setDirectWriteFallback(false);
    if (!marker.open(QIODevice::WriteOnly | QIODevice::Unbuffered)
        || marker.write(content) != content.size() || !marker.commit())
        return Core::Error::make(Core::Error::Code::Internal,
            QStringLiteral("Could not write %1: %2").arg(path, marker.errorString()));
    return Core::Unit {};
}

} // namespace

Core::Result<Core::Unit> CheckpointJournal::markRestore(
    const SandboxVolume &volume, const QString &checkpointId)
{
    return writeMarker(markerPath(volume), checkpointId.toUtf8());
}

Core::Result<Core::Unit> CheckpointJournal::markFork(const SandboxVolume &child)
{
    return writeMarker(forkMarkerPath(child), QByteArrayLiteral("fork"));
}

void CheckpointJournal::clearFork(const SandboxVolume &child)
{
    QFile::remove(forkMarkerPath(child));
}

bool CheckpointJournal::isUnfinishedFork(const SandboxVolume &volume)
{
    return QFile::exists(forkMarkerPath(volume));
}

void CheckpointJournal::clearRestore(const SandboxVolume &volume)
{
    QFile::remove(markerPath(volume));
    QFile::remove(earlierMarkerPath(volume));
}

QStringList CheckpointJournal::finishAtStart(const SandboxVolume &volume,
    const QStringList &knownIds, const QStringList &withVariables, const QString &stateInHome,
    const std::function<void(const QString &)> &step)
{
    QStringList done;
    const QString dir = volume.backingDir() + QLatin1Char('/') + QLatin1String(kDir);
    for (const QString &path : {markerPath(volume), earlierMarkerPath(volume)}) {
        QFile marker(path);
        if (!marker.open(QIODevice::ReadOnly))
            continue;
        const QString id = QString::fromUtf8(marker.readAll()).trimmed();
        marker.close();
        if (knownIds.contains(id)) {
            // A copy that fails again keeps the marker: the next start tries once more.
            if (const auto o =
                    CheckpointFiles::restore(volume.mountPoint(), volume.backingDir(), id);
                !o) {
                done << QStringLiteral("the restore of %1 cut short could not be finished: %2")
                            .arg(id, o.error().message);
                return done;
            }
            done << QStringLiteral("finished the restore of %1 cut short").arg(id);
            step(QStringLiteral("restore-finished"));
        }
        marker.remove();
        step(QStringLiteral("restore-unmarked"));
    }
    const bool shared = SharedFiles::supported(volume.mountPoint());
    for (const QString &name :
        QDir(dir).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot))
        if (!knownIds.contains(name)) {
            // Through the daemon, which gives back what the files counted.
            if (!shared
                || !SharedFiles::remove(
                    volume.mountPoint(), QLatin1String(kDir) + QLatin1Char('/') + name)) {
                SandboxVolume::deleteTree(dir + QLatin1Char('/') + name);
                QFile::remove(dir + QLatin1Char('/') + name);
            }
            done << QStringLiteral("removed %1, which no checkpoint owns").arg(name);
            step(QStringLiteral("swept"));
        }
    // A fork's shared files, beside the disk, that the children had not taken yet.
    for (const QString &name : QDir(volume.dir())
                                   .entryList({QStringLiteral("forking-*")},
                                       QDir::Dirs | QDir::Hidden | QDir::NoDotAndDotDot)) {
        SandboxVolume::deleteTree(volume.dir() + QLatin1Char('/') + name);
        done << QStringLiteral("removed %1, left by a fork cut short").arg(name);
        step(QStringLiteral("swept"));
    }
    // Variables a checkpoint's writer had not finished (BackgroundStateWrites): that
    // checkpoint's record says it keeps its files only.
    const QString writes = volume.stateDir();
    for (const QString &name :
        QDir(writes).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot)) {
        SandboxVolume::deleteTree(writes + QLatin1Char('/') + name);
        QFile::remove(writes + QLatin1Char('/') + name);
        done << QStringLiteral("removed the variables of %1, still being written when the app "
                               "stopped")
                    .arg(name);
        step(QStringLiteral("swept"));
    }
    // Moved into a checkpoint, the app stopped before its record said so: a restore would
    // bring an unlisted file into the home directory.
    const QString cacheDir = QFileInfo(QStringLiteral("home") + stateInHome).path();
    for (const QString &id : knownIds)
        if (!withVariables.contains(id)
            && QFileInfo::exists(
                dir + QLatin1Char('/') + id + QStringLiteral("/home") + stateInHome)) {
            const QString rel = QLatin1String(kDir) + QLatin1Char('/') + id + QLatin1Char('/');
            if (!shared || !SharedFiles::remove(volume.mountPoint(), rel + cacheDir))
                QFile::remove(volume.mountPoint() + QLatin1Char('/') + rel + QStringLiteral("home")
                    + stateInHome);
            done << QStringLiteral("removed the variables of %1, which its record does not list")
                        .arg(id);
            step(QStringLiteral("swept"));
        }
    const QString live = volume.homeDir() + stateInHome;
    // And the file being written when the app died (kernel_state.py writes NAME.part first).
    bool removed = false;
    for (const QString &path : QStringList {live, live + QStringLiteral(".part")})
        if (QFile::remove(path)) {
            done << QStringLiteral("removed a variables' file left in the home directory");
            step(QStringLiteral("state-removed"));
            removed = true;
        }
    // With the directories the interpreter made for it (kernel_state.py removes them with
    // the file), when nothing else is in them.
    if (removed)
        for (QString d = QFileInfo(live).path(); d.startsWith(volume.homeDir() + QLatin1Char('/'));
             d = QFileInfo(d).path())
            if (!QDir().rmdir(d))
                break;
    return done;
}

} // namespace Hopx::Local

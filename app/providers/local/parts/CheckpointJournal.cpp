// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/parts/CheckpointJournal.h"

#include "providers/local/boot/HostTool.h"
#include "providers/local/disk/SandboxVolume.h"

#include <QDir>
#include <QFile>
#include <QSaveFile>

namespace Hopx::Local {

namespace {

constexpr const char *kMarker = ".restoring";
constexpr int kCopyTimeoutMs = 15 * 60 * 1000;

QString markerPath(const SandboxVolume &volume)
{
    return volume.mountPoint() + QLatin1Char('/') + QLatin1String(CheckpointJournal::kDir)
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

QString CheckpointJournal::restoreScript()
{
    // Directories the sandbox made read-only are opened first, or their files would stay.
    return QStringLiteral(
        "set -e; test -d \"$1/workspace\"; for d in workspace home; do "
        "find \"$d\" -mindepth 1 -type d -exec chmod u+rwx {} +; "
        "find \"$d\" -mindepth 1 -delete; cp -a --reflink=auto \"$1/$d/.\" \"$d/\"; done");
}

Core::Result<Core::Unit> CheckpointJournal::markRestore(
    const SandboxVolume &volume, const QString &checkpointId)
{
    QDir().mkpath(volume.mountPoint() + QLatin1Char('/') + QLatin1String(kDir));
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
}

QStringList CheckpointJournal::finishAtStart(const SandboxVolume &volume,
    const QStringList &knownIds, const QString &statePath,
    const std::function<void(const QString &)> &step)
{
    QStringList done;
    const QString dir = volume.mountPoint() + QLatin1Char('/') + QLatin1String(kDir);
    QFile marker(markerPath(volume));
    if (marker.open(QIODevice::ReadOnly)) {
        const QString id = QString::fromUtf8(marker.readAll()).trimmed();
        marker.close();
        if (knownIds.contains(id)) {
            const HostTool::Outcome o = HostTool::run(QStringLiteral("/bin/sh"),
                {QStringLiteral("-c"), restoreScript(), QStringLiteral("sh"),
                    QLatin1String(kDir) + QLatin1Char('/') + id},
                volume.mountPoint(), kCopyTimeoutMs);
            // A copy that fails again keeps the marker: the next start tries once more.
            if (!o.ok()) {
                done << QStringLiteral("the restore of %1 cut short could not be finished: %2")
                            .arg(id, o.said);
                return done;
            }
            done << QStringLiteral("finished the restore of %1 cut short").arg(id);
            step(QStringLiteral("restore-finished"));
        }
        marker.remove();
        step(QStringLiteral("restore-unmarked"));
    }
    for (const QString &name :
        QDir(dir).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot))
        if (!knownIds.contains(name)) {
            SandboxVolume::deleteTree(dir + QLatin1Char('/') + name);
            QFile::remove(dir + QLatin1Char('/') + name);
            done << QStringLiteral("removed %1, which no checkpoint owns").arg(name);
            step(QStringLiteral("swept"));
        }
    const QString live = volume.homeDir() + statePath.mid(QStringLiteral("/home/user").size());
    // And the file being written when the app died (kernel_state.py writes NAME.part first).
    for (const QString &path : QStringList {live, live + QStringLiteral(".part")})
        if (QFile::remove(path)) {
            done << QStringLiteral("removed a variables' file left in the home directory");
            step(QStringLiteral("state-removed"));
        }
    return done;
}

} // namespace Hopx::Local

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/branches/CheckpointFiles.h"

#include "providers/local/boot/HostTool.h"
#include "providers/local/branches/CheckpointJournal.h"
#include "providers/local/disk/SharedFiles.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <fcntl.h>
#include <unistd.h>

namespace Hopx::Local {

using Core::Error;
using Core::Result;
using Core::Unit;

namespace {

constexpr int kCopyTimeoutMs = 15 * 60 * 1000;
const QStringList kTops {QStringLiteral("workspace"), QStringLiteral("home")};

// The copies of a disk whose hopx-capfs does not share files. sync -f first: pages a program
// wrote through a shared mapping wait in the kernel's cache.
const QString kCopyScript = QStringLiteral(
    "set -e; sync -f .; mkdir -p \"$1\"; cp -a --reflink=auto workspace home \"$1/\"");
// Directories the sandbox made read-only are opened first, or their files would stay.
const QString kClearScript = QStringLiteral(
    "set -e; for d in workspace home; do find \"$d\" -mindepth 1 -type d -exec chmod u+rwx {} +; "
    "find \"$d\" -mindepth 1 -delete; done");
const QString kCopyBackScript =
    QStringLiteral("set -e; test -d \"$1/workspace\"; for d in workspace home; do "
                   "cp -a --reflink=auto \"$1/$d/.\" \"$d/\"; done");

Result<Unit> runScript(const QString &script, const QStringList &args, const QString &dir)
{
    const HostTool::Outcome o = HostTool::run(QStringLiteral("/bin/sh"),
        QStringList {QStringLiteral("-c"), script, QStringLiteral("sh")} + args, dir,
        kCopyTimeoutMs);
    if (o.ok())
        return Unit {};
    return Error::make(o.said.contains(QLatin1String("No space left")) ? Error::Code::LimitExceeded
                                                                       : Error::Code::Internal,
        o.said);
}

} // namespace

Result<Unit> CheckpointFiles::take(const QString &mountPoint, const QString &dir)
{
    if (!SharedFiles::supported(mountPoint)) {
        const Result<Unit> copied = runScript(kCopyScript, {dir}, mountPoint);
        if (!copied)
            HostTool::run(QStringLiteral("/bin/rm"), {QStringLiteral("-rf"), dir}, mountPoint);
        return copied;
    }
    // Pages a program wrote through a shared mapping: to the daemon first, so that what is
    // shared has them (a file mapped for writing is open for writing: copied, not shared).
    if (const int fd = ::open(QFile::encodeName(mountPoint).constData(), O_RDONLY | O_CLOEXEC);
        fd >= 0) {
        ::syncfs(fd);
        ::close(fd);
    }
    for (const QString &top : kTops)
        if (const auto cloned = SharedFiles::clone(mountPoint, top, dir + QLatin1Char('/') + top);
            !cloned) {
            SharedFiles::remove(mountPoint, dir);
            return cloned;
        }
    return Unit {};
}

Result<Unit> CheckpointFiles::restore(
    const QString &mountPoint, const QString &backingDir, const QString &id)
{
    const QString dir = QLatin1String(CheckpointJournal::kDir) + QLatin1Char('/') + id;
    // Checked before anything is deleted: a restore that cannot finish must not start.
    if (!QFileInfo(backingDir + QLatin1Char('/') + dir + QStringLiteral("/workspace")).isDir())
        return Error::make(
            Error::Code::NotFound, QStringLiteral("the checkpoint's files are missing"));
    if (!SharedFiles::supported(mountPoint)) {
        if (const auto cleared = runScript(kClearScript, {}, mountPoint); !cleared)
            return cleared;
        return runScript(kCopyBackScript, {dir}, mountPoint);
    }
    // One rename each: no moment where the files are a mix (SharedFiles::restore).
    for (const QString &top : kTops)
        if (const auto restored =
                SharedFiles::restore(mountPoint, dir + QLatin1Char('/') + top, top);
            !restored)
            return restored;
    return Unit {};
}

Result<Unit> CheckpointFiles::remove(const QString &mountPoint, const QString &dir)
{
    // Through the daemon (the mount hides the checkpoints); a disk of an earlier version shows
    // them, and rm works there.
    if (SharedFiles::supported(mountPoint))
        return SharedFiles::remove(mountPoint, dir);
    const HostTool::Outcome o = HostTool::run(
        QStringLiteral("/bin/rm"), {QStringLiteral("-rf"), dir}, mountPoint, kCopyTimeoutMs);
    if (!o.ok())
        return Error::make(Error::Code::Internal, o.said);
    return Unit {};
}

Result<Unit> CheckpointFiles::shareForForks(const QString &mountPoint, const QString &spare)
{
    if (!SharedFiles::supported(mountPoint))
        return Error::make(Error::Code::Unsupported, QString());
    for (const QString &top : kTops) {
        QDir().mkpath(spare + QLatin1Char('/') + top);
        if (const auto cloned = SharedFiles::clone(mountPoint, top, spare + QLatin1Char('/') + top);
            !cloned)
            return cloned;
    }
    return Unit {};
}

} // namespace Hopx::Local

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/ide/IdeConfigFile.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

namespace Hopx::Core {

QString IdeConfigFile::target(const QString &path)
{
    // Dotfile managers symlink configs: edit the file the link points to, keep the link.
    const QFileInfo link(path);
    return link.isSymLink() ? link.symLinkTarget() : link.absoluteFilePath();
}

Result<QByteArray> IdeConfigFile::read(const QString &target, bool *exists)
{
    const QFileInfo info(target);
    *exists = info.exists();
    if (!*exists)
        return QByteArray();
    if (!info.isFile())
        return Error::make(Error::Code::InvalidArgument,
            tr("%1 is not a regular file; HOPX Desktop left it alone.").arg(target));
    QFile in(target);
    if (!in.open(QIODevice::ReadOnly))
        return Error::make(
            Error::Code::Internal, tr("Cannot read %1: %2").arg(target, in.errorString()));
    return in.readAll();
}

Result<QString> IdeConfigFile::backup(const QString &target)
{
    const QString base = target + QStringLiteral(".hopx-backup-")
        + QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"));
    QString backup = base;
    for (int n = 2; QFileInfo::exists(backup); ++n)
        backup = base + QStringLiteral("-%1").arg(n);
    if (!QFile::copy(target, backup))
        return Error::make(Error::Code::Internal,
            tr("Could not write the backup %1, so %2 was not changed.").arg(backup, target));
    return backup;
}

Result<Unit> IdeConfigFile::write(const QString &target, const QByteArray &bytes)
{
    const QFileInfo info(target);
    const QFileDevice::Permissions permissions =
        info.exists() ? info.permissions() : QFileDevice::ReadOwner | QFileDevice::WriteOwner;
    if (!QDir().mkpath(info.absolutePath()))
        return Error::make(
            Error::Code::Internal, tr("Cannot create the folder %1.").arg(info.absolutePath()));
    QSaveFile out(target);
    if (!out.open(QIODevice::WriteOnly))
        return Error::make(
            Error::Code::Internal, tr("Cannot write %1: %2").arg(target, out.errorString()));
    out.write(bytes);
    if (!out.commit())
        return Error::make(
            Error::Code::Internal, tr("Cannot write %1: %2").arg(target, out.errorString()));
    QFile::setPermissions(target, permissions);
    return Unit {};
}

Result<QString> IdeConfigFile::replace(const QString &target, const QByteArray &bytes)
{
    QString backupPath;
    if (QFileInfo::exists(target)) {
        const auto saved = backup(target);
        if (!saved.ok())
            return saved.error();
        backupPath = saved.value();
    }
    const auto written = write(target, bytes);
    if (!written.ok())
        return written.error();
    return backupPath;
}

} // namespace Hopx::Core

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ipc/SocketPath.h"
#include "ipc/SocketPathCore.h"

#include <QDir>
#include <QFileInfo>

#ifdef Q_OS_UNIX
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace Hopx::Ipc {

QString SocketPath::serverName(const QString &override)
{
    return QString::fromStdString(socketPathFor(override.toStdString()));
}

QString SocketPath::prepareDirectory(const QString &serverName)
{
    if (!serverName.contains(QLatin1Char('/')))
        return {};
    if (serverName.toLocal8Bit().size() > kMaxPathBytes)
        return QStringLiteral("Socket path is too long (%1 bytes, at most %2): %3")
            .arg(serverName.toLocal8Bit().size())
            .arg(kMaxPathBytes)
            .arg(serverName);
    const QString dir = QFileInfo(serverName).absolutePath();
#ifdef Q_OS_UNIX
    const QByteArray native = QFile::encodeName(dir);
    if (::mkdir(native.constData(), 0700) != 0 && errno != EEXIST) {
        if (!QDir().mkpath(dir))
            return QStringLiteral("Cannot create the socket directory %1").arg(dir);
    }
    struct stat st
    {
    };
    if (::lstat(native.constData(), &st) != 0 || !S_ISDIR(st.st_mode))
        return QStringLiteral("The socket directory %1 is not a directory").arg(dir);
    // Under /tmp another user could pre-create our directory: refuse anything not ours.
    if (st.st_uid != ::getuid())
        return QStringLiteral("The socket directory %1 belongs to another user").arg(dir);
    if ((st.st_mode & 077) != 0 && ::chmod(native.constData(), 0700) != 0)
        return QStringLiteral("Cannot make the socket directory %1 private").arg(dir);
#else
    QDir().mkpath(dir);
#endif
    return {};
}

} // namespace Hopx::Ipc

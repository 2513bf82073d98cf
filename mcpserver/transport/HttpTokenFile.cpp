// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "transport/HttpTokenFile.h"

#include "json/RandomId.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

namespace Hopx::Mcp {

QByteArray HttpTokenFile::generateToken()
{
    return randomId(32).toLatin1();
}

QString HttpTokenFile::defaultPath()
{
    return QStandardPaths::writableLocation(QStandardPaths::RuntimeLocation)
        + QStringLiteral("/hopx-desktop/http-token");
}

QString HttpTokenFile::write(const QString &path, const QByteArray &token)
{
    const QString dir = QFileInfo(path).absolutePath();
    if (!QDir().mkpath(dir))
        return QStringLiteral("cannot create %1").arg(dir);
    QFile::setPermissions(
        dir, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    const QString temp = path + QStringLiteral(".new");
    QFile::remove(temp);
    QFile file(temp);
    // Created with 0600 from the start (Qt 6.3+ open() with permissions): no readable window.
    if (!file.open(QIODevice::WriteOnly | QIODevice::NewOnly,
            QFileDevice::ReadOwner | QFileDevice::WriteOwner))
        return QStringLiteral("cannot create %1: %2").arg(temp, file.errorString());
    if (file.write(token + '\n') != token.size() + 1 || !file.flush()) {
        file.remove();
        return QStringLiteral("cannot write %1").arg(temp);
    }
    file.close();
    QFile::remove(path);
    if (!QFile::rename(temp, path)) {
        QFile::remove(temp);
        return QStringLiteral("cannot move the token file into place at %1").arg(path);
    }
    return {};
}

void HttpTokenFile::removeIfOurs(const QString &path, const QByteArray &token)
{
    QFile file(path);
    if (file.open(QIODevice::ReadOnly) && file.readAll().trimmed() == token) {
        file.close();
        file.remove();
    }
}

} // namespace Hopx::Mcp

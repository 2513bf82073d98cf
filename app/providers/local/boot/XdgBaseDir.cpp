// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/boot/XdgBaseDir.h"

#include <QDir>

namespace Hopx::Local {

QString xdgBaseDir(const char *variable, const QString &homeFallback)
{
    const QString dir = qEnvironmentVariable(variable);
    if (!dir.isEmpty() && QDir::isAbsolutePath(dir))
        return dir;
    return QDir::homePath() + QLatin1Char('/') + homeFallback;
}

} // namespace Hopx::Local

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

namespace Hopx::Local {

/*! The XDG base directory that environment variable `variable` (e.g. "XDG_STATE_HOME") names,
 *  or `$HOME/<homeFallback>` when it is unset or relative: the Base Directory specification
 *  says a relative path there is invalid and to be ignored. QStandardPaths would accept it,
 *  and put sandbox disks and the package cache below whatever the current directory is. */
QString xdgBaseDir(const char *variable, const QString &homeFallback);

} // namespace Hopx::Local

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"

#include <QCoreApplication>
#include <QFileDevice>
#include <QString>

namespace Hopx::Core {

/*! \brief Reading, backing up and rewriting an IDE's config file the same way for every format:
 *  a symlink's target is what is edited, the old bytes are copied aside first, the new ones go
 *  through QSaveFile, and the file keeps its permissions (a new one is the user's alone: these
 *  files may hold API keys). */
class IdeConfigFile
{
    Q_DECLARE_TR_FUNCTIONS(Hopx::Core::IdeConfigFile)
public:
    //! `path`, or the file a symlink at `path` points to.
    static QString target(const QString &path);
    //! The file's bytes; an empty array for a file that does not exist (`*exists` false).
    static Result<QByteArray> read(const QString &target, bool *exists);
    //! Copies `target` to `<target>.hopx-backup-<time>` (never over an older backup).
    static Result<QString> backup(const QString &target);
    //! Writes `bytes` to `target`, creating its folder; keeps the permissions it had.
    static Result<Unit> write(const QString &target, const QByteArray &bytes);
    //! backup() when the file exists, then write(): the backup's path (empty for a new file).
    static Result<QString> replace(const QString &target, const QByteArray &bytes);
};

} // namespace Hopx::Core

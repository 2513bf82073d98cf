// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/settings/PackageCacheFolder.h"

#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

namespace Hopx::Core {

PackageCacheFolder::Contents PackageCacheFolder::contents() const
{
    Contents out;
    if (m_root.isEmpty())
        return out;
    QDirIterator blobs(
        m_root + QStringLiteral("/blobs"), QDir::Files, QDirIterator::Subdirectories);
    while (blobs.hasNext()) {
        blobs.next();
        ++out.files;
        out.bytes += blobs.fileInfo().size();
    }
    QDirIterator pages(
        m_root + QStringLiteral("/pages"), QDir::Files, QDirIterator::Subdirectories);
    while (pages.hasNext()) {
        pages.next();
        ++out.pages;
        out.bytes += pages.fileInfo().size();
    }
    return out;
}

Result<Unit> PackageCacheFolder::clear() const
{
    // Files only, folders stay: the store expects its layout, and tmp/ holds downloads in use.
    QStringList failed;
    for (const char *sub : {"/blobs", "/pages"}) {
        QDirIterator it(
            m_root + QLatin1String(sub), QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            if (!QFile::remove(path))
                failed << path;
        }
    }
    if (!failed.isEmpty())
        // Shown on the Packages page only: in the user's language.
        return Error::make(Error::Code::Internal,
            tr("%n file(s) of the package cache, e.g. %1; check the folder's permissions.", nullptr,
                int(failed.size()))
                .arg(failed.first()));
    return Unit {};
}

} // namespace Hopx::Core

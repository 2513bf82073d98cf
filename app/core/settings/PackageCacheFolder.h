// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"

#include <QCoreApplication>
#include <QString>

namespace Hopx::Core {

/*! \brief The sandboxes' shared package cache as the Settings page sees it: what it holds, and
 *  emptying it. The local provider's PackageStore owns the layout (blobs/ verified files,
 *  pages/ index pages kept for offline use, tmp/ downloads in flight). */
class PackageCacheFolder
{
    Q_DECLARE_TR_FUNCTIONS(Hopx::Core::PackageCacheFolder)
public:
    explicit PackageCacheFolder(const QString &root)
        : m_root(root)
    { }

    struct Contents
    {
        int files = 0; // packages and other downloaded files
        qint64 bytes = 0;
        int pages = 0; // index pages kept for offline use
    };
    QString root() const { return m_root; }
    Contents contents() const;
    /*! Deletes the kept files and pages; downloads in flight (tmp/) finish as usual. A sandbox
     *  that uses a deleted file keeps it open; the next install fetches it again. */
    Result<Unit> clear() const;

private:
    QString m_root;
};

} // namespace Hopx::Core

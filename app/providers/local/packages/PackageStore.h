// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"

#include <QByteArray>
#include <QCryptographicHash>
#include <QString>

#include <memory>
#include <optional>

class QTemporaryFile;

namespace Hopx::Local {

/*! \brief The package cache on disk: verified artifacts by content address, index pages by URL.
 *
 * An artifact lives at blobs/<algorithm>/<hex digest> and is only ever put there by commit(),
 * which hashes what was written and renames it in place when, and only when, the digest is
 * the one the index published: whoever downloaded it, the file under a name is the file
 * that name stands for, so no sandbox can hand another a different one. Temporary files sit
 * in tmp/ on the same file system (the rename is atomic). The blobs are kept under a size
 * cap, least recently used first out (use() refreshes a file's time).
 *
 * Index pages are kept as fetched under pages/, only to answer when the index is unreachable.
 */
class PackageStore final
{
public:
    PackageStore(const QString &root, qint64 capBytes);
    ~PackageStore();

    //! $XDG_CACHE_HOME/hopx-desktop/packages (~/.cache/hopx-desktop/packages).
    static QString defaultRoot();
    //! Creates the folders (0700); an error names the path.
    Core::Result<Core::Unit> prepare();
    QString root() const { return m_root; }
    qint64 capBytes() const { return m_capBytes; }
    void setCapBytes(qint64 bytes) { m_capBytes = bytes; }

    //! "sha256-<hex>", "sha512-<hex>" or "sha1-<hex>" with the right length.
    static bool isKey(const QString &key);
    static QCryptographicHash::Algorithm algorithm(const QString &key);
    QString blobPath(const QString &key) const;
    //! Whether \a key is stored; if so, marks it used now.
    bool use(const QString &key);

    //! A new temporary file in tmp/, open for writing, or why it cannot be.
    Core::Result<std::unique_ptr<QTemporaryFile>> newTemp() const;
    /*! Stores \a file (written with digest \a digest) as \a key: refused unless the digest
     *  matches the key. Evicts old blobs to stay under the cap. */
    Core::Result<Core::Unit> commit(
        QTemporaryFile *file, const QString &key, const QByteArray &digest);
    //! A message for a failed write into the cache (says so when its disk is full).
    QString writeError(const QString &detail) const;

    void savePage(const QString &url, const QByteArray &body);
    //! The page kept for \a url if it is younger than \a maxAgeSeconds.
    std::optional<QByteArray> page(const QString &url, qint64 maxAgeSeconds) const;

private:
    QString pagePath(const QString &url) const;
    void evict();

    QString m_root;
    qint64 m_capBytes;
};

} // namespace Hopx::Local

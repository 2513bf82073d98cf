// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <QUrl>

#include <optional>

namespace Hopx::Local {

/*! \brief Index pages as the package cache serves them: every file link points at the cache.
 *
 * A PyPI simple page (PEP 503 HTML) keeps the links that publish a sha256 (the cache cannot
 * verify the others, so it does not offer them) and drops PEP 658 metadata attributes, so
 * pip fetches the whole, verified file. An npm packument keeps the versions whose dist has
 * an sha512 integrity or an sha1 shasum. Each kept file is reported as (key, upstream URL).
 */
class PackageIndexRewrite final
{
public:
    struct Link
    {
        QString key; // PackageStore key: "sha256-<hex>", ...
        QUrl upstream;
    };

    //! \a filesBase: where the cache serves files, e.g. "/hopx-cache/pypi/files/".
    static QByteArray pypiPage(
        const QByteArray &html, const QUrl &pageUrl, const QString &filesBase, QList<Link> *links);
    //! \a tarballBase: e.g. "http://127.0.0.1:3128/hopx-cache/npm/-/"; nullopt: not JSON.
    static std::optional<QByteArray> npmPackument(const QByteArray &json, const QUrl &pageUrl,
        const QString &tarballBase, QList<Link> *links);
    //! A file name that is safe in a URL path and on disk; empty when it is not one.
    static QString safeFileName(const QString &name);
};

} // namespace Hopx::Local

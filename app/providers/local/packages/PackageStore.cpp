// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/packages/PackageStore.h"

#include "providers/local/boot/XdgBaseDir.h"
#include "providers/local/packages/PackageLogging.h"

#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStorageInfo>
#include <QTemporaryFile>

#include <algorithm>

namespace Hopx::Local {

namespace {

Core::Error failure(const QString &message)
{
    return Core::Error::make(Core::Error::Code::Internal, message);
}

constexpr QFileDevice::Permissions kOwnerOnly =
    QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner;

} // namespace

PackageStore::PackageStore(const QString &root, qint64 capBytes)
    : m_root(root)
    , m_capBytes(capBytes)
{ }

PackageStore::~PackageStore() = default;

QString PackageStore::defaultRoot()
{
    return xdgBaseDir("XDG_CACHE_HOME", QStringLiteral(".cache"))
        + QStringLiteral("/hopx-desktop/packages");
}

Core::Result<Core::Unit> PackageStore::prepare()
{
    for (const char *sub :
        {"", "/tmp", "/pages", "/blobs/sha256", "/blobs/sha512", "/blobs/sha1"}) {
        const QString dir = m_root + QLatin1String(sub);
        if (!QDir().mkpath(dir))
            return failure(QStringLiteral("cannot create the package cache folder %1").arg(dir));
        QFile::setPermissions(dir, kOwnerOnly);
    }
    // Temporary files of an earlier run that died mid-download.
    QDir tmp(m_root + QStringLiteral("/tmp"));
    for (const QString &name : tmp.entryList(QDir::Files | QDir::Hidden))
        tmp.remove(name);
    return Core::Unit {};
}

bool PackageStore::isKey(const QString &key)
{
    static const QRegularExpression re(
        QStringLiteral("^(sha256-[0-9a-f]{64}|sha512-[0-9a-f]{128}|sha1-[0-9a-f]{40})$"));
    return re.match(key).hasMatch();
}

QCryptographicHash::Algorithm PackageStore::algorithm(const QString &key)
{
    if (key.startsWith(QLatin1String("sha512-")))
        return QCryptographicHash::Sha512;
    if (key.startsWith(QLatin1String("sha1-")))
        return QCryptographicHash::Sha1;
    return QCryptographicHash::Sha256;
}

QString PackageStore::blobPath(const QString &key) const
{
    const int dash = key.indexOf(QLatin1Char('-'));
    return m_root + QStringLiteral("/blobs/") + key.left(dash) + QLatin1Char('/')
        + key.mid(dash + 1);
}

bool PackageStore::use(const QString &key)
{
    if (!isKey(key))
        return false;
    QFile f(blobPath(key));
    if (!f.exists())
        return false;
    if (f.open(QIODevice::ReadWrite | QIODevice::ExistingOnly))
        f.setFileTime(QDateTime::currentDateTimeUtc(), QFileDevice::FileModificationTime);
    return true;
}

Core::Result<std::unique_ptr<QTemporaryFile>> PackageStore::newTemp() const
{
    auto file = std::make_unique<QTemporaryFile>(m_root + QStringLiteral("/tmp/download-XXXXXX"));
    if (!file->open())
        return failure(writeError(file->errorString()));
    return file;
}

Core::Result<Core::Unit> PackageStore::commit(
    QTemporaryFile *file, const QString &key, const QByteArray &digest)
{
    if (!isKey(key) || QString::fromLatin1(digest.toHex()) != key.mid(key.indexOf('-') + 1))
        return failure(QStringLiteral("its %1 is %2, not the %3 the index published")
                           .arg(key.left(key.indexOf('-')), QString::fromLatin1(digest.toHex()),
                               key.mid(key.indexOf('-') + 1)));
    if (!file->flush())
        return failure(writeError(file->errorString()));
    if (file->size() > m_capBytes)
        return failure(QStringLiteral("it is larger (%1 MiB) than the package cache may grow "
                                      "(Settings, packages/cacheMaxMb = %2)")
                           .arg(file->size() >> 20)
                           .arg(m_capBytes >> 20));
    const QString target = blobPath(key);
    QFile::remove(target); // the same bytes, if another download got there first
    if (!file->rename(target))
        return failure(writeError(file->errorString()));
    file->setAutoRemove(false);
    QFile::setPermissions(target, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    evict();
    return Core::Unit {};
}

QString PackageStore::writeError(const QString &detail) const
{
    const QStorageInfo disk(m_root);
    if (disk.isValid() && disk.bytesAvailable() < 1024 * 1024)
        return QStringLiteral("the disk holding the package cache (%1) is full: free some space, "
                              "or clear the cache by deleting that folder")
            .arg(m_root);
    return QStringLiteral("cannot write to the package cache %1: %2").arg(m_root, detail);
}

QString PackageStore::pagePath(const QString &url) const
{
    return m_root + QStringLiteral("/pages/")
        + QString::fromLatin1(
            QCryptographicHash::hash(url.toUtf8(), QCryptographicHash::Sha256).toHex());
}

void PackageStore::savePage(const QString &url, const QByteArray &body)
{
    auto temp = newTemp();
    if (!temp) {
        qCWarning(lcPackages).noquote() << "index page not kept:" << temp.error().message;
        return;
    }
    std::unique_ptr<QTemporaryFile> file = std::move(temp.value());
    if (file->write(body) != body.size() || !file->flush()) {
        qCWarning(lcPackages).noquote()
            << "index page not kept:" << writeError(file->errorString());
        return;
    }
    const QString target = pagePath(url);
    QFile::remove(target);
    if (file->rename(target))
        file->setAutoRemove(false);
}

std::optional<QByteArray> PackageStore::page(const QString &url, qint64 maxAgeSeconds) const
{
    QFile f(pagePath(url));
    const QFileInfo info(f);
    if (!info.exists()
        || info.lastModified().secsTo(QDateTime::currentDateTimeUtc()) > maxAgeSeconds
        || !f.open(QIODevice::ReadOnly))
        return std::nullopt;
    return f.readAll();
}

void PackageStore::evict()
{
    struct Blob
    {
        QString path;
        qint64 size;
        QDateTime used;
    };
    QList<Blob> blobs;
    qint64 total = 0;
    QDirIterator it(m_root + QStringLiteral("/blobs"), QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        it.next();
        const QFileInfo info = it.fileInfo();
        blobs.append({info.filePath(), info.size(), info.lastModified()});
        total += info.size();
    }
    if (total <= m_capBytes)
        return;
    std::sort(
        blobs.begin(), blobs.end(), [](const Blob &a, const Blob &b) { return a.used < b.used; });
    for (const Blob &b : blobs) {
        if (total <= m_capBytes)
            break;
        if (QFile::remove(b.path)) {
            total -= b.size;
            qCInfo(lcPackages).noquote()
                << "package cache: evicted" << QFileInfo(b.path).fileName() << "to stay under"
                << QString::number(m_capBytes / 1048576.0, 'f', 1) << "MiB";
        }
    }
}

} // namespace Hopx::Local

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// The package cache's building blocks without a sandbox: the content-addressed store (a file
// is kept only under its own digest; the cap evicts the least recently used) and the index
// pages as the cache rewrites them (only files with a published hash, links to the cache).
#include "providers/local/packages/PackageIndexRewrite.h"
#include "providers/local/packages/PackageStore.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTemporaryFile>
#include <QTest>

using namespace Hopx::Local;

class TestPackageStore : public QObject
{
    Q_OBJECT

private:
    static QString key(const QByteArray &data)
    {
        return QStringLiteral("sha256-")
            + QString::fromLatin1(
                QCryptographicHash::hash(data, QCryptographicHash::Sha256).toHex());
    }
    static bool put(PackageStore &store, const QByteArray &data, const QString &key, QString *error)
    {
        auto file = store.newTemp();
        if (!file) {
            *error = file.error().message;
            return false;
        }
        if (file.value()->write(data) != data.size())
            return false;
        const auto committed = store.commit(
            file.value().get(), key, QCryptographicHash::hash(data, QCryptographicHash::Sha256));
        if (!committed)
            *error = committed.error().message;
        return committed.ok();
    }

private slots:
    void keysAreStrict()
    {
        QVERIFY(PackageStore::isKey(key("x")));
        QVERIFY(PackageStore::isKey(QStringLiteral("sha1-") + QString(40, QLatin1Char('a'))));
        QVERIFY(!PackageStore::isKey(QStringLiteral("sha256-../../etc")));
        QVERIFY(!PackageStore::isKey(QStringLiteral("md5-") + QString(32, QLatin1Char('a'))));
        QVERIFY(!PackageStore::isKey(key("x").toUpper()));
    }

    void aFileIsKeptOnlyUnderItsOwnDigest()
    {
        QTemporaryDir dir;
        PackageStore store(dir.path(), 1 << 20);
        const auto prepared = store.prepare();
        QVERIFY2(prepared, qPrintable(prepared ? QString() : prepared.error().message));
        QString error;
        // Published for one content, delivered another: refused, nothing left behind.
        QVERIFY(!put(store, "evil bytes", key("good bytes"), &error));
        QVERIFY2(error.startsWith(QLatin1String("its sha256 is "))
                && error.endsWith(QLatin1String(" the index published")),
            qPrintable(error));
        QVERIFY(!store.use(key("good bytes")));
        QVERIFY(QDir(dir.path() + QStringLiteral("/tmp")).isEmpty());
        QVERIFY(QDir(dir.path() + QStringLiteral("/blobs/sha256")).isEmpty());
        QVERIFY2(put(store, "good bytes", key("good bytes"), &error), qPrintable(error));
        QVERIFY(store.use(key("good bytes")));
        QFile f(store.blobPath(key("good bytes")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray("good bytes"));
        QCOMPARE(int(f.permissions() & (QFileDevice::ReadOther | QFileDevice::ReadGroup)), 0);
    }

    void theCapEvictsTheLeastRecentlyUsed()
    {
        QTemporaryDir dir;
        PackageStore store(dir.path(), 250 * 1024);
        QVERIFY(store.prepare());
        QString error;
        const QByteArray a(100 * 1024, 'a'), b(100 * 1024, 'b'), c(100 * 1024, 'c');
        QVERIFY(put(store, a, key(a), &error));
        QVERIFY(put(store, b, key(b), &error));
        // a is older than b, but used since: b goes first.
        QFile old(store.blobPath(key(b)));
        QVERIFY(old.open(QIODevice::ReadWrite));
        QVERIFY(old.setFileTime(
            QDateTime::currentDateTimeUtc().addSecs(-3600), QFileDevice::FileModificationTime));
        old.close();
        QVERIFY(put(store, c, key(c), &error));
        QVERIFY(store.use(key(a)));
        QVERIFY(!store.use(key(b)));
        QVERIFY(store.use(key(c)));
        // Larger than the whole cap: refused with the setting's name.
        const QByteArray huge(300 * 1024, 'h');
        QVERIFY(!put(store, huge, key(huge), &error));
        QVERIFY2(error.contains(QLatin1String("packages/cacheMaxMb")), qPrintable(error));
    }

    void pagesAreKeptForAWhile()
    {
        QTemporaryDir dir;
        PackageStore store(dir.path(), 1 << 20);
        QVERIFY(store.prepare());
        store.savePage(QStringLiteral("https://pypi.org/simple/six/"), "<html/>");
        QCOMPARE(store.page(QStringLiteral("https://pypi.org/simple/six/"), 60).value_or(""),
            QByteArray("<html/>"));
        QVERIFY(!store.page(QStringLiteral("https://pypi.org/simple/other/"), 60));
    }

    void pypiPagesLinkToTheCache()
    {
        const QString hex(64, QLatin1Char('a'));
        const QByteArray html = QStringLiteral(
            "<a href=\"https://files.example/x/six-1.0-py3-none-any.whl#sha256=%1\" "
            "data-requires-python=\"&gt;=3.7\" data-dist-info-metadata=\"sha256=%1\">six</a>\n"
            "<a href=\"six-0.9.tar.gz\">no hash</a>\n"
            "<a href=\"../../evil/..%2F..%2Fx#sha256=%1\">bad name</a>")
                                    .arg(hex)
                                    .toUtf8();
        QList<PackageIndexRewrite::Link> links;
        const QString page = QString::fromUtf8(PackageIndexRewrite::pypiPage(html,
            QUrl(QStringLiteral("https://pypi.org/simple/six/")),
            QStringLiteral("/hopx-cache/pypi/files/"), &links));
        QCOMPARE(links.size(), 1);
        QCOMPARE(links.at(0).key, QStringLiteral("sha256-") + hex);
        QCOMPARE(links.at(0).upstream,
            QUrl(QStringLiteral("https://files.example/x/six-1.0-py3-none-any.whl")));
        QVERIFY2(page.contains(QStringLiteral("href=\"/hopx-cache/pypi/files/sha256-%1/"
                                              "six-1.0-py3-none-any.whl#sha256=%1\"")
                                   .arg(hex)),
            qPrintable(page));
        QVERIFY(page.contains(QLatin1String("data-requires-python=\"&gt;=3.7\"")));
        QVERIFY(!page.contains(QLatin1String("dist-info-metadata")));
        QVERIFY(!page.contains(QLatin1String("six-0.9")));
    }

    void npmPackumentsKeepVerifiableVersions()
    {
        const QByteArray sha512(64, '\x01');
        const QByteArray doc =
            "{\"name\": \"p\", \"versions\": {"
            "\"1.0.0\": {\"dist\": {\"tarball\": \"https://r.example/p/-/p-1.0.0.tgz\", "
            "\"integrity\": \"sha512-"
            + sha512.toBase64()
            + "\"}}, \"0.1.0\": {\"dist\": {\"tarball\": \"https://r.example/p/-/p-0.1.0.tgz\"}}}}";
        QList<PackageIndexRewrite::Link> links;
        const auto out =
            PackageIndexRewrite::npmPackument(doc, QUrl(QStringLiteral("https://r.example/p")),
                QStringLiteral("http://127.0.0.1:3128/hopx-cache/npm/-/"), &links);
        QVERIFY(out);
        const QJsonObject versions =
            QJsonDocument::fromJson(*out).object().value(QStringLiteral("versions")).toObject();
        QCOMPARE(versions.keys(), QStringList {QStringLiteral("1.0.0")});
        QCOMPARE(links.size(), 1);
        QCOMPARE(versions.value(QStringLiteral("1.0.0"))
                     .toObject()
                     .value(QStringLiteral("dist"))
                     .toObject()
                     .value(QStringLiteral("tarball"))
                     .toString(),
            QStringLiteral("http://127.0.0.1:3128/hopx-cache/npm/-/sha512-%1/p-1.0.0.tgz")
                .arg(QString::fromLatin1(sha512.toHex())));
        QVERIFY(!PackageIndexRewrite::npmPackument("not json", QUrl(), QString(), &links));
    }
};

QTEST_GUILESS_MAIN(TestPackageStore)
#include "tst_packagestore.moc"

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// sandbox.json's format version: what this build writes it reads back; a record without the
// field is format 1; a newer format, a damaged or an incomplete record gives an error that
// says which (the provider leaves such a sandbox as it is: tests/upgrade). And which
// directories without a record the start-up sweep may delete.
#include "providers/local/SandboxRecord.h"
#include "providers/local/disk/SandboxStorage.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace Hopx;
using namespace Hopx::Local;

class TestSandboxRecord : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;

    QString dir() const { return m_dir.path(); }
    void write(const QByteArray &bytes)
    {
        QFile f(dir() + QStringLiteral("/sandbox.json"));
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(bytes);
    }
    QJsonObject saved()
    {
        SandboxRecord r;
        r.id = QStringLiteral("local-0123456789ab");
        r.templateName = QStringLiteral("code-interpreter");
        r.createdAt = QDateTime::currentDateTimeUtc();
        r.expiresAt = r.createdAt.addSecs(3600);
        r.capBytes = qint64(1) << 30;
        if (!r.save(dir()))
            return {};
        QFile f(dir() + QStringLiteral("/sandbox.json"));
        return f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll()).object()
                                           : QJsonObject();
    }

private slots:
    void whatItWritesItReads()
    {
        const QJsonObject o = saved();
        QCOMPARE(o.value(QStringLiteral("version")).toInt(), SandboxRecord::kFormat);
        const Core::Result<SandboxRecord> r = SandboxRecord::load(dir());
        QVERIFY2(r, qPrintable(r ? QString() : r.error().message));
        QCOMPARE(r.value().id, QStringLiteral("local-0123456789ab"));
    }

    void aRecordWithoutVersionIsFormatOne()
    {
        QJsonObject o = saved();
        o.remove(QStringLiteral("version"));
        write(QJsonDocument(o).toJson());
        QVERIFY(SandboxRecord::load(dir()));
    }

    void aNewerFormatIsRefusedSayingSo()
    {
        QJsonObject o = saved();
        o.insert(QStringLiteral("version"), SandboxRecord::kFormat + 1);
        write(QJsonDocument(o).toJson());
        const Core::Result<SandboxRecord> r = SandboxRecord::load(dir());
        QVERIFY(!r);
        QCOMPARE(r.error().code, Core::Error::Code::Unsupported);
        QVERIFY2(r.error().message.contains(QStringLiteral("newer version of HOPX Desktop (sandbox "
                                                           "format %1")
                                                .arg(SandboxRecord::kFormat + 1)),
            qPrintable(r.error().message));
    }

    void damagedOrIncompleteRecordsSayWhat_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("says");
        const QByteArray whole = QJsonDocument(saved()).toJson();
        QTest::newRow("cut short") << whole.left(whole.size() / 2) << QStringLiteral("damaged");
        QTest::newRow("empty") << QByteArray() << QStringLiteral("damaged");
        QTest::newRow("an array") << QByteArray("[1]") << QStringLiteral("not an object");
        QTest::newRow("version 0")
            << QByteArray("{\"version\": 0}") << QStringLiteral("no valid format version");
        QTest::newRow("version 1.5")
            << QByteArray("{\"version\": 1.5}") << QStringLiteral("no valid format version");
        QTest::newRow("version \"2\"")
            << QByteArray("{\"version\": \"2\"}") << QStringLiteral("no valid format version");
        QTest::newRow("no id") << QByteArray("{\"version\": 1, \"disk_cap_bytes\": 5}")
                               << QStringLiteral("lacks the sandbox's id");
    }

    void damagedOrIncompleteRecordsSayWhat()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, says);
        write(bytes);
        const Core::Result<SandboxRecord> r = SandboxRecord::load(dir());
        QVERIFY(!r);
        QVERIFY2(r.error().message.contains(says), qPrintable(r.error().message));
        QVERIFY(r.error().code != Core::Error::Code::Unsupported);
    }

    void onlyItsOwnLeftoversAreSwept()
    {
        QTemporaryDir base;
        SandboxStorage storage(base.path());
        for (const char *path : {"spare/disk/workspace", "spare/mnt", "spare/net", "old",
                 "newer/disk", "newer/layout-v2"})
            QVERIFY(QDir().mkpath(base.path() + QLatin1Char('/') + QLatin1String(path)));
        QFile image(base.path() + QStringLiteral("/old/disk.img"));
        QVERIFY(image.open(QIODevice::WriteOnly));
        image.close();
        QVERIFY(QDir().mkpath(base.path() + QStringLiteral("/empty")));
        QVERIFY(storage.isLeftover(QStringLiteral("spare")));
        QVERIFY(storage.isLeftover(QStringLiteral("old")));
        QVERIFY(storage.isLeftover(QStringLiteral("empty")));
        QVERIFY(!storage.isLeftover(QStringLiteral("newer")));
        QFile hidden(base.path() + QStringLiteral("/spare/.record-of-the-future"));
        QVERIFY(hidden.open(QIODevice::WriteOnly));
        hidden.close();
        QVERIFY(!storage.isLeftover(QStringLiteral("spare")));
    }
};

QTEST_GUILESS_MAIN(TestSandboxRecord)
#include "tst_sandboxrecord.moc"

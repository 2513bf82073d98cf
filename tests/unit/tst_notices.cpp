// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// Notices: which sandbox events become a desktop notification, each once, each switchable.

#include "core/models/Notices.h"
#include "core/settings/NetworkLog.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Hopx::Core;
using Notice = Settings::Notice;

class TestNotices : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    static QList<Notice> kinds(const QSignalSpy &spy)
    {
        QList<Notice> out;
        for (const QList<QVariant> &args : spy)
            out << args.at(0).value<Notice>();
        return out;
    }

private slots:
    void aLongRunFinished()
    {
        Settings settings(m_dir.filePath(QStringLiteral("a.ini")), nullptr);
        Notices notices(&settings);
        QSignalSpy spy(&notices, &Notices::notice);
        ExecutionRecord run;
        run.sandboxId = QStringLiteral("local-a");
        run.language = QStringLiteral("python");
        run.finished = true;
        run.seconds = 2; // a quick one is no news
        notices.execution(run);
        QCOMPARE(spy.count(), 0);
        run.seconds = 95;
        run.exitCode = 3;
        notices.execution(run);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).value<Notice>(), Notice::RunFinished);
        const QString text = spy.at(0).at(2).toString();
        QVERIFY2(text.contains(QLatin1String("local-a")) && text.contains(QLatin1String("3")),
            qPrintable(text));
        // Switched off in Settings: nothing.
        settings.setNotifies(Notice::RunFinished, false);
        notices.execution(run);
        QCOMPARE(spy.count(), 1);
    }

    void aDetachedRunFinishedWhateverItsLength_data()
    {
        QTest::addColumn<bool>("background");
        QTest::addColumn<bool>("async");
        QTest::addColumn<QString>("title");
        QTest::newRow("background") << true << false << QStringLiteral("A background run finished");
        QTest::newRow("async") << false << true << QStringLiteral("An async run finished");
    }
    void aDetachedRunFinishedWhateverItsLength()
    {
        QFETCH(bool, background);
        QFETCH(bool, async);
        QFETCH(QString, title);
        Settings settings(m_dir.filePath(QStringLiteral("detached.ini")), nullptr);
        settings.setNotifies(Notice::RunFinished, true);
        Notices notices(&settings);
        QSignalSpy spy(&notices, &Notices::notice);
        ExecutionRecord run;
        run.sandboxId = QStringLiteral("local-b");
        run.language = QStringLiteral("command");
        run.background = background;
        run.async = async;
        notices.execution(run); // its start is no news
        QCOMPARE(spy.count(), 0);
        run.finished = true;
        run.seconds = 1; // the client did not wait: even a short one is news
        notices.execution(run);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).value<Notice>(), Notice::RunFinished);
        QCOMPARE(spy.at(0).at(1).toString(), title);
        QVERIFY(spy.at(0).at(2).toString().contains(QLatin1String("local-b")));
        settings.setNotifies(Notice::RunFinished, false);
        notices.execution(run);
        QCOMPARE(spy.count(), 1);
    }

    void aSandboxAboutToExpireOnce()
    {
        Settings settings(m_dir.filePath(QStringLiteral("b.ini")), nullptr);
        Notices notices(&settings);
        notices.setCheckInterval(0);
        QDateTime now = QDateTime::currentDateTimeUtc();
        notices.setClock([&now] { return now; });
        QSignalSpy spy(&notices, &Notices::notice);
        SandboxInfo info;
        info.id = QStringLiteral("local-b");
        info.expiresAt = now.addSecs(20 * 60);
        notices.sandboxSeen(info);
        notices.checkExpiry();
        QCOMPARE(spy.count(), 0);
        now = now.addSecs(16 * 60); // four minutes left
        notices.checkExpiry();
        notices.checkExpiry();
        QCOMPARE(kinds(spy), QList<Notice>({Notice::Expiring}));
        // Extended: a new expiry, warned again when it comes.
        info.expiresAt = now.addSecs(30 * 60);
        notices.sandboxSeen(info);
        notices.checkExpiry();
        QCOMPARE(spy.count(), 1);
        now = now.addSecs(27 * 60);
        notices.checkExpiry();
        QCOMPARE(spy.count(), 2);
        notices.sandboxGone(info.id);
        now = now.addSecs(60);
        notices.checkExpiry();
        QCOMPARE(spy.count(), 2);
    }

    void aFullDiskOnceUntilFreed()
    {
        Settings settings(m_dir.filePath(QStringLiteral("c.ini")), nullptr);
        Notices notices(&settings);
        QSignalSpy spy(&notices, &Notices::notice);
        SandboxInfo info;
        info.id = QStringLiteral("local-c");
        info.diskCapBytes = 100 << 20;
        info.diskUsedBytes = 50 << 20;
        notices.sandboxSeen(info);
        QCOMPARE(spy.count(), 0);
        info.diskUsedBytes = 99 << 20;
        notices.sandboxSeen(info);
        notices.sandboxSeen(info);
        QCOMPARE(kinds(spy), QList<Notice>({Notice::WorkspaceFull}));
        info.diskUsedBytes = 95 << 20; // still nearly full: no second notification
        notices.sandboxSeen(info);
        info.diskUsedBytes = 99 << 20;
        notices.sandboxSeen(info);
        QCOMPARE(spy.count(), 1);
        info.diskUsedBytes = 10 << 20; // freed, then full again
        notices.sandboxSeen(info);
        info.diskUsedBytes = 100 << 20;
        notices.sandboxSeen(info);
        QCOMPARE(spy.count(), 2);
    }

    void aRefusedConnectionNamesTheHost()
    {
        Settings settings(m_dir.filePath(QStringLiteral("d.ini")), nullptr);
        Notices notices(&settings);
        QSignalSpy spy(&notices, &Notices::notice);
        const QByteArray denied =
            NetworkLog::deniedLine(QStringLiteral("example.org"), 443, NetworkLog::notListed())
                .toUtf8();
        notices.output(QStringLiteral("local-d"), QStringLiteral("stdout"), denied + '\n');
        QCOMPARE(spy.count(), 0); // only the network stream counts
        notices.output(
            QStringLiteral("local-d"), QStringLiteral("network"), "connected\n" + denied + '\n');
        notices.output(QStringLiteral("local-d"), QStringLiteral("network"), denied + '\n');
        QCOMPARE(kinds(spy), QList<Notice>({Notice::NetworkDenied}));
        QCOMPARE(spy.at(0).at(3).toString(), QStringLiteral("local-d"));
        QCOMPARE(spy.at(0).at(4).toString(), QStringLiteral("example.org"));
        // A refusal nobody can allow (a private address) is not offered.
        notices.output(QStringLiteral("local-d"), QStringLiteral("network"),
            NetworkLog::deniedLine(
                QStringLiteral("10.0.0.1"), 80, QStringLiteral("private address"))
                .toUtf8());
        QCOMPARE(spy.count(), 1);
    }
};

QTEST_GUILESS_MAIN(TestNotices)
#include "tst_notices.moc"

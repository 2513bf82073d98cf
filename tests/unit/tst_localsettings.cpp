// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// LocalSettings: the local sandboxes' settings as a view over Settings, under the keys earlier
// versions wrote (an upgraded user keeps what they set), defaults left unwritten.

#include "core/settings/LocalSettings.h"
#include "core/settings/Settings.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Hopx::Core;

class TestLocalSettings : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

private slots:
    void withoutSettingsEverythingIsTheDefault()
    {
        const LocalSettings none(static_cast<const Settings *>(nullptr));
        QCOMPARE(none.memoryMb(), 1024);
        QCOMPARE(none.processes(), 256);
        QCOMPARE(none.cpuSecondsPerRun(), 0);
        QCOMPARE(none.openFiles(), 1024);
        QCOMPARE(none.tmpMb(), 512);
        QCOMPARE(none.workspaceMb(), 2048);
        QCOMPARE(none.totalDiskMb(), 20480);
        QVERIFY(!none.deleteOnQuit());
        QVERIFY(!none.networkDefault());
        QCOMPARE(none.warmSpares(), 1);
        QCOMPARE(none.burstSpares(), 16);
        QVERIFY(none.preload());
        QCOMPARE(none.preloadModules(), LocalSettings::defaultPreloadModules());
        QVERIFY(none.preloadModules().contains(QStringLiteral("pandas")));
    }

    void readsTheKeysEarlierVersionsWrote()
    {
        const QString file = m_dir.filePath(QStringLiteral("old.ini"));
        {
            QSettings old(file, QSettings::IniFormat);
            old.setValue(QStringLiteral("local/memoryMb"), 4096);
            old.setValue(QStringLiteral("local/diskMb"), 64);
            old.setValue(QStringLiteral("local/workspaceMb"), 128);
            old.setValue(QStringLiteral("local/networkDefault"), true);
            old.setValue(QStringLiteral("local/preload"), false);
            old.setValue(QStringLiteral("local/warmSpares"), 0);
        }
        const Settings settings(file, nullptr);
        const LocalSettings local(&settings);
        QCOMPARE(local.memoryMb(), 4096);
        QCOMPARE(local.tmpMb(), 64);
        QCOMPARE(local.workspaceMb(), 128);
        QVERIFY(local.networkDefault());
        QVERIFY(!local.preload());
        QCOMPARE(local.warmSpares(), 0);
    }

    void writesThroughSettingsAndLeavesDefaultsUnwritten()
    {
        Settings settings(m_dir.filePath(QStringLiteral("new.ini")), nullptr);
        QSignalSpy changed(&settings, &Settings::changed);
        LocalSettings local(&settings);
        local.setMemoryMb(512);
        QCOMPARE(changed.size(), 1);
        QCOMPARE(changed.at(0).at(0).toString(), QStringLiteral("local/memoryMb"));
        QCOMPARE(LocalSettings(&settings).memoryMb(), 512);
        // A later version's default applies to whoever never chose otherwise.
        local.setWarmSpares(1);
        local.setPreloadModules(LocalSettings::defaultPreloadModules());
        QCOMPARE(changed.size(), 1);
        QVERIFY(!settings.value(QStringLiteral("local/warmSpares")).isValid());
        QVERIFY(!settings.value(QLatin1String(LocalSettings::kPreloadModulesKey)).isValid());
        local.setPreloadModules({QStringLiteral("numpy")});
        QCOMPARE(changed.size(), 2);
        QCOMPARE(local.preloadModules(), QStringList {QStringLiteral("numpy")});
    }
};

QTEST_GUILESS_MAIN(TestLocalSettings)
#include "tst_localsettings.moc"

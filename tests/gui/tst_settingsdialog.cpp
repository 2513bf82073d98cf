// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/http/HttpService.h"
#include "core/ide/IdeConfig.h"
#include "core/ide/IdeToolProfile.h"
#include "core/secrets/MemoryKeyStore.h"
#include "core/settings/LocalSettings.h"
#include "core/settings/Settings.h"
#include "support/FailingKeyStore.h"
#include "ui/Translations.h"
#include "ui/settings/SettingsDialog.h"
#include "ui/settings/ToolsPage.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

using namespace Hopx;
using Ui::SettingsDialog;

class TestSettingsDialog : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    Ui::Translations m_translations;

    template<typename T>
    static T *child(QWidget *w, const char *name)
    {
        T *c = w->findChild<T *>(QLatin1String(name));
        if (!c)
            qWarning() << "no child" << name;
        return c;
    }
    static QString read(const QString &path)
    {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
    }

private slots:
    void initTestCase()
    {
        // The autostart entry lands in $XDG_CONFIG_HOME/autostart: keep it in the test's tree.
        qputenv("XDG_CONFIG_HOME", (m_dir.path() + QStringLiteral("/config")).toUtf8());
        m_translations.install(QStringLiteral("en"), QStringLiteral(HOPX_QM_DIR));
    }

    void loadsChangesAndApplies()
    {
        Core::Settings settings(m_dir.path() + QStringLiteral("/a.ini"), nullptr);
        Core::LocalSettings(&settings).setMemoryMb(2048);
        SettingsDialog dialog(&settings, nullptr, QStringLiteral("/opt/hopx/bin/hopx-desktop"));
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QCOMPARE(child<QSpinBox>(&dialog, "localMemory")->value(), 2048);
        QCOMPARE(child<QSpinBox>(&dialog, "defaultTimeout")->value(), 60);
        QCOMPARE(child<QSpinBox>(&dialog, "outputCap")->value(), 1024);
        QCOMPARE(child<QComboBox>(&dialog, "defaultProvider")->currentData().toString(),
            QStringLiteral("auto"));

        child<QComboBox>(&dialog, "defaultProvider")->setCurrentIndex(1);
        auto *language = child<QComboBox>(&dialog, "language");
        language->setCurrentIndex(language->findData(QStringLiteral("zh_CN")));
        QCOMPARE(language->currentText(), QStringLiteral("简体中文"));
        auto *memory = child<QSpinBox>(&dialog, "localMemory");
        memory->selectAll();
        QTest::keyClicks(memory, QStringLiteral("4096"));
        child<QSpinBox>(&dialog, "localCpu")->setValue(0);
        QCOMPARE(child<QSpinBox>(&dialog, "localCpu")->text(), QStringLiteral("No limit"));
        child<QSpinBox>(&dialog, "localProcesses")->setValue(128);
        QCOMPARE(child<QSpinBox>(&dialog, "localOpenFiles")->value(), 1024);
        child<QSpinBox>(&dialog, "localOpenFiles")->setValue(4096);
        child<QSpinBox>(&dialog, "localDisk")->setValue(1024);
        child<QSpinBox>(&dialog, "defaultTimeout")->setValue(15);
        child<QSpinBox>(&dialog, "outputCap")->setValue(256);
        child<QComboBox>(&dialog, "localNetwork")->setCurrentIndex(1); // the whole internet
        child<QLineEdit>(&dialog, "baseUrl")->setText(QStringLiteral("https://staging.hopx.test"));
        child<QSpinBox>(&dialog, "httpPort")->setValue(9911);
        QCOMPARE(
            child<QLabel>(&dialog, "httpUrl")->text(), QStringLiteral("http://127.0.0.1:9911/mcp"));

        QTest::mouseClick(dialog.buttons()->button(QDialogButtonBox::Ok), Qt::LeftButton);
        // A new language: saved, and the dialog stays to offer the restart it needs.
        QVERIFY(dialog.isVisible());
        QVERIFY(dialog.restartButton()->isVisible());
        QVERIFY(dialog.messageLabel()->text().contains(QStringLiteral("starts again")));
        QVERIFY2(dialog.messageLabel()->text().contains(QStringLiteral("files are kept")),
            qPrintable(dialog.messageLabel()->text())); // they are unless deleteOnQuit is on
        QSignalSpy restart(&dialog, &SettingsDialog::restartRequested);
        QTest::mouseClick(dialog.restartButton(), Qt::LeftButton);
        QCOMPARE(restart.count(), 1);
        // Nothing else changed: OK now closes.
        QTest::mouseClick(dialog.buttons()->button(QDialogButtonBox::Ok), Qt::LeftButton);
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QVERIFY(!dialog.restartButton()->isVisible());
        QCOMPARE(settings.defaultProvider(), QStringLiteral("local"));
        QCOMPARE(settings.language(), QStringLiteral("zh_CN"));
        QCOMPARE(Core::LocalSettings(&settings).memoryMb(), 4096);
        QCOMPARE(Core::LocalSettings(&settings).cpuSecondsPerRun(), 0);
        QCOMPARE(Core::LocalSettings(&settings).processes(), 128);
        QCOMPARE(Core::LocalSettings(&settings).openFiles(), 4096);
        QCOMPARE(Core::LocalSettings(&settings).tmpMb(), 1024);
        QCOMPARE(settings.defaultSandboxTimeoutSeconds(), 15 * 60);
        QCOMPARE(settings.outputCapBytes(), qint64(256 * 1024));
        QVERIFY(Core::LocalSettings(&settings).networkDefault());
        QCOMPARE(settings.hopxBaseUrl(), QStringLiteral("https://staging.hopx.test"));
        QCOMPARE(settings.httpPort(), 9911);
    }

    void aNewBaseUrlOffersTheRestartItNeeds()
    {
        // The cloud provider is built at start: a new URL is not in use until then.
        Core::Settings settings(m_dir.path() + QStringLiteral("/url.ini"), nullptr);
        SettingsDialog dialog(&settings, nullptr, QStringLiteral("/opt/hopx/bin/hopx-desktop"));
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        child<QLineEdit>(&dialog, "baseUrl")->setText(QStringLiteral("https://staging.hopx.test"));
        child<QCheckBox>(&dialog, "localDeleteOnQuit")->setChecked(true);
        QTest::mouseClick(dialog.buttons()->button(QDialogButtonBox::Ok), Qt::LeftButton);
        QVERIFY(dialog.isVisible());
        QVERIFY(dialog.restartButton()->isVisible());
        const QString said = dialog.messageLabel()->text();
        QVERIFY2(said.contains(QStringLiteral("HOPX base URL applies")), qPrintable(said));
        QVERIFY2(said.contains(QStringLiteral("Local sandboxes are deleted")), qPrintable(said));
        // Unchanged the next time: OK closes.
        QTest::mouseClick(dialog.buttons()->button(QDialogButtonBox::Ok), Qt::LeftButton);
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
    }

    void toolsPageChangesAnIdesProfile()
    {
        using Core::IdeConfig;
        IdeConfig::Paths paths {
            m_dir.path() + QStringLiteral("/home"), m_dir.path() + QStringLiteral("/home/.config")};
        paths.platform = IdeConfig::Platform::Linux;
        const IdeConfig config({QStringLiteral("/opt/hopx/bin/hopx-mcp"), {}}, paths);
        Core::Settings settings(m_dir.path() + QStringLiteral("/tools.ini"), nullptr);
        Ui::ToolsPage page(config);
        page.load(settings);
        QVERIFY(page.findChild<QLabel *>(QStringLiteral("toolsNoIde"))->isVisibleTo(&page));
        QVERIFY(!page.profileBox(IdeConfig::Ide::ClaudeCode));

        // Claude Code connected with the default profile, Codex (TOML) with full.
        QVERIFY(config.install(IdeConfig::Ide::ClaudeCode).ok());
        QVERIFY(
            IdeConfig(IdeConfig::withToolProfile(config.launch(), QStringLiteral("full")), paths)
                .install(IdeConfig::Ide::Codex)
                .ok());
        page.load(settings);
        QVERIFY(!page.findChild<QLabel *>(QStringLiteral("toolsNoIde"))->isVisibleTo(&page));
        QComboBox *claude = page.profileBox(IdeConfig::Ide::ClaudeCode);
        QComboBox *codex = page.profileBox(IdeConfig::Ide::Codex);
        QVERIFY(claude && codex);
        QVERIFY(!page.profileBox(IdeConfig::Ide::Cursor)); // not connected: no row
        QCOMPARE(claude->currentData().toString(), QStringLiteral("compact"));
        QCOMPARE(codex->currentData().toString(), QStringLiteral("full"));

        claude->setCurrentIndex(claude->findData(QStringLiteral("full")));
        codex->setCurrentIndex(codex->findData(QStringLiteral("compact")));
        QCOMPARE(page.save(settings), QString());
        QCOMPARE(
            Core::IdeToolProfile::read(config, IdeConfig::Ide::ClaudeCode), QStringLiteral("full"));
        QCOMPARE(
            Core::IdeToolProfile::read(config, IdeConfig::Ide::Codex), QStringLiteral("compact"));
        // Read again, the page shows what the files now say.
        page.load(settings);
        QCOMPARE(page.profileBox(IdeConfig::Ide::ClaudeCode)->currentData().toString(),
            QStringLiteral("full"));
    }

    void qtsOwnButtonsSpeakChinese()
    {
        // OK/Cancel/Yes/No come from Qt's own translations (qtbase_zh_CN.qm), not ours.
        Ui::Translations translations;
        translations.install(QStringLiteral("zh_CN"), QStringLiteral(HOPX_QM_DIR));
        QDialogButtonBox box(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
        QCOMPARE(box.button(QDialogButtonBox::Cancel)->text(), QStringLiteral("取消"));
        QMessageBox question(
            QMessageBox::Question, QString(), QString(), QMessageBox::Yes | QMessageBox::No);
        QVERIFY2(question.button(QMessageBox::No)->text() != QLatin1String("&No"),
            qPrintable(question.button(QMessageBox::No)->text()));
        translations.uninstall();
        QLocale::setDefault(QLocale::c());
    }

    void invalidBaseUrlIsRefused()
    {
        Core::Settings settings(m_dir.path() + QStringLiteral("/b.ini"), nullptr);
        SettingsDialog dialog(&settings, nullptr, QString());
        dialog.show();
        child<QLineEdit>(&dialog, "baseUrl")->setText(QStringLiteral("ftp://nope"));
        child<QSpinBox>(&dialog, "localMemory")->setValue(512);
        QVERIFY(!dialog.apply());
        QVERIFY(dialog.messageLabel()->isVisible());
        QCOMPARE(
            dialog.tabs()->tabText(dialog.tabs()->currentIndex()), QStringLiteral("HOPX &cloud"));
        QCOMPARE(Core::LocalSettings(&settings).memoryMb(), 1024); // nothing written
        QCOMPARE(settings.hopxBaseUrl(), QString());
    }

    void networkFoldersAndNotificationsHaveTheirPages()
    {
        Core::Settings settings(m_dir.path() + QStringLiteral("/n.ini"), nullptr);
        settings.setAlwaysAllowedHosts({QStringLiteral("example.org")});
        settings.setApprovedFolders({QStringLiteral("/srv/data")});
        SettingsDialog dialog(&settings, nullptr, QString());
        dialog.show();
        auto *always = child<QPlainTextEdit>(&dialog, "alwaysAllowedHosts");
        QCOMPARE(always->toPlainText(), QStringLiteral("example.org"));
        QVERIFY(child<QPlainTextEdit>(&dialog, "packageHosts")
                    ->toPlainText()
                    .contains(QLatin1String("pypi.org")));
        QCOMPARE(child<QPlainTextEdit>(&dialog, "approvedFolders")->toPlainText(),
            QStringLiteral("/srv/data"));

        // Bad input: named, on its page, and nothing written (not even the good pages).
        child<QSpinBox>(&dialog, "localMemory")->setValue(512);
        always->setPlainText(QStringLiteral("example.org\nnot a host!"));
        QVERIFY(!dialog.apply());
        QVERIFY2(dialog.messageLabel()->text().contains(QLatin1String("not a host!")),
            qPrintable(dialog.messageLabel()->text()));
        QCOMPARE(dialog.tabs()->tabText(dialog.tabs()->currentIndex()), QStringLiteral("Net&work"));
        QCOMPARE(Core::LocalSettings(&settings).memoryMb(), 1024);
        always->setPlainText(QStringLiteral("Example.org\n*.files.example.org\n"));
        child<QPlainTextEdit>(&dialog, "hostMap")->setPlainText(QStringLiteral("mirror.lan"));
        QVERIFY(!dialog.apply());
        QVERIFY(dialog.messageLabel()->text().contains(QLatin1String("name=address")));
        child<QPlainTextEdit>(&dialog, "hostMap")
            ->setPlainText(QStringLiteral("mirror.lan=192.168.1.20"));
        child<QPlainTextEdit>(&dialog, "approvedFolders")->setPlainText(QStringLiteral("/"));
        QVERIFY(!dialog.apply());
        QCOMPARE(dialog.tabs()->tabText(dialog.tabs()->currentIndex()), QStringLiteral("&Folders"));
        child<QPlainTextEdit>(&dialog, "approvedFolders")
            ->setPlainText(QStringLiteral("/srv/data/\n/home/me/proj"));
        child<QComboBox>(&dialog, "localNetwork")->setCurrentIndex(1);
        child<QCheckBox>(&dialog, "notifyExpiring")->setChecked(false);
        QVERIFY(dialog.apply());
        QCOMPARE(settings.alwaysAllowedHosts(),
            QStringList({QStringLiteral("example.org"), QStringLiteral("*.files.example.org")}));
        QCOMPARE(
            settings.egressHostMap(), QStringList({QStringLiteral("mirror.lan=192.168.1.20")}));
        QCOMPARE(settings.approvedFolders(),
            QStringList({QStringLiteral("/srv/data"), QStringLiteral("/home/me/proj")}));
        QVERIFY(Core::LocalSettings(&settings).networkDefault());
        QCOMPARE(Core::LocalSettings(&settings).memoryMb(), 512);
        QVERIFY(!settings.notifies(Core::Settings::Notice::Expiring));
        QVERIFY(settings.notifies(Core::Settings::Notice::NetworkDenied));
        // The default package hosts stay unset: a later version's list applies.
        QVERIFY(!settings.value(QStringLiteral("network/packageHosts")).isValid());
    }

    void folderApprovedWhileOpenIsKept()
    {
        // "Always for this folder" in a consent dialog writes the list while Settings is open;
        // OK must neither drop that folder nor undo what the user edited in the form.
        Core::Settings settings(m_dir.path() + QStringLiteral("/f.ini"), nullptr);
        settings.setApprovedFolders({QStringLiteral("/srv/data"), QStringLiteral("/srv/old")});
        SettingsDialog dialog(&settings, nullptr, QString());
        dialog.show();
        auto *folders = child<QPlainTextEdit>(&dialog, "approvedFolders");
        folders->setPlainText(QStringLiteral("/srv/data\n/home/me/proj"));
        settings.setApprovedFolders(settings.approvedFolders() << QStringLiteral("/srv/new"));
        QCOMPARE(folders->toPlainText(), QStringLiteral("/srv/data\n/home/me/proj\n/srv/new"));
        folders->setPlainText(QStringLiteral("/srv/data\n/home/me/proj")); // removes it again
        settings.setApprovedFolders(settings.approvedFolders() << QStringLiteral("/srv/later"));
        QVERIFY(dialog.apply());
        QCOMPARE(settings.approvedFolders(),
            QStringList({QStringLiteral("/srv/data"), QStringLiteral("/home/me/proj"),
                QStringLiteral("/srv/later")}));
        // Cancel after an approval writes nothing back either.
        settings.setApprovedFolders(settings.approvedFolders() << QStringLiteral("/srv/last"));
        dialog.reject();
        QVERIFY(settings.approvedFolders().contains(QStringLiteral("/srv/last")));
    }

    void caFilesAndListIntervalHaveTheirPages()
    {
        // Two settings that only an .ini file could set before: the egress proxy's extra CAs
        // (Network) and how often HOPX sandboxes made elsewhere are looked for (HOPX cloud).
        Core::Settings settings(m_dir.path() + QStringLiteral("/ca.ini"), nullptr);
        QCOMPARE(settings.hopxListIntervalMs(), 30000);
        SettingsDialog dialog(&settings, nullptr, QString());
        dialog.show();
        auto *interval = child<QSpinBox>(&dialog, "listInterval");
        QCOMPARE(interval->value(), 30);
        QCOMPARE(interval->minimum(), 0);
        QCOMPARE(interval->specialValueText(), QStringLiteral("Never"));
        QVERIFY(dialog.apply()); // untouched: the default stays unset
        QVERIFY(!settings.value(QStringLiteral("hopx/listIntervalMs")).isValid());
        interval->setValue(0);
        QVERIFY(dialog.apply());
        QCOMPARE(settings.hopxListIntervalMs(), 0);
        {
            // One written by hand under a second shows as 1 s, not "Never", and a page left
            // as it was keeps it.
            settings.setHopxListIntervalMs(400);
            SettingsDialog again(&settings, nullptr, QString());
            QCOMPARE(child<QSpinBox>(&again, "listInterval")->value(), 1);
            QVERIFY(again.apply());
            QCOMPARE(settings.hopxListIntervalMs(), 400);
        }

        auto *cas = child<QPlainTextEdit>(&dialog, "upstreamCaFiles");
        QVERIFY(cas->toPlainText().isEmpty());
        QVERIFY(child<QPushButton>(&dialog, "addUpstreamCa"));
        const QString notPem = m_dir.filePath(QStringLiteral("not.pem"));
        QFile junk(notPem);
        QVERIFY(junk.open(QIODevice::WriteOnly) && junk.write("not a certificate\n") > 0);
        junk.close();
        for (const QString &bad : {notPem, QStringLiteral("relative.pem"),
                 m_dir.filePath(QStringLiteral("missing.pem"))}) {
            cas->setPlainText(bad);
            QVERIFY(!dialog.apply());
            QVERIFY2(dialog.messageLabel()->text().contains(bad),
                qPrintable(dialog.messageLabel()->text()));
            QCOMPARE(
                dialog.tabs()->tabText(dialog.tabs()->currentIndex()), QStringLiteral("Net&work"));
            QVERIFY(settings.upstreamCaFiles().isEmpty());
        }
        QProcess openssl;
        openssl.setWorkingDirectory(m_dir.path());
        openssl.start(QStringLiteral("openssl"),
            {QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"),
                QStringLiteral("ec"), QStringLiteral("-pkeyopt"),
                QStringLiteral("ec_paramgen_curve:P-256"), QStringLiteral("-nodes"),
                QStringLiteral("-keyout"), QStringLiteral("ca.key"), QStringLiteral("-out"),
                QStringLiteral("ca.pem"), QStringLiteral("-days"), QStringLiteral("1"),
                QStringLiteral("-subj"), QStringLiteral("/CN=Company CA")});
        QVERIFY(openssl.waitForFinished(30000) && openssl.exitCode() == 0);
        const QString pem = m_dir.filePath(QStringLiteral("ca.pem"));
        cas->setPlainText(pem + QLatin1Char('\n'));
        QVERIFY2(dialog.apply(), qPrintable(dialog.messageLabel()->text()));
        QCOMPARE(settings.upstreamCaFiles(), QStringList {pem});
    }

    void packagesPageShowsAndClearsTheCache()
    {
        Core::Settings settings(m_dir.path() + QStringLiteral("/k.ini"), nullptr);
        const QString cache = m_dir.path() + QStringLiteral("/packages");
        QDir().mkpath(cache + QStringLiteral("/blobs/sha256"));
        QDir().mkpath(cache + QStringLiteral("/tmp"));
        for (const QString &name : {QStringLiteral("/blobs/sha256/aa"),
                 QStringLiteral("/blobs/sha256/bb"), QStringLiteral("/tmp/download-1")}) {
            QFile f(cache + name);
            QVERIFY(f.open(QIODevice::WriteOnly) && f.write(QByteArray(1024, 'x')) == 1024);
        }
        SettingsDialog dialog(&settings, nullptr, QString(), cache);
        dialog.show();
        QLabel *contents = child<QLabel>(&dialog, "packageCacheContents");
        QVERIFY2(contents->text().startsWith(QLatin1String("2 files, 2.0 KiB")),
            qPrintable(contents->text()));
        child<QLineEdit>(&dialog, "pypiIndex")->setText(QStringLiteral("not a url"));
        QVERIFY(!dialog.apply());
        QCOMPARE(
            dialog.tabs()->tabText(dialog.tabs()->currentIndex()), QStringLiteral("&Packages"));
        child<QLineEdit>(&dialog, "pypiIndex")
            ->setText(QStringLiteral("http://127.0.0.1:3141/simple/"));
        child<QSpinBox>(&dialog, "packageCacheMax")->setValue(4096);
        QVERIFY(dialog.apply());
        QCOMPARE(settings.packagePypiIndex(), QStringLiteral("http://127.0.0.1:3141/simple/"));
        QCOMPARE(settings.packageCacheMaxMb(), 4096);

        QTest::mouseClick(child<QPushButton>(&dialog, "clearPackageCache"), Qt::LeftButton);
        QVERIFY2(
            contents->text().startsWith(QLatin1String("0 files")), qPrintable(contents->text()));
        QVERIFY(!QFile::exists(cache + QStringLiteral("/blobs/sha256/aa")));
        QVERIFY(QFile::exists(cache + QStringLiteral("/tmp/download-1"))); // a download in flight
        QVERIFY(QFileInfo(cache + QStringLiteral("/blobs/sha256")).isDir()); // the layout stays
    }

    void preloadListIsShownCheckedAndSaved()
    {
        Core::Settings settings(m_dir.path() + QStringLiteral("/p.ini"), nullptr);
        SettingsDialog dialog(&settings, nullptr, QString());
        dialog.show();
        auto *on = child<QCheckBox>(&dialog, "localPreload");
        auto *modules = child<QLineEdit>(&dialog, "localPreloadModules");
        QVERIFY(on->isChecked());
        QCOMPARE(modules->text(),
            Core::LocalSettings::defaultPreloadModules().join(QStringLiteral(", ")));
        // Unchanged, the default stays unset, so a later version's default applies.
        QVERIFY(dialog.apply());
        QVERIFY(!settings.value(QLatin1String(Core::LocalSettings::kPreloadModulesKey)).isValid());

        // Not a module name: refused, nothing written, the field shown.
        modules->setText(QStringLiteral("numpy, os.path; rm"));
        QVERIFY(!dialog.apply());
        QVERIFY(dialog.messageLabel()->text().contains(QStringLiteral("\"os.path;\"")));
        QCOMPARE(dialog.tabs()->currentIndex(), 1);
        QCOMPARE(Core::LocalSettings(&settings).preloadModules(),
            Core::LocalSettings::defaultPreloadModules());

        modules->setText(QStringLiteral("numpy,scipy.stats  polars"));
        QTest::mouseClick(on, Qt::LeftButton);
        QVERIFY(!modules->isEnabled());
        QVERIFY(dialog.apply());
        QVERIFY(!Core::LocalSettings(&settings).preload());
        QCOMPARE(Core::LocalSettings(&settings).preloadModules(),
            (QStringList {
                QStringLiteral("numpy"), QStringLiteral("scipy.stats"), QStringLiteral("polars")}));
    }

    void startAtLoginWritesAndRemovesTheAutostartEntry()
    {
        Core::Settings settings(m_dir.path() + QStringLiteral("/c.ini"), nullptr);
        const QString entry = Core::Settings::autostartPath();
        QVERIFY(entry.startsWith(m_dir.path()));
        QVERIFY(entry.endsWith(QStringLiteral("/autostart/dev.hopx.Desktop.desktop")));
        {
            SettingsDialog dialog(
                &settings, nullptr, QStringLiteral("/opt/HOPX Desktop/bin/hopx-desktop"));
            dialog.show();
            auto *box = child<QCheckBox>(&dialog, "startAtLogin");
            QVERIFY(!box->isChecked());
            QTest::mouseClick(box, Qt::LeftButton);
            QVERIFY(dialog.apply());
        }
        QVERIFY(settings.startAtLogin());
        const QString text = read(entry);
        QVERIFY2(text.contains(
                     QStringLiteral("Exec=\"/opt/HOPX Desktop/bin/hopx-desktop\" --background\n")),
            qPrintable(text));
        QVERIFY(text.startsWith(QStringLiteral("[Desktop Entry]\n")));
        QVERIFY(text.contains(QStringLiteral("Type=Application\n")));
        {
            SettingsDialog dialog(&settings, nullptr, QStringLiteral("/x"));
            auto *box = child<QCheckBox>(&dialog, "startAtLogin");
            QVERIFY(box->isChecked());
            box->setChecked(false);
            QVERIFY(dialog.apply());
        }
        QVERIFY(!QFile::exists(entry));
        QVERIFY(!settings.startAtLogin());
    }

    void httpTokenIsShownCopiedAndRegenerated()
    {
        Core::Settings settings(m_dir.path() + QStringLiteral("/d.ini"), nullptr);
        Core::MemoryKeyStore keys;
        Core::HttpService http(&settings, &keys, {}, {});
        SettingsDialog dialog(&settings, &http, QString());
        dialog.show();
        // Opening Settings reads no secret: the token waits for its page.
        QTest::qWait(50);
        QVERIFY(dialog.tokenEdit()->text().isEmpty());
        QVERIFY(http.token().isEmpty()); // no keychain read happened
        dialog.tabs()->setCurrentWidget(dialog.httpPage());
        // None stored yet: opening the page makes one and files it in the keychain.
        QTRY_VERIFY(!dialog.tokenEdit()->text().isEmpty());
        QVERIFY(dialog.tokenEdit()->isReadOnly());
        const QString first = dialog.tokenEdit()->text();
        QCOMPARE(first.size(), 64); // 32 bytes, hex
        std::optional<QString> stored;
        keys.read([&stored](Core::Result<QString> r) { stored = r.ok() ? r.value() : QString(); },
            Core::KeyStore::httpTokenName());
        QTRY_VERIFY(stored.has_value());
        QCOMPARE(*stored, first);
        // The API key entry is a different secret.
        std::optional<bool> apiKeyMissing;
        keys.read([&apiKeyMissing](Core::Result<QString> r) { apiKeyMissing = !r.ok(); });
        QTRY_VERIFY(apiKeyMissing.has_value());
        QVERIFY(*apiKeyMissing);
        QVERIFY(!dialog.httpStatusLabel()->text().contains(QStringLiteral("No keychain")));

        QTest::mouseClick(child<QPushButton>(&dialog, "copyToken"), Qt::LeftButton);
        QCOMPARE(QApplication::clipboard()->text(), first);
        QTest::mouseClick(child<QPushButton>(&dialog, "regenerateToken"), Qt::LeftButton);
        QTRY_VERIFY(dialog.tokenEdit()->text() != first);
        QCOMPARE(dialog.tokenEdit()->text(), http.token());

        // A new run (another service over the same keychain) uses the stored token.
        Core::HttpService next(&settings, &keys, {}, {});
        SettingsDialog again(&settings, &next, QString());
        again.show();
        again.tabs()->setCurrentWidget(again.httpPage());
        QTRY_COMPARE(again.tokenEdit()->text(), dialog.tokenEdit()->text());
    }

    void withoutKeychainTheTokenLivesInMemory()
    {
        Core::Settings settings(m_dir.path() + QStringLiteral("/f.ini"), nullptr);
        Test::FailingKeyStore keys;
        keys.setFailure(Core::Error::make(
            Core::Error::Code::Unavailable, QStringLiteral("No keychain: install gnome-keyring")));
        Core::HttpService http(&settings, &keys, {}, {});
        SettingsDialog dialog(&settings, &http, QString());
        dialog.show();
        dialog.tabs()->setCurrentWidget(dialog.httpPage());
        QTRY_VERIFY(!dialog.tokenEdit()->text().isEmpty());
        QVERIFY(!http.tokenInKeychain());
        QTRY_VERIFY(dialog.httpStatusLabel()->text().contains(QStringLiteral("No keychain")));
    }

    void enablingHttpServesLiveAndReportsATakenPort()
    {
        Core::Settings settings(m_dir.path() + QStringLiteral("/e.ini"), nullptr);
        Core::MemoryKeyStore keys;
        Core::HttpService http(&settings, &keys, {}, {});
        http.start();
        SettingsDialog dialog(&settings, &http, QString());
        dialog.show();
        QCOMPARE(http.state(), Core::HttpService::State::Off);
        QVERIFY(dialog.httpStatusLabel()->text().contains(QStringLiteral("Not serving")));

        // A port someone else holds: the dialog says so, in plain words.
        QTcpServer squatter;
        QVERIFY(squatter.listen(QHostAddress::LocalHost, 0));
        child<QCheckBox>(&dialog, "httpEnabled")->setChecked(true);
        child<QSpinBox>(&dialog, "httpPort")->setValue(squatter.serverPort());
        QTest::mouseClick(dialog.buttons()->button(QDialogButtonBox::Apply), Qt::LeftButton);
        QVERIFY(settings.httpEnabled());
        QTRY_COMPARE(http.state(), Core::HttpService::State::Failed);
        QVERIFY2(dialog.httpStatusLabel()->text().contains(
                     QStringLiteral("could not serve on port %1").arg(squatter.serverPort())),
            qPrintable(dialog.httpStatusLabel()->text()));

        // Another port: serving at once, no restart.
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
        const quint16 free = probe.serverPort();
        probe.close();
        child<QSpinBox>(&dialog, "httpPort")->setValue(free);
        QTest::mouseClick(dialog.buttons()->button(QDialogButtonBox::Apply), Qt::LeftButton);
        QTRY_COMPARE(http.state(), Core::HttpService::State::Listening);
        QCOMPARE(http.port(), free);
        QVERIFY(dialog.httpStatusLabel()->text().contains(
            QStringLiteral("Serving at http://127.0.0.1:%1/mcp").arg(free)));
        QVERIFY(!dialog.tokenEdit()->text().isEmpty());

        child<QCheckBox>(&dialog, "httpEnabled")->setChecked(false);
        QVERIFY(dialog.apply());
        QTRY_COMPARE(http.state(), Core::HttpService::State::Off);
    }
};

QTEST_MAIN(TestSettingsDialog)
#include "tst_settingsdialog.moc"

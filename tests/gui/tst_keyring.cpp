// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// The key flows against the real Secret Service (run through tests/with-keyring.sh): the API
// key dialog saves and removes through QtKeychain, the tray follows, the HTTP token lands in
// its own entry. A test service name keeps the user's real entries out of reach.
#include "core/http/HttpService.h"
#include "core/manager/SandboxManager.h"
#include "core/secrets/QtKeychainStore.h"
#include "core/settings/Settings.h"
#include "ui/GuiApplication.h"
#include "ui/TrayIcon.h"
#include "ui/dialogs/ApiKeyDialog.h"
#include "ui/settings/SettingsDialog.h"

#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <optional>

using namespace Hopx;

class TestKeyring : public QObject
{
    Q_OBJECT

    QString m_service =
        QStringLiteral("hopx-desktop-test-%1").arg(QCoreApplication::applicationPid());
    QTemporaryDir m_dir;

    std::optional<Core::Result<QString>> readFresh(const QString &name)
    {
        // A separate store object: the value must come from the keychain, not from memory.
        Core::QtKeychainStore fresh(m_service);
        std::optional<Core::Result<QString>> out;
        fresh.read([&out](Core::Result<QString> r) { out.emplace(std::move(r)); }, name);
        if (!QTest::qWaitFor([&out] { return out.has_value(); }, 20000))
            return std::nullopt;
        return out;
    }

private slots:
    void initTestCase()
    {
        qunsetenv("HOPX_API_KEY");
        Core::QtKeychainStore probe(m_service);
        std::optional<Core::Result<Core::Unit>> written;
        probe.write(
            QStringLiteral("probe"),
            [&written](Core::Result<Core::Unit> r) { written.emplace(std::move(r)); },
            QStringLiteral("probe"));
        QTRY_VERIFY_WITH_TIMEOUT(written.has_value(), 20000);
        if (!written->ok()) {
            if (qgetenv("HOPX_KEYCHAIN_EXPECT") == "available")
                QFAIL(qPrintable(written->error().message));
            QSKIP(qPrintable(QStringLiteral("no Secret Service: ") + written->error().message));
        }
        probe.remove([](Core::Result<Core::Unit>) {}, QStringLiteral("probe"));
    }

    void apiKeySavedRemovedAndFollowedByTheTray()
    {
        Core::QtKeychainStore store(m_service);
        Core::Settings settings(m_dir.path() + QStringLiteral("/s.ini"), nullptr);
        Core::SandboxManager manager(&settings);
        Ui::GuiApplication::Deps deps;
        deps.settings = &settings;
        deps.manager = &manager;
        deps.keyStore = &store;
        deps.noTray = true;
        deps.keyTester = [](const QString &, std::function<void(bool, const QString &)> done) {
            QTimer::singleShot(0, [done] { done(true, QStringLiteral("ok")); });
        };
        Ui::GuiApplication gui(deps);
        QTRY_COMPARE_WITH_TIMEOUT(gui.tray()->state(), Ui::TrayIcon::State::NoKey, 20000);

        Ui::ApiKeyDialog *dialog = gui.showApiKeyDialog();
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->isBusy(), 20000);
        QVERIFY(dialog->statusLabel()->text().contains(QStringLiteral("No key")));
        QTest::keyClicks(dialog->keyEdit(), QStringLiteral("hopx_live_secretservice_4242"));
        QTest::mouseClick(dialog->saveButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(
            dialog->statusLabel()->text().contains(QStringLiteral("hopx_live_…4242")), 20000);
        QTRY_COMPARE_WITH_TIMEOUT(gui.tray()->state(), Ui::TrayIcon::State::Idle, 20000);
        QVERIFY(gui.apiKeyPresent());

        auto stored = readFresh(Core::KeyStore::apiKeyName());
        QVERIFY(stored && stored->ok());
        QCOMPARE(stored->value(), QStringLiteral("hopx_live_secretservice_4242"));

        QTRY_VERIFY(dialog->removeButton()->isEnabled());
        QTest::mouseClick(dialog->removeButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(
            dialog->statusLabel()->text().contains(QStringLiteral("No key")), 20000);
        QTRY_COMPARE_WITH_TIMEOUT(gui.tray()->state(), Ui::TrayIcon::State::NoKey, 20000);
        stored = readFresh(Core::KeyStore::apiKeyName());
        QVERIFY(stored && !stored->ok());
        QCOMPARE(stored->error().code, Core::Error::Code::NotFound);
    }

    void httpTokenHasItsOwnEntry()
    {
        Core::QtKeychainStore store(m_service);
        Core::Settings settings(m_dir.path() + QStringLiteral("/t.ini"), nullptr);
        Core::HttpService http(&settings, &store, {}, {});
        Ui::SettingsDialog dialog(&settings, &http, QString());
        dialog.show();
        dialog.tabs()->setCurrentWidget(dialog.httpPage());
        // None stored yet: the first look makes one and files it.
        QTRY_VERIFY_WITH_TIMEOUT(http.tokenInKeychain(), 20000);
        const QString first = dialog.tokenEdit()->text();
        QCOMPARE(first, http.token());
        QTest::mouseClick(
            dialog.findChild<QPushButton *>(QStringLiteral("regenerateToken")), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(
            dialog.tokenEdit()->text() != first && http.tokenInKeychain(), 20000);
        const auto token = readFresh(Core::KeyStore::httpTokenName());
        QVERIFY(token && token->ok());
        QCOMPARE(token->value(), dialog.tokenEdit()->text());
        const auto apiKey = readFresh(Core::KeyStore::apiKeyName());
        QVERIFY(apiKey && !apiKey->ok()); // a different entry
        // The next run finds the same token.
        Core::HttpService again(&settings, &store, {}, {});
        again.loadToken();
        QTRY_COMPARE_WITH_TIMEOUT(again.token(), dialog.tokenEdit()->text(), 20000);
        store.remove([](Core::Result<Core::Unit>) {}, Core::KeyStore::httpTokenName());
        QTRY_VERIFY_WITH_TIMEOUT(!readFresh(Core::KeyStore::httpTokenName())->ok(), 20000);
    }
};

QTEST_MAIN(TestKeyring)
#include "tst_keyring.moc"

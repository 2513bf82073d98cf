// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/ide/IdeConfig.h"
#include "ui/dialogs/ApiKeyTester.h"

#include <QObject>
#include <QPointer>

#include <memory>

class QCoreApplication;
class QNetworkAccessManager;

namespace Hopx::Core {
class ApprovalBroker;
class ApprovalListModel;
class ClientListModel;
class HttpService;
class KeyStore;
class SecretStore;
class LogFeed;
class LogModel;
class Notices;
class ProviderPolicy;
class ResourceSampler;
class SandboxListModel;
class SandboxManager;
class Settings;
} // namespace Hopx::Core

namespace Hopx::Mcp {
class LocalServer;
class SessionObserver;
} // namespace Hopx::Mcp

namespace Hopx::Ui {

class ApiKeyDialog;
class ConnectIdeDialog;
class DesktopNotifier;
class MainWindow;
class SandboxActions;
class SettingsDialog;
class Translations;
class TrayIcon;

/*! \brief The tray app's UI for one run with a display: models, tray, main window, dialogs.
 *
 * main.cpp builds the core (settings, manager, providers, server) exactly as in headless
 * mode and hands it over; this class only observes and drives it. Nothing here is a
 * singleton: tests build several, one per language.
 */
class GuiApplication final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(GuiApplication)
public:
    struct Deps
    {
        Core::Settings *settings = nullptr;
        Core::SandboxManager *manager = nullptr;
        Mcp::LocalServer *server = nullptr;
        //! Every MCP session of the server, for the Clients view and the log.
        Mcp::SessionObserver *observer = nullptr;
        Core::KeyStore *keyStore = nullptr;
        //! Which provider is the cloud and where it is; null = no cloud provider.
        Core::ProviderPolicy *policy = nullptr;
        //! The HTTP endpoint the settings control; null = the Settings dialog cannot show it.
        Core::HttpService *http = nullptr;
        QNetworkAccessManager *network = nullptr;
        //! Empty = ApiKeyTester over `network` and the HOPX base URL.
        KeyTester keyTester;
        QString bridgePath; // hopx-mcp, for the IDE configs
        QString programPath; // hopx-desktop, for the autostart entry
        QString packageCacheDir; // the local sandboxes' package cache (Settings > Packages)
        QString serverName; // shown in the status bar
        QString translationsDir = QStringLiteral(":/i18n");
        //! Tests: behave as if the desktop had no tray.
        bool noTray = false;
        //! The consent tools ask the app's user for: listed, notified and answered here.
        Core::ApprovalBroker *approvals = nullptr;
        //! Named secrets for sandboxes (Settings → Secrets); null = no such page.
        Core::SecretStore *secrets = nullptr;
        //! Where IDEs keep their configs (tests: a fake home), for what the app says is connected.
        Core::IdeConfig::Paths idePaths = Core::IdeConfig::Paths::fromEnvironment();
    };

    explicit GuiApplication(const Deps &deps, QObject *parent = nullptr);
    ~GuiApplication() override;

    //! Shows the tray (if any) and the window unless `background` and a tray exists.
    void start(bool background);
    //! Another launch of the app: bring the window up.
    void activate();

    ApiKeyDialog *showApiKeyDialog();
    SettingsDialog *showSettings();
    ConnectIdeDialog *showConnectIde();
    //! Reads again which IDEs are installed and connected; the empty view and the tray say it.
    void refreshIdes();

    MainWindow *mainWindow() const { return m_window.get(); }
    TrayIcon *tray() const { return m_tray.get(); }
    Core::SandboxListModel *sandboxModel() const { return m_sandboxes; }
    Core::LogModel *logModel() const { return m_logs; }
    Core::ClientListModel *clientModel() const { return m_clients; }
    Core::Notices *notices() const { return m_notices; }
    Core::ApprovalListModel *approvalModel() const { return m_approvals; }
    bool apiKeyPresent() const { return m_keyPresent; }
    bool trayAvailable() const;

    //! For main.cpp: builds the UI over the running core and shows it. Fills in the bridge's
    //! and the app's paths (next to this binary) when `deps` leaves them empty.
    static std::unique_ptr<GuiApplication> run(Deps deps, bool background);
    //! For main.cpp: true unless --headless, a command that prints and exits (--list-tools,
    //! --version, --help), a keychain command, or there is no display to open windows on.
    static bool wantsGui(int argc, char **argv);
    //! QApplication (tray app: closing the last window does not quit) or QCoreApplication.
    static std::unique_ptr<QCoreApplication> createApplication(int &argc, char **argv, bool gui);
    //! Asks the instance serving `serverName` to show its window; false if none answered.
    static bool activateRunningInstance(const QString &serverName, int timeoutMs = 2000);

private:
    void readApiKey();
    void setApiKeyPresent(bool present);
    void updateError();
    void quit();
    void restart();
    void notifyApproval(quint64 id);
    /*! A desktop notification: the freedesktop service's (with "Allow" for \a host), else the
     *  tray's balloon, else a line in the window's status bar. */
    void notify(const QString &title, const QString &text, const QString &sandboxId,
        const QString &host = {});
    //! Without a notification service: the tray's balloon, else the window's status bar.
    void notifyWithoutService(const QString &title, const QString &text, const QString &sandboxId);
    //! A button (or a click) on one of our desktop notifications.
    void noticeAction(const QString &tag, const QString &key);

    Deps m_deps;
    std::unique_ptr<Translations> m_translations;
    Core::SandboxListModel *m_sandboxes;
    Core::LogModel *m_logs;
    Core::ClientListModel *m_clients;
    Core::LogFeed *m_feed;
    Core::ResourceSampler *m_sampler;
    SandboxActions *m_actions;
    Core::ApprovalListModel *m_approvals;
    Core::Notices *m_notices;
    QString m_noticeSandbox; // what the last notification was about: a click shows its logs
    std::unique_ptr<MainWindow> m_window;
    std::unique_ptr<TrayIcon> m_tray;
    DesktopNotifier *m_notifier;
    QPointer<ApiKeyDialog> m_apiKeyDialog;
    QPointer<SettingsDialog> m_settingsDialog;
    QPointer<ConnectIdeDialog> m_connectDialog;
    bool m_keyPresent = false;
};

} // namespace Hopx::Ui

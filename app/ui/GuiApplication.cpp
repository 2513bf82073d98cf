// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ui/GuiApplication.h"

#include "core/approvals/ApprovalBroker.h"
#include "core/http/HttpService.h"
#include "core/ide/IdeConfig.h"
#include "core/manager/ProviderPolicy.h"
#include "core/manager/SandboxManager.h"
#include "core/manager/SandboxProvider.h"
#include "core/models/ApprovalListModel.h"
#include "core/models/ClientListModel.h"
#include "core/models/LogFeed.h"
#include "core/models/LogModel.h"
#include "core/models/Notices.h"
#include "core/models/ResourceSampler.h"
#include "core/models/SandboxListModel.h"
#include "core/secrets/KeyStore.h"
#include "core/settings/Settings.h"
#include "transport/LocalConnection.h"
#include "transport/LocalServer.h"
#include "ui/DesktopNotifier.h"
#include "ui/Icons.h"
#include "ui/MainWindow.h"
#include "ui/Translations.h"
#include "ui/TrayIcon.h"
#include "ui/UiLogging.h"
#include "ui/dialogs/ApiKeyDialog.h"
#include "ui/dialogs/ConnectIdeDialog.h"
#include "ui/settings/SecretsPage.h"
#include "ui/settings/SettingsDialog.h"
#include "ui/settings/ToolsPage.h"
#include "ui/views/ApprovalsView.h"
#include "ui/views/FirstRunPanel.h"
#include "ui/views/LogsView.h"
#include "ui/views/SandboxActions.h"
#include "ui/views/SandboxesView.h"

#include <QApplication>
#include <QLocalSocket>
#include <QProcess>
#include <QSystemTrayIcon>
#include <QTabWidget>

namespace Hopx::Ui {

using Core::Error;
using Core::Result;

GuiApplication::GuiApplication(const Deps &deps, QObject *parent)
    : QObject(parent)
    , m_deps(deps)
    , m_translations(std::make_unique<Translations>())
{
    // Translators before the first widget: every tr() below sees the chosen language.
    m_translations->install(
        deps.settings ? deps.settings->language() : QString(), deps.translationsDir);
    QGuiApplication::setWindowIcon(Icons::app());
    QGuiApplication::setApplicationDisplayName(tr("HOPX Desktop"));
    QGuiApplication::setDesktopFileName(QStringLiteral(HOPX_APP_ID));

    m_sandboxes = new Core::SandboxListModel(this);
    m_logs = new Core::LogModel(this);
    m_clients = new Core::ClientListModel(this);
    m_feed = new Core::LogFeed(m_logs, this);
    m_actions = new SandboxActions(deps.manager, this);
    m_approvals = new Core::ApprovalListModel(this);
    m_notices = new Core::Notices(deps.settings, this);
    if (deps.approvals) {
        m_approvals->attach(deps.approvals);
        deps.approvals->addAnswerer(); // from now on the app asks when a client cannot
    }
    if (deps.settings) {
        // The Network column names the "packages" policy by these hosts, as they are now.
        const QPointer<Core::Settings> settings = deps.settings;
        m_sandboxes->setPackageHosts(settings->packageHosts());
        connect(settings, &Core::Settings::changed, m_sandboxes, [this, settings] {
            if (settings)
                m_sandboxes->setPackageHosts(settings->packageHosts());
        });
    }
    if (deps.manager) {
        m_sandboxes->attach(deps.manager);
        m_feed->attachManager(deps.manager);
        m_notices->attach(deps.manager);
    }
    if (deps.observer) {
        m_clients->attach(deps.observer);
        m_feed->attachObserver(deps.observer);
    }
    if (deps.server) {
        connect(
            deps.server, &Mcp::LocalServer::activationRequested, this, &GuiApplication::activate);
    }

    m_window = std::make_unique<MainWindow>(
        MainWindow::Models {m_sandboxes, m_logs, m_clients, m_approvals}, deps.settings);
    m_window->setServerName(deps.serverName);
    // CPU and memory of local sandboxes, sampled only while someone can see them.
    m_sampler = new Core::ResourceSampler(deps.manager, m_sandboxes, this);
    m_sampler->setActiveCheck([this] { return m_window && m_window->isVisible(); });
    m_tray = std::make_unique<TrayIcon>(m_sandboxes);
    m_notifier = new DesktopNotifier(QDBusConnection::sessionBus(), this);
    m_notifier->setImage(Icons::app().pixmap(64).toImage());
    m_tray->setApprovals(m_approvals);
    refreshIdes();
    if (deps.approvals) {
        const QPointer<Core::ApprovalBroker> broker = deps.approvals;
        const auto answer = [broker](quint64 id, Core::ApprovalBroker::Answer answer) {
            if (broker)
                broker->answer(id, answer);
        };
        connect(m_window->approvalsView(), &ApprovalsView::answered, this, answer);
        connect(m_tray.get(), &TrayIcon::approvalAnswered, this, answer);
        connect(deps.approvals, &Core::ApprovalBroker::requested, this,
            &GuiApplication::notifyApproval);
    }
    connect(m_tray.get(), &QSystemTrayIcon::messageClicked, this, [this] {
        if (m_noticeSandbox.isEmpty())
            activate();
        else
            m_window->showLogsFor(m_noticeSandbox); // where "Allow" and the details are
    });
    connect(m_notices, &Core::Notices::notice, this,
        [this](Core::Settings::Notice, const QString &title, const QString &text,
            const QString &sandboxId,
            const QString &host) { notify(title, text, sandboxId, host); });
    connect(m_notifier, &DesktopNotifier::actionInvoked, this, &GuiApplication::noticeAction);

    connect(
        m_window.get(), &MainWindow::connectIdeRequested, this, &GuiApplication::showConnectIde);
    connect(m_window.get(), &MainWindow::apiKeyRequested, this, &GuiApplication::showApiKeyDialog);
    connect(m_window.get(), &MainWindow::settingsRequested, this, &GuiApplication::showSettings);
    connect(m_window.get(), &MainWindow::quitRequested, this, &GuiApplication::quit);
    SandboxesView *view = m_window->sandboxesView();
    connect(view, &SandboxesView::deleteRequested, m_actions, &SandboxActions::deleteSandboxes);
    connect(view, &SandboxesView::extendRequested, m_actions, &SandboxActions::extend);
    connect(
        view, &SandboxesView::openWorkspaceRequested, m_actions, &SandboxActions::openWorkspace);
    connect(m_actions, &SandboxActions::message, m_window.get(), &MainWindow::showMessage);
    connect(
        m_window->logsView(), &LogsView::allowHostRequested, m_actions, &SandboxActions::allowHost);

    connect(m_tray.get(), &TrayIcon::openRequested, this, &GuiApplication::activate);
    connect(m_tray.get(), &TrayIcon::toggleWindowRequested, this, [this] {
        if (m_window->isVisible() && m_window->isActiveWindow())
            m_window->hide();
        else
            activate();
    });
    connect(m_tray.get(), &TrayIcon::connectIdeRequested, this, &GuiApplication::showConnectIde);
    connect(m_tray.get(), &TrayIcon::apiKeyRequested, this, &GuiApplication::showApiKeyDialog);
    connect(m_tray.get(), &TrayIcon::settingsRequested, this, &GuiApplication::showSettings);
    connect(m_tray.get(), &TrayIcon::quitRequested, this, &GuiApplication::quit);
    connect(m_tray.get(), &TrayIcon::deleteSandboxRequested, this,
        [view](const QString &id) { view->confirmDelete({id}); });
    connect(m_tray.get(), &TrayIcon::showSandboxLogsRequested, m_window.get(),
        &MainWindow::showLogsFor);
    auto clientsChanged = [this] { m_tray->setClientCount(m_clients->rowCount()); };
    connect(m_clients, &QAbstractItemModel::rowsInserted, this, clientsChanged);
    connect(m_clients, &QAbstractItemModel::rowsRemoved, this, clientsChanged);
    clientsChanged();

    if (deps.keyStore)
        connect(deps.keyStore, &Core::KeyStore::keyChanged, this, [this](const QString &name) {
            if (name == Core::KeyStore::apiKeyName())
                readApiKey();
        });
    if (deps.manager)
        for (Core::SandboxProvider *p : deps.manager->providers())
            connect(p, &Core::SandboxProvider::unavailableReasonChanged, this,
                &GuiApplication::updateError);
    if (deps.http)
        connect(deps.http, &Core::HttpService::stateChanged, this,
            [this](Core::HttpService::State state) {
                // The settings dialog may be closed by now (OK): say it where it is seen.
                if (state == Core::HttpService::State::Failed)
                    m_window->showMessage(m_deps.http->errorString(), true);
                else if (state == Core::HttpService::State::Listening)
                    m_window->showMessage(
                        tr("MCP over HTTP at %1").arg(m_deps.http->endpointUrl()));
            });
    setApiKeyPresent(Core::ProviderPolicy::apiKeyInEnvironment());
    readApiKey();
}

GuiApplication::~GuiApplication()
{
    if (m_deps.approvals)
        m_deps.approvals->removeAnswerer(); // what still waits is denied: nobody is left to ask
    // Dialogs are parented to the window; the tray's menu refers to the model: tear down first.
    m_tray.reset();
    m_window.reset();
}

bool GuiApplication::trayAvailable() const
{
    return !m_deps.noTray && QSystemTrayIcon::isSystemTrayAvailable();
}

void GuiApplication::start(bool background)
{
    if (trayAvailable()) {
        m_tray->show();
        if (!background)
            m_window->show();
        return;
    }
    // No tray (GNOME without AppIndicator, Xvfb): the window is the only way in.
    m_window->showNoTrayHint();
    if (background) {
        qCInfo(lcUi)
            << "no system tray and --background: the window opens when the app is started again";
        return;
    }
    m_window->show();
}

void GuiApplication::activate()
{
    refreshIdes(); // an IDE may have been installed or connected by hand since
    m_window->bringToFront();
}

void GuiApplication::refreshIdes()
{
    // File checks only (a config read, a PATH lookup per IDE): cheap enough for each showing.
    const Core::IdeConfig config(Core::IdeConfig::launchFor(m_deps.bridgePath), m_deps.idePaths);
    QStringList connected, notConnected;
    for (Core::IdeConfig::Ide ide : Core::IdeConfig::all()) {
        if (config.isConnected(ide))
            connected << Core::IdeConfig::displayName(ide);
        else if (config.isInstalled(ide))
            notConnected << Core::IdeConfig::displayName(ide);
    }
    m_window->sandboxesView()->firstRunPanel()->setIdes(connected, notConnected);
    m_tray->setIdes(connected, notConnected);
}

void GuiApplication::notifyApproval(quint64 id)
{
    const Core::ApprovalBroker::Pending *pending = m_deps.approvals->find(id);
    if (!pending)
        return;
    // A tool call waits: say so where the user looks. With neither a notification service nor
    // a tray, the window itself comes up, whose list has the buttons.
    if (!m_tray->isVisible() && !m_notifier->isAvailable())
        m_window->bringToFront();
    if (m_deps.settings && !m_deps.settings->notifies(Core::Settings::Notice::Approval))
        return;
    const QString title = tr("HOPX Desktop needs your approval");
    const QString text = Core::ApprovalListModel::describe(*pending);
    // The answer on the notification itself: the call waits for it, wherever the user is.
    QList<DesktopNotifier::Action> actions {
        {QStringLiteral("default"), tr("Show")}, {QStringLiteral("allow-once"), tr("Allow once")}};
    if (pending->request.offerAlways)
        actions.append({QStringLiteral("always"),
            Core::ApprovalListModel::alwaysLabel(pending->request.kind)});
    actions.append({QStringLiteral("deny"), tr("Deny")});
    qCInfo(lcUi).noquote() << "notification:" << title << "-" << text;
    if (!m_notifier->show(title, text, actions, QStringLiteral("approval\n%1").arg(id)))
        notifyWithoutService(title, text, {});
}

void GuiApplication::noticeAction(const QString &tag, const QString &key)
{
    const QStringList parts = tag.split(QLatin1Char('\n'));
    if (parts.value(0) == QLatin1String("approval")) {
        const quint64 id = parts.value(1).toULongLong();
        using Answer = Core::ApprovalBroker::Answer;
        if (key == QLatin1String("allow-once"))
            m_deps.approvals->answer(id, Answer::AllowOnce);
        else if (key == QLatin1String("always"))
            m_deps.approvals->answer(id, Answer::AllowAlways);
        else if (key == QLatin1String("deny"))
            m_deps.approvals->answer(id, Answer::Deny);
        else
            m_window->bringToFront();
        return;
    }
    const QString sandboxId = parts.value(1);
    const QString host = parts.value(2);
    if (key == QLatin1String("allow") && !host.isEmpty())
        m_actions->allowHost(sandboxId, host);
    else if (sandboxId.isEmpty())
        activate();
    else
        m_window->showLogsFor(sandboxId); // where "Allow" and the details are
}

void GuiApplication::notify(
    const QString &title, const QString &text, const QString &sandboxId, const QString &host)
{
    qCInfo(lcUi).noquote() << "notification:" << title << "-" << text;
    QList<DesktopNotifier::Action> actions {{QStringLiteral("default"), tr("Show")}};
    if (!host.isEmpty())
        actions.append({QStringLiteral("allow"), tr("Allow %1").arg(host)});
    if (!m_notifier->show(title, text, actions,
            QStringList {QStringLiteral("notice"), sandboxId, host}.join(QLatin1Char('\n'))))
        notifyWithoutService(title, text, sandboxId);
}

void GuiApplication::notifyWithoutService(
    const QString &title, const QString &text, const QString &sandboxId)
{
    m_noticeSandbox = sandboxId;
    if (m_tray->isVisible())
        m_tray->showMessage(title, text, Icons::app(), 20000);
    else
        //: A notice's title, then its text, on one line.
        m_window->showMessage(tr("%1: %2").arg(title, text));
}

void GuiApplication::readApiKey()
{
    if (Core::ProviderPolicy::apiKeyInEnvironment()) {
        setApiKeyPresent(true);
        return;
    }
    if (!m_deps.keyStore) {
        setApiKeyPresent(false);
        return;
    }
    QPointer<GuiApplication> self(this);
    m_deps.keyStore->read([self](Result<QString> r) {
        if (!self)
            return;
        self->setApiKeyPresent(r.ok() && !r.value().isEmpty());
        if (!r.ok() && r.error().code != Error::Code::NotFound)
            qCInfo(lcUi).noquote() << "API key not readable:" << r.error().message;
    });
}

void GuiApplication::setApiKeyPresent(bool present)
{
    // (main.cpp tells the manager itself; the UI only shows the state.)
    m_keyPresent = present;
    m_window->setApiKeyPresent(present);
    m_tray->setApiKeyPresent(present);
    updateError();
}

void GuiApplication::updateError()
{
    QStringList problems;
    if (m_deps.manager) {
        for (Core::SandboxProvider *p : m_deps.manager->providers()) {
            const QString reason = p->unavailableReason().translated();
            // A cloud provider without a key is the "no key" state, not an error.
            if (reason.isEmpty() || (m_deps.policy && m_deps.policy->isCloud(p) && !m_keyPresent))
                continue;
            //: A provider's name, then why it cannot be used.
            problems << tr("%1: %2").arg(
                Core::SandboxListModel::providerName(m_deps.manager, p->id()), reason);
        }
    }
    m_tray->setErrorMessage(problems.join(QLatin1Char('\n')));
    m_window->setProblem(problems.join(QLatin1Char('\n')));
}

void GuiApplication::quit()
{
    qCInfo(lcUi) << "quit requested from the UI";
    QCoreApplication::quit();
}

void GuiApplication::restart()
{
    qCInfo(lcUi) << "restart requested from the UI (new language)";
    // main.cpp's aboutToQuit handler, connected before this object existed, runs first and
    // frees the socket and its lock: the new instance then serves instead of deferring to us.
    const QString program = m_deps.programPath;
    connect(qApp, &QCoreApplication::aboutToQuit, this, [program] {
        if (!QProcess::startDetached(program, {}))
            qCWarning(lcUi).noquote() << "could not start" << program << "again";
    });
    QCoreApplication::quit();
}

ApiKeyDialog *GuiApplication::showApiKeyDialog()
{
    if (!m_apiKeyDialog) {
        KeyTester tester = m_deps.keyTester;
        if (!tester) {
            const QPointer<Core::ProviderPolicy> policy = m_deps.policy;
            tester = ApiKeyTester::make(m_deps.network,
                [policy] { return policy ? policy->appCloudAccount().baseUrl : QUrl(); });
        }
        m_apiKeyDialog = new ApiKeyDialog(m_deps.keyStore, tester, m_window.get());
        m_apiKeyDialog->setAttribute(Qt::WA_DeleteOnClose);
    }
    m_apiKeyDialog->show();
    m_apiKeyDialog->raise();
    m_apiKeyDialog->activateWindow();
    return m_apiKeyDialog;
}

SettingsDialog *GuiApplication::showSettings()
{
    if (!m_settingsDialog) {
        m_settingsDialog = new SettingsDialog(m_deps.settings, m_deps.http, m_deps.programPath,
            m_deps.packageCacheDir, m_window.get());
        m_settingsDialog->setAttribute(Qt::WA_DeleteOnClose);
        auto *tools = new ToolsPage(
            Core::IdeConfig(Core::IdeConfig::launchFor(m_deps.bridgePath), m_deps.idePaths),
            m_settingsDialog);
        m_settingsDialog->addPage(tools, tr("&Tools"));
        if (m_deps.settings)
            tools->load(*m_deps.settings);
        if (m_deps.secrets)
            m_settingsDialog->addTab(
                new SecretsPage(m_deps.secrets, m_settingsDialog), tr("&Secrets"));
        connect(
            m_settingsDialog, &SettingsDialog::restartRequested, this, &GuiApplication::restart);
    }
    m_settingsDialog->show();
    m_settingsDialog->raise();
    m_settingsDialog->activateWindow();
    return m_settingsDialog;
}

ConnectIdeDialog *GuiApplication::showConnectIde()
{
    if (!m_connectDialog) {
        m_connectDialog = new ConnectIdeDialog(
            Core::IdeConfig(Core::IdeConfig::launchFor(m_deps.bridgePath), m_deps.idePaths),
            m_window.get());
        m_connectDialog->setKeyStore(m_deps.keyStore);
        m_connectDialog->setAttribute(Qt::WA_DeleteOnClose);
        // What it connected shows in the empty view and the tray once it closes.
        connect(m_connectDialog, &QDialog::finished, this, &GuiApplication::refreshIdes);
    }
    m_connectDialog->show();
    m_connectDialog->raise();
    m_connectDialog->activateWindow();
    return m_connectDialog;
}

std::unique_ptr<GuiApplication> GuiApplication::run(Deps deps, bool background)
{
    // hopx-mcp is installed and built next to the app: IDE configs get its absolute path.
    if (deps.bridgePath.isEmpty())
        deps.bridgePath = QCoreApplication::applicationDirPath() + QStringLiteral("/hopx-mcp");
    if (deps.programPath.isEmpty())
        deps.programPath = QCoreApplication::applicationFilePath();
    auto gui = std::make_unique<GuiApplication>(deps);
    gui->start(background);
    return gui;
}

bool GuiApplication::wantsGui(int argc, char **argv)
{
    // Commands that print and exit, or only touch the keychain, and headless runs need no
    // windows: `hopx-desktop --list-tools` must work over SSH and in CI without a display.
    static const char *const noGui[] = {"--headless", "-headless", "--set-api-key",
        "--clear-api-key", "--set-secret", "--list-secrets", "--remove-secret", "--list-tools",
        "--version", "-v", "--help", "-h", "-?", "--help-all"};
    for (int i = 1; i < argc; ++i)
        for (const char *flag : noGui)
            if (qstrcmp(argv[i], flag) == 0)
                return false;
#if defined(Q_OS_UNIX) && !defined(Q_OS_MACOS)
    // No display, no windows (SSH, CI, a service). The offscreen platform counts as none: it is
    // what tests of the headless server run under.
    const QByteArray platform = qgetenv("QT_QPA_PLATFORM");
    if (!platform.isEmpty() && !platform.startsWith("offscreen") && !platform.startsWith("minimal"))
        return true;
    return !qEnvironmentVariableIsEmpty("DISPLAY")
        || !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY");
#else
    return true;
#endif
}

std::unique_ptr<QCoreApplication> GuiApplication::createApplication(
    int &argc, char **argv, bool gui)
{
    if (!gui)
        return std::make_unique<QCoreApplication>(argc, argv);
    auto app = std::make_unique<QApplication>(argc, argv);
    // A tray app: the MCP server outlives its windows.
    QApplication::setQuitOnLastWindowClosed(false);
    return app;
}

bool GuiApplication::activateRunningInstance(const QString &serverName, int timeoutMs)
{
    QLocalSocket socket;
    socket.connectToServer(serverName);
    if (!socket.waitForConnected(timeoutMs))
        return false;
    socket.write(Mcp::LocalConnection::activationLine() + '\n');
    if (!socket.waitForBytesWritten(timeoutMs))
        return false;
    // The server closes the connection once it has acted on the line.
    socket.waitForDisconnected(timeoutMs);
    return true;
}

} // namespace Hopx::Ui

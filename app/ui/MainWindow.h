// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QMainWindow>
#include <QPointer>

class QFrame;
class QLabel;
class QTabWidget;

namespace Hopx::Core {
class ApprovalListModel;
class ClientListModel;
class LogModel;
class SandboxListModel;
class Settings;
} // namespace Hopx::Core

namespace Hopx::Ui {

class ApprovalsView;
class ClientsView;
class LogsView;
class SandboxesView;

/*! \brief The main window: Sandboxes, Logs and Clients tabs, first-run hints, the approvals
 *  waiting for the user, status bar.
 *
 * Closing it only hides it: the app keeps serving MCP for the IDEs until Quit.
 */
class MainWindow final : public QMainWindow
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MainWindow)
public:
    struct Models
    {
        Core::SandboxListModel *sandboxes = nullptr;
        Core::LogModel *logs = nullptr;
        Core::ClientListModel *clients = nullptr;
        Core::ApprovalListModel *approvals = nullptr; // null: no approvals list
    };
    enum Tab { SandboxesTab, LogsTab, ClientsTab };

    MainWindow(const Models &models, Core::Settings *settings, QWidget *parent = nullptr);
    ~MainWindow() override;

    SandboxesView *sandboxesView() const { return m_sandboxesView; }
    LogsView *logsView() const { return m_logsView; }
    ClientsView *clientsView() const { return m_clientsView; }
    //! Null when Models::approvals was.
    ApprovalsView *approvalsView() const { return m_approvalsView; }
    QTabWidget *tabs() const { return m_tabs; }
    QFrame *apiKeyHint() const { return m_keyHint; }
    QFrame *noTrayHint() const { return m_trayHint; }
    QFrame *problemHint() const { return m_problemHint; }

    void showLogsFor(const QString &sandboxId);
    //! The first-run hint shows while no key is set (until dismissed for this session).
    void setApiKeyPresent(bool present);
    //! Shown once, when the desktop has no system tray.
    void showNoTrayHint();
    //! Why sandboxes of a kind cannot run (one line each, the user's language), above the tabs
    //! while there is any; empty hides it.
    void setProblem(const QString &text);
    void setServerName(const QString &name);
    void showMessage(const QString &text, bool error = false);
    void bringToFront();

signals:
    void connectIdeRequested();
    void apiKeyRequested();
    void settingsRequested();
    void quitRequested();

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void createMenus();
    QFrame *makeHint(const QString &objectName, const QString &text);
    void updateCounts();
    void updateKeyHintText();

    Models m_models;
    QPointer<Core::Settings> m_settings;
    QTabWidget *m_tabs;
    SandboxesView *m_sandboxesView;
    LogsView *m_logsView;
    ClientsView *m_clientsView;
    ApprovalsView *m_approvalsView = nullptr;
    QFrame *m_keyHint;
    QLabel *m_keyHintText;
    QFrame *m_trayHint;
    QFrame *m_problemHint = nullptr;
    QLabel *m_problemText;
    QLabel *m_serverLabel;
    QLabel *m_countsLabel;
    bool m_keyHintDismissed = false;
};

} // namespace Hopx::Ui

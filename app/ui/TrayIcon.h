// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/approvals/ApprovalBroker.h"
#include "ui/Icons.h"

#include <QPointer>
#include <QSystemTrayIcon>

#include <memory>

class QMenu;
class QAction;
class QTimer;

namespace Hopx::Core {
class ApprovalListModel;
class SandboxListModel;
} // namespace Hopx::Core

namespace Hopx::Ui {

/*! \brief The tray icon: the app's state at a glance and its menu.
 *
 * States, most important first: error (a provider cannot work), sandboxes running, no API key
 * (local sandboxes still work), idle. Each has its own icon and tooltip. The menu works the
 * same whether or not a tray is visible (tests and the no-tray fallback use it directly).
 */
class TrayIcon final : public QSystemTrayIcon
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TrayIcon)
public:
    enum class State { Idle, Running, Error, NoKey };
    Q_ENUM(State)

    //! At most this many sandboxes in the Sandboxes submenu, newest first.
    static constexpr int kMenuSandboxes = 10;

    explicit TrayIcon(Core::SandboxListModel *sandboxes, QObject *parent = nullptr);
    ~TrayIcon() override;

    void setApiKeyPresent(bool present);
    void setErrorMessage(const QString &message); // empty = no error
    void setClientCount(int clients);
    /*! IDE names: those connected to this app, those installed but not connected. The menu
     *  says both above "Connect an IDE…", as the empty Sandboxes view does. */
    void setIdes(const QStringList &connected, const QStringList &notConnected);
    //! Lists \a approvals in a menu at the top while any wait, each with its three answers.
    void setApprovals(Core::ApprovalListModel *approvals);

    State state() const { return m_state; }
    QMenu *menu() const { return m_menu.get(); }
    //! Rebuilds the Sandboxes submenu now (it is rebuilt each time it opens).
    void rebuildSandboxMenu();

    QAction *openAction() const { return m_open; }
    QMenu *sandboxesMenu() const { return m_sandboxes; }
    QMenu *approvalsMenu() const { return m_approvalsMenu; }
    QAction *connectIdeAction() const { return m_connectIde; }
    QAction *idesConnectedAction() const { return m_idesConnected; }
    QAction *idesNotConnectedAction() const { return m_idesNotConnected; }
    QAction *apiKeyAction() const { return m_apiKey; }
    QAction *settingsAction() const { return m_settings; }
    QAction *quitAction() const { return m_quit; }

signals:
    void openRequested();
    void toggleWindowRequested();
    void connectIdeRequested();
    void apiKeyRequested();
    void settingsRequested();
    void quitRequested();
    void deleteSandboxRequested(const QString &id);
    void showSandboxLogsRequested(const QString &id);
    void stateChanged(Hopx::Ui::TrayIcon::State state);
    void approvalAnswered(quint64 id, Hopx::Core::ApprovalBroker::Answer answer);

private:
    void update();
    void rebuildApprovalsMenu();
    void handleActivated(QSystemTrayIcon::ActivationReason reason);

    QPointer<Core::SandboxListModel> m_model;
    QPointer<Core::ApprovalListModel> m_approvals;
    QMenu *m_approvalsMenu;
    std::unique_ptr<QMenu> m_menu; // QSystemTrayIcon is no QWidget: it cannot parent a menu
    QAction *m_open;
    QMenu *m_sandboxes;
    QAction *m_idesConnected;
    QAction *m_idesNotConnected;
    QAction *m_connectIde;
    QAction *m_apiKey;
    QAction *m_settings;
    QAction *m_quit;
    QTimer *m_clickTimer;
    State m_state = State::Idle;
    QString m_error;
    bool m_keyPresent = true;
    int m_clients = 0;
};

} // namespace Hopx::Ui

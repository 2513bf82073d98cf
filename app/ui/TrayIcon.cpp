// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ui/TrayIcon.h"

#include "core/models/ApprovalListModel.h"
#include "core/models/Format.h"
#include "core/models/SandboxListModel.h"

#include <QApplication>
#include <QClipboard>
#include <QMenu>
#include <QTimer>

namespace Hopx::Ui {

using Core::SandboxListModel;

TrayIcon::TrayIcon(SandboxListModel *sandboxes, QObject *parent)
    : QSystemTrayIcon(parent)
    , m_model(sandboxes)
    , m_menu(std::make_unique<QMenu>())
    , m_clickTimer(new QTimer(this))
{
    m_menu->setObjectName(QStringLiteral("trayMenu"));
    m_menu->setAccessibleName(tr("HOPX Desktop menu"));
    // First: a tool call waits for the answer.
    m_approvalsMenu = m_menu->addMenu(tr("Waiting for your &approval"));
    m_approvalsMenu->setObjectName(QStringLiteral("trayApprovalsMenu"));
    m_approvalsMenu->menuAction()->setVisible(false);
    m_open =
        m_menu->addAction(Icons::app(), tr("&Open HOPX Desktop"), this, &TrayIcon::openRequested);
    QFont bold = m_open->font();
    bold.setBold(true);
    m_open->setFont(bold);
    m_sandboxes = m_menu->addMenu(tr("&Sandboxes"));
    m_sandboxes->setObjectName(QStringLiteral("traySandboxesMenu"));
    connect(m_sandboxes, &QMenu::aboutToShow, this, &TrayIcon::rebuildSandboxMenu);
    m_menu->addSeparator();
    // Where the assistants stand: informative lines, not commands.
    m_idesConnected = m_menu->addAction(QString());
    m_idesConnected->setObjectName(QStringLiteral("trayIdesConnected"));
    m_idesConnected->setEnabled(false);
    m_idesNotConnected = m_menu->addAction(QString());
    m_idesNotConnected->setObjectName(QStringLiteral("trayIdesNotConnected"));
    m_idesNotConnected->setEnabled(false);
    m_connectIde = m_menu->addAction(tr("&Connect an IDE…"), this, &TrayIcon::connectIdeRequested);
    m_apiKey = m_menu->addAction(tr("HOPX &API key…"), this, &TrayIcon::apiKeyRequested);
    m_settings = m_menu->addAction(tr("S&ettings…"), this, &TrayIcon::settingsRequested);
    m_menu->addSeparator();
    m_quit = m_menu->addAction(tr("&Quit"), this, &TrayIcon::quitRequested);
    setContextMenu(m_menu.get());
    rebuildSandboxMenu();
    setIdes({}, {});

    // A double click also delivers a Trigger first: wait before toggling (KeePassXC does too).
    m_clickTimer->setSingleShot(true);
    m_clickTimer->setInterval(150);
    connect(m_clickTimer, &QTimer::timeout, this, &TrayIcon::toggleWindowRequested);
    connect(this, &QSystemTrayIcon::activated, this, &TrayIcon::handleActivated);

    if (m_model) {
        connect(m_model, &SandboxListModel::countsChanged, this, &TrayIcon::update);
        connect(m_model, &QAbstractItemModel::rowsInserted, this, &TrayIcon::update);
        connect(m_model, &QAbstractItemModel::rowsRemoved, this, &TrayIcon::update);
    }
    update();
}

TrayIcon::~TrayIcon() = default;

void TrayIcon::handleActivated(QSystemTrayIcon::ActivationReason reason)
{
    switch (reason) {
    case QSystemTrayIcon::Trigger:
        m_clickTimer->start();
        break;
    case QSystemTrayIcon::DoubleClick:
        m_clickTimer->stop();
        emit openRequested();
        break;
    case QSystemTrayIcon::MiddleClick:
        emit openRequested();
        break;
    default:
        break;
    }
}

void TrayIcon::setApprovals(Core::ApprovalListModel *approvals)
{
    m_approvals = approvals;
    connect(approvals, &QAbstractItemModel::rowsInserted, this, &TrayIcon::rebuildApprovalsMenu);
    connect(approvals, &QAbstractItemModel::rowsRemoved, this, &TrayIcon::rebuildApprovalsMenu);
    rebuildApprovalsMenu();
}

void TrayIcon::rebuildApprovalsMenu()
{
    using Core::ApprovalBroker;
    using Core::ApprovalListModel;
    m_approvalsMenu->clear();
    const int count = m_approvals ? m_approvals->rowCount() : 0;
    m_approvalsMenu->menuAction()->setVisible(count > 0);
    m_approvalsMenu->setTitle(tr("Waiting for your &approval (%1)").arg(count));
    const QFontMetrics metrics(m_approvalsMenu->font());
    for (int row = 0; row < count; ++row) {
        const QModelIndex index = m_approvals->index(row);
        const quint64 id = index.data(ApprovalListModel::IdRole).toULongLong();
        const QString text = index.data().toString();
        QMenu *item = m_approvalsMenu->addMenu(metrics.elidedText(text, Qt::ElideMiddle, 480));
        item->setToolTipsVisible(true);
        item->menuAction()->setToolTip(text);
        const auto add = [this, item, id](const QString &label, ApprovalBroker::Answer answer) {
            item->addAction(label, this, [this, id, answer] { emit approvalAnswered(id, answer); });
        };
        add(tr("Allow once"), ApprovalBroker::Answer::AllowOnce);
        if (index.data(ApprovalListModel::OfferAlwaysRole).toBool())
            add(index.data(ApprovalListModel::AlwaysLabelRole).toString(),
                ApprovalBroker::Answer::AllowAlways);
        add(tr("Deny"), ApprovalBroker::Answer::Deny);
    }
}

void TrayIcon::setIdes(const QStringList &connected, const QStringList &notConnected)
{
    const QFontMetrics metrics(m_menu->font());
    const auto line = [&metrics](const QString &text) {
        return metrics.elidedText(text, Qt::ElideRight, 420);
    };
    m_idesConnected->setText(connected.isEmpty()
            ? tr("No IDE connected yet")
            : line(tr("Connected: %1").arg(connected.join(QStringLiteral(", ")))));
    m_idesNotConnected->setText(
        line(tr("Not connected yet: %1").arg(notConnected.join(QStringLiteral(", ")))));
    m_idesNotConnected->setVisible(!notConnected.isEmpty());
}

void TrayIcon::setApiKeyPresent(bool present)
{
    if (m_keyPresent == present)
        return;
    m_keyPresent = present;
    update();
}

void TrayIcon::setErrorMessage(const QString &message)
{
    if (m_error == message)
        return;
    m_error = message;
    update();
}

void TrayIcon::setClientCount(int clients)
{
    if (m_clients == clients)
        return;
    m_clients = clients;
    update();
}

void TrayIcon::update()
{
    const int running = m_model ? m_model->runningCount() : 0;
    const int total = m_model ? m_model->rowCount() : 0;
    State state = State::Idle;
    if (!m_error.isEmpty())
        state = State::Error;
    else if (running > 0)
        state = State::Running;
    else if (!m_keyPresent)
        state = State::NoKey;

    QStringList lines {tr("HOPX Desktop")};
    switch (state) {
    case State::Error:
        lines << tr("Problem: %1").arg(m_error);
        break;
    case State::Running:
        lines << tr("%n sandbox(es) running", nullptr, running);
        break;
    case State::NoKey:
        lines << tr("No HOPX API key: local sandboxes only");
        break;
    case State::Idle:
        lines << (total > 0 ? tr("%n sandbox(es), none running", nullptr, total)
                            : tr("Ready, no sandboxes"));
        break;
    }
    lines << tr("%n MCP client(s) connected", nullptr, m_clients);
    setToolTip(lines.join(QLatin1Char('\n')));
    m_sandboxes->setTitle(total > 0 ? tr("&Sandboxes (%1)").arg(total) : tr("&Sandboxes"));
    if (state != m_state || icon().isNull()) {
        static const Icons::Tray icons[] = {
            Icons::Tray::Idle, Icons::Tray::Busy, Icons::Tray::Error, Icons::Tray::NoKey};
        setIcon(Icons::tray(icons[int(state)]));
    }
    if (state != m_state) {
        m_state = state;
        emit stateChanged(state);
    }
}

void TrayIcon::rebuildSandboxMenu()
{
    m_sandboxes->clear();
    const QList<Core::SandboxInfo> recent =
        m_model ? m_model->mostRecent(kMenuSandboxes) : QList<Core::SandboxInfo>();
    if (recent.isEmpty()) {
        m_sandboxes->addAction(tr("No sandboxes"))->setEnabled(false);
        return;
    }
    const QDateTime now = m_model->now();
    for (const Core::SandboxInfo &s : recent) {
        const QString status = SandboxListModel::statusName(s.status);
        const QString title = s.expiresAt.isValid()
            ? tr("%1 — %2, %3 left")
                  .arg(s.id, status, Core::Format::countdown(now.secsTo(s.expiresAt)))
            : tr("%1 — %2").arg(s.id, status);
        QMenu *item = m_sandboxes->addMenu(title);
        item->setIcon(
            Icons::dot(s.status == Core::SandboxStatus::Running ? Icons::ok() : Icons::inactive()));
        const QString id = s.id;
        item->addAction(tr("Copy ID"), this, [id] { QApplication::clipboard()->setText(id); });
        item->addAction(tr("Show logs"), this, [this, id] { emit showSandboxLogsRequested(id); });
        item->addSeparator();
        item->addAction(tr("Delete…"), this, [this, id] { emit deleteSandboxRequested(id); });
    }
    if (m_model->rowCount() > recent.size()) {
        m_sandboxes->addSeparator();
        m_sandboxes->addAction(tr("All %n sandbox(es)…", nullptr, m_model->rowCount()), this,
            &TrayIcon::openRequested);
    }
}

} // namespace Hopx::Ui

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ui/MainWindow.h"

#include "core/models/ClientListModel.h"
#include "core/models/LogModel.h"
#include "core/models/SandboxListModel.h"
#include "core/settings/Settings.h"
#include "ui/Icons.h"
#include "ui/views/ApprovalsView.h"
#include "ui/views/ClientsView.h"
#include "ui/views/LogsView.h"
#include "ui/views/SandboxesView.h"

#include <QApplication>
#include <QCloseEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QVBoxLayout>

namespace Hopx::Ui {

MainWindow::MainWindow(const Models &models, Core::Settings *settings, QWidget *parent)
    : QMainWindow(parent)
    , m_models(models)
    , m_settings(settings)
    , m_tabs(new QTabWidget(this))
    , m_sandboxesView(new SandboxesView(models.sandboxes, this))
    , m_logsView(new LogsView(models.logs, this))
    , m_clientsView(new ClientsView(models.clients, this))
    , m_serverLabel(new QLabel(this))
    , m_countsLabel(new QLabel(this))
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("HOPX Desktop"));
    setWindowIcon(Icons::app());

    m_tabs->setObjectName(QStringLiteral("mainTabs"));
    m_tabs->setAccessibleName(tr("Views"));
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(m_sandboxesView, tr("&Sandboxes"));
    m_tabs->addTab(m_logsView, tr("&Logs"));
    m_tabs->addTab(m_clientsView, tr("&Clients"));

    m_keyHint = makeHint(QStringLiteral("apiKeyHint"), QString());
    m_keyHintText = m_keyHint->findChild<QLabel *>();
    updateKeyHintText();
    auto *addKey = new QPushButton(tr("Add &API key…"), m_keyHint);
    addKey->setObjectName(QStringLiteral("apiKeyHintButton"));
    connect(addKey, &QPushButton::clicked, this, &MainWindow::apiKeyRequested);
    auto *notNow = new QPushButton(tr("Not now"), m_keyHint);
    notNow->setObjectName(QStringLiteral("apiKeyHintDismiss"));
    connect(notNow, &QPushButton::clicked, this, [this] {
        m_keyHintDismissed = true;
        m_keyHint->hide();
    });
    m_keyHint->layout()->addWidget(addKey);
    m_keyHint->layout()->addWidget(notNow);
    m_keyHint->hide();

    m_trayHint = makeHint(QStringLiteral("noTrayHint"),
        tr("No system tray was found. Closing this window keeps HOPX Desktop "
           "serving your IDEs; start it again to bring the window back. On GNOME, "
           "the AppIndicator extension adds a tray icon."));
    auto *understood = new QPushButton(tr("&Got it"), m_trayHint);
    understood->setObjectName(QStringLiteral("noTrayHintDismiss"));
    connect(understood, &QPushButton::clicked, this, [this] {
        m_trayHint->hide();
        if (m_settings)
            m_settings->setNoTrayHintShown(true);
    });
    m_trayHint->layout()->addWidget(understood);
    m_trayHint->hide();

    // The tray's tooltip says it too, but a desktop without a tray has only this window.
    m_problemHint = makeHint(QStringLiteral("problemHint"), QString());
    m_problemText = m_problemHint->findChild<QLabel *>();
    m_problemText->setTextInteractionFlags(Qt::TextSelectableByMouse); // commands to copy
    auto *warning = new QLabel(m_problemHint);
    const int iconSize = style()->pixelMetric(QStyle::PM_LargeIconSize);
    warning->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(iconSize));
    warning->setAlignment(Qt::AlignTop);
    warning->setAccessibleName(tr("Warning"));
    static_cast<QHBoxLayout *>(m_problemHint->layout())->insertWidget(0, warning);
    m_problemHint->hide();

    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_problemHint);
    layout->addWidget(m_trayHint);
    layout->addWidget(m_keyHint);
    if (models.approvals) {
        m_approvalsView = new ApprovalsView(models.approvals, this);
        layout->addWidget(m_approvalsView);
    }
    layout->addWidget(m_tabs, 1);
    setCentralWidget(central);

    m_serverLabel->setObjectName(QStringLiteral("serverLabel"));
    m_serverLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_countsLabel->setObjectName(QStringLiteral("countsLabel"));
    statusBar()->addPermanentWidget(m_countsLabel);
    statusBar()->addWidget(m_serverLabel, 1);

    createMenus();
    // The hints sit above the tabs: Tab reaches them first.
    setTabOrder(understood, addKey);
    setTabOrder(addKey, notNow);
    setTabOrder(notNow, m_tabs);

    connect(m_sandboxesView, &SandboxesView::showLogsRequested, this, &MainWindow::showLogsFor);
    connect(m_sandboxesView, &SandboxesView::connectIdeRequested, this,
        &MainWindow::connectIdeRequested);
    connect(
        m_clientsView, &ClientsView::connectIdeRequested, this, &MainWindow::connectIdeRequested);
    for (QAbstractItemModel *model : {static_cast<QAbstractItemModel *>(models.sandboxes),
             static_cast<QAbstractItemModel *>(models.clients)}) {
        connect(model, &QAbstractItemModel::rowsInserted, this, &MainWindow::updateCounts);
        connect(model, &QAbstractItemModel::rowsRemoved, this, &MainWindow::updateCounts);
    }
    connect(
        models.sandboxes, &Core::SandboxListModel::countsChanged, this, &MainWindow::updateCounts);
    updateCounts();

    // Every column of the Sandboxes view in English and Chinese; fits a 1366 x 768 laptop.
    resize(1280, 720);
    if (m_settings && !m_settings->mainWindowState().isEmpty())
        restoreGeometry(m_settings->mainWindowState());
}

MainWindow::~MainWindow() = default;

QFrame *MainWindow::makeHint(const QString &objectName, const QString &text)
{
    auto *frame = new QFrame(this);
    frame->setObjectName(objectName);
    frame->setFrameShape(QFrame::StyledPanel);
    frame->setAutoFillBackground(true);
    QPalette pal = frame->palette();
    // A tint of the highlight colour: visible in light and dark themes alike.
    QColor tint = pal.color(QPalette::Highlight);
    tint.setAlpha(40);
    QColor base = pal.color(QPalette::Window);
    pal.setColor(QPalette::Window,
        QColor::fromRgbF(base.redF() * 0.85 + tint.redF() * 0.15,
            base.greenF() * 0.85 + tint.greenF() * 0.15,
            base.blueF() * 0.85 + tint.blueF() * 0.15));
    frame->setPalette(pal);
    auto *label = new QLabel(text, frame);
    label->setWordWrap(true);
    label->setTextFormat(Qt::RichText);
    auto *row = new QHBoxLayout(frame);
    row->addWidget(label, 1);
    return frame;
}

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Connect an IDE…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_I), this,
        &MainWindow::connectIdeRequested);
    file->addAction(tr("HOPX &API key…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_K), this,
        &MainWindow::apiKeyRequested);
    file->addAction(tr("&Settings…"), QKeySequence(Qt::CTRL | Qt::Key_Comma), this,
        &MainWindow::settingsRequested);
    file->addSeparator();
    file->addAction(tr("C&lose window"), QKeySequence::Close, this, &QWidget::close);
    file->addAction(tr("&Quit HOPX Desktop"), QKeySequence::Quit, this, &MainWindow::quitRequested);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    view->addAction(tr("&Sandboxes"), QKeySequence(Qt::CTRL | Qt::Key_1), this,
        [this] { m_tabs->setCurrentIndex(SandboxesTab); });
    view->addAction(tr("&Logs"), QKeySequence(Qt::CTRL | Qt::Key_2), this,
        [this] { m_tabs->setCurrentIndex(LogsTab); });
    view->addAction(tr("&Clients"), QKeySequence(Qt::CTRL | Qt::Key_3), this,
        [this] { m_tabs->setCurrentIndex(ClientsTab); });

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About HOPX Desktop"), this, [this] {
        QMessageBox::about(this, tr("About HOPX Desktop"),
            tr("<p><b>HOPX Desktop %1</b></p><p>Lets AI assistants in your IDE run "
               "code in isolated sandboxes over MCP: on this machine, or in the HOPX "
               "cloud.</p>")
                .arg(QStringLiteral(HOPX_VERSION)));
    });
}

void MainWindow::updateCounts()
{
    const int sandboxes = m_models.sandboxes->rowCount();
    const int clients = m_models.clients->rowCount();
    m_tabs->setTabText(
        SandboxesTab, sandboxes ? tr("&Sandboxes (%1)").arg(sandboxes) : tr("&Sandboxes"));
    m_tabs->setTabText(ClientsTab, clients ? tr("&Clients (%1)").arg(clients) : tr("&Clients"));
    m_countsLabel->setText(tr("%n client(s)", nullptr, clients) + QStringLiteral(" · ")
        + tr("%n sandbox(es) running", nullptr, m_models.sandboxes->runningCount()));
}

void MainWindow::showLogsFor(const QString &sandboxId)
{
    m_logsView->setSandboxFilter(sandboxId);
    m_tabs->setCurrentIndex(LogsTab);
    bringToFront();
}

void MainWindow::setApiKeyPresent(bool present)
{
    m_keyHint->setVisible(!present && !m_keyHintDismissed);
}

void MainWindow::showNoTrayHint()
{
    if (m_settings && m_settings->noTrayHintShown())
        return;
    m_trayHint->show();
}

void MainWindow::updateKeyHintText()
{
    // The key hint shows only while no key is set, and then the cloud's complaint is that state,
    // not a problem: a problem beside it is local sandboxes', which then do not "already work".
    m_keyHintText->setText(m_problemHint && m_problemHint->isVisibleTo(this)
            ? tr("Add a HOPX API key to run sandboxes in the HOPX cloud.")
            : tr("<b>Local sandboxes already work</b>, offline and without an account. "
                 "Add a HOPX API key to also run sandboxes in the HOPX cloud."));
}

void MainWindow::setProblem(const QString &text)
{
    m_problemHint->setVisible(!text.isEmpty());
    updateKeyHintText();
    if (text.isEmpty())
        return;
    QString lines = text.toHtmlEscaped();
    lines.replace(QLatin1Char('\n'), QLatin1String("<br>"));
    m_problemText->setText(tr("<b>Some sandboxes cannot run here.</b><br>%1").arg(lines));
}

void MainWindow::setServerName(const QString &name)
{
    m_serverLabel->setText(tr("MCP server: %1").arg(name));
}

void MainWindow::showMessage(const QString &text, bool error)
{
    // Errors stay until the next message; confirmations fade.
    statusBar()->showMessage(error ? tr("Error: %1").arg(text) : text, error ? 0 : 8000);
}

void MainWindow::bringToFront()
{
    if (isMinimized())
        setWindowState(windowState() & ~Qt::WindowMinimized);
    show();
    raise();
    activateWindow();
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (m_settings)
        m_settings->setMainWindowState(saveGeometry());
    // Hide, don't quit: IDEs keep using the MCP server. Quit is in the File and tray menus.
    hide();
    event->ignore();
}

} // namespace Hopx::Ui

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// The main window driven through GuiApplication, as the app runs it: fake providers, a real
// local MCP server, the offscreen platform.
#include "GuiFixture.h"

#include "core/models/ClientListModel.h"
#include "core/models/LogFilterModel.h"
#include "core/models/LogModel.h"
#include "core/models/SandboxListModel.h"
#include "providers/local/boot/SandboxHost.h"
#include "ui/MainWindow.h"
#include "ui/TrayIcon.h"
#include "ui/dialogs/ConnectIdeDialog.h"
#include "ui/views/ClientsView.h"
#include "ui/views/FirstRunPanel.h"
#include "ui/views/LogsView.h"
#include "ui/views/SandboxesView.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QLocalSocket>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTest>

#include <memory>

using namespace Hopx;
using HopxTest::GuiFixture;

class TestMainWindow : public QObject
{
    Q_OBJECT

    std::unique_ptr<GuiFixture> f;
    std::unique_ptr<QAbstractItemModelTester> m_sandboxTester;
    std::unique_ptr<QAbstractItemModelTester> m_logTester;
    std::unique_ptr<QAbstractItemModelTester> m_clientTester;
    Ui::MainWindow *w = nullptr;

    void selectRows(QTableView *table, const QList<int> &rows)
    {
        table->clearSelection();
        for (int r : rows)
            table->selectionModel()->select(table->model()->index(r, 0),
                QItemSelectionModel::Select | QItemSelectionModel::Rows);
    }
    int rowOfId(QTableView *table, const QString &id)
    {
        for (int r = 0; r < table->model()->rowCount(); ++r)
            if (table->model()->index(r, 0).data(Core::SandboxListModel::IdRole).toString() == id)
                return r;
        return -1;
    }

private slots:
    void init()
    {
        f = std::make_unique<GuiFixture>();
        QVERIFY(f->listen());
        f->makeGui(QStringLiteral(HOPX_QM_DIR));
        w = f->gui->mainWindow();
        // Every model the window shows is checked on every change, for the whole test.
        m_sandboxTester = std::make_unique<QAbstractItemModelTester>(
            f->gui->sandboxModel(), QAbstractItemModelTester::FailureReportingMode::Fatal);
        m_logTester = std::make_unique<QAbstractItemModelTester>(
            f->gui->logModel(), QAbstractItemModelTester::FailureReportingMode::Fatal);
        m_clientTester = std::make_unique<QAbstractItemModelTester>(
            f->gui->clientModel(), QAbstractItemModelTester::FailureReportingMode::Fatal);
    }
    void cleanup()
    {
        m_sandboxTester.reset();
        m_logTester.reset();
        m_clientTester.reset();
        f.reset();
    }

    void opensWithHintsWhenNoTrayAndNoKey()
    {
        f->gui->start(false);
        QVERIFY(QTest::qWaitForWindowExposed(w));
        QTRY_VERIFY(w->apiKeyHint()->isVisible());
        QVERIFY(w->noTrayHint()->isVisible());
        QCOMPARE(f->gui->tray()->state(), Ui::TrayIcon::State::NoKey);
        auto *gotIt =
            w->noTrayHint()->findChild<QPushButton *>(QStringLiteral("noTrayHintDismiss"));
        QTest::mouseClick(gotIt, Qt::LeftButton);
        QVERIFY(!w->noTrayHint()->isVisible());
        QVERIFY(f->settings.noTrayHintShown());

        // Saving a key anywhere (here: the store) hides the first-run hint.
        f->keys.write(QStringLiteral("hopx_live_abc"), [](Core::Result<Core::Unit>) {});
        QTRY_VERIFY(!w->apiKeyHint()->isVisible());
        QTRY_COMPARE(f->gui->tray()->state(), Ui::TrayIcon::State::Idle);

        // Closing the window hides it; the app (the MCP server) keeps running.
        w->close();
        QVERIFY(!w->isVisible());
        f->gui->activate();
        QVERIFY(w->isVisible());
    }

    void backgroundWithoutTrayStaysHidden()
    {
        f->gui->start(true);
        QVERIFY(!w->isVisible());
        // A second launch of the app sends the activation line on the socket.
        QVERIFY(Ui::GuiApplication::activateRunningInstance(f->socket, 200));
        QTRY_VERIFY(w->isVisible());
    }

    void firstRunLeadsToConnectingAnIde()
    {
        f->gui->start(false);
        Ui::FirstRunPanel *panel = w->sandboxesView()->firstRunPanel();
        QVERIFY(panel->isVisible()); // no sandboxes: the panel, not an empty table
        QVERIFY2(panel->idesLabel()->text().contains(QStringLiteral("No IDE is connected yet")),
            qPrintable(panel->idesLabel()->text()));
        // Claude Code connected, Cursor and Zed installed: shown once the app looks again.
        f->installIdes();
        f->gui->activate();
        const QString text = panel->idesLabel()->text();
        QVERIFY2(text.contains(QStringLiteral("Connected: Claude Code")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Cursor, Zed")), qPrintable(text));
        QCOMPARE(f->gui->tray()->idesConnectedAction()->text(),
            QStringLiteral("Connected: Claude Code"));
        QCOMPARE(f->gui->tray()->idesNotConnectedAction()->text(),
            QStringLiteral("Not connected yet: Cursor, Zed"));
        // Its button opens Connect an IDE.
        QTest::mouseClick(panel->connectButton(), Qt::LeftButton);
        QTRY_VERIFY(w->findChild<Ui::ConnectIdeDialog *>()
            && w->findChild<Ui::ConnectIdeDialog *>()->isVisible());
        // The first sandbox replaces the panel with the table.
        f->addSandbox(QStringLiteral("local-first"));
        QVERIFY(!panel->isVisible());
        QVERIFY(w->sandboxesView()->table()->isVisible());
    }

    void sandboxesShowLiveAndDeleteAfterConfirmation()
    {
        f->gui->start(false);
        f->addSandbox(QStringLiteral("local-one"));
        f->addSandbox(
            QStringLiteral("local-two"), QStringLiteral("local"), QStringLiteral("paused"));
        f->addSandbox(QStringLiteral("cloud-three"), QStringLiteral("hopx"));
        Ui::SandboxesView *view = w->sandboxesView();
        QTableView *table = view->table();
        QCOMPARE(table->model()->rowCount(), 3);
        QVERIFY(w->tabs()->tabText(0).contains(QStringLiteral("3")));
        QCOMPARE(f->gui->tray()->state(), Ui::TrayIcon::State::Running);

        QVERIFY(!view->deleteAction()->isEnabled());
        selectRows(table,
            {rowOfId(table, QStringLiteral("local-one")),
                rowOfId(table, QStringLiteral("cloud-three"))});
        QVERIFY(view->deleteAction()->isEnabled());
        QVERIFY(!view->showLogsAction()->isEnabled()); // one sandbox at a time
        QCOMPARE(view->selectedIds().size(), 2);

        // A live update of another row keeps the selection.
        Core::SandboxInfo two = *f->manager.sandbox(QStringLiteral("local-two"));
        two.status = Core::SandboxStatus::Running;
        f->local.add(two);
        QCOMPARE(view->selectedIds().size(), 2);

        auto *button = view->findChild<QPushButton *>(QStringLiteral("deleteButton"));
        QTest::mouseClick(button, Qt::LeftButton);
        QMessageBox *confirm = nullptr;
        QTRY_VERIFY((confirm = view->findChild<QMessageBox *>(QStringLiteral("confirmDelete"))));
        QVERIFY(confirm->text().contains(QStringLiteral("2")));
        QAbstractButton *yes = nullptr;
        for (QAbstractButton *b : confirm->buttons())
            if (confirm->buttonRole(b) == QMessageBox::DestructiveRole)
                yes = b;
        QVERIFY(yes);
        QTest::mouseClick(yes, Qt::LeftButton);
        QTRY_COMPARE(f->local.destroyed, QStringList {QStringLiteral("local-one")});
        QTRY_COMPARE(f->cloud.destroyed, QStringList {QStringLiteral("cloud-three")});
        QTRY_COMPARE(table->model()->rowCount(), 1);

        // A failure is reported, and the row stays: in the app's words (the provider's are
        // written for the model), as the kind of error says enough.
        f->local.failDestroy = true;
        selectRows(table, {0});
        emit view->deleteRequested(view->selectedIds());
        QTRY_VERIFY2(
            w->statusBar()->currentMessage().endsWith(QStringLiteral(": the network failed")),
            qPrintable(w->statusBar()->currentMessage()));
        QCOMPARE(table->model()->rowCount(), 1);
        f->local.failDestroy = false;

        // The tray's Delete asks the same question, also with the window hidden.
        w->hide();
        const QString left = view->selectedIds().value(0);
        QVERIFY(!left.isEmpty());
        emit f->gui->tray()->deleteSandboxRequested(left);
        QTRY_VERIFY((confirm = view->findChild<QMessageBox *>(QStringLiteral("confirmDelete"))));
        QTRY_VERIFY(confirm->isVisible());
        QVERIFY(confirm->text().contains(left));
        QTest::mouseClick(confirm->button(QMessageBox::Cancel), Qt::LeftButton);
        QTest::qWait(100);
        QCOMPARE(table->model()->rowCount(), 1); // cancelled: nothing was deleted
        QVERIFY(!f->local.destroyed.contains(left) && !f->cloud.destroyed.contains(left));

        // One this version cannot use (a newer version's): no handle to destroy, but the user
        // may delete what is left of it, after the same question.
        w->show();
        Core::SandboxInfo newer;
        newer.id = QStringLiteral("local-newer");
        newer.provider = QStringLiteral("local");
        newer.status = Core::SandboxStatus::Unavailable;
        newer.problem = Core::Wording(QStringLiteral("Sandbox local-newer cannot be used: …"));
        f->local.add(newer);
        QTRY_COMPARE(table->model()->rowCount(), 2);
        view->selectId(newer.id);
        QCOMPARE(view->selectedIds(), QStringList {newer.id});
        QVERIFY(view->deleteAction()->isEnabled());
        QTest::mouseClick(button, Qt::LeftButton);
        QTRY_VERIFY((confirm = view->findChild<QMessageBox *>(QStringLiteral("confirmDelete"))));
        QTRY_VERIFY(confirm->isVisible());
        QVERIFY(confirm->text().contains(newer.id));
        yes = nullptr;
        for (QAbstractButton *b : confirm->buttons())
            if (confirm->buttonRole(b) == QMessageBox::DestructiveRole)
                yes = b;
        QVERIFY(yes);
        QTest::mouseClick(yes, Qt::LeftButton);
        QTRY_COMPARE(f->local.discarded, QStringList {newer.id});
        QVERIFY(!f->local.destroyed.contains(newer.id));
        QTRY_COMPARE(table->model()->rowCount(), 1);
        QCOMPARE(w->statusBar()->currentMessage(), QStringLiteral("Deleted local-newer."));
    }

    void extendCopyWorkspaceAndLogs()
    {
        f->gui->start(false);
        f->addSandbox(QStringLiteral("local-ext"), QStringLiteral("local"),
            QStringLiteral("running"), 60, 600);
        Ui::SandboxesView *view = w->sandboxesView();
        selectRows(view->table(), {0});

        QAction *hour = nullptr;
        for (QAction *a : view->extendMenu()->actions())
            if (a->text() == QLatin1String("+1 hour"))
                hour = a;
        QVERIFY(hour);
        hour->trigger();
        QTRY_COMPARE(f->local.timeouts.size(), 1);
        const int timeout = f->local.timeouts.first().second;
        QVERIFY2(timeout >= 540 + 3600 - 5 && timeout <= 540 + 3600,
            qPrintable(QString::number(timeout)));
        QTRY_VERIFY(f->manager.sandbox(QStringLiteral("local-ext"))->expiresAt
            > QDateTime::currentDateTime().addSecs(3600));

        view->copyIdAction()->trigger();
        QCOMPARE(QApplication::clipboard()->text(), QStringLiteral("local-ext"));
        QVERIFY(view->openWorkspaceAction()->isEnabled()); // the fake reports a host folder

        view->showLogsAction()->trigger();
        QCOMPARE(w->tabs()->currentIndex(), int(Ui::MainWindow::LogsTab));
        QCOMPARE(w->logsView()->filter()->sandbox(), QStringLiteral("local-ext"));
    }

    void logsFilterFollowAndExport()
    {
        f->gui->start(false);
        w->tabs()->setCurrentIndex(Ui::MainWindow::LogsTab);
        Ui::LogsView *logs = w->logsView();
        f->addSandbox(QStringLiteral("local-log"));
        f->manager.noteActivity(
            QStringLiteral("local-log"), QStringLiteral("execute_code: import this"));
        for (int i = 0; i < 300; ++i)
            emit f->local.output(QStringLiteral("local-log"),
                i % 10 ? QStringLiteral("stdout") : QStringLiteral("stderr"),
                QStringLiteral("line %1\n").arg(i).toUtf8());
        Core::LogModel *model = f->gui->logModel();
        QTRY_COMPARE(model->rowCount(), 302);
        QTRY_VERIFY(logs->table()->verticalScrollBar()->value()
            == logs->table()->verticalScrollBar()->maximum());

        // Scrolled up, new lines do not pull the view down.
        logs->table()->verticalScrollBar()->setValue(0);
        emit f->local.output(QStringLiteral("local-log"), QStringLiteral("stdout"), "more\n");
        QTRY_COMPARE(model->rowCount(), 303);
        QCOMPARE(logs->table()->verticalScrollBar()->value(), 0);

        auto *search = logs->findChild<QLineEdit *>(QStringLiteral("logSearch"));
        QTest::keyClicks(search, QStringLiteral("line 29"));
        QCOMPARE(logs->filter()->rowCount(), 11); // 29, 290..299
        search->clear();
        auto *level = logs->findChild<QComboBox *>(QStringLiteral("logLevelFilter"));
        level->setCurrentIndex(2); // warnings and errors
        QCOMPARE(logs->filter()->rowCount(), 30);
        auto *sandbox = logs->findChild<QComboBox *>(QStringLiteral("logSandboxFilter"));
        QVERIFY(sandbox->findData(QStringLiteral("local-log")) > 0);

        const QString path = f->dir.path() + QStringLiteral("/export.txt");
        const auto exported = logs->exportTo(path);
        QVERIFY2(exported, qPrintable(exported ? QString() : exported.error().message));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = file.readAll().trimmed().split('\n');
        QCOMPARE(lines.size(), 30);
        QVERIFY(lines.first().contains("[stderr] line 0"));

        QTest::mouseClick(
            logs->findChild<QPushButton *>(QStringLiteral("logClear")), Qt::LeftButton);
        QCOMPARE(model->rowCount(), 0);
    }

    void clientsAppearWhenTheyIdentify()
    {
        f->gui->start(false);
        QLocalSocket client;
        client.connectToServer(f->socket);
        QVERIFY(client.waitForConnected(2000));
        const QJsonObject init {{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
            {QStringLiteral("id"), 1}, {QStringLiteral("method"), QStringLiteral("initialize")},
            {QStringLiteral("params"),
                QJsonObject {{QStringLiteral("protocolVersion"), QStringLiteral("2025-06-18")},
                    {QStringLiteral("capabilities"), QJsonObject {}},
                    {QStringLiteral("clientInfo"),
                        QJsonObject {{QStringLiteral("name"), QStringLiteral("cursor-vscode")},
                            {QStringLiteral("version"), QStringLiteral("1.0.0")}}}}}};
        client.write(QJsonDocument(init).toJson(QJsonDocument::Compact) + '\n');
        QTRY_COMPARE(f->gui->clientModel()->rowCount(), 1);
        QVERIFY(w->tabs()->tabText(Ui::MainWindow::ClientsTab).contains(QStringLiteral("1")));
        QCOMPARE(w->clientsView()->table()->model()->index(0, 0).data().toString(),
            QStringLiteral("cursor-vscode"));
        QTRY_VERIFY(f->gui->tray()->toolTip().contains(QStringLiteral("1 MCP client connected")));
        // And the log says so.
        QTRY_VERIFY(f->gui->logModel()->rowCount() >= 1);
        QCOMPARE(f->gui->logModel()->entry(0).client, QStringLiteral("cursor-vscode"));
        client.disconnectFromServer();
        QTRY_COMPARE(f->gui->clientModel()->rowCount(), 0);
    }

    void providerProblemsShowAsTrayError()
    {
        f->keys.write(QStringLiteral("hopx_live_k"), [](Core::Result<Core::Unit>) {});
        QTRY_COMPARE(f->gui->tray()->state(), Ui::TrayIcon::State::Idle);
        f->local.setReason(QStringLiteral("bubblewrap is not installed"));
        QCOMPARE(f->gui->tray()->state(), Ui::TrayIcon::State::Error);
        QVERIFY(f->gui->tray()->toolTip().contains(QStringLiteral("bubblewrap")));
        // The window says it as well (a desktop without a tray has nothing else), escaped.
        f->local.setReason(QStringLiteral("bubblewrap <0.8> is too old"));
        QVERIFY(w->problemHint()->isVisibleTo(w));
        const auto *text = w->problemHint()->findChild<QLabel *>();
        QVERIFY2(text->text().contains(QLatin1String("Local: bubblewrap &lt;0.8&gt; is too old")),
            qPrintable(text->text()));
        // Nor does the key hint claim that local sandboxes already work.
        const auto *keyHint = w->apiKeyHint()->findChild<QLabel *>();
        QVERIFY2(
            !keyHint->text().contains(QLatin1String("already work")), qPrintable(keyHint->text()));
        f->local.setReason({});
        QCOMPARE(f->gui->tray()->state(), Ui::TrayIcon::State::Idle);
        QVERIFY(!w->problemHint()->isVisibleTo(w));
        QVERIFY(keyHint->text().contains(QLatin1String("already work")));
        // Without a key, the cloud provider's complaint is the "no key" state, not an error.
        f->keys.remove([](Core::Result<Core::Unit>) {});
        f->cloud.setReason(QStringLiteral("No HOPX API key"));
        QTRY_COMPARE(f->gui->tray()->state(), Ui::TrayIcon::State::NoKey);
        // The tray's Delete goes through the same question and path as the window's.
        f->addSandbox(QStringLiteral("local-tray"));
        emit f->gui->tray()->deleteSandboxRequested(QStringLiteral("local-tray"));
        QMessageBox *confirm = nullptr;
        QTRY_VERIFY((confirm = w->sandboxesView()->findChild<QMessageBox *>(
                         QStringLiteral("confirmDelete"))));
        QVERIFY(f->local.destroyed.isEmpty());
        for (QAbstractButton *b : confirm->buttons())
            if (confirm->buttonRole(b) == QMessageBox::DestructiveRole)
                QTest::mouseClick(b, Qt::LeftButton);
        QTRY_COMPARE(f->local.destroyed, QStringList {QStringLiteral("local-tray")});
    }

    void providerProblemsInTheUsersLanguage()
    {
        // A Chinese desktop, without the English one init() made.
        m_sandboxTester.reset();
        m_logTester.reset();
        m_clientTester.reset();
        f.reset();
        GuiFixture zh;
        zh.settings.setLanguage(QStringLiteral("zh_CN"));
        Ui::GuiApplication *gui = zh.makeGui(QStringLiteral(HOPX_QM_DIR));
        // The local provider's own sentence for a machine without bubblewrap.
        const Core::Wording why =
            Local::SandboxHost::selfTest(QStringLiteral("/nonexistent/bwrap"));
        QVERIFY2(why.english().startsWith(QLatin1String("bubblewrap (bwrap) is not installed")),
            qPrintable(why.english()));
        zh.local.setReason(why);
        QCOMPARE(gui->tray()->state(), Ui::TrayIcon::State::Error);
        // The tray says it in Chinese, the commands to type as they are; the model's copy of the
        // sentence (list_sandboxes, health) stays English.
        const QString tip = gui->tray()->toolTip();
        QVERIFY2(!tip.contains(QLatin1String("is not installed"))
                && tip.contains(QLatin1String("sudo apt install bubblewrap")),
            qPrintable(tip));
        QString shown;
        for (const QLabel *label : gui->mainWindow()->problemHint()->findChildren<QLabel *>())
            shown += label->text();
        QVERIFY2(!shown.contains(QLatin1String("is not installed"))
                && !shown.contains(QLatin1String("cannot run"))
                && shown.contains(QLatin1String("sudo apt install bubblewrap")),
            qPrintable(shown));
        QVERIFY(zh.local.unavailableReason().english().contains(QLatin1String("is not installed")));
    }

    void wantsGuiRules()
    {
        const QByteArray display = qgetenv("DISPLAY"), wayland = qgetenv("WAYLAND_DISPLAY"),
                         qpa = qgetenv("QT_QPA_PLATFORM");
        char app[] = "hopx-desktop", headless[] = "--headless";
        char *withHeadless[] = {app, headless};
        char *plain[] = {app};
        qputenv("QT_QPA_PLATFORM", "xcb");
        QVERIFY(!Ui::GuiApplication::wantsGui(2, withHeadless));
        QVERIFY(Ui::GuiApplication::wantsGui(1, plain));
        // Print-and-exit commands never open a display, even when one is there.
        for (const char *flag : {"--list-tools", "--version", "-v", "--help", "-h", "--help-all"}) {
            QByteArray arg(flag);
            char *printing[] = {app, arg.data()};
            QVERIFY2(!Ui::GuiApplication::wantsGui(2, printing), flag);
        }
        char format[] = "--format=json", list[] = "--list-tools";
        char *listJson[] = {app, list, format};
        QVERIFY(!Ui::GuiApplication::wantsGui(3, listJson));
        qputenv("QT_QPA_PLATFORM", "offscreen");
        qunsetenv("DISPLAY");
        qunsetenv("WAYLAND_DISPLAY");
        QVERIFY(!Ui::GuiApplication::wantsGui(1, plain)); // no display: headless
        qputenv("DISPLAY", ":99");
        QVERIFY(Ui::GuiApplication::wantsGui(1, plain));
        qputenv("DISPLAY", display);
        qputenv("WAYLAND_DISPLAY", wayland);
        qputenv("QT_QPA_PLATFORM", qpa);
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"

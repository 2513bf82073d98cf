// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// The approvals the app asks its user for: the list above the main window's tabs and the tray
// menu show each request and answer it; with a GUI the broker can ask, and it cannot after.

#include "GuiFixture.h"

#include "core/approvals/ConsentWording.h"
#include "core/models/ApprovalListModel.h"
#include "ui/MainWindow.h"
#include "ui/Translations.h"
#include "ui/TrayIcon.h"
#include "ui/views/ApprovalsView.h"

#include <QAbstractItemModelTester>
#include <QListView>
#include <QMenu>
#include <QPushButton>
#include <QTest>

using namespace Hopx;
using Core::ApprovalBroker;
using Core::ConsentWording;
using Answer = ApprovalBroker::Answer;

class TestApprovals : public QObject
{
    Q_OBJECT

    struct Heard
    {
        int calls = 0;
        Answer answer = Answer::AllowOnce;
        ApprovalBroker::Callback callback()
        {
            return [this](Answer a, const QString &) {
                ++calls;
                answer = a;
            };
        }
    };

    static ApprovalBroker::Request folder(const QString &path)
    {
        return {ApprovalBroker::kFolderRead, QStringLiteral("Claude Code"), path,
            ConsentWording::mountReadOnly(QStringLiteral("/project/proj"))};
    }

private slots:
    void theGuiAnswersWhileItLives()
    {
        HopxTest::GuiFixture f;
        QVERIFY(!f.approvals.canAsk());
        f.makeGui(QStringLiteral(HOPX_QM_DIR));
        QVERIFY(f.approvals.canAsk());
        Heard heard;
        f.approvals.request(folder(QStringLiteral("/srv/proj")), heard.callback());
        f.gui.reset(); // quitting: what waits is refused, not left hanging
        QCOMPARE(heard.calls, 1);
        QCOMPARE(heard.answer, Answer::Deny);
        QVERIFY(!f.approvals.canAsk());
    }

    void theWindowListsAndAnswers_data()
    {
        QTest::addColumn<QString>("button");
        QTest::addColumn<Answer>("answer");
        QTest::newRow("allow once") << "approvalAllow" << Answer::AllowOnce;
        QTest::newRow("always") << "approvalAlways" << Answer::AllowAlways;
        QTest::newRow("deny") << "approvalDeny" << Answer::Deny;
    }

    void theWindowListsAndAnswers()
    {
        QFETCH(QString, button);
        QFETCH(Answer, answer);
        HopxTest::GuiFixture f;
        Ui::GuiApplication *gui = f.makeGui(QStringLiteral(HOPX_QM_DIR));
        QAbstractItemModelTester tester(
            gui->approvalModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        gui->start(false);
        Ui::ApprovalsView *view = gui->mainWindow()->approvalsView();
        QVERIFY(view);
        QVERIFY(!view->isVisible()); // nothing waits
        Heard first;
        Heard second;
        f.approvals.request(folder(QStringLiteral("/srv/proj")), first.callback());
        f.approvals.request({ApprovalBroker::kInternet, QStringLiteral("Codex"), {},
                                ConsentWording::internet(), false},
            second.callback());
        QVERIFY(view->isVisible());
        QCOMPARE(view->list()->model()->rowCount(), 2);
        QVERIFY2(view->list()->model()->index(0, 0).data().toString().contains(
                     QLatin1String("Claude Code")),
            qPrintable(view->list()->model()->index(0, 0).data().toString()));
        QCOMPARE(view->list()->currentIndex().row(), 0); // the oldest first
        QCOMPARE(view->alwaysButton()->text(), QStringLiteral("Always for this folder"));
        QVERIFY(view->alwaysButton()->isVisible());

        QTest::mouseClick(view->findChild<QPushButton *>(button), Qt::LeftButton);
        QCOMPARE(first.calls, 1);
        QCOMPARE(first.answer, answer);
        QCOMPARE(second.calls, 0);
        QCOMPARE(view->list()->model()->rowCount(), 1);
        // Internet access has no "Always": the settings' network default is that.
        QVERIFY(!view->alwaysButton()->isVisible());
        QTest::mouseClick(view->denyButton(), Qt::LeftButton);
        QCOMPARE(second.answer, Answer::Deny);
        QVERIFY(!view->isVisible());
    }

    void theTrayMenuAnswers()
    {
        HopxTest::GuiFixture f;
        Ui::GuiApplication *gui = f.makeGui(QStringLiteral(HOPX_QM_DIR));
        QMenu *menu = gui->tray()->approvalsMenu();
        QVERIFY(!menu->menuAction()->isVisible());
        Heard heard;
        f.approvals.request(folder(QStringLiteral("/srv/proj")), heard.callback());
        QVERIFY(menu->menuAction()->isVisible());
        QCOMPARE(menu->actions().size(), 1);
        QMenu *item = menu->actions().at(0)->menu();
        QVERIFY(item);
        QStringList labels;
        for (QAction *a : item->actions())
            labels << a->text();
        QCOMPARE(labels,
            QStringList({QStringLiteral("Allow once"), QStringLiteral("Always for this folder"),
                QStringLiteral("Deny")}));
        item->actions().at(1)->trigger();
        QCOMPARE(heard.calls, 1);
        QCOMPARE(heard.answer, Answer::AllowAlways);
        QVERIFY(!menu->menuAction()->isVisible());
    }

    void chineseToo()
    {
        HopxTest::GuiFixture f;
        f.settings.setLanguage(QStringLiteral("zh_CN"));
        Ui::GuiApplication *gui = f.makeGui(QStringLiteral(HOPX_QM_DIR));
        Heard heard;
        f.approvals.request(folder(QStringLiteral("/srv/proj")), heard.callback());
        const QString text = gui->approvalModel()->index(0).data().toString();
        QVERIFY2(text.contains(QStringLiteral("Claude Code"))
                && !text.startsWith(QLatin1String("Claude Code wants")),
            qPrintable(text));
        // What the tool wants is the user's language too, its path untouched; only the path
        // and the client's name stay as they are.
        QVERIFY2(text.contains(QLatin1String("/project/proj"))
                && !text.contains(QLatin1String("read-only"))
                && !text.contains(QLatin1String("sandbox")),
            qPrintable(text));
        f.approvals.request({ApprovalBroker::kInternet, QStringLiteral("Codex"), {},
                                ConsentWording::internet(), false},
            heard.callback());
        const QString internet = gui->approvalModel()->index(1).data().toString();
        QVERIFY2(internet.startsWith(QLatin1String("Codex"))
                && !internet.contains(QLatin1String("internet"))
                && !internet.contains(QLatin1String("sandbox")),
            qPrintable(internet));
        QVERIFY(gui->mainWindow()->approvalsView()->denyButton()->text() != QLatin1String("&Deny"));
    }
};

QTEST_MAIN(TestApprovals)
#include "tst_approvals.moc"

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// Every control of the main window and the dialogs is reachable with Tab, and every control
// that has no visible text of its own has an accessible name.
#include "GuiFixture.h"

#include "ui/MainWindow.h"
#include "ui/dialogs/ApiKeyDialog.h"
#include "ui/dialogs/ConnectIdeDialog.h"
#include "ui/settings/SettingsDialog.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTabBar>
#include <QTabWidget>
#include <QTest>

using namespace Hopx;
using HopxTest::GuiFixture;

class TestAccessibility : public QObject
{
    Q_OBJECT

    static bool interactive(QWidget *w)
    {
        // Headers are no tab stops anywhere in Qt; their table is.
        if (qobject_cast<QHeaderView *>(w))
            return false;
        return qobject_cast<QAbstractButton *>(w) || qobject_cast<QLineEdit *>(w)
            || qobject_cast<QComboBox *>(w) || qobject_cast<QAbstractSpinBox *>(w)
            || qobject_cast<QAbstractItemView *>(w) || qobject_cast<QPlainTextEdit *>(w)
            || qobject_cast<QTabBar *>(w);
    }
    static QString describe(QWidget *w)
    {
        return QStringLiteral("%1 \"%2\" (%3)")
            .arg(QLatin1String(w->metaObject()->className()), w->objectName(), w->accessibleName());
    }
    static bool hasLabel(QWidget *top, QWidget *w)
    {
        const auto labels = top->findChildren<QLabel *>();
        for (QLabel *l : labels)
            if (l->buddy() == w)
                return true;
        return false;
    }
    // Spin boxes and combo boxes own an inner line edit; the outer control is what counts.
    static bool inner(QWidget *w)
    {
        return qobject_cast<QLineEdit *>(w)
            && (qobject_cast<QAbstractSpinBox *>(w->parentWidget())
                || qobject_cast<QComboBox *>(w->parentWidget()));
    }

    //! Names: buttons have text or a name; inputs have a name or a label pointing at them.
    void checkNames(QWidget *top)
    {
        const auto widgets = top->findChildren<QWidget *>();
        for (QWidget *w : widgets) {
            if (!w->isVisible() || !interactive(w) || inner(w) || qobject_cast<QTabBar *>(w))
                continue;
            if (auto *b = qobject_cast<QAbstractButton *>(w)) {
                if (b->text().isEmpty())
                    QVERIFY2(!b->accessibleName().isEmpty(), qPrintable(describe(w)));
                continue;
            }
            QVERIFY2(!w->accessibleName().isEmpty() || hasLabel(top, w), qPrintable(describe(w)));
        }
        // A picture that says something (an icon without words) is named too.
        for (QLabel *l : top->findChildren<QLabel *>())
            if (l->isVisible() && l->text().isEmpty() && !l->pixmap().isNull())
                QVERIFY2(!l->accessibleName().isEmpty(), qPrintable(describe(l)));
    }

    //! Tab from the first control visits every enabled, visible control.
    void checkTabReachesEverything(QWidget *top)
    {
        top->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(top));
        QSet<QWidget *> expected;
        const auto widgets = top->findChildren<QWidget *>();
        for (QWidget *w : widgets)
            if (w->isVisible() && w->isEnabled() && interactive(w) && !inner(w)
                && w->window() == top)
                expected.insert(w);
        QSet<QWidget *> reached;
        for (int i = 0; i < 4 * widgets.size() + 10 && reached.size() < expected.size(); ++i) {
            QWidget *focus = QApplication::focusWidget();
            if (focus) {
                // A spin box or combo box takes focus through its inner line edit.
                QWidget *outer = inner(focus) ? focus->parentWidget() : focus;
                reached.insert(outer);
                if (qEnvironmentVariableIsSet("HOPX_A11Y_TRACE"))
                    qInfo().noquote() << "focus:" << describe(outer);
                QVERIFY2(outer->focusPolicy() & Qt::TabFocus, qPrintable(describe(outer)));
            }
            QTest::keyClick(focus ? focus : top, Qt::Key_Tab);
        }
        for (QWidget *w : std::as_const(expected))
            QVERIFY2(reached.contains(w),
                qPrintable(QStringLiteral("not reachable with Tab: ") + describe(w)));
    }

    std::unique_ptr<GuiFixture> f;

private slots:
    void init()
    {
        f = std::make_unique<GuiFixture>();
        QVERIFY(f->listen());
        f->makeGui(QStringLiteral(HOPX_QM_DIR));
        f->addSandbox(QStringLiteral("local-a11y"));
    }
    void cleanup() { f.reset(); }

    void mainWindowTabs()
    {
        f->gui->start(false);
        Ui::MainWindow *w = f->gui->mainWindow();
        QVERIFY(QTest::qWaitForWindowExposed(w));
        // With the banner that says why local sandboxes cannot run.
        f->local.setReason(QStringLiteral("bubblewrap (bwrap) is not installed"));
        for (int tab = 0; tab < w->tabs()->count(); ++tab) {
            w->tabs()->setCurrentIndex(tab);
            checkNames(w);
            checkTabReachesEverything(w);
        }
    }

    void apiKeyDialog()
    {
        Ui::ApiKeyDialog *d = f->gui->showApiKeyDialog();
        QVERIFY(QTest::qWaitForWindowExposed(d));
        QTRY_VERIFY(!d->isBusy());
        checkNames(d);
        checkTabReachesEverything(d);
    }

    void settingsDialog()
    {
        Ui::SettingsDialog *d = f->gui->showSettings();
        QVERIFY(QTest::qWaitForWindowExposed(d));
        for (int tab = 0; tab < d->tabs()->count(); ++tab) {
            d->tabs()->setCurrentIndex(tab);
            checkNames(d);
            checkTabReachesEverything(d);
        }
    }

    void connectIdeDialog()
    {
        Ui::ConnectIdeDialog *d = f->gui->showConnectIde();
        QVERIFY(QTest::qWaitForWindowExposed(d));
        d->selectIde(Core::IdeConfig::Ide::ClaudeCode); // the variant with the most controls
        checkNames(d);
        checkTabReachesEverything(d);
    }
};

QTEST_MAIN(TestAccessibility)
#include "tst_accessibility.moc"

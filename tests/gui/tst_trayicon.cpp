// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/models/SandboxListModel.h"
#include "ui/Icons.h"
#include "ui/Translations.h"
#include "ui/TrayIcon.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QClipboard>
#include <QMenu>
#include <QSignalSpy>
#include <QTest>

#include <memory>

using namespace Hopx;
using Ui::TrayIcon;

class TestTrayIcon : public QObject
{
    Q_OBJECT

    std::unique_ptr<Core::SandboxListModel> m_model;
    std::unique_ptr<QAbstractItemModelTester> m_tester;
    std::unique_ptr<TrayIcon> m_tray;

    void add(const QString &id, const QString &status, int createdSecsAgo)
    {
        Core::SandboxInfo s;
        s.id = id;
        s.provider = QStringLiteral("local");
        s.status = Core::SandboxStatus::fromName(status);
        s.createdAt = QDateTime::currentDateTime().addSecs(-createdSecsAgo);
        s.expiresAt = s.createdAt.addSecs(600);
        m_model->upsert(s);
    }
    static QImage image(const QIcon &icon) { return icon.pixmap(22, 22).toImage(); }
    QStringList titles(QMenu *menu) const
    {
        QStringList out;
        for (QAction *a : menu->actions())
            if (!a->isSeparator() && a->isVisible()) // what the user sees
                out << a->text();
        return out;
    }

    Ui::Translations m_translations;

private slots:
    void initTestCase()
    {
        // English needs its .qm too: it holds the plural forms of the %n strings.
        m_translations.install(QStringLiteral("en"), QStringLiteral(HOPX_QM_DIR));
    }
    void init()
    {
        m_model = std::make_unique<Core::SandboxListModel>();
        m_model->setTickInterval(0);
        m_tester = std::make_unique<QAbstractItemModelTester>(
            m_model.get(), QAbstractItemModelTester::FailureReportingMode::Fatal);
        m_tray = std::make_unique<TrayIcon>(m_model.get());
    }
    void cleanup()
    {
        m_tray.reset();
        m_tester.reset();
        m_model.reset();
    }

    void menuHasEveryEntry()
    {
        QStringList entries = titles(m_tray->menu());
        QCOMPARE(entries,
            (QStringList {QStringLiteral("&Open HOPX Desktop"), QStringLiteral("&Sandboxes"),
                QStringLiteral("No IDE connected yet"), QStringLiteral("&Connect an IDE…"),
                QStringLiteral("HOPX &API key…"), QStringLiteral("S&ettings…"),
                QStringLiteral("&Quit")}));
        QVERIFY(!m_tray->menu()->accessibleName().isEmpty());
        QSignalSpy open(m_tray.get(), &TrayIcon::openRequested);
        QSignalSpy ide(m_tray.get(), &TrayIcon::connectIdeRequested);
        QSignalSpy key(m_tray.get(), &TrayIcon::apiKeyRequested);
        QSignalSpy settings(m_tray.get(), &TrayIcon::settingsRequested);
        QSignalSpy quit(m_tray.get(), &TrayIcon::quitRequested);
        m_tray->openAction()->trigger();
        m_tray->connectIdeAction()->trigger();
        m_tray->apiKeyAction()->trigger();
        m_tray->settingsAction()->trigger();
        m_tray->quitAction()->trigger();
        QCOMPARE(open.count() + ide.count() + key.count() + settings.count() + quit.count(), 5);
        QCOMPARE(quit.count(), 1);
    }

    void menuSaysWhichIdesAreConnected()
    {
        // The first run: nothing connected, nothing found.
        QVERIFY(!m_tray->idesConnectedAction()->isEnabled()); // a line to read, not a command
        QVERIFY(!m_tray->idesNotConnectedAction()->isVisible());
        m_tray->setIdes(
            {QStringLiteral("Claude Code")}, {QStringLiteral("Cursor"), QStringLiteral("Zed")});
        QCOMPARE(m_tray->idesConnectedAction()->text(), QStringLiteral("Connected: Claude Code"));
        QVERIFY(m_tray->idesNotConnectedAction()->isVisible());
        QCOMPARE(m_tray->idesNotConnectedAction()->text(),
            QStringLiteral("Not connected yet: Cursor, Zed"));
        // Right above the command that connects them.
        const QList<QAction *> actions = m_tray->menu()->actions();
        QCOMPARE(actions.indexOf(m_tray->idesNotConnectedAction()) + 1,
            actions.indexOf(m_tray->connectIdeAction()));
        m_tray->setIdes({QStringLiteral("Claude Code")}, {});
        QVERIFY(!m_tray->idesNotConnectedAction()->isVisible());
    }

    void statesHaveTheirOwnIconAndTooltip()
    {
        QSignalSpy changed(m_tray.get(), &TrayIcon::stateChanged);
        QCOMPARE(m_tray->state(), TrayIcon::State::Idle);
        QVERIFY(m_tray->toolTip().contains(QStringLiteral("Ready")));
        QCOMPARE(image(m_tray->icon()), image(Ui::Icons::tray(Ui::Icons::Tray::Idle)));

        m_tray->setApiKeyPresent(false);
        QCOMPARE(m_tray->state(), TrayIcon::State::NoKey);
        QVERIFY(m_tray->toolTip().contains(QStringLiteral("local sandboxes only")));
        QCOMPARE(image(m_tray->icon()), image(Ui::Icons::tray(Ui::Icons::Tray::NoKey)));

        add(QStringLiteral("local-a"), QStringLiteral("running"), 10);
        add(QStringLiteral("local-b"), QStringLiteral("running"), 20);
        QCOMPARE(m_tray->state(), TrayIcon::State::Running); // running beats "no key"
        QVERIFY2(m_tray->toolTip().contains(QStringLiteral("2 sandboxes running")),
            qPrintable(m_tray->toolTip()));
        QCOMPARE(image(m_tray->icon()), image(Ui::Icons::tray(Ui::Icons::Tray::Busy)));

        m_tray->setErrorMessage(QStringLiteral("Local: bubblewrap is not installed"));
        QCOMPARE(m_tray->state(), TrayIcon::State::Error); // an error beats everything
        QVERIFY(m_tray->toolTip().contains(QStringLiteral("bubblewrap is not installed")));
        QCOMPARE(image(m_tray->icon()), image(Ui::Icons::tray(Ui::Icons::Tray::Error)));

        m_tray->setErrorMessage({});
        m_model->remove(QStringLiteral("local-a"));
        m_model->remove(QStringLiteral("local-b"));
        QCOMPARE(m_tray->state(), TrayIcon::State::NoKey);
        m_tray->setClientCount(3);
        QVERIFY(m_tray->toolTip().contains(QStringLiteral("3 MCP clients connected")));
        QCOMPARE(changed.count(), 5);

        // The four icons differ from each other.
        for (auto t : {Ui::Icons::Tray::Idle, Ui::Icons::Tray::Busy, Ui::Icons::Tray::Error,
                 Ui::Icons::Tray::NoKey}) {
            const QImage img = image(Ui::Icons::tray(t));
            QVERIFY(!img.isNull());
            for (auto u : {Ui::Icons::Tray::Idle, Ui::Icons::Tray::Busy, Ui::Icons::Tray::Error,
                     Ui::Icons::Tray::NoKey})
                if (t != u)
                    QVERIFY(img != image(Ui::Icons::tray(u)));
        }
    }

    void sandboxesSubmenuNewestFirstWithDelete()
    {
        QMenu *menu = m_tray->sandboxesMenu();
        m_tray->rebuildSandboxMenu();
        QCOMPARE(menu->actions().size(), 1);
        QVERIFY(!menu->actions().first()->isEnabled()); // "No sandboxes"

        for (int i = 0; i < 12; ++i)
            add(QStringLiteral("local-%1").arg(i),
                i % 2 ? QStringLiteral("paused") : QStringLiteral("running"), 100 - i);
        QVERIFY(menu->title().contains(QStringLiteral("12")));
        emit menu->aboutToShow();
        QList<QMenu *> items;
        for (QAction *a : menu->actions())
            if (a->menu())
                items << a->menu();
        QCOMPARE(items.size(), TrayIcon::kMenuSandboxes);
        QVERIFY(items.first()->title().startsWith(QStringLiteral("local-11")));
        QVERIFY(items.first()->title().contains(QStringLiteral("left")));
        QVERIFY(titles(menu).last().contains(QStringLiteral("12"))); // "All 12 sandboxes…"

        QSignalSpy del(m_tray.get(), &TrayIcon::deleteSandboxRequested);
        QSignalSpy logs(m_tray.get(), &TrayIcon::showSandboxLogsRequested);
        const QList<QAction *> actions = items.first()->actions();
        for (QAction *a : actions) {
            if (a->text() == QStringLiteral("Delete…")) // it asks first: the ellipsis says so
                a->trigger();
            else if (a->text() == QLatin1String("Show logs"))
                a->trigger();
            else if (a->text() == QLatin1String("Copy ID"))
                a->trigger();
        }
        QCOMPARE(del.count(), 1);
        QCOMPARE(del.at(0).at(0).toString(), QStringLiteral("local-11"));
        QCOMPARE(logs.count(), 1);
        QCOMPARE(QApplication::clipboard()->text(), QStringLiteral("local-11"));
    }

    void clickTogglesDoubleClickOpens()
    {
        QSignalSpy toggle(m_tray.get(), &TrayIcon::toggleWindowRequested);
        QSignalSpy open(m_tray.get(), &TrayIcon::openRequested);
        emit m_tray->activated(QSystemTrayIcon::Trigger);
        QCOMPARE(toggle.count(), 0); // waits to tell a double click apart
        QTRY_COMPARE(toggle.count(), 1);
        emit m_tray->activated(QSystemTrayIcon::Trigger);
        emit m_tray->activated(QSystemTrayIcon::DoubleClick);
        QCOMPARE(open.count(), 1);
        QTest::qWait(300);
        QCOMPARE(toggle.count(), 1);
    }
};

QTEST_MAIN(TestTrayIcon)
#include "tst_trayicon.moc"

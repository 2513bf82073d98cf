// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// Desktop notifications through org.freedesktop.Notifications, as GNOME, KDE, dunst or mako show
// them: a notification server of the test's own on a private session bus (dbus-run-session),
// a real bus between it and the app. An approval answered from the notification's buttons, a
// refused host allowed from its "Allow" button, and no answer from anyone but the server.

#include "FakeSandboxProvider.h"
#include "GuiFixture.h"

#include "core/approvals/ConsentWording.h"
#include "core/base/Later.h"
#include "core/settings/NetworkLog.h"
#include "ui/DesktopNotifier.h"
#include "ui/GuiApplication.h"
#include "ui/MainWindow.h"

#include <QDBusConnection>
#include <QDBusConnectionInterface>
#include <QDBusMessage>
#include <QTabWidget>
#include <QTest>

using namespace Hopx;
using Core::ApprovalBroker;
using HopxTest::GuiFixture;

namespace {

const QString kPath = QStringLiteral("/org/freedesktop/Notifications");
const QString kInterface = QStringLiteral("org.freedesktop.Notifications");

//! The notification server: what it was asked to show, and the buttons a user presses.
class NotificationServer final : public QObject
{
    Q_OBJECT
    Q_CLASSINFO("D-Bus Interface", "org.freedesktop.Notifications")
public:
    struct Shown
    {
        uint id;
        QString app, icon, title, body;
        QStringList actions; // key, label, key, label, …
        QVariantMap hints;
    };
    QList<Shown> shown;

    bool start()
    {
        return m_bus.isConnected()
            && m_bus.registerObject(kPath, this, QDBusConnection::ExportAllSlots)
            && m_bus.registerService(kInterface);
    }
    ~NotificationServer() override
    {
        // Unregistered here, while it exists, and the connection kept for the next server:
        // disconnecting it made QtDBus's thread tear it down, reaching for this object, while the
        // main thread was destroying it (TSan, 2026-12-05, one whole run in two).
        m_bus.unregisterObject(kPath);
        m_bus.unregisterService(kInterface);
    }
    //! The user presses \a key on notification \a id (sent as the server: from its connection).
    void press(uint id, const QString &key) { pressAs(m_bus, id, key); }
    static void pressAs(QDBusConnection bus, uint id, const QString &key)
    {
        QDBusMessage signal =
            QDBusMessage::createSignal(kPath, kInterface, QStringLiteral("ActionInvoked"));
        signal << id << key;
        bus.send(signal);
    }
    static QString label(const Shown &s, const QString &key)
    {
        const qsizetype at = s.actions.indexOf(key);
        return at >= 0 && at % 2 == 0 ? s.actions.value(at + 1) : QString();
    }

public slots:
    uint Notify(const QString &app, uint, const QString &icon, const QString &title,
        const QString &body, const QStringList &actions, const QVariantMap &hints, int)
    {
        shown.append({m_next, app, icon, title, body, actions, hints});
        return m_next++;
    }
    QStringList GetCapabilities() { return {QStringLiteral("actions"), QStringLiteral("body")}; }

private:
    QDBusConnection m_bus = QDBusConnection::connectToBus(
        QDBusConnection::SessionBus, QStringLiteral("hopx-test-notification-server"));
    uint m_next = 7;
};

//! A sandbox's network as the GUI sees it: records which host the user allowed.
class RecordingNetwork final : public QObject, public Core::SandboxNetwork
{
public:
    QStringList allowed;
    void allowHost(const QString &host, Core::Callback<Core::Unit> done) override
    {
        allowed << host;
        Core::answerLater<Core::Unit>(this, std::move(done), Core::Unit {});
    }
};

//! The sandbox's proxy refused \a host: the line it sends to the app's log.
void refuse(GuiFixture &f, const QString &id, const QString &host)
{
    emit f.local.output(id, QStringLiteral("network"),
        (Core::NetworkLog::deniedLine(host, 443, Core::NetworkLog::notListed()) + QLatin1Char('\n'))
            .toUtf8());
}

struct Heard
{
    int calls = 0;
    ApprovalBroker::Answer answer = ApprovalBroker::Answer::Deny;
    ApprovalBroker::Callback callback()
    {
        return [this](ApprovalBroker::Answer a, const QString &) {
            ++calls;
            answer = a;
        };
    }
};

} // namespace

class TestNotifications : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        if (!QDBusConnection::sessionBus().isConnected())
            QSKIP("no D-Bus session bus (run under dbus-run-session)");
    }

    void withoutAServerTheCallerFallsBack()
    {
        Ui::DesktopNotifier notifier;
        QVERIFY(!notifier.isAvailable());
        QVERIFY(!notifier.show(QStringLiteral("t"), QStringLiteral("b"), {}, QStringLiteral("x")));
    }

    void anApprovalIsAnsweredOnTheNotification_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<int>("answer");
        QTest::newRow("allow once") << "allow-once" << int(ApprovalBroker::Answer::AllowOnce);
        QTest::newRow("always") << "always" << int(ApprovalBroker::Answer::AllowAlways);
        QTest::newRow("deny") << "deny" << int(ApprovalBroker::Answer::Deny);
    }
    void anApprovalIsAnsweredOnTheNotification()
    {
        QFETCH(QString, key);
        QFETCH(int, answer);
        NotificationServer server;
        QVERIFY(server.start());
        GuiFixture f;
        f.makeGui();
        Heard heard;
        f.approvals.request(
            {ApprovalBroker::kFolderRead, QStringLiteral("Claude Code"),
                QStringLiteral("/srv/proj"),
                Core::ConsentWording::mountReadOnly(QStringLiteral("/project/proj"))},
            heard.callback());
        QTRY_COMPARE(server.shown.size(), 1);
        const NotificationServer::Shown &s = server.shown.first();
        QCOMPARE(s.app, QStringLiteral("HOPX Desktop"));
        QCOMPARE(s.hints.value(QStringLiteral("desktop-entry")).toString(),
            QStringLiteral("dev.hopx.Desktop"));
        QCOMPARE(s.title, QStringLiteral("HOPX Desktop needs your approval"));
        QVERIFY2(s.hints.contains(QStringLiteral("image-data")), "the app's icon, as pixels");
        QVERIFY2(s.body.contains(QLatin1String("/srv/proj"))
                && s.body.contains(QLatin1String("/project/proj")),
            qPrintable(s.body));
        QCOMPARE(NotificationServer::label(s, QStringLiteral("allow-once")),
            QStringLiteral("Allow once"));
        QCOMPARE(NotificationServer::label(s, QStringLiteral("always")),
            QStringLiteral("Always for this folder"));
        QCOMPARE(NotificationServer::label(s, QStringLiteral("deny")), QStringLiteral("Deny"));
        // The window stays where the user left it: the notification has the buttons.
        QVERIFY(!f.gui->mainWindow()->isVisible());

        // Another program on the bus cannot answer for the user.
        NotificationServer::pressAs(QDBusConnection::sessionBus(), s.id, key);
        QTest::qWait(300);
        QCOMPARE(heard.calls, 0);

        server.press(s.id, key);
        QTRY_COMPARE(heard.calls, 1);
        QCOMPARE(int(heard.answer), answer);
        QVERIFY(f.approvals.pending().isEmpty());
    }

    void onlyAllowOnceWhereAlwaysIsNotOffered()
    {
        NotificationServer server;
        QVERIFY(server.start());
        GuiFixture f;
        f.makeGui();
        Heard heard;
        f.approvals.request({ApprovalBroker::kInternet, QStringLiteral("Codex"), {},
                                Core::ConsentWording::internet(), false},
            heard.callback());
        QTRY_COMPARE(server.shown.size(), 1);
        QVERIFY(
            NotificationServer::label(server.shown.first(), QStringLiteral("always")).isEmpty());
        QVERIFY(!NotificationServer::label(server.shown.first(), QStringLiteral("deny")).isEmpty());
    }

    void aRefusedHostIsAllowedFromTheNotification()
    {
        NotificationServer server;
        QVERIFY(server.start());
        GuiFixture f;
        const QString id = QStringLiteral("local-net");
        f.addSandbox(id);
        RecordingNetwork network;
        f.local.networks.insert(id, &network);
        f.makeGui();
        refuse(f, id, QStringLiteral("data.example.test"));
        QTRY_COMPARE(server.shown.size(), 1);
        const NotificationServer::Shown &s = server.shown.first();
        QCOMPARE(s.title, QStringLiteral("A connection was refused"));
        QCOMPARE(NotificationServer::label(s, QStringLiteral("allow")),
            QStringLiteral("Allow data.example.test"));
        server.press(s.id, QStringLiteral("allow"));
        QTRY_COMPARE(network.allowed, QStringList {QStringLiteral("data.example.test")});
        f.local.networks.clear();
    }

    void aClickOnARunNoticeShowsItsLogs()
    {
        NotificationServer server;
        QVERIFY(server.start());
        GuiFixture f;
        const QString id = QStringLiteral("local-net");
        f.addSandbox(id);
        f.makeGui();
        refuse(f, id, QStringLiteral("x.example.test"));
        QTRY_COMPARE(server.shown.size(), 1);
        server.press(server.shown.first().id, QStringLiteral("default"));
        QTRY_VERIFY(f.gui->mainWindow()->isVisible());
        QCOMPARE(f.gui->mainWindow()->tabs()->currentIndex(), int(Ui::MainWindow::LogsTab));
    }
};

QTEST_MAIN(TestNotifications)
#include "tst_notifications.moc"

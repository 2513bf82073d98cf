// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// "Allow <host> for this sandbox" in the Logs view: a connection a real egress proxy refused
// shows as the sandbox's network line; selecting it offers the host, a click allows it, and
// the next request to that host goes through the same proxy. Offscreen, through GuiApplication.
#include "GuiFixture.h"

#include "core/base/Later.h"
#include "core/models/LogFilterModel.h"
#include "core/models/LogModel.h"
#include "core/settings/NetworkLog.h"
#include "core/settings/NetworkPolicy.h"
#include "providers/local/egress/EgressProxy.h"
#include "ui/MainWindow.h"
#include "ui/views/LogsView.h"

#include <QLocalSocket>
#include <QPushButton>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>

#include <memory>

using namespace Hopx;
using HopxTest::GuiFixture;

namespace {

const QString kSandbox = QStringLiteral("local-net");

/*! The capability as a local sandbox offers it, on a real EgressProxy; its decisions reach
 *  the log as the local provider sends them (the sandbox's "network" stream). */
class ProxyNetwork final : public QObject, public Core::SandboxNetwork
{
public:
    ProxyNetwork(Local::EgressProxy *proxy, FakeSandboxProvider *provider)
        : m_proxy(proxy)
    {
        connect(proxy, &Local::EgressProxy::decided, this,
            [provider](const QString &host, quint16 port, bool allowed, const QString &reason) {
                if (!allowed)
                    emit provider->output(kSandbox, QStringLiteral("network"),
                        (Core::NetworkLog::deniedLine(host, port, reason) + '\n').toUtf8());
            });
    }
    void allowHost(const QString &host, Core::Callback<Core::Unit> done) override
    {
        m_proxy->allowHost(host);
        Core::answerLater<Core::Unit>(this, std::move(done), Core::Unit {});
    }

private:
    Local::EgressProxy *m_proxy;
};

} // namespace

class TestAllowHost : public QObject
{
    Q_OBJECT

    std::unique_ptr<GuiFixture> f;
    std::unique_ptr<Local::EgressProxy> m_proxy;
    std::unique_ptr<ProxyNetwork> m_network;
    QTcpServer m_origin;
    Ui::LogsView *m_logs = nullptr;

    //! One plain-HTTP request for \a host through the proxy's socket; the whole response.
    QByteArray request(const QString &host)
    {
        QLocalSocket s;
        s.connectToServer(m_proxy->socketPath());
        if (!s.waitForConnected(5000))
            return "no connection: " + s.errorString().toUtf8();
        const QByteArray authority =
            host.toUtf8() + ':' + QByteArray::number(m_origin.serverPort());
        s.write("GET http://" + authority + "/ HTTP/1.1\r\nHost: " + authority + "\r\n\r\n");
        QByteArray response;
        QElapsedTimer clock;
        clock.start();
        while (s.state() == QLocalSocket::ConnectedState && clock.elapsed() < 10000) {
            QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
            response += s.readAll();
        }
        return response + s.readAll();
    }
    //! Selects the newest log row whose message contains \a text; false when there is none.
    bool selectRow(const QString &text)
    {
        const QAbstractItemModel *m = m_logs->table()->model();
        for (int row = m->rowCount() - 1; row >= 0; --row) {
            const QModelIndex i = m->index(row, Core::LogModel::Message);
            if (i.data().toString().contains(text)) {
                m_logs->table()->setCurrentIndex(i);
                return true;
            }
        }
        return false;
    }

private slots:
    void init()
    {
        f = std::make_unique<GuiFixture>();
        f->addSandbox(kSandbox);
        // The origin: a loopback server that answers "ok" to anything.
        QVERIFY(m_origin.listen(QHostAddress::LocalHost));
        connect(&m_origin, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *c = m_origin.nextPendingConnection()) {
                connect(c, &QTcpSocket::readyRead, c, [c] {
                    if (!c->readAll().isEmpty())
                        c->write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: "
                                 "close\r\n\r\nok");
                    c->disconnectFromHost();
                });
                connect(c, &QTcpSocket::disconnected, c, &QObject::deleteLater);
            }
        });
        Local::EgressProxy::Rules rules;
        rules.policy = Core::NetworkPolicy::allowlist({QStringLiteral("pypi.test")});
        rules.hostMap.insert(
            QStringLiteral("data.example.test"), {QHostAddress::LocalHost, m_origin.serverPort()});
        m_proxy = std::make_unique<Local::EgressProxy>(kSandbox, rules);
        const auto listening = m_proxy->listen(f->dir.path() + QStringLiteral("/proxy.sock"));
        QVERIFY2(listening, qPrintable(listening ? QString() : listening.error().message));
        m_network = std::make_unique<ProxyNetwork>(m_proxy.get(), &f->local);
        f->local.networks.insert(kSandbox, m_network.get());
        f->makeGui();
        Ui::MainWindow *w = f->gui->mainWindow();
        w->show();
        w->tabs()->setCurrentIndex(Ui::MainWindow::LogsTab);
        m_logs = w->logsView();
    }
    void cleanup()
    {
        f->local.networks.clear();
        m_network.reset();
        m_proxy.reset();
        m_origin.close();
        f.reset();
    }

    void allowFromTheDeniedLine()
    {
        const QByteArray denied = request(QStringLiteral("data.example.test"));
        QVERIFY2(denied.startsWith("HTTP/1.1 403"), denied.constData());
        QTRY_VERIFY(selectRow(
            QStringLiteral("egress denied: data.example.test:%1").arg(m_origin.serverPort())));
        QPushButton *allow = m_logs->allowHostButton();
        QTRY_VERIFY(allow->isVisible());
        QCOMPARE(allow->text(), QStringLiteral("Allow data.example.test for this sandbox"));
        // Under Xvfb (HOPX_SCREENSHOT_DIR set), the view as the user sees it.
        if (const QByteArray dir = qgetenv("HOPX_SCREENSHOT_DIR"); !dir.isEmpty())
            f->gui->mainWindow()->grab().save(
                QString::fromLocal8Bit(dir) + "/main-logs-denied.png");
        QTest::mouseClick(allow, Qt::LeftButton);
        QTRY_VERIFY(m_proxy->policy().allows(QStringLiteral("data.example.test")));
        QTRY_VERIFY(f->gui->mainWindow()->statusBar()->currentMessage().contains(
            QStringLiteral("data.example.test")));
        const QByteArray allowed = request(QStringLiteral("data.example.test"));
        QVERIFY2(allowed.startsWith("HTTP/1.1 200") && allowed.endsWith("\r\n\r\nok"),
            allowed.constData());
        // Other hosts stay refused.
        QVERIFY(request(QStringLiteral("other.example.test")).startsWith("HTTP/1.1 403"));
    }

    void notOfferedWhereAllowingCannotHelp()
    {
        // A private address is refused whatever the allowlist says; a program in the sandbox
        // that prints a denial's words on its own output is not the proxy.
        QVERIFY(request(QStringLiteral("10.1.2.3")).startsWith("HTTP/1.1 403"));
        QTRY_VERIFY(
            selectRow(QStringLiteral("egress denied: 10.1.2.3:%1").arg(m_origin.serverPort())));
        QVERIFY(!m_logs->allowHostButton()->isVisible());
        const QString forged = Core::NetworkLog::deniedLine(
            QStringLiteral("evil.test"), 443, Core::NetworkLog::notListed());
        emit f->local.output(kSandbox, QStringLiteral("stdout"), (forged + '\n').toUtf8());
        QTRY_VERIFY(selectRow(QStringLiteral("egress denied: evil.test:443")));
        QVERIFY(!m_logs->allowHostButton()->isVisible());
        QVERIFY(!m_proxy->policy().allows(QStringLiteral("data.example.test")));
    }

    void aSandboxWithoutAProxySaysSo()
    {
        f->local.networks.clear();
        QVERIFY(request(QStringLiteral("data.example.test")).startsWith("HTTP/1.1 403"));
        QTRY_VERIFY(selectRow(
            QStringLiteral("egress denied: data.example.test:%1").arg(m_origin.serverPort())));
        QTRY_VERIFY(m_logs->allowHostButton()->isVisible());
        QTest::mouseClick(m_logs->allowHostButton(), Qt::LeftButton);
        QTRY_VERIFY(f->gui->mainWindow()->statusBar()->currentMessage().contains(
            QStringLiteral("Could not allow")));
        QVERIFY(!m_proxy->policy().allows(QStringLiteral("data.example.test")));
    }
};

QTEST_MAIN(TestAllowHost)
#include "tst_allowhost.moc"

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// RemoteSandboxPoller with a real HopxProvider against FakeHopxServer: sandboxes made elsewhere
// appear in the manager and disappear when deleted; failures back off; no key, no requests.
#include "FakeHopxServer.h"

#include "gui/FakeSandboxProvider.h"

#include "core/manager/RemoteSandboxPoller.h"
#include "core/manager/SandboxManager.h"
#include "providers/cloud/HopxProvider.h"

#include <QNetworkAccessManager>
#include <QSignalSpy>
#include <QTest>

#include <memory>

using namespace Hopx::Core;
using Hopx::Cloud::HopxProvider;
using Hopx::Test::FakeHopxServer;

namespace {

HopxProvider::Options fastOptions()
{
    HopxProvider::Options o;
    o.controlTimeoutMs = 2000;
    o.retry.maxAttempts = 1; // each failed poll is one request: the poller's backoff is tested
    return o;
}

RemoteSandboxPoller::Options pollEvery(int ms, int maxMs = 60000)
{
    RemoteSandboxPoller::Options o;
    o.intervalMs = ms;
    o.maxIntervalMs = maxMs;
    return o;
}

} // namespace

class TestRemoteSandboxPoller : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<FakeHopxServer> m_fake;
    std::unique_ptr<QNetworkAccessManager> m_nam;
    std::unique_ptr<HopxProvider> m_provider;
    std::unique_ptr<SandboxManager> m_manager;

    bool tracked(const QString &id) const { return m_manager->sandbox(id).has_value(); }
    int lists() const { return m_fake->count("GET", QStringLiteral("^/v1/sandboxes$")); }

private slots:
    void init()
    {
        m_fake = std::make_unique<FakeHopxServer>();
        QVERIFY(m_fake->listen());
        m_nam = std::make_unique<QNetworkAccessManager>();
        m_provider = std::make_unique<HopxProvider>(m_nam.get(), m_fake->baseUrl(), fastOptions());
        m_provider->setApiKey(FakeHopxServer::defaultApiKey());
        m_manager = std::make_unique<SandboxManager>(nullptr);
        m_manager->addProvider(m_provider.get());
    }

    void cleanup()
    {
        m_manager.reset();
        m_provider.reset();
        m_nam.reset();
        m_fake.reset();
    }

    void sandboxesMadeElsewhereComeAndGo()
    {
        const QString early = m_fake->addSandbox().value(QStringLiteral("id")).toString();
        RemoteSandboxPoller poller(m_provider.get(), pollEvery(100));
        QSignalSpy added(m_manager.get(), &SandboxManager::sandboxAdded);
        QSignalSpy changed(m_manager.get(), &SandboxManager::sandboxChanged);
        QSignalSpy removed(m_manager.get(), &SandboxManager::sandboxRemoved);
        poller.start();
        QVERIFY(QTest::qWaitFor([&] { return tracked(early); }, 5000)); // at once, not after 100 ms
        const auto info = m_manager->sandbox(early);
        QCOMPARE(info->provider, QStringLiteral("hopx"));
        QCOMPARE(info->status.name(), QStringLiteral("running"));
        QCOMPARE(info->templateName, QStringLiteral("code-interpreter"));

        const QString later =
            m_fake->addSandbox(QStringLiteral("base")).value(QStringLiteral("id")).toString();
        QVERIFY(QTest::qWaitFor([&] { return tracked(later); }, 5000));
        QCOMPARE(added.size(), 2);

        // Unchanged sandboxes do not churn the GUI on every poll ...
        const int polls = lists();
        QVERIFY(QTest::qWaitFor([&] { return lists() >= polls + 3; }, 5000));
        QCOMPARE(changed.size(), 0);
        // ... a changed one does.
        m_fake->setSandboxStatus(later, QStringLiteral("paused"));
        QVERIFY(QTest::qWaitFor(
            [&] { return m_manager->sandbox(later)->status == SandboxStatus::Paused; }, 5000));
        QCOMPARE(changed.size(), 1);

        m_fake->removeSandbox(early);
        QVERIFY(QTest::qWaitFor([&] { return !tracked(early); }, 5000));
        QVERIFY(tracked(later));
        QCOMPARE(removed.size(), 1);
        QCOMPARE(removed[0][0].toString(), early);
        QCOMPARE(poller.consecutiveFailures(), 0);
        for (const auto &r : m_fake->requests())
            QCOMPARE(r.header("x-api-key"), FakeHopxServer::defaultApiKey().toUtf8());
    }

    void leavesOtherSandboxesAlone()
    {
        // Announced by a create whose sandbox no listing has shown yet, or by another provider:
        // never in an earlier complete listing, so never declared gone by one.
        SandboxInfo other;
        other.id = QStringLiteral("1700000000otherkey");
        other.provider = QStringLiteral("hopx");
        other.status = SandboxStatus::Running;
        emit m_provider->sandboxChanged(other);
        FakeSandboxProvider localProvider(QStringLiteral("local"));
        m_manager->addProvider(&localProvider);
        SandboxInfo local;
        local.id = QStringLiteral("local-abc");
        local.provider = QStringLiteral("local");
        localProvider.add(local);
        RemoteSandboxPoller poller(m_provider.get(), pollEvery(50));
        poller.start();
        QVERIFY(QTest::qWaitFor([&] { return lists() >= 3; }, 5000));
        QVERIFY(tracked(other.id));
        QVERIFY(tracked(local.id));
    }

    void failuresBackOffAndRecover()
    {
        const QString id = m_fake->addSandbox().value(QStringLiteral("id")).toString();
        FakeHopxServer::Fault down;
        down.method = "GET";
        down.path = QRegularExpression(QStringLiteral("^/v1/sandboxes$"));
        down.status = 503;
        down.times = -1;
        m_fake->addFault(down);
        RemoteSandboxPoller poller(m_provider.get(), pollEvery(50, 400));
        QSignalSpy polled(&poller, &RemoteSandboxPoller::polled);
        poller.start();
        QVERIFY(QTest::qWaitFor([&] { return polled.size() >= 4; }, 10000));
        for (const auto &args : polled)
            QCOMPARE(args[0].toBool(), false);
        QVERIFY(poller.consecutiveFailures() >= 4);
        QCOMPARE(poller.currentIntervalMs(), 400); // 100, 200, 400, then capped
        QVERIFY(!tracked(id));

        // The waits really grow: four failures took at least 100 + 200 + 400 ms.
        const int before = lists();
        QTest::qWait(300);
        QVERIFY(lists() - before <= 1);

        m_fake->clearFaults();
        QVERIFY(QTest::qWaitFor([&] { return tracked(id); }, 5000));
        QCOMPARE(poller.consecutiveFailures(), 0);
        QCOMPARE(poller.currentIntervalMs(), 50);
    }

    void malformedAndDeadCloudDoNotCrash()
    {
        FakeHopxServer::Fault bad;
        bad.path = QRegularExpression(QStringLiteral("^/v1/sandboxes$"));
        bad.kind = FakeHopxServer::FaultKind::Malformed;
        bad.times = 2;
        m_fake->addFault(bad);
        RemoteSandboxPoller poller(m_provider.get(), pollEvery(30, 60));
        QSignalSpy polled(&poller, &RemoteSandboxPoller::polled);
        poller.start();
        QVERIFY(QTest::qWaitFor([&] { return polled.size() >= 3; }, 5000));
        QCOMPARE(polled[0][0].toBool(), false);
        QCOMPARE(polled[2][0].toBool(), true);
        m_fake->close();
        const int n = int(polled.size());
        QVERIFY(QTest::qWaitFor([&] { return polled.size() >= n + 2; }, 10000));
        QCOMPARE(polled.last()[0].toBool(), false);
        QVERIFY(poller.consecutiveFailures() >= 2);
    }

    void pausedWithoutAKeyResumesWhenOneArrives()
    {
        m_provider->setApiKey(QString()); // no key and no key store: unavailable
        QVERIFY(!m_provider->unavailableReason().isEmpty());
        const QString id = m_fake->addSandbox().value(QStringLiteral("id")).toString();
        RemoteSandboxPoller poller(m_provider.get(), pollEvery(50));
        poller.start();
        QTest::qWait(400);
        QCOMPARE(m_fake->requests().size(), 0);
        QVERIFY(poller.isPaused());

        m_provider->setApiKey(FakeHopxServer::defaultApiKey());
        QVERIFY(QTest::qWaitFor([&] { return tracked(id); }, 5000));
        QVERIFY(!poller.isPaused());
    }

    void stopStopsAndDisabledNeverStarts()
    {
        RemoteSandboxPoller poller(m_provider.get(), pollEvery(30));
        poller.start();
        QVERIFY(QTest::qWaitFor([&] { return lists() >= 2; }, 5000));
        poller.stop();
        QTest::qWait(50); // a list in flight may still land
        const int after = lists();
        QTest::qWait(300);
        QCOMPARE(lists(), after);

        RemoteSandboxPoller off(m_provider.get(), pollEvery(0));
        off.start();
        QVERIFY(!off.isRunning());
        QTest::qWait(200);
        QCOMPARE(lists(), after);
    }

    void aNewIntervalAppliesAtOnce()
    {
        // The Cloud settings page changes the interval while the app runs.
        RemoteSandboxPoller poller(m_provider.get(), pollEvery(60000));
        poller.start();
        QVERIFY(QTest::qWaitFor([&] { return lists() >= 1; }, 5000));
        QTest::qWait(200);
        QCOMPARE(lists(), 1); // the next one is a minute away ...
        poller.setIntervalMs(30);
        QVERIFY(QTest::qWaitFor([&] { return lists() >= 4; }, 5000)); // ... now it is not
        QCOMPARE(poller.currentIntervalMs(), 30);

        poller.setIntervalMs(0); // "Never"
        QVERIFY(!poller.isRunning());
        QTest::qWait(50); // a list in flight may still land
        const int after = lists();
        QTest::qWait(300);
        QCOMPARE(lists(), after);

        poller.setIntervalMs(30); // and back on
        QVERIFY(poller.isRunning());
        QVERIFY(QTest::qWaitFor([&] { return lists() >= after + 2; }, 5000));
    }

    void destroyedWhileAListIsInFlight()
    {
        FakeHopxServer::Fault slow;
        slow.path = QRegularExpression(QStringLiteral("^/v1/sandboxes$"));
        slow.kind = FakeHopxServer::FaultKind::Slow;
        slow.delayMs = 300;
        m_fake->addFault(slow);
        {
            RemoteSandboxPoller poller(m_provider.get(), pollEvery(30));
            poller.start();
            QVERIFY(QTest::qWaitFor([&] { return lists() >= 1; }, 5000));
        }
        QTest::qWait(500); // the late answer finds no poller: nothing happens
        QVERIFY(m_manager->sandboxes().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestRemoteSandboxPoller)
#include "tst_remotesandboxpoller.moc"

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/manager/SandboxManager.h"
#include "core/models/ResourceSampler.h"
#include "core/models/SandboxListModel.h"
#include "gui/FakeSandboxProvider.h"

#include <QAbstractItemModelTester>
#include <QItemSelectionModel>
#include <QJsonArray>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>

#include <memory>

using namespace Hopx::Core;

class TestSandboxListModel : public QObject
{
    Q_OBJECT

    std::unique_ptr<SandboxListModel> m_model;
    std::unique_ptr<QAbstractItemModelTester> m_tester;
    std::unique_ptr<QSignalSpy> m_resets;
    QDateTime m_now;

    static SandboxInfo sandbox(const QString &id, const QString &provider = QStringLiteral("local"),
        const QString &status = QStringLiteral("running"))
    {
        SandboxInfo s;
        s.id = id;
        s.provider = provider;
        s.status = SandboxStatus::fromName(status);
        s.templateName = QStringLiteral("code-interpreter");
        s.createdAt = QDateTime(QDate(2026, 1, 2), QTime(10, 0));
        s.expiresAt = s.createdAt.addSecs(600);
        return s;
    }
    struct Providers
    {
        SandboxManager manager {nullptr};
        FakeSandboxProvider local {QStringLiteral("local")};
        FakeSandboxProvider cloud {QStringLiteral("hopx")};
        Providers()
        {
            manager.addProvider(&local);
            manager.addProvider(&cloud);
        }
    };
    std::unique_ptr<Providers> m_providers;

    QString text(int row, int column) const
    {
        return m_model->index(row, column).data().toString();
    }

private slots:
    void statusesAreStatesWithTheProvidersWords()
    {
        for (const char *word : {"creating", "running", "paused", "stopped", "dead", "unavailable",
                 "deleted", "error"}) {
            const SandboxStatus status = SandboxStatus::fromName(QString::fromLatin1(word));
            QVERIFY2(status.state() != SandboxStatus::Other, word);
            QCOMPARE(status.name(), QString::fromLatin1(word));
            QCOMPARE(SandboxStatus(status.state()), status);
        }
        QCOMPARE(SandboxStatus::fromName(QStringLiteral("error")).state(), SandboxStatus::Failed);
        QVERIFY(SandboxStatus::fromName(QStringLiteral("running")).isRunning());
        // A word of the provider's own is kept, shown as it came, and told apart from others.
        const SandboxStatus starting = SandboxStatus::fromName(QStringLiteral("starting"));
        QCOMPARE(starting.state(), SandboxStatus::Other);
        QCOMPARE(starting.name(), QStringLiteral("starting"));
        QCOMPARE(SandboxListModel::statusName(starting), QStringLiteral("starting"));
        QVERIFY(starting != SandboxStatus::fromName(QStringLiteral("resizing")));
        QVERIFY(starting != SandboxStatus());
        QVERIFY(SandboxStatus().name().isEmpty());
        QCOMPARE(SandboxListModel::statusName(SandboxStatus::Dead), QStringLiteral("dead"));
    }

    void init()
    {
        m_now = QDateTime(QDate(2026, 1, 2), QTime(10, 1));
        m_model = std::make_unique<SandboxListModel>();
        m_model->setTickInterval(0);
        m_model->setClock([this] { return m_now; });
        // The providers name themselves: a manager that has both, as the app's has.
        m_providers = std::make_unique<Providers>();
        m_model->attach(&m_providers->manager);
        // Fatal: any broken invariant fails the test at the line that caused it.
        m_tester = std::make_unique<QAbstractItemModelTester>(
            m_model.get(), QAbstractItemModelTester::FailureReportingMode::Fatal);
        m_resets =
            std::make_unique<QSignalSpy>(m_model.get(), &QAbstractItemModel::modelAboutToBeReset);
    }
    void cleanup()
    {
        // The model's contract: live updates never reset it.
        QCOMPARE(m_resets->count(), 0);
        m_resets.reset();
        m_tester.reset();
        m_model.reset();
        m_providers.reset();
    }

    void insertsAndShowsColumns()
    {
        QSignalSpy inserted(m_model.get(), &QAbstractItemModel::rowsInserted);
        SandboxInfo s = sandbox(QStringLiteral("local-abc"));
        s.memoryBytes = 3 * 1024 * 1024;
        m_model->upsert(s);
        QCOMPARE(inserted.count(), 1);
        QCOMPARE(m_model->rowCount(), 1);
        QCOMPARE(m_model->columnCount(), int(SandboxListModel::ColumnCount));
        QCOMPARE(text(0, SandboxListModel::Provider), QStringLiteral("Local"));
        QCOMPARE(text(0, SandboxListModel::Id), QStringLiteral("local-abc"));
        QCOMPARE(text(0, SandboxListModel::Template), QStringLiteral("code-interpreter"));
        QCOMPARE(text(0, SandboxListModel::Status), QStringLiteral("running"));
        QCOMPARE(text(0, SandboxListModel::Age), QStringLiteral("1 min"));
        QCOMPARE(text(0, SandboxListModel::TimeLeft), QStringLiteral("9:00"));
        QCOMPARE(text(0, SandboxListModel::LastActivity), QStringLiteral("—"));
        QCOMPARE(text(0, SandboxListModel::Memory), QStringLiteral("3.0 MiB"));
        QCOMPARE(m_model->index(0, 0).data(SandboxListModel::IdRole).toString(),
            QStringLiteral("local-abc"));
        QCOMPARE(m_model->runningCount(), 1);
    }

    void updateEmitsOnlyChangedColumnsAndRoles()
    {
        m_model->upsert(sandbox(QStringLiteral("local-a")));
        m_model->upsert(sandbox(QStringLiteral("local-b")));
        QSignalSpy changed(m_model.get(), &QAbstractItemModel::dataChanged);
        QSignalSpy counts(m_model.get(), &SandboxListModel::countsChanged);

        SandboxInfo b =
            sandbox(QStringLiteral("local-b"), QStringLiteral("local"), QStringLiteral("paused"));
        m_model->upsert(b);
        QCOMPARE(changed.count(), 1);
        auto topLeft = changed.at(0).at(0).value<QModelIndex>();
        auto bottomRight = changed.at(0).at(1).value<QModelIndex>();
        auto roles = changed.at(0).at(2).value<QList<int>>();
        QCOMPARE(topLeft.row(), 1);
        QCOMPARE(bottomRight.row(), 1);
        QCOMPARE(topLeft.column(), int(SandboxListModel::Status));
        QCOMPARE(bottomRight.column(), int(SandboxListModel::Status));
        QVERIFY(roles.contains(SandboxListModel::StatusRole));
        QVERIFY(roles.contains(Qt::DisplayRole));
        QVERIFY(!roles.isEmpty() && !roles.contains(SandboxListModel::ProviderRole));
        QCOMPARE(counts.count(), 1);
        QCOMPARE(m_model->runningCount(), 1);

        // The same data again: nothing to tell the view.
        m_model->upsert(b);
        QCOMPARE(changed.count(), 1);

        b.memoryBytes = 1024;
        m_model->upsert(b);
        QCOMPARE(changed.count(), 2);
        QCOMPARE(changed.at(1).at(0).value<QModelIndex>().column(), int(SandboxListModel::Memory));
    }

    void diskColumnShowsUseOfTheCapAndTheCheckpoints()
    {
        m_model->upsert(sandbox(QStringLiteral("local-d")));
        m_model->upsert(sandbox(QStringLiteral("hopx-1"), QStringLiteral("hopx")));
        QCOMPARE(text(0, SandboxListModel::Disk), QStringLiteral("—"));
        QSignalSpy changed(m_model.get(), &QAbstractItemModel::dataChanged);
        const QJsonArray checkpoints {QJsonObject {{QStringLiteral("checkpoint_id"), "ckpt-1"},
            {QStringLiteral("name"), QStringLiteral("before the fit")},
            {QStringLiteral("size_bytes"), 2 * 1024 * 1024},
            {QStringLiteral("created_at"), m_now.addSecs(-120).toUTC().toString(Qt::ISODate)}}};
        m_model->setDisk(QStringLiteral("local-d"), 512LL << 20, 2LL << 30, checkpoints);
        QCOMPARE(text(0, SandboxListModel::Disk), QStringLiteral("512.0 MiB of 2.0 GiB"));
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.at(0).at(0).value<QModelIndex>().column(), int(SandboxListModel::Disk));
        const QString tip =
            m_model->index(0, SandboxListModel::Disk).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QLatin1String("25 %")), qPrintable(tip));
        QVERIFY2(
            tip.contains(QLatin1String("before the fit: 2.0 MiB, 2 min ago")), qPrintable(tip));
        QCOMPARE(
            m_model->index(0, SandboxListModel::Disk).data(SandboxListModel::SortRole).toLongLong(),
            512LL << 20);
        // A later update without a sample keeps the disk figures.
        m_model->upsert(sandbox(QStringLiteral("local-d")));
        QCOMPARE(text(0, SandboxListModel::Disk), QStringLiteral("512.0 MiB of 2.0 GiB"));
        QVERIFY(m_model->index(1, SandboxListModel::Disk)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QLatin1String("local sandboxes only")));
    }

    void idToolTipSaysWhereAForkCameFrom()
    {
        SandboxInfo fork = sandbox(QStringLiteral("local-f"));
        m_model->upsert(fork);
        auto tip = [&]() {
            return m_model->index(0, SandboxListModel::Id).data(Qt::ToolTipRole).toString();
        };
        QVERIFY2(!tip().contains(QLatin1String("Forked")), qPrintable(tip()));
        QSignalSpy changed(m_model.get(), &QAbstractItemModel::dataChanged);
        auto from = [&](const QJsonValue &checkpoint) {
            fork.extra.insert(QStringLiteral("forked_from"),
                QJsonObject {{QStringLiteral("sandbox_id"), QStringLiteral("local-p")},
                    {QStringLiteral("checkpoint_id"), checkpoint}});
        };
        from(QStringLiteral("ckpt-0000000a"));
        m_model->upsert(fork);
        QVERIFY(changed.count() >= 1);
        QVERIFY2(tip().contains(QLatin1String("Forked from local-p at checkpoint ckpt-0000000a")),
            qPrintable(tip()));
        from(QJsonValue(QJsonValue::Null));
        m_model->upsert(fork);
        QVERIFY2(tip().contains(QLatin1String("Forked from local-p")) && !tip().contains("ckpt"),
            qPrintable(tip()));
    }

    void idToolTipListsTheSecretsItHolds()
    {
        SandboxInfo s = sandbox(QStringLiteral("local-s"));
        m_model->upsert(s);
        auto tip = [&]() {
            return m_model->index(0, SandboxListModel::Id).data(Qt::ToolTipRole).toString();
        };
        QVERIFY2(!tip().contains(QLatin1String("Secrets")), qPrintable(tip()));
        m_model->remove(s.id);
        s.extra.insert(QStringLiteral("secrets"),
            QJsonArray {QStringLiteral("GITHUB_TOKEN"), QStringLiteral("MAPS_KEY")});
        m_model->upsert(s);
        QVERIFY2(
            tip().contains(QLatin1String("Secrets: GITHUB_TOKEN, MAPS_KEY")), qPrintable(tip()));
    }

    void snapshotDiffsByIdPerProvider()
    {
        m_model->upsert(sandbox(QStringLiteral("local-1")));
        m_model->upsert(sandbox(QStringLiteral("cloud-1"), QStringLiteral("hopx")));
        m_model->upsert(sandbox(QStringLiteral("cloud-2"), QStringLiteral("hopx")));
        QSignalSpy removed(m_model.get(), &QAbstractItemModel::rowsRemoved);
        QSignalSpy inserted(m_model.get(), &QAbstractItemModel::rowsInserted);

        SandboxInfo changed =
            sandbox(QStringLiteral("cloud-2"), QStringLiteral("hopx"), QStringLiteral("paused"));
        m_model->applySnapshot(QStringLiteral("hopx"),
            {changed, sandbox(QStringLiteral("cloud-3"), QStringLiteral("hopx"))});
        QCOMPARE(removed.count(), 1); // cloud-1
        QCOMPARE(inserted.count(), 1); // cloud-3
        QCOMPARE(m_model->rowCount(), 3);
        QVERIFY(m_model->rowOf(QStringLiteral("cloud-1")) < 0);
        QVERIFY(m_model->rowOf(QStringLiteral("local-1")) >= 0); // other provider untouched
        QCOMPARE(m_model->sandboxAt(m_model->rowOf(QStringLiteral("cloud-2"))).status.name(),
            QStringLiteral("paused"));
        // Ids still map to the right rows after the removal shifted them.
        for (int row = 0; row < m_model->rowCount(); ++row)
            QCOMPARE(m_model->rowOf(m_model->sandboxAt(row).id), row);
    }

    void selectionSurvivesUpdates()
    {
        for (int i = 0; i < 5; ++i)
            m_model->upsert(sandbox(QStringLiteral("local-%1").arg(i)));
        QItemSelectionModel selection(m_model.get());
        selection.select(
            m_model->index(3, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
        m_model->remove(QStringLiteral("local-0"));
        m_model->upsert(
            sandbox(QStringLiteral("local-3"), QStringLiteral("local"), QStringLiteral("paused")));
        m_model->tick();
        const QModelIndexList rows = selection.selectedRows();
        QCOMPARE(rows.size(), 1);
        QCOMPARE(rows.at(0).data(SandboxListModel::IdRole).toString(), QStringLiteral("local-3"));
    }

    void tickRefreshesClockColumnsInOneSignal()
    {
        for (int i = 0; i < 3; ++i)
            m_model->upsert(sandbox(QStringLiteral("local-%1").arg(i)));
        QSignalSpy changed(m_model.get(), &QAbstractItemModel::dataChanged);
        m_now = m_now.addSecs(61);
        m_model->tick();
        QCOMPARE(changed.count(), 1);
        QCOMPARE(
            changed.at(0).at(0).value<QModelIndex>(), m_model->index(0, SandboxListModel::Age));
        QCOMPARE(changed.at(0).at(1).value<QModelIndex>(),
            m_model->index(2, SandboxListModel::LastActivity));
        QCOMPARE(text(0, SandboxListModel::TimeLeft), QStringLiteral("7:59"));
        QCOMPARE(text(0, SandboxListModel::Age), QStringLiteral("2 min"));
        m_now = m_now.addSecs(3600);
        QCOMPARE(text(0, SandboxListModel::TimeLeft), QStringLiteral("expired"));
    }

    void liveTimerTicks()
    {
        m_model->upsert(sandbox(QStringLiteral("local-live")));
        QSignalSpy changed(m_model.get(), &QAbstractItemModel::dataChanged);
        m_model->setTickInterval(20);
        QTRY_VERIFY(changed.count() >= 2);
    }

    void cpuPercentFromTwoSamples()
    {
        SandboxInfo s = sandbox(QStringLiteral("local-cpu"));
        s.cpuSeconds = 1.0;
        m_model->upsert(s);
        QCOMPARE(text(0, SandboxListModel::Cpu), QStringLiteral("—"));
        m_now = m_now.addSecs(2);
        s.cpuSeconds = 2.0;
        m_model->upsert(s);
        QCOMPARE(text(0, SandboxListModel::Cpu), QStringLiteral("50 %"));
        QVERIFY(m_model->index(0, SandboxListModel::Cpu)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("2.0 s")));
        // Cloud sandboxes are not measured.
        m_model->upsert(sandbox(QStringLiteral("cloud"), QStringLiteral("hopx")));
        QCOMPARE(text(1, SandboxListModel::Cpu), QStringLiteral("—"));
        QCOMPARE(text(1, SandboxListModel::Memory), QStringLiteral("—"));
        QCOMPARE(text(1, SandboxListModel::Provider), QStringLiteral("HOPX cloud"));
    }

    void mostRecentFirst()
    {
        for (int i = 0; i < 4; ++i) {
            SandboxInfo s = sandbox(QStringLiteral("local-%1").arg(i));
            s.createdAt = s.createdAt.addSecs(i * 10);
            m_model->upsert(s);
        }
        const auto recent = m_model->mostRecent(2);
        QCOMPARE(recent.size(), 2);
        QCOMPARE(recent.at(0).id, QStringLiteral("local-3"));
        QCOMPARE(recent.at(1).id, QStringLiteral("local-2"));
    }

    void followsTheManager()
    {
        SandboxManager manager(nullptr);
        FakeSandboxProvider local(QStringLiteral("local"));
        FakeSandboxProvider cloud(QStringLiteral("hopx"));
        manager.addProvider(&local);
        manager.addProvider(&cloud);
        SandboxInfo early = sandbox(QStringLiteral("local-early"));
        early.expiresAt = {};
        local.add(early);
        m_model->attach(&manager);
        QCOMPARE(m_model->rowCount(), 1);

        SandboxInfo s = sandbox(QStringLiteral("cloud-x"), QStringLiteral("hopx"));
        cloud.add(s);
        QCOMPARE(m_model->rowCount(), 2);
        QSignalSpy changed(m_model.get(), &QAbstractItemModel::dataChanged);
        manager.noteActivity(QStringLiteral("cloud-x"), QStringLiteral("execute_code"));
        QCOMPARE(changed.count(), 1);
        QCOMPARE(
            changed.at(0).at(0).value<QModelIndex>().column(), int(SandboxListModel::LastActivity));
        QCOMPARE(text(1, SandboxListModel::LastActivity), QStringLiteral("just now"));
        local.remove(QStringLiteral("local-early"));
        QCOMPARE(m_model->rowCount(), 1);
        QCOMPARE(m_model->sandboxAt(0).id, QStringLiteral("cloud-x"));
    }

    void samplerFillsCpuAndMemoryOfLocalSandboxes()
    {
        SandboxManager manager(nullptr);
        FakeSandboxProvider local(QStringLiteral("local"));
        FakeSandboxProvider cloud(QStringLiteral("hopx"));
        manager.addProvider(&local);
        manager.addProvider(&cloud);
        m_model->attach(&manager);
        SandboxInfo a = sandbox(QStringLiteral("local-a"));
        a.expiresAt = {}; // no expiry timer in this test
        local.add(a);
        cloud.add(sandbox(QStringLiteral("cloud-b"), QStringLiteral("hopx")));
        QCOMPARE(text(0, SandboxListModel::Memory), QStringLiteral("—"));

        Hopx::Core::ResourceSampler sampler(&manager, m_model.get());
        sampler.setInterval(0);
        sampler.sampleNow();
        QTRY_COMPARE(text(0, SandboxListModel::Memory), QStringLiteral("48.0 MiB"));
        m_now = m_now.addSecs(1);
        sampler.sampleNow();
        QTRY_COMPARE(text(0, SandboxListModel::Cpu), QStringLiteral("25 %")); // 250 ms in 1 s
        QVERIFY(!cloud.cpuMs.contains(QStringLiteral("cloud-b"))); // the cloud is never polled
        // An idle sandbox: the CPU time stands still, the rate drops to zero.
        local.cpuMsPerCall = 0;
        m_now = m_now.addSecs(2);
        sampler.sampleNow();
        QTRY_COMPARE(text(0, SandboxListModel::Cpu), QStringLiteral("0.0 %"));
        local.cpuMsPerCall = 250;
        m_now = m_now.addSecs(1);
        sampler.sampleNow();
        QTRY_COMPARE(text(0, SandboxListModel::Cpu), QStringLiteral("25 %"));
        // An update without a sample keeps the last one.
        manager.noteActivity(QStringLiteral("local-a"), QStringLiteral("execute python"));
        QCOMPARE(text(0, SandboxListModel::Memory), QStringLiteral("48.0 MiB"));
        QCOMPARE(text(0, SandboxListModel::Cpu), QStringLiteral("25 %"));
    }

    void networkColumnNamesThePolicy_data()
    {
        QTest::addColumn<QJsonValue>("network"); // extra["network"], as the local provider sets it
        QTest::addColumn<bool>("internet"); // the cloud's flag
        QTest::addColumn<QString>("expected");
        const auto allow = [](const QStringList &hosts) {
            return QJsonValue(
                QJsonObject {{QStringLiteral("allow"), QJsonArray::fromStringList(hosts)}});
        };
        const QStringList packages {
            QStringLiteral("pypi.org"), QStringLiteral("files.pythonhosted.org")};
        QTest::newRow("none") << QJsonValue(QStringLiteral("none")) << false
                              << QStringLiteral("none");
        QTest::newRow("full") << QJsonValue(QStringLiteral("full")) << true
                              << QStringLiteral("full");
        QTest::newRow("packages") << allow(packages) << true << QStringLiteral("packages");
        QTest::newRow("packages and one")
            << allow(packages + QStringList {QStringLiteral("api.github.com")}) << true
            << QStringLiteral("packages + 1 host(s)"); // no translator: the source text
        QTest::newRow("one host") << allow({QStringLiteral("example.org")}) << true
                                  << QStringLiteral("example.org");
        QTest::newRow("part of packages")
            << allow({QStringLiteral("pypi.org"), QStringLiteral("a.org")}) << true
            << QStringLiteral("2 host(s)");
        QTest::newRow("empty allowlist") << allow({}) << false << QStringLiteral("none");
        QTest::newRow("cloud, internet") << QJsonValue() << true << QStringLiteral("full");
        QTest::newRow("cloud, offline") << QJsonValue() << false << QStringLiteral("none");
    }
    void networkColumnNamesThePolicy()
    {
        QFETCH(QJsonValue, network);
        QFETCH(bool, internet);
        QFETCH(QString, expected);
        m_model->setPackageHosts(
            {QStringLiteral("pypi.org"), QStringLiteral("files.pythonhosted.org")});
        SandboxInfo s = sandbox(QStringLiteral("local-n"));
        s.internetAccess = internet;
        if (!network.isUndefined())
            s.extra.insert(QStringLiteral("network"), network);
        m_model->upsert(s);
        QCOMPARE(text(0, SandboxListModel::Network), expected);
        // The hosts, on hover.
        const QString tip =
            m_model->index(0, SandboxListModel::Network).data(Qt::ToolTipRole).toString();
        for (const QJsonValue &h : network.toObject().value(QStringLiteral("allow")).toArray())
            QVERIFY2(tip.contains(h.toString()), qPrintable(tip));
    }

    void forkSecretsAndNetworkChangesAreSignalled()
    {
        SandboxInfo s = sandbox(QStringLiteral("local-c"));
        m_model->upsert(s);
        QCOMPARE(text(0, SandboxListModel::Parent), QStringLiteral("—"));
        QCOMPARE(text(0, SandboxListModel::Secrets), QStringLiteral("—"));
        QSignalSpy changed(m_model.get(), &QAbstractItemModel::dataChanged);
        s.extra.insert(QStringLiteral("forked_from"),
            QJsonObject {{QStringLiteral("sandbox_id"), QStringLiteral("local-p")},
                {QStringLiteral("checkpoint_id"), QStringLiteral("cp-1")}});
        s.extra.insert(QStringLiteral("secrets"),
            QJsonArray {QStringLiteral("GITHUB_TOKEN"), QStringLiteral("OPENAI_KEY")});
        m_model->upsert(s);
        QCOMPARE(changed.count(), 1);
        const int first = changed.at(0).at(0).value<QModelIndex>().column();
        const int last = changed.at(0).at(1).value<QModelIndex>().column();
        QVERIFY(first <= SandboxListModel::Parent && last >= SandboxListModel::Secrets);
        QCOMPARE(text(0, SandboxListModel::Parent), QStringLiteral("local-p at cp-1"));
        QCOMPARE(text(0, SandboxListModel::Secrets), QStringLiteral("GITHUB_TOKEN, OPENAI_KEY"));
        QVERIFY(m_model->index(0, SandboxListModel::Parent)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("local-p")));
    }

    void thousandRowsStayConsistent()
    {
        QList<SandboxInfo> list;
        for (int i = 0; i < 1000; ++i)
            list << sandbox(QStringLiteral("local-%1").arg(i));
        m_model->applySnapshot(QStringLiteral("local"), list);
        QCOMPARE(m_model->rowCount(), 1000);
        // Every other one goes, the rest change status.
        QList<SandboxInfo> next;
        for (int i = 0; i < 1000; i += 2)
            next << sandbox(QStringLiteral("local-%1").arg(i), QStringLiteral("local"),
                QStringLiteral("paused"));
        m_model->applySnapshot(QStringLiteral("local"), next);
        QCOMPARE(m_model->rowCount(), 500);
        QCOMPARE(m_model->runningCount(), 0);
        for (int row = 0; row < m_model->rowCount(); ++row)
            QCOMPARE(m_model->rowOf(m_model->sandboxAt(row).id), row);
    }
};

QTEST_GUILESS_MAIN(TestSandboxListModel)
#include "tst_sandboxlistmodel.moc"

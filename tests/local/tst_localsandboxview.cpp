// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// What the Sandboxes view's model says about real local sandboxes, fed by the real manager and
// ResourceSampler: the memory of the whole sandbox (its process tree's PSS, as
// `scripts/bench.sh scale` measures it, not 0 before Python starts), its network policy, the
// sandbox a fork came from.
#include "LocalTestSupport.h"

#include "core/manager/SandboxManager.h"
#include "core/models/Notices.h"
#include "core/models/ProcessTree.h"
#include "core/models/ResourceSampler.h"
#include "core/models/SandboxListModel.h"
#include "core/settings/Settings.h"
#include "providers/local/LocalProvider.h"

#include <QAbstractItemModelTester>
#include <QTemporaryDir>

#include <optional>

using namespace Hopx;
using Core::SandboxListModel;

namespace {

struct Stack
{
    explicit Stack(const QString &root)
        : settings(root + QStringLiteral("/hopx-desktop.ini"), nullptr)
        , provider(&settings, options(root))
        , manager(&settings)
    {
        manager.addProvider(&provider);
        model.attach(&manager);
        model.setPackageHosts(settings.packageHosts());
        model.setTickInterval(0);
        sampler.setInterval(0);
        QCoreApplication::processEvents(); // the provider's start-up recovery, as in the app
    }
    ~Stack() { provider.shutdown(); }
    static Local::LocalProvider::Options options(const QString &root)
    {
        Local::LocalProvider::Options o;
        o.stateBase = root + QStringLiteral("/state");
        o.storageBase = root + QStringLiteral("/sandboxes");
        o.agentPath = LocalTest::agentBinary();
        o.warmSpares = 0; // no interpreter started ahead: the sandbox runs only its agent
        return o;
    }

    QString create(const Core::CreateSpec &spec = {})
    {
        std::optional<Core::Result<Core::SandboxInfo>> created;
        provider.create(spec, [&](Core::Result<Core::SandboxInfo> r) { created = r; });
        if (!QTest::qWaitFor([&] { return created.has_value(); }, 60000) || !created->ok())
            return {};
        return created->value().id;
    }
    QString text(const QString &id, int column) const
    {
        return model.index(model.rowOf(id), column).data().toString();
    }
    qint64 memory(const QString &id) const
    {
        return model.index(model.rowOf(id), SandboxListModel::Memory)
            .data(SandboxListModel::SortRole)
            .toLongLong();
    }

    Core::Settings settings;
    Local::LocalProvider provider;
    Core::SandboxManager manager;
    SandboxListModel model;
    QAbstractItemModelTester tester {&model, QAbstractItemModelTester::FailureReportingMode::Fatal};
    Core::ResourceSampler sampler {&manager, &model};
};

} // namespace

class TestLocalSandboxView : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { HOPX_REQUIRE_LOCAL_PROVIDER(); }

    void memoryIsTheWholeSandbox()
    {
        QTemporaryDir root;
        Stack stack(root.path());
        const QString id = stack.create();
        QVERIFY(!id.isEmpty());
        QTRY_VERIFY(stack.model.rowOf(id) >= 0);
        // Before any Python: bubblewrap and the agent still use memory.
        stack.sampler.sampleNow();
        QTRY_VERIFY_WITH_TIMEOUT(stack.memory(id) > 0, 10000);
        const qint64 idle = stack.memory(id);
        QVERIFY2(stack.text(id, SandboxListModel::Memory) != QStringLiteral("0 bytes"),
            qPrintable(stack.text(id, SandboxListModel::Memory)));
        // The same figure the host's /proc gives for the sandbox's tree, within what moved.
        const qint64 root0 = stack.provider.sandbox(id).value()->hostProcessId();
        QVERIFY(root0 > 0);
        const Core::ProcessTree::Usage u = Core::ProcessTree::read().usage(root0);
        QVERIFY2(u.processes >= 2, qPrintable(QString::number(u.processes))); // bwrap + agent
        QVERIFY2(qAbs(u.pssBytes - idle) < (4 << 20),
            qPrintable(QStringLiteral("%1 vs %2").arg(u.pssBytes).arg(idle)));

        // A Python interpreter is part of the sandbox: its memory shows.
        Core::ExecSpec spec;
        spec.code = QStringLiteral("x = bytearray(16 << 20)\nx[::4096] = b'a' * len(x[::4096])");
        spec.timeoutSeconds = 60;
        Core::Sandbox *sandbox = stack.provider.sandbox(id).value();
        const auto ran = LocalTest::wait<Core::ExecResult>(
            [&](Core::Callback<Core::ExecResult> done) { sandbox->exec()->execute(spec, done); });
        QVERIFY2(ran.ok(), ran.ok() ? "" : qPrintable(ran.error().message));
        stack.sampler.sampleNow();
        QTRY_VERIFY2_WITH_TIMEOUT(stack.memory(id) > idle + (16 << 20),
            qPrintable(QStringLiteral("idle %1, now %2").arg(idle).arg(stack.memory(id))), 10000);
    }

    void networkAndParentAreShown()
    {
        QTemporaryDir root;
        Stack stack(root.path());
        const QString plain = stack.create();
        QVERIFY(!plain.isEmpty());
        Core::CreateSpec packages;
        packages.network =
            Core::NetworkPolicy::fromJson(QStringLiteral("packages"), stack.settings.packageHosts())
                .value();
        const QString withPackages = stack.create(packages);
        QVERIFY(!withPackages.isEmpty());
        Core::CreateSpec listed;
        listed.network = Core::NetworkPolicy::fromJson(
            QJsonValue(QJsonArray {QStringLiteral("example.org")}), stack.settings.packageHosts())
                             .value();
        const QString withHost = stack.create(listed);
        QVERIFY(!withHost.isEmpty());
        QTRY_VERIFY(stack.model.rowOf(withHost) >= 0);

        QCOMPARE(stack.text(plain, SandboxListModel::Network), QStringLiteral("none"));
        QCOMPARE(stack.text(withPackages, SandboxListModel::Network), QStringLiteral("packages"));
        QCOMPARE(stack.text(withHost, SandboxListModel::Network), QStringLiteral("example.org"));
        // The hosts behind "packages", on hover.
        const QString hosts =
            stack.model.index(stack.model.rowOf(withPackages), SandboxListModel::Network)
                .data(Qt::ToolTipRole)
                .toString();
        for (const QString &h : stack.settings.packageHosts())
            QVERIFY2(hosts.contains(h), qPrintable(hosts));

        // A fork names its parent; the parent and the others are no forks.
        Core::Sandbox *parent = stack.provider.sandbox(plain).value();
        const auto forked = LocalTest::wait<QList<Core::ForkOutcome>>(
            [&](Core::Callback<QList<Core::ForkOutcome>> done) {
                parent->checkpoints()->fork({}, 1, done);
            });
        QVERIFY2(forked.ok(), forked.ok() ? "" : qPrintable(forked.error().message));
        QCOMPARE(forked.value().size(), 1);
        const QString child = forked.value().first().sandbox.id;
        QVERIFY(!child.isEmpty());
        QTRY_VERIFY(stack.model.rowOf(child) >= 0);
        QTRY_COMPARE(stack.text(child, SandboxListModel::Parent), plain);
        QCOMPARE(stack.text(plain, SandboxListModel::Parent), QStringLiteral("—"));
        QVERIFY(stack.model.index(stack.model.rowOf(child), SandboxListModel::Parent)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(plain));
        QCOMPARE(stack.text(child, SandboxListModel::Secrets), QStringLiteral("—"));
    }

    void aBackgroundRunsEndIsNoticed()
    {
        QTemporaryDir root;
        Stack stack(root.path());
        stack.settings.setNotifies(Core::Settings::Notice::RunFinished, true);
        Core::Notices notices(&stack.settings);
        notices.attach(&stack.manager);
        QSignalSpy said(&notices, &Core::Notices::notice);
        QList<Core::ExecutionRecord> runs;
        connect(&stack.manager, &Core::SandboxManager::execution, this,
            [&runs](const Core::ExecutionRecord &r) { runs << r; });
        const QString id = stack.create();
        QVERIFY(!id.isEmpty());
        Core::BackgroundSpec spec;
        spec.command = QStringLiteral("sleep 0.3; exit 4");
        spec.language = QStringLiteral("bash");
        Core::Sandbox *sandbox = stack.provider.sandbox(id).value();
        const auto started =
            LocalTest::wait<Core::ProcessStarted>([&](Core::Callback<Core::ProcessStarted> done) {
                sandbox->jobs()->startBackground(spec, done);
            });
        QVERIFY2(started.ok(), started.ok() ? "" : qPrintable(started.error().message));
        // Its end reaches the manager as a finished background run, and becomes a notice.
        QTRY_COMPARE_WITH_TIMEOUT(said.count(), 1, 20000);
        QCOMPARE(
            said.at(0).at(0).value<Core::Settings::Notice>(), Core::Settings::Notice::RunFinished);
        QVERIFY2(said.at(0).at(2).toString().contains(QLatin1String("4")),
            qPrintable(said.at(0).at(2).toString()));
        QCOMPARE(runs.count(), 1);
        const Core::ExecutionRecord &record = runs.first();
        QVERIFY(record.finished && record.background);
        QCOMPARE(record.exitCode, 4);
        QCOMPARE(record.sandboxId, id);
    }
};

QTEST_GUILESS_MAIN(TestLocalSandboxView)
#include "tst_localsandboxview.moc"

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// SandboxCgroup on cgroup v2 (a systemd desktop: the user's manager user@UID.service owns its
// subtree), against an emulated kernel (support/FakeCgroupV2.h): limits applied and read back,
// the rlimit fallback (and what health says) when nothing is delegated, and cgroups removed
// after deletion and after a crash. The real v1 path is tst_localisolation's.
#include "LocalTestSupport.h"

#include "support/FakeCgroupV2.h"

#include "tools/ToolCall.h"
#include "tools/ToolRegistry.h"
#include "tools/ToolResult.h"

#include "core/manager/SandboxManager.h"
#include "core/settings/Settings.h"
#include "core/tools/McpTools.h"
#include "providers/local/LocalProvider.h"
#include "providers/local/cgroup/SandboxCgroup.h"

#include <QJsonDocument>
#include <QProcess>

using namespace Hopx::Local;
using namespace LocalTest;
using Hopx::Test::FakeCgroupV2;

namespace {

constexpr uid_t kUser = 1000;

SandboxLimits someLimits()
{
    SandboxLimits l;
    l.memoryMb = 256;
    l.processes = 64;
    l.cpuPercent = 50;
    return l;
}

// A process of ours to move around (a sandbox's pid 1 stands in the same place).
std::unique_ptr<QProcess> sleeper()
{
    auto p = std::make_unique<QProcess>();
    p->start(QStringLiteral("sleep"), {QStringLiteral("600")});
    p->waitForStarted();
    return p;
}

QString json(const QJsonObject &o)
{
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

} // namespace

class TestCgroupV2 : public QObject
{
    Q_OBJECT
private slots:
    void delegatedLimitsAppliedAndReadBack();
    void rootOwnsTheHierarchy();
    void notDelegatedFallsBackToRlimits();
    void controllersNotDelegated();
    void removedAfterDeletionAndCrash();
    void realSandboxInTheDelegatedTree();
    void realSandboxWithoutDelegation();
    void providerHealthSaysWhy();
};

void TestCgroupV2::delegatedLimitsAppliedAndReadBack()
{
    QTemporaryDir dir;
    FakeCgroupV2 kernel(kUser, dir);
    const QString scope = kernel.buildSystemdUser(kUser);

    const SandboxCgroup::Placement placement = SandboxCgroup::prepare(kernel);
    QCOMPARE(placement.mode, SandboxCgroup::Mode::V2);
    QCOMPARE(placement.bases, QStringList {kernel.path(scope)});
    // The app left the scope for a leaf, so the scope may enable controllers for children.
    QCOMPARE(kernel.cgroupOf(::getpid()), scope + QStringLiteral("/hopx-app"));
    QCOMPARE(kernel.file(scope, "cgroup.procs"), QByteArray());
    QCOMPARE(kernel.file(scope, "cgroup.subtree_control"), QByteArray("cpu memory pids"));

    const auto made = SandboxCgroup::create(kernel, QStringLiteral("local-a1"), someLimits());
    QVERIFY2(made, qPrintable(made ? QString() : made.error().message));
    SandboxCgroup cg = made.value();
    QVERIFY(cg.isActive());
    QCOMPARE(cg.mode(), SandboxCgroup::Mode::V2);
    const QString sandbox = scope + QStringLiteral("/local-a1");
    QCOMPARE(cg.paths(), QStringList {kernel.path(sandbox)});
    // The sandbox's files carry the limits, in the format the kernel takes.
    QCOMPARE(kernel.file(sandbox, "cgroup.controllers"), QByteArray("cpu memory pids"));
    QCOMPARE(kernel.file(sandbox, "memory.max"), QByteArray::number(256 << 20));
    QCOMPARE(kernel.file(sandbox, "memory.swap.max"), QByteArray("0"));
    QCOMPARE(kernel.file(sandbox, "pids.max"), QByteArray("64"));
    QCOMPARE(kernel.file(sandbox, "cpu.max"), QByteArray("50000 100000"));
    QVERIFY2(kernel.refused().isEmpty(), qPrintable(kernel.refused().join('\n')));

    // attach() moves a process with cgroup.procs; the kernel lists it there.
    auto proc = sleeper();
    QVERIFY(cg.attach(proc->processId()));
    QCOMPARE(kernel.cgroupOf(proc->processId()), sandbox);
    QCOMPARE(kernel.file(sandbox, "cgroup.procs"), QByteArray::number(proc->processId()));
    QVERIFY(cg.contains(proc->processId()));
    QCOMPARE(kernel.file(sandbox, "cgroup.events"), QByteArray("populated 1\nfrozen 0"));

    const QJsonObject report = cg.report();
    QCOMPARE(report.value(QStringLiteral("version")).toInt(), 2);
    QCOMPARE(report.value(QStringLiteral("memory_max_bytes")).toDouble(), double(256 << 20));
    QCOMPARE(report.value(QStringLiteral("pids_max")).toInt(), 64);
    QCOMPARE(report.value(QStringLiteral("cpu_max")).toString(), QStringLiteral("50000 100000"));

    // Deletion: cgroup.kill empties it, then rmdir succeeds.
    cg.destroy();
    QVERIFY(!QFileInfo::exists(kernel.path(sandbox)));
    QVERIFY(proc->waitForFinished(5000));
    QCOMPARE(proc->exitStatus(), QProcess::CrashExit);

    // Limits of 0 mean "none": the kernel's "max", never a limit of zero bytes.
    SandboxLimits unlimited;
    unlimited.memoryMb = 0;
    unlimited.processes = 0;
    const auto opened = SandboxCgroup::create(kernel, QStringLiteral("local-a2"), unlimited);
    QVERIFY(opened);
    SandboxCgroup open = opened.value();
    QVERIFY(open.isActive());
    QCOMPARE(kernel.file(scope + QStringLiteral("/local-a2"), "memory.max"), QByteArray("max"));
    QCOMPARE(kernel.file(scope + QStringLiteral("/local-a2"), "pids.max"), QByteArray("max"));
    QCOMPARE(kernel.file(scope + QStringLiteral("/local-a2"), "cpu.max"), QByteArray("max 100000"));
    open.destroy();
    QVERIFY2(kernel.refused().isEmpty(), qPrintable(kernel.refused().join('\n')));
    const QJsonObject note = SandboxCgroup::describe(SandboxCgroup::prepare(kernel));
    QCOMPARE(note.value(QStringLiteral("enforced_by")).toString(), QStringLiteral("cgroup v2"));
}

void TestCgroupV2::rootOwnsTheHierarchy()
{
    QTemporaryDir dir;
    FakeCgroupV2 kernel(0, dir);
    kernel.buildSystemdUser(kUser);
    const auto made = SandboxCgroup::create(kernel, QStringLiteral("local-r1"), someLimits());
    QVERIFY(made);
    SandboxCgroup cg = made.value();
    QVERIFY(cg.isActive());
    QCOMPARE(cg.paths(), QStringList {kernel.path(QStringLiteral("/hopx-desktop/local-r1"))});
    QVERIFY(kernel.file(QString(), "cgroup.subtree_control").contains("memory"));
    QCOMPARE(kernel.file(QStringLiteral("/hopx-desktop"), "cgroup.subtree_control"),
        QByteArray("cpu memory pids"));
    QCOMPARE(kernel.file(QStringLiteral("/hopx-desktop/local-r1"), "pids.max"), QByteArray("64"));
    auto proc = sleeper();
    QVERIFY(cg.attach(proc->processId()));
    QCOMPARE(kernel.cgroupOf(proc->processId()), QStringLiteral("/hopx-desktop/local-r1"));
    cg.destroy();
    QVERIFY(!QFileInfo::exists(kernel.path(QStringLiteral("/hopx-desktop/local-r1"))));
    QVERIFY(proc->waitForFinished(5000));
    QVERIFY2(kernel.refused().isEmpty(), qPrintable(kernel.refused().join('\n')));
}

void TestCgroupV2::notDelegatedFallsBackToRlimits()
{
    QTemporaryDir dir;
    FakeCgroupV2 kernel(kUser, dir);
    kernel.buildSystemdUser(kUser);
    // A login session's scope belongs to the system manager, not to the user.
    const QString session = QStringLiteral("/user.slice/user-1000.slice/session-2.scope");
    kernel.makeCgroup(session, 0);
    kernel.place(::getpid(), session);

    const SandboxCgroup::Placement placement = SandboxCgroup::prepare(kernel);
    QCOMPARE(placement.mode, SandboxCgroup::Mode::None);
    QVERIFY2(placement.why.contains(QStringLiteral("not delegated")), qPrintable(placement.why));
    const auto refused = SandboxCgroup::create(kernel, QStringLiteral("local-n1"), someLimits());
    QVERIFY(!refused);
    QCOMPARE(refused.error().message, placement.why);
    // Nothing was created or moved.
    QVERIFY(!QFileInfo::exists(kernel.path(session + QStringLiteral("/local-n1"))));
    QCOMPARE(kernel.cgroupOf(::getpid()), session);

    const QJsonObject note = SandboxCgroup::describe(placement);
    QCOMPARE(note.value(QStringLiteral("enforced_by")).toString(), QStringLiteral("rlimits"));
    const QString text = note.value(QStringLiteral("note")).toString();
    QVERIFY2(text.contains(QStringLiteral("cgroup limits are not available")), qPrintable(text));
    QVERIFY2(text.contains(placement.why) && text.contains(QStringLiteral("RLIMIT_NPROC")),
        qPrintable(text));
}

void TestCgroupV2::controllersNotDelegated()
{
    QTemporaryDir dir;
    FakeCgroupV2 kernel(kUser, dir);
    // The system gave the user's slice only the cpu controller.
    const QString scope = kernel.buildSystemdUser(kUser, "cpu");
    const SandboxCgroup::Placement placement = SandboxCgroup::prepare(kernel);
    QCOMPARE(placement.mode, SandboxCgroup::Mode::None);
    QVERIFY2(placement.why.contains(QStringLiteral("memory/pids")), qPrintable(placement.why));
    QCOMPARE(kernel.cgroupOf(::getpid()), scope); // not moved for nothing
    QVERIFY(!SandboxCgroup::create(kernel, QStringLiteral("local-c1"), someLimits()));
}

void TestCgroupV2::removedAfterDeletionAndCrash()
{
    QTemporaryDir dir;
    FakeCgroupV2 kernel(kUser, dir);
    const QString scope = kernel.buildSystemdUser(kUser);
    // A run that "crashed": its SandboxCgroup objects are gone without destroy(). One
    // sandbox's processes died with the app (bwrap's --die-with-parent); one is still
    // running (an app that is still alive elsewhere shares the base, or a sandbox not dead yet).
    {
        const auto dead = SandboxCgroup::create(kernel, QStringLiteral("local-d1"), someLimits());
        const auto live = SandboxCgroup::create(kernel, QStringLiteral("local-l1"), someLimits());
        QVERIFY(dead && live && dead.value().isActive() && live.value().isActive());
    }
    auto gone = sleeper();
    auto running = sleeper();
    SandboxCgroup::Placement placement = SandboxCgroup::prepare(kernel);
    QVERIFY(kernel.write(kernel.path(scope + QStringLiteral("/local-d1/cgroup.procs")),
                QByteArray::number(gone->processId()))
        == 0);
    QVERIFY(kernel.write(kernel.path(scope + QStringLiteral("/local-l1/cgroup.procs")),
                QByteArray::number(running->processId()))
        == 0);
    gone->kill();
    QVERIFY(gone->waitForFinished(5000));
    QVERIFY(!kernel.populated(scope + QStringLiteral("/local-d1")));

    // Made a moment ago, the empty one may be another app's sandbox about to get its first
    // process: kept. The next start a while later: it goes; the populated one and the app's
    // leaf stay.
    QCOMPARE(SandboxCgroup::removeStale(kernel), 0);
    QVERIFY(QFileInfo::exists(kernel.path(scope + QStringLiteral("/local-d1"))));
    QCOMPARE(SandboxCgroup::removeStale(kernel, 0), 1);
    QVERIFY(!QFileInfo::exists(kernel.path(scope + QStringLiteral("/local-d1"))));
    QVERIFY(QFileInfo::exists(kernel.path(scope + QStringLiteral("/local-l1"))));
    QVERIFY(QFileInfo::exists(kernel.path(scope + QStringLiteral("/hopx-app"))));
    QCOMPARE(kernel.cgroupOf(running->processId()), scope + QStringLiteral("/local-l1"));
    // ...as the kernel would insist anyway ("populated" cgroups cannot be removed).
    QCOMPARE(kernel.removeDir(kernel.path(scope + QStringLiteral("/local-l1"))), EBUSY);

    // A sandbox created again under the same id replaces what is left (kills and removes).
    const auto made = SandboxCgroup::create(kernel, QStringLiteral("local-l1"), someLimits());
    QVERIFY(made);
    SandboxCgroup again = made.value();
    QVERIFY(again.isActive());
    QVERIFY(running->waitForFinished(5000));
    QVERIFY(!kernel.populated(scope + QStringLiteral("/local-l1")));
    again.destroy();
    QVERIFY(!QFileInfo::exists(kernel.path(scope + QStringLiteral("/local-l1"))));
    Q_UNUSED(placement);
}

void TestCgroupV2::realSandboxInTheDelegatedTree()
{
    Host host;
    if (const QString why = host.prepare(); !why.isEmpty())
        QSKIP(qPrintable(why));
    QTemporaryDir dir;
    FakeCgroupV2 kernel(kUser, dir);
    const QString scope = kernel.buildSystemdUser(kUser);
    auto sp = host.start(QStringLiteral("cg2-real"), someLimits(), &kernel);
    QVERIFY(sp);
    QCOMPARE(sp->cgroupMode(), SandboxCgroup::Mode::V2);
    const QString cg = scope + QStringLiteral("/cg2-real");
    // bwrap waited on --block-fd until its pid 1 was in the cgroup.
    QCOMPARE(kernel.cgroupOf(sp->childPid()), cg);
    QCOMPARE(sp->cgroup().report().value(QStringLiteral("pids_max")).toInt(), 64);
    QVERIFY2(kernel.refused().isEmpty(), qPrintable(kernel.refused().join('\n')));
    sp->kill();
    QVERIFY(!QFileInfo::exists(kernel.path(cg)));
}

void TestCgroupV2::realSandboxWithoutDelegation()
{
    Host host;
    if (const QString why = host.prepare(); !why.isEmpty())
        QSKIP(qPrintable(why));
    QTemporaryDir dir;
    FakeCgroupV2 kernel(kUser, dir);
    kernel.buildSystemdUser(kUser, "cpu");
    auto sp = host.start(QStringLiteral("cg2-none"), someLimits(), &kernel);
    QVERIFY(sp);
    QCOMPARE(sp->cgroupMode(), SandboxCgroup::Mode::None);
    QVERIFY(sp->cgroup().report().isEmpty());
    // The agent's rlimits are what limits the sandbox now.
    const Run r = run(sp->agent(), {"sh", "-c", "grep 'Max processes' /proc/self/limits"});
    QCOMPARE(r.code(), 0);
    QVERIFY2(r.out.simplified().startsWith("Max processes 64 64"), r.out.constData());
    sp->kill();
}

void TestCgroupV2::providerHealthSaysWhy()
{
    if (const QString why = SandboxHost::selfTest().english(); !why.isEmpty())
        QSKIP(qPrintable(why));
    for (const bool delegated : {true, false}) {
        QTemporaryDir dir;
        FakeCgroupV2 kernel(kUser, dir);
        const QString scope = kernel.buildSystemdUser(kUser, delegated ? "cpu memory pids" : "cpu");
        Hopx::Core::Settings settings(dir.path() + QStringLiteral("/hopx-desktop.ini"), nullptr);
        LocalProvider::Options o;
        o.stateBase = dir.path() + QStringLiteral("/state");
        o.storageBase = dir.path() + QStringLiteral("/storage");
        o.agentPath = agentBinary();
        o.warmSpares = 0;
        o.cgroupFs = &kernel;
        LocalProvider provider(&settings, o);
        // (Usable or not: without /dev/fuse for the disks the entry still says this.)
        // What the model reads: the health tool's result, through the tool layer.
        Hopx::Core::SandboxManager manager(&settings);
        manager.addProvider(&provider);
        Hopx::Mcp::ToolRegistry registry;
        Hopx::Core::Tools::ToolDeps deps;
        deps.manager = &manager;
        deps.settings = &settings;
        Hopx::Core::Tools::registerSystemTools(registry, deps);
        Hopx::Mcp::ToolCall call(
            QStringLiteral("health"), {}, QJsonValue(QJsonValue::Undefined), {});
        QJsonObject health;
        connect(&call, &Hopx::Mcp::ToolCall::finished, this,
            [&health](const Hopx::Mcp::ToolResult &r) { health = r.structuredContent(); });
        QVERIFY(registry.find(QStringLiteral("health")));
        registry.find(QStringLiteral("health"))->handler(&call);
        QTRY_VERIFY(!health.isEmpty());
        const QJsonObject limits = health.value(QStringLiteral("providers"))
                                       .toObject()
                                       .value(QStringLiteral("local"))
                                       .toObject()
                                       .value(QStringLiteral("resource_limits"))
                                       .toObject();
        QCOMPARE(
            limits, provider.healthDetails().value(QStringLiteral("resource_limits")).toObject());
        const QString note = limits.value(QStringLiteral("note")).toString();
        if (delegated) {
            QCOMPARE(limits.value(QStringLiteral("enforced_by")).toString(),
                QStringLiteral("cgroup v2"));
            QCOMPARE(limits.value(QStringLiteral("cgroup")).toString(), kernel.path(scope));
        } else {
            QCOMPARE(
                limits.value(QStringLiteral("enforced_by")).toString(), QStringLiteral("rlimits"));
            QVERIFY2(note.contains(QStringLiteral("cgroup limits are not available"))
                    && note.contains(QStringLiteral("memory/pids"))
                    && note.contains(QStringLiteral("rlimits")),
                qPrintable(json(limits)));
        }
    }
}

QTEST_GUILESS_MAIN(TestCgroupV2)
#include "tst_cgroupv2.moc"

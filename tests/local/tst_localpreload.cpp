// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// Warm spares whose Python has imported a preload list ahead of user code (SparePool, kernel.py's
// preload thread), in real sandboxes of a real LocalProvider: what user code sees from inside
// (sys.modules, its namespace), the setting turned off, and a run that arrives while the
// interpreter is still preloading.
#include "LocalTestSupport.h"

#include "core/settings/LocalSettings.h"
#include "core/settings/Settings.h"
#include "providers/local/LocalProvider.h"
#include "providers/local/LocalSandbox.h"
#include "providers/local/SparePool.h"
#include "providers/local/agentlink/PythonKernel.h"
#include "providers/local/disk/SandboxVolume.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>

#include <optional>

using namespace Hopx;
using Local::SparePool;

namespace {

// Standard-library modules the kernel itself never imports: a preload is the only way in.
const QStringList kPreload {QStringLiteral("csv"), QStringLiteral("decimal"),
    QStringLiteral("sqlite3"), QStringLiteral("no_such_module_hopx")};

// What user code prints: the preload modules it finds imported, and its own global names.
const QString kProbe = QStringLiteral(
    "import sys, json\n"
    "print(json.dumps({'found': [m for m in ['csv', 'decimal', 'sqlite3'] if m in sys.modules],\n"
    "                  'names': sorted(globals())}))\n");

struct Stack
{
    explicit Stack(const QString &root, bool preload)
        : settings(root + QStringLiteral("/hopx-desktop.ini"), nullptr)
    {
        settings.setValue(QLatin1String(Core::LocalSettings::kPreloadKey), preload);
        settings.setValue(QLatin1String(Core::LocalSettings::kPreloadModulesKey), kPreload);
        Local::LocalProvider::Options o;
        o.stateBase = root + QStringLiteral("/state");
        o.storageBase = root + QStringLiteral("/sandboxes");
        o.agentPath = LocalTest::agentBinary();
        o.warmSpares = 1;
        o.burstSpares = 1;
        provider = std::make_unique<Local::LocalProvider>(&settings, o);
        // As in the app: the provider's start-up recovery runs before the first call.
        QCoreApplication::processEvents();
    }
    ~Stack() { provider->shutdown(); }

    Local::LocalSandbox *create()
    {
        std::optional<Core::Result<Core::SandboxInfo>> created;
        provider->create({}, [&](Core::Result<Core::SandboxInfo> r) { created = r; });
        if (!QTest::qWaitFor([&]() { return created.has_value(); }, 120000) || !created->ok())
            return nullptr;
        auto found = provider->sandbox(created->value().id);
        return found ? qobject_cast<Local::LocalSandbox *>(found.value()) : nullptr;
    }

    Core::Settings settings;
    std::unique_ptr<Local::LocalProvider> provider;
};

Core::Result<Core::ExecResult> run(Local::LocalSandbox *sandbox, const QString &code)
{
    return LocalTest::wait<Core::ExecResult>([&](Core::Callback<Core::ExecResult> done) {
        Core::ExecSpec spec;
        spec.code = code;
        spec.timeoutSeconds = 60;
        sandbox->exec()->execute(spec, std::move(done));
    });
}

QJsonObject probe(Local::LocalSandbox *sandbox)
{
    const Core::Result<Core::ExecResult> r = run(sandbox, kProbe);
    if (!r.ok())
        return {{QStringLiteral("error"), r.error().message}};
    return QJsonDocument::fromJson(r.value().stdoutData).object();
}

QStringList strings(const QJsonValue &v)
{
    QStringList out;
    for (const QJsonValue &x : v.toArray())
        out.append(x.toString());
    return out;
}

} // namespace

class TestLocalPreload : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { HOPX_REQUIRE_LOCAL_PROVIDER(); }

    void spareHasThePreloadImported()
    {
        QTemporaryDir root;
        Stack stack(root.path(), true);
        QVERIFY2(stack.provider->unavailableReason().isEmpty(),
            qPrintable(stack.provider->unavailableReason().english()));
        // The first create boots a sandbox of its own and asks for a spare from then on.
        Local::LocalSandbox *cold = stack.create();
        QVERIFY(cold);
        QTRY_COMPARE_WITH_TIMEOUT(
            stack.provider->spares()->ready(SparePool::Kind::Plain, true), 1, 300000);
        Local::LocalSandbox *warm = stack.create();
        QVERIFY(warm);
        QVERIFY(warm != cold);
        QVERIFY(warm->kernel()->isReady());
        QCOMPARE(warm->kernel()->preloadState(), Local::PythonKernel::Preload::Done);

        // From inside, before any other code ran in it: the list is imported (the missing
        // module did not stop the others) ...
        const QJsonObject inWarm = probe(warm);
        QCOMPARE(strings(inWarm.value(QStringLiteral("found"))),
            (QStringList {
                QStringLiteral("csv"), QStringLiteral("decimal"), QStringLiteral("sqlite3")}));
        // ... and the user's namespace is the one a sandbox without preloading has.
        const QJsonObject inCold = probe(cold);
        QCOMPARE(strings(inCold.value(QStringLiteral("found"))), QStringList());
        QCOMPARE(strings(inWarm.value(QStringLiteral("names"))),
            strings(inCold.value(QStringLiteral("names"))));
        QVERIFY(!strings(inWarm.value(QStringLiteral("names"))).contains(QStringLiteral("csv")));
    }

    void settingOffGivesAPlainInterpreter()
    {
        QTemporaryDir root;
        Stack stack(root.path(), false);
        QVERIFY(stack.create());
        QTRY_COMPARE_WITH_TIMEOUT(
            stack.provider->spares()->ready(SparePool::Kind::Plain, false), 1, 300000);
        Local::LocalSandbox *spare = stack.create();
        QVERIFY(spare);
        QCOMPARE(spare->kernel()->preloadState(), Local::PythonKernel::Preload::None);
        QCOMPARE(strings(probe(spare).value(QStringLiteral("found"))), QStringList());
    }

    void keptReadyChangesAtOnce()
    {
        // Settings → Local sandboxes → Kept ready: no restart, the pool follows the number.
        QTemporaryDir root;
        Stack stack(root.path(), false);
        QVERIFY(stack.create()); // the first create asks for plain spares
        QTRY_COMPARE_WITH_TIMEOUT(
            stack.provider->spares()->ready(SparePool::Kind::Plain, false), 1, 300000);
        Core::LocalSettings(&stack.settings).setWarmSpares(2);
        QTRY_COMPARE_WITH_TIMEOUT(
            stack.provider->spares()->ready(SparePool::Kind::Plain, false), 2, 300000);
        Core::LocalSettings(&stack.settings).setWarmSpares(0);
        QCOMPARE(stack.provider->spares()->count(SparePool::Kind::Plain), 0);
        QTest::qWait(2500); // past the refill's wait: nothing boots again
        QCOMPARE(stack.provider->spares()->count(SparePool::Kind::Plain), 0);
    }

    void turningItOffRenewsTheSpares()
    {
        QTemporaryDir root;
        Stack stack(root.path(), true);
        QVERIFY(stack.create());
        QTRY_COMPARE_WITH_TIMEOUT(
            stack.provider->spares()->ready(SparePool::Kind::Plain, true), 1, 300000);
        stack.settings.setValue(QLatin1String(Core::LocalSettings::kPreloadKey), false);
        // The preloaded spare is gone; the one that replaces it has a plain interpreter.
        QCOMPARE(stack.provider->spares()->ready(SparePool::Kind::Plain, true), 0);
        QTRY_COMPARE_WITH_TIMEOUT(
            stack.provider->spares()->ready(SparePool::Kind::Plain, false), 1, 300000);
        Local::LocalSandbox *spare = stack.create();
        QVERIFY(spare);
        QCOMPARE(strings(probe(spare).value(QStringLiteral("found"))), QStringList());
    }

    void aRunArrivingWhilePreloadingGoesFirst()
    {
        QTemporaryDir root;
        Stack stack(root.path(), false);
        Local::LocalSandbox *sandbox = stack.create();
        QVERIFY(sandbox);
        // A module of the preload list that takes long to import: it sleeps until a file
        // appears, which the test writes only after the run below has answered.
        const QString workspace = sandbox->volume()->workspaceDir();
        QFile slow(workspace + QStringLiteral("/slow_to_import.py"));
        QVERIFY(slow.open(QIODevice::WriteOnly));
        slow.write("import os, time\n"
                   "while not os.path.exists('/workspace/go'):\n"
                   "    time.sleep(0.05)\n");
        slow.close();
        QSignalSpy preloaded(sandbox->kernel(), &Local::PythonKernel::preloaded);
        sandbox->warmUp({QStringLiteral("slow_to_import")});
        QTRY_VERIFY_WITH_TIMEOUT(sandbox->kernel()->isReady(), 120000);
        QCOMPARE(sandbox->kernel()->preloadState(), Local::PythonKernel::Preload::Loading);

        const Core::Result<Core::ExecResult> r =
            run(sandbox, QStringLiteral("import sys\n'slow_to_import' in sys.modules"));
        QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message));
        // The run answered while the preload was still importing (it is in sys.modules,
        // being initialised), not after it.
        QCOMPARE(r.value().result.toString(), QStringLiteral("True"));
        QCOMPARE(preloaded.count(), 0);
        QCOMPARE(sandbox->kernel()->preloadState(), Local::PythonKernel::Preload::Loading);

        QFile go(workspace + QStringLiteral("/go"));
        QVERIFY(go.open(QIODevice::WriteOnly));
        go.close();
        QTRY_COMPARE_WITH_TIMEOUT(preloaded.count(), 1, 60000);
        QCOMPARE(
            preloaded.first().at(0).toStringList(), QStringList {QStringLiteral("slow_to_import")});
        QCOMPARE(sandbox->kernel()->preloadState(), Local::PythonKernel::Preload::Done);
    }

    void anInterpreterKilledWhileMatplotlibWritesLeavesPlotsWorking()
    {
        // SparePool kills the interpreter of a spare still preloading when it hands it out
        // (dropUnusedInterpreter). One killed while matplotlib writes its font list leaves the
        // list cut short and matplotlib's lock file taken: its `finally` never runs. The module
        // below leaves both, as that kill does, and waits to be killed.
        QTemporaryDir root;
        Stack stack(root.path(), false);
        Local::LocalSandbox *sandbox = stack.create();
        QVERIFY(sandbox);
        const Core::Result<Core::ExecResult> has = run(sandbox,
            QStringLiteral("import importlib.util\n"
                           "importlib.util.find_spec('matplotlib') is not None"));
        QVERIFY2(has.ok(), has.ok() ? "" : qPrintable(has.error().message));
        if (has.value().result.toString() != QLatin1String("True"))
            QSKIP("matplotlib is not installed");
        sandbox->kernel()->stop(); // so that the next start preloads
        QTRY_VERIFY_WITH_TIMEOUT(!sandbox->kernel()->isRunning(), 10000);

        const QString workspace = sandbox->volume()->workspaceDir();
        QFile caught(workspace + QStringLiteral("/caught_writing.py"));
        QVERIFY(caught.open(QIODevice::WriteOnly));
        caught.write(
            "import os, time, matplotlib\n"
            "from matplotlib import font_manager\n"
            "path = os.path.join(matplotlib.get_cachedir(),\n"
            "                    'fontlist-v%s.json' % font_manager.FontManager.__version__)\n"
            "with open(path, 'w') as f:\n"
            "    f.write('{\"_version\": ')\n"
            "open(path + '.matplotlib-lock', 'x').close()\n"
            "open('/workspace/caught', 'w').close()\n"
            "while True:\n"
            "    time.sleep(1)\n");
        caught.close();
        sandbox->warmUp({QStringLiteral("caught_writing")});
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(workspace + QStringLiteral("/caught")), 120000);
        QCOMPARE(sandbox->kernel()->preloadState(), Local::PythonKernel::Preload::Loading);
        sandbox->dropUnusedInterpreter();

        // The next run starts a new interpreter, whose plot must not wait on the dead lock.
        const Core::Result<Core::ExecResult> r =
            run(sandbox, QStringLiteral("import matplotlib.pyplot as plt\nplt.plot([1, 2, 3])"));
        QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().message));
        QVERIFY2(r.value().error.isEmpty(),
            QJsonDocument(r.value().error).toJson(QJsonDocument::Compact).constData());
        QCOMPARE(r.value().richOutputs.size(), 1);
        QCOMPARE(r.value().richOutputs.first().mimeType, QStringLiteral("image/png"));
    }
};

QTEST_GUILESS_MAIN(TestLocalPreload)
#include "tst_localpreload.moc"

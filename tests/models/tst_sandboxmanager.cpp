// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// SandboxManager and ProviderPolicy over fake providers: ids routed by the providers' own claims,
// per-connection cloud providers, the default-provider rule, and capabilities a sandbox lacks.
#include "ThirdProvider.h"
#include "gui/FakeSandboxProvider.h"

#include "core/manager/ProviderPolicy.h"
#include "core/manager/SandboxManager.h"
#include "core/secrets/MemoryKeyStore.h"
#include "core/settings/Settings.h"
#include "core/tools/McpTools.h"
#include "core/tools/ToolSupport.h"

#include "tools/ToolCall.h"
#include "tools/ToolRegistry.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace Hopx::Core;

class TestSandboxManager : public QObject
{
    Q_OBJECT

    template<typename T>
    static Result<T> wait(const std::function<void(Callback<T>)> &call)
    {
        std::optional<Result<T>> out;
        bool synchronous = true;
        call([&](Result<T> r) {
            QVERIFY2(!synchronous, "a callback must never come synchronously");
            out = std::move(r);
        });
        synchronous = false;
        if (!QTest::qWaitFor([&] { return out.has_value(); }, 5000))
            return Error::make(Error::Code::Timeout, QStringLiteral("no answer"));
        return *out;
    }

    struct World
    {
        QTemporaryDir dir;
        std::unique_ptr<Settings> settings;
        MemoryKeyStore keys;
        FakeSandboxProvider local {QStringLiteral("local")};
        FakeSandboxProvider cloud {QStringLiteral("hopx")};
        std::unique_ptr<ProviderPolicy> policy;
        std::unique_ptr<SandboxManager> manager;
        QList<ProviderPolicy::CloudAccount> made; // accounts of per-connection providers

        World()
        {
            settings = std::make_unique<Settings>(dir.filePath(QStringLiteral("s.conf")), nullptr);
            policy = std::make_unique<ProviderPolicy>(
                settings.get(), &keys, QUrl(QStringLiteral("http://127.0.0.1:9/default")));
            manager = std::make_unique<SandboxManager>(settings.get());
            manager->setPolicy(policy.get());
            manager->addProvider(&local);
            manager->addProvider(&cloud);
            policy->setProviders(&local, &cloud, [this](const ProviderPolicy::CloudAccount &a) {
                made << a;
                return new FakeSandboxProvider(QStringLiteral("hopx"));
            });
        }
    };

    //! The health tool's structuredContent, through the tool layer.
    static QJsonObject health(
        const Hopx::Mcp::ToolRegistry &registry, const QMap<QString, QString> &env = {})
    {
        Hopx::Mcp::ToolCall call(
            QStringLiteral("health"), {}, QJsonValue(QJsonValue::Undefined), env);
        QJsonObject out;
        connect(&call, &Hopx::Mcp::ToolCall::finished, &call,
            [&out](const Hopx::Mcp::ToolResult &r) { out = r.structuredContent(); });
        registry.find(QStringLiteral("health"))->handler(&call);
        if (!QTest::qWaitFor([&] { return !out.isEmpty(); }, 5000))
            return {};
        return out;
    }
    static QJsonObject entry(const QJsonObject &health, const char *kind)
    {
        return health.value(QStringLiteral("providers")).toObject().value(kind).toObject();
    }
    static SandboxInfo runningLocal(const QString &id, const QDateTime &expiresAt)
    {
        SandboxInfo info;
        info.id = id;
        info.provider = QStringLiteral("local");
        info.status = SandboxStatus::Running;
        info.expiresAt = expiresAt;
        return info;
    }

private slots:
    void aThirdProviderNeedsNoChangeInCore();
    void init()
    {
        qunsetenv("HOPX_API_KEY");
        qunsetenv("HOPX_BASE_URL");
        qunsetenv("HOPX_PROVIDER");
    }

    void idsGoToTheProviderThatClaimsThem()
    {
        World w;
        QCOMPARE(w.manager->providerForSandbox(QStringLiteral("local-abc")), &w.local);
        QCOMPARE(w.manager->providerForSandbox(QStringLiteral("x1y2")), &w.cloud);
        // A sure claim wins whatever the order the providers were added in.
        SandboxManager reversed(nullptr);
        reversed.addProvider(&w.cloud);
        reversed.addProvider(&w.local);
        QCOMPARE(reversed.providerForSandbox(QStringLiteral("local-abc")), &w.local);
        QCOMPARE(reversed.providerForSandbox(QStringLiteral("x1y2")), &w.cloud);
        // Nobody claims it: no handle, and an error saying what to do.
        SandboxManager localOnly(nullptr);
        localOnly.addProvider(&w.local);
        const Result<Sandbox *> none = localOnly.sandboxHandle(QStringLiteral("x1y2"));
        QVERIFY(!none);
        QCOMPARE(none.error().code, Error::Code::NotFound);
        QVERIFY(none.error().message.contains(QLatin1String("list_sandboxes")));
    }

    void aCapabilityTheProviderLacksIsAClearError()
    {
        World w;
        const Result<Sandbox *> s = w.manager->sandboxHandle(QStringLiteral("local-abc"));
        QVERIFY(s);
        QCOMPARE(s.value()->id(), QStringLiteral("local-abc"));
        QVERIFY(s.value()->require<SandboxFiles>());
        const Result<SandboxEnv *> env = s.value()->require<SandboxEnv>();
        QVERIFY(!env);
        QCOMPARE(env.error().code, Error::Code::Unsupported);
        QVERIFY2(env.error().message.contains(QLatin1String("environment variables"))
                && env.error().message.contains(QLatin1String("local")),
            qPrintable(env.error().message));
        // A tool's one error path gets the same, asynchronously; what is there runs.
        const Result<EnvMap> viaTool = wait<EnvMap>([&](auto cb) {
            Tools::onCapability<SandboxEnv>(&w.local, QStringLiteral("local-abc"), cb,
                [](SandboxEnv *env, Callback<EnvMap> done) { env->getEnv(std::move(done)); });
        });
        QVERIFY(!viaTool);
        QCOMPARE(viaTool.error().code, Error::Code::Unsupported);
        const Result<Unit> destroyed = wait<Unit>(
            [&](auto cb) { Tools::destroySandbox(&w.local, QStringLiteral("local-abc"), cb); });
        QVERIFY(destroyed);
        QCOMPARE(w.local.destroyed, QStringList {QStringLiteral("local-abc")});
    }

    void aConnectionWithItsOwnKeyGetsItsOwnCloudProvider()
    {
        World w;
        const QMap<QString, QString> ide {{QStringLiteral("HOPX_API_KEY"), QStringLiteral("k1")}};
        SandboxProvider *own = w.manager->provider(QStringLiteral("hopx"), ide);
        QVERIFY(own && own != &w.cloud);
        QCOMPARE(w.manager->provider(QStringLiteral("hopx"), ide), own); // made once
        QCOMPARE(w.made.size(), 1);
        QCOMPARE(w.made.first().apiKey, QStringLiteral("k1"));
        QVERIFY(!w.made.first().keyStore); // its own key, never the app's keychain
        QCOMPARE(w.made.first().baseUrl, QUrl(QStringLiteral("http://127.0.0.1:9/default")));
        // Its cloud sandboxes go to that provider; local ones stay local.
        QCOMPARE(w.manager->providerForSandbox(QStringLiteral("x1"), ide), own);
        QCOMPARE(w.manager->providerForSandbox(QStringLiteral("local-1"), ide), &w.local);
        // Another key, another provider; a base URL alone also gets one, with the app's key source.
        const QMap<QString, QString> other {{QStringLiteral("HOPX_API_KEY"), QStringLiteral("k2")}};
        QVERIFY(w.manager->provider(QStringLiteral("hopx"), other) != own);
        const QMap<QString, QString> url {
            {QStringLiteral("HOPX_BASE_URL"), QStringLiteral("http://127.0.0.1:9/other")}};
        QVERIFY(w.manager->provider(QStringLiteral("hopx"), url));
        QCOMPARE(w.made.size(), 3);
        QCOMPARE(w.made.last().baseUrl, QUrl(QStringLiteral("http://127.0.0.1:9/other")));
        QCOMPARE(w.made.last().keyStore, &w.keys);
        // The manager tracks what the connection's provider reports.
        SandboxInfo info;
        info.id = QStringLiteral("x1");
        info.provider = QStringLiteral("hopx");
        info.status = SandboxStatus::Running;
        emit own->sandboxChanged(info);
        QVERIFY(w.manager->sandbox(QStringLiteral("x1")));
        // Without a key or URL of its own a connection shares the app's providers.
        QCOMPARE(w.manager->provider(QStringLiteral("hopx"), {}), &w.cloud);
        QCOMPARE(w.manager->provider(QStringLiteral("local"), ide), &w.local);
    }

    void theDefaultProviderFollowsTheRules()
    {
        World w;
        QCOMPARE(w.manager->defaultProviderKind(), QStringLiteral("local")); // auto, no key
        const QMap<QString, QString> ide {{QStringLiteral("HOPX_API_KEY"), QStringLiteral("k1")}};
        QCOMPARE(w.manager->defaultProviderKind(ide), QStringLiteral("hopx"));
        const QMap<QString, QString> pinned {{QStringLiteral("HOPX_API_KEY"), QStringLiteral("k1")},
            {QStringLiteral("HOPX_PROVIDER"), QStringLiteral(" Local ")}};
        QCOMPARE(w.manager->defaultProviderKind(pinned), QStringLiteral("local"));
        qputenv("HOPX_PROVIDER", "hopx");
        QCOMPARE(w.manager->defaultProviderKind(), QStringLiteral("hopx"));
        qunsetenv("HOPX_PROVIDER");
        w.settings->setDefaultProvider(QStringLiteral("hopx"));
        QCOMPARE(w.manager->defaultProviderKind(), QStringLiteral("hopx"));
        w.settings->setDefaultProvider(QStringLiteral("auto"));
        // A key in the keychain makes "auto" the cloud.
        QVERIFY(wait<Unit>([&](auto cb) { w.keys.write(QStringLiteral("stored"), cb); }));
        QTRY_COMPARE(w.manager->defaultProviderKind(), QStringLiteral("hopx"));
        QVERIFY(w.policy->apiKeyAvailable());
        // The app's own account: the environment's key and URL win over the settings.
        qputenv("HOPX_API_KEY", "from-env");
        qputenv("HOPX_BASE_URL", "http://127.0.0.1:9/env");
        const ProviderPolicy::CloudAccount app = w.policy->appCloudAccount();
        QCOMPARE(app.apiKey, QStringLiteral("from-env"));
        QCOMPARE(app.baseUrl, QUrl(QStringLiteral("http://127.0.0.1:9/env")));
        QCOMPARE(app.keyStore, &w.keys);
    }

    void expiryAndShutdownAreForSandboxesTheAppHosts()
    {
        World w;
        SandboxInfo local = runningLocal(QStringLiteral("local-e"), QDateTime::currentDateTime());
        SandboxInfo cloud = local;
        cloud.id = QStringLiteral("c-e");
        cloud.provider = QStringLiteral("hopx");
        QSignalSpy removed(w.manager.get(), &SandboxManager::sandboxRemoved);
        w.local.add(local);
        w.cloud.add(cloud);
        QTRY_COMPARE(removed.size(), 1);
        QCOMPARE(removed.first().at(0).toString(), QStringLiteral("local-e"));
        QCOMPARE(removed.first().at(1).toString(), QStringLiteral("timeout"));
        QCOMPARE(w.local.destroyed, QStringList {QStringLiteral("local-e")});
        QVERIFY(w.cloud.destroyed.isEmpty()); // the cloud expires its own
        SandboxInfo staying = local;
        staying.id = QStringLiteral("local-s");
        staying.expiresAt = {};
        w.local.add(staying);
        w.manager->shutdown();
        QTRY_COMPARE(w.local.destroyed.size(), 2);
        QCOMPARE(w.local.destroyed.last(), QStringLiteral("local-s"));
        QVERIFY(w.cloud.destroyed.isEmpty());
    }

    /*! A QTimer counts at most INT_MAX ms (24.8 days); the settings file allows a longer default
     *  timeout. When the timer's first step runs out, the sandbox must not be deleted early. */
    void aTimeoutLongerThanATimerCanCountIsNotCutShort()
    {
        World w;
        SandboxInfo info =
            runningLocal(QStringLiteral("local-long"), QDateTime::currentDateTime().addDays(40));
        QSignalSpy removed(w.manager.get(), &SandboxManager::sandboxRemoved);
        w.local.add(info);
        QTRY_VERIFY(w.manager->sandbox(info.id).has_value());
        const QList<QTimer *> timers = w.manager->findChildren<QTimer *>();
        QCOMPARE(timers.size(), 1); // the sandbox's expiry
        QTimer *timer = timers.first();
        QVERIFY(timer->isActive());
        // Its first step runs out: made to happen now, as that cannot be waited for here.
        timer->start(0);
        QTest::qWait(300);
        QVERIFY2(removed.isEmpty(), "deleted when its timer's first step ran out, weeks early");
        QVERIFY(w.local.destroyed.isEmpty());
        QVERIFY(timer->isActive()); // waits for the rest, a step at a time
        QVERIFY(timer->interval() <= SandboxManager::kMaxExpiryStepMs);
        // A timeout that has come is still honoured through the same path.
        info.expiresAt = QDateTime::currentDateTime();
        w.local.add(info);
        QTRY_COMPARE(removed.size(), 1);
        QCOMPARE(removed.first().at(1).toString(), QStringLiteral("timeout"));
        QCOMPARE(w.local.destroyed, QStringList {info.id});
    }

    void healthFollowsEveryChange();
};

// health keeps its last answer while nothing it says has changed; every change shows at once.
void TestSandboxManager::healthFollowsEveryChange()
{
    World w;
    Hopx::Mcp::ToolRegistry registry;
    Tools::ToolDeps deps;
    deps.manager = w.manager.get();
    deps.settings = w.settings.get();
    Tools::registerSystemTools(registry, deps);

    QJsonObject h = health(registry);
    QCOMPARE(h.value(QStringLiteral("status")).toString(), QStringLiteral("ok"));
    QCOMPARE(h.value(QStringLiteral("default_provider")).toString(), QStringLiteral("local"));
    QVERIFY(entry(h, "hopx").value(QStringLiteral("available")).toBool());

    w.cloud.setReason(QStringLiteral("Sign in first."));
    h = health(registry);
    QVERIFY(!entry(h, "hopx").value(QStringLiteral("available")).toBool());
    QCOMPARE(entry(h, "hopx").value(QStringLiteral("reason")).toString(),
        QStringLiteral("Sign in first."));
    QCOMPARE(h.value(QStringLiteral("status")).toString(), QStringLiteral("ok"));

    w.local.setReason(QStringLiteral("No FUSE."));
    h = health(registry);
    QCOMPARE(h.value(QStringLiteral("status")).toString(), QStringLiteral("degraded"));
    QCOMPARE(
        entry(h, "local").value(QStringLiteral("reason")).toString(), QStringLiteral("No FUSE."));

    w.cloud.setReason({});
    w.local.setReason({});
    qputenv("HOPX_PROVIDER", "hopx");
    h = health(registry);
    QCOMPARE(h.value(QStringLiteral("default_provider")).toString(), QStringLiteral("hopx"));
    QCOMPARE(h.value(QStringLiteral("status")).toString(), QStringLiteral("ok"));
    QVERIFY(!entry(h, "hopx").contains(QStringLiteral("reason")));
    qunsetenv("HOPX_PROVIDER");

    // A connection with its own key gets its own cloud provider, whose state health reports.
    const QMap<QString, QString> env {{QStringLiteral("HOPX_API_KEY"), QStringLiteral("k")}};
    auto *own =
        qobject_cast<FakeSandboxProvider *>(w.manager->provider(QStringLiteral("hopx"), env));
    QVERIFY(own && own != &w.cloud);
    own->setReason(QStringLiteral("This key was refused."));
    QCOMPARE(entry(health(registry, env), "hopx").value(QStringLiteral("reason")).toString(),
        QStringLiteral("This key was refused."));
    QVERIFY(entry(health(registry), "hopx").value(QStringLiteral("available")).toBool());
}

QTEST_GUILESS_MAIN(TestSandboxManager)
// A provider core has never heard of: one addProvider() and it is listed, routed, announced
// and named in the tools' schemas; no core file names it.
void TestSandboxManager::aThirdProviderNeedsNoChangeInCore()
{
    World w;
    ThirdProvider third;
    w.manager->addProvider(&third);
    Hopx::Mcp::ToolRegistry registry;
    Tools::ToolDeps deps;
    deps.manager = w.manager.get();
    deps.settings = w.settings.get();
    Tools::registerAll(registry, deps);

    const QJsonObject provider = registry.find(QStringLiteral("create_sandbox"))
                                     ->spec.inputSchema.value(QStringLiteral("properties"))
                                     .toObject()
                                     .value(QStringLiteral("provider"))
                                     .toObject();
    QCOMPARE(provider.value(QStringLiteral("enum")).toArray(),
        (QJsonArray {QStringLiteral("local"), QStringLiteral("hopx"), QStringLiteral("third")}));
    QVERIFY(provider.value(QStringLiteral("description"))
                .toString()
                .contains(QStringLiteral("third: a provider core has never heard of")));
    QVERIFY(entry(health(registry), "third").value(QStringLiteral("available")).toBool());

    QSignalSpy added(w.manager.get(), &SandboxManager::sandboxAdded);
    const Result<SandboxInfo> made =
        wait<SandboxInfo>([&](auto cb) { third.create(CreateSpec {}, cb); });
    QVERIFY(made.ok());
    QCOMPARE(added.size(), 1); // announced by the provider, before the caller heard back
    QCOMPARE(w.manager->providerForSandbox(made.value().id), &third);
    QVERIFY(w.manager->sandbox(made.value().id)->lastActivity.isValid());
    QCOMPARE(w.manager->providerKind(QStringLiteral("third")).displayName, QStringLiteral("Third"));

    third.remove(made.value().id);
    QVERIFY(!w.manager->sandbox(made.value().id));
}

#include "tst_sandboxmanager.moc"

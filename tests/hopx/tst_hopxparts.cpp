// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// The pieces behind HopxProvider without it, put together as a per-sandbox handle will: a key,
// the control plane, the agent pool, and operations bound to one sandbox's AgentChannel, against
// FakeHopxServer on 127.0.0.1.
#include "FakeHopxServer.h"
#include "HopxTestSupport.h"

#include "core/MemoryKeyStore.h"
#include "core/hopx/AgentChannel.h"
#include "core/hopx/AgentPool.h"
#include "core/hopx/ControlPlane.h"
#include "core/hopx/HopxApiKey.h"
#include "core/hopx/HopxEnv.h"
#include "core/hopx/HopxExec.h"
#include "core/hopx/HopxFiles.h"
#include "core/hopx/RestClient.h"

#include <QNetworkAccessManager>
#include <QSignalSpy>
#include <QTest>

#include <memory>
#include <optional>

using namespace Hopx::Core;
using namespace Hopx::Cloud;
using Hopx::Test::FakeHopxServer;
using Hopx::Test::wait;

namespace {

template<typename T>
QByteArray why(const Result<T> &r)
{
    return r.ok() ? QByteArray() : r.error().message.toUtf8();
}

// A fake HOPX and what HopxProvider wires together, without it; destroyed in reverse order.
struct Pieces
{
    Pieces()
        : listening(server.listen())
        , rest(&nam, options.retry)
        , control(&rest, &key, server.baseUrl(), options)
    {
        key.setFixedKey(FakeHopxServer::defaultApiKey());
        pool = std::make_unique<AgentPool>(&control, &rest, options);
    }

    FakeHopxServer server;
    bool listening;
    HopxOptions options = Hopx::Test::fastHopxOptions();
    QNetworkAccessManager nam;
    HopxApiKey key;
    RestClient rest;
    ControlPlane control;
    std::unique_ptr<AgentPool> pool;
};

} // namespace

class TestHopxParts : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<Pieces> m_pieces;

    AgentPool &pool() { return *m_pieces->pool; }
    FakeHopxServer &server() { return m_pieces->server; }

    QString createSandbox()
    {
        CreateSpec spec;
        spec.templateName = QStringLiteral("code-interpreter");
        auto r = wait<QJsonObject>([&](auto cb) { m_pieces->control.create(spec, cb); });
        if (!r.ok()) {
            qWarning() << "create failed:" << r.error().message;
            return {};
        }
        pool().update(r.value());
        return r.value().value(QStringLiteral("id")).toString();
    }

    Result<ExecResult> run(const AgentChannel &agent, const QString &code)
    {
        ExecSpec spec;
        spec.code = code;
        return wait<ExecResult>([&](auto cb) { HopxExec(agent, {}).execute(spec, cb); });
    }

private slots:
    void init()
    {
        m_pieces = std::make_unique<Pieces>();
        QVERIFY(m_pieces->listening);
    }

    void cleanup() { m_pieces.reset(); }

    // What a HopxSandbox handle would hold: one channel, the operations bound to it.
    void operationsOnOneChannel()
    {
        const QString id = createSandbox();
        QVERIFY(!id.isEmpty());
        const AgentChannel agent = pool().channel(id);
        QCOMPARE(agent.sandboxId(), id);

        auto first = run(agent, QStringLiteral("print('cold')"));
        QVERIFY2(first.ok(), why(first).constData());
        QVERIFY(pool().endpoint(id) && !pool().endpoint(id)->token.isEmpty());

        // Warm: the endpoint is cached, so the next call is the one request to the agent.
        server().clearRequests();
        auto warm = run(agent, QStringLiteral("print('warm')"));
        QVERIFY2(warm.ok(), why(warm).constData());
        QCOMPARE(server().requests().size(), 1);
        QCOMPARE(server().requests().first().agentPath, QStringLiteral("/execute"));
        QCOMPARE(server().requests().first().header("authorization"),
            "Bearer " + pool().endpoint(id)->token.toUtf8());

        const QByteArray bytes("\x89PNG\0\x01\x02", 7);
        HopxFiles files(agent);
        QVERIFY(wait<Unit>([&](auto cb) {
            files.writeFile(QStringLiteral("/workspace/b.bin"), bytes, {}, cb);
        }).ok());
        QCOMPARE(server().file(id, QStringLiteral("/workspace/b.bin")), bytes);
        auto read = wait<QByteArray>(
            [&](auto cb) { files.readFile(QStringLiteral("/workspace/b.bin"), cb); });
        QVERIFY(read.ok());
        QCOMPARE(read.value(), bytes);

        HopxEnv env(agent);
        QVERIFY(wait<Unit>([&](auto cb) {
            env.setEnv({{QStringLiteral("A"), QStringLiteral("1")}}, true, cb);
        }).ok());
        auto vars = wait<EnvMap>([&](auto cb) { env.getEnv(cb); });
        QVERIFY(vars.ok());
        QCOMPARE(vars.value().value(QStringLiteral("A")), QStringLiteral("1"));
    }

    // An agent that stopped answering is looked up again: control plane first, then /health.
    void unreachableAgentIsLookedUpAgain()
    {
        const QString id = createSandbox();
        const AgentChannel agent = pool().channel(id);
        QVERIFY(run(agent, QStringLiteral("1")).ok());
        pool().markUnreachable(id);
        server().clearRequests();
        QVERIFY(run(agent, QStringLiteral("2")).ok());
        QCOMPARE(
            server().count("GET", QStringLiteral("^/v1/sandboxes/") + id + QLatin1Char('$')), 1);
        QCOMPARE(server().count("POST", QStringLiteral("/execute$")), 1);
        QVERIFY(server().requests().size() >= 3); // get, /health, /execute
    }

    // A channel kept beyond its pool (a handle outliving its provider) answers, and safely.
    void channelWithoutPoolIsCancelled()
    {
        const AgentChannel agent = pool().channel(QStringLiteral("gone"));
        m_pieces->pool.reset();
        HopxRequest req;
        req.path = QStringLiteral("/info");
        req.what = QStringLiteral("get VM info");
        std::optional<Result<QJsonObject>> out;
        agent.sendForObject(req, [&out](Result<QJsonObject> r) { out.emplace(std::move(r)); });
        QVERIFY(out.has_value());
        QCOMPARE(out->error().code, Error::Code::Cancelled);

        ExecSpec spec;
        spec.code = QStringLiteral("print(1)");
        for (const bool live : {false, true}) {
            spec.liveOutput = live;
            std::optional<Result<ExecResult>> ran;
            HopxExec(agent, {}).execute(spec, [&ran](Result<ExecResult> r) { ran.emplace(r); });
            QVERIFY(!ran.has_value()); // a capability never answers from inside the call
            QTRY_VERIFY(ran.has_value());
            QCOMPARE(ran->error().code, Error::Code::Cancelled);
        }
        QVERIFY(server().requests().isEmpty());
    }

    // What the old key obtained must go when the key changes; the same key again changes nothing.
    void keyReplacedOnlyWhenTheKeyInUseChanges()
    {
        HopxApiKey key;
        QSignalSpy replaced(&key, &HopxApiKey::replaced);
        QCOMPARE(key.unavailableReason(), HopxApiKey::missingOrInvalid().message);

        key.setFixedKey(QStringLiteral("k1"));
        QCOMPARE(replaced.count(), 1);
        QVERIFY(key.unavailableReason().isEmpty());
        key.setFixedKey(QStringLiteral("k1"));
        QCOMPARE(replaced.count(), 1);

        // While a fixed key wins, the keychain's key changing replaces nothing.
        MemoryKeyStore store;
        key.setKeyStore(&store);
        QVERIFY(wait<Unit>([&](auto cb) { store.write(QStringLiteral("k2"), cb); }).ok());
        QCOMPARE(replaced.count(), 1);

        key.setFixedKey({});
        QCOMPARE(replaced.count(), 2);
        QString inUse;
        key.withKey([&inUse](const QString *k, const Error *) { inUse = k ? *k : QString(); });
        QTRY_COMPARE(inUse, QStringLiteral("k2"));
        QVERIFY(wait<Unit>([&](auto cb) { store.write(QStringLiteral("k3"), cb); }).ok());
        QCOMPARE(replaced.count(), 3);
        QTRY_VERIFY(key.unavailableReason().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestHopxParts)
#include "tst_hopxparts.moc"

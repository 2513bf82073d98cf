// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// The pieces behind HopxProvider without it, put together as a per-sandbox handle will: a key,
// the control plane, the agent pool, and operations bound to one sandbox's AgentChannel, against
// FakeHopxServer on 127.0.0.1.
#include "FakeHopxServer.h"
#include "HopxPieces.h"
#include "HopxTestSupport.h"

#include "core/secrets/MemoryKeyStore.h"
#include "providers/cloud/HopxApiKey.h"
#include "providers/cloud/api/AgentChannel.h"
#include "providers/cloud/api/AgentPool.h"
#include "providers/cloud/api/ControlPlane.h"
#include "providers/cloud/api/RestClient.h"
#include "providers/cloud/parts/HopxDesktop.h"
#include "providers/cloud/parts/HopxEnv.h"
#include "providers/cloud/parts/HopxExec.h"
#include "providers/cloud/parts/HopxFiles.h"

#include <QBuffer>
#include <QNetworkAccessManager>
#include <QSignalSpy>
#include <QTemporaryFile>
#include <QTest>

#include <memory>
#include <optional>

using namespace Hopx::Core;
using namespace Hopx::Cloud;
using Hopx::Test::FakeHopxServer;
using Hopx::Test::Pieces;
using Hopx::Test::wait;

namespace {

template<typename T>
QByteArray why(const Result<T> &r)
{
    return r.ok() ? QByteArray() : r.error().message.toUtf8();
}

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

    // Large files: a multipart upload streamed from a device, a download streamed to a sink,
    // each one request (agent 3.2.8 /files/upload, /files/download).
    void uploadAndDownloadStream()
    {
        const QString id = createSandbox();
        const HopxFiles files(pool().channel(id));
        QTemporaryFile host;
        QVERIFY(host.open());
        QByteArray bytes;
        for (int i = 0; i < 3 * 1024 * 1024; ++i)
            bytes.append(char(i * 7));
        host.write(bytes);
        host.flush();
        QVERIFY(run(pool().channel(id), QStringLiteral("1")).ok()); // warm
        server().clearRequests();
        auto up = wait<qint64>(
            [&](auto cb) { files.upload(QStringLiteral("/workspace/big.bin"), &host, cb); });
        QVERIFY2(up.ok(), why(up).constData());
        QCOMPARE(up.value(), bytes.size());
        QCOMPARE(server().file(id, QStringLiteral("/workspace/big.bin")), bytes);
        QCOMPARE(server().requests().size(), 1);
        QVERIFY(server()
                    .requests()
                    .first()
                    .header("content-type")
                    .startsWith("multipart/form-data; boundary="));

        QByteArray got;
        int chunks = 0;
        server().clearRequests();
        auto down = wait<qint64>([&](auto cb) {
            files.download(
                QStringLiteral("/workspace/big.bin"),
                [&](const QByteArray &chunk) {
                    got += chunk;
                    ++chunks;
                    return true;
                },
                cb);
        });
        QVERIFY2(down.ok(), why(down).constData());
        QCOMPARE(down.value(), bytes.size());
        QCOMPARE(got, bytes);
        QVERIFY2(chunks > 1, "the download came in one piece, not streamed");
        QCOMPARE(server().requests().size(), 1);

        // A sink that stops the transfer; a path the agent refuses; a missing file.
        auto stopped = wait<qint64>([&](auto cb) {
            files.download(
                QStringLiteral("/workspace/big.bin"), [](const QByteArray &) { return false; }, cb);
        });
        QCOMPARE(stopped.error().code, Error::Code::Cancelled);
        QBuffer small;
        small.setData("x");
        QVERIFY(small.open(QIODevice::ReadOnly));
        auto refused =
            wait<qint64>([&](auto cb) { files.upload(QStringLiteral("/etc/x"), &small, cb); });
        QCOMPARE(refused.error().code, Error::Code::InvalidArgument);
        auto missing = wait<qint64>([&](auto cb) {
            files.download(
                QStringLiteral("/workspace/none"), [](const QByteArray &) { return true; }, cb);
        });
        QCOMPARE(missing.error().error, QStringLiteral("File not found"));
    }

    // The desktop of a template that has one; a clear "no desktop" for one that has none.
    void desktopScreenshotMouseKeyboard()
    {
        const QString id = createSandbox();
        HopxDesktop desktop(pool().channel(id));
        auto none = wait<HopxDesktop::Screenshot>([&](auto cb) { desktop.screenshot(cb); });
        QCOMPARE(none.error().code, Error::Code::Unsupported);
        QCOMPARE(none.error().error, QStringLiteral("Desktop not available"));
        QCOMPARE(server().count("POST", QStringLiteral("/desktop/screenshot$")), 1); // not retried

        server().setDesktop(id, true);
        auto shot = wait<HopxDesktop::Screenshot>([&](auto cb) { desktop.screenshot(cb); });
        QVERIFY2(shot.ok(), why(shot).constData());
        QVERIFY(shot.value().image.startsWith("\x89PNG"));
        QCOMPARE(shot.value().mimeType, QStringLiteral("image/png"));
        QVERIFY(wait<Unit>([&](auto cb) { desktop.click(10, 20, "left", 2, cb); }).ok());
        QVERIFY(wait<Unit>([&](auto cb) { desktop.move(5, 6, cb); }).ok());
        QVERIFY(wait<Unit>([&](auto cb) { desktop.drag(1, 2, 3, 4, "left", cb); }).ok());
        QVERIFY(wait<Unit>([&](auto cb) { desktop.scroll(3, "down", cb); }).ok());
        QVERIFY(wait<Unit>([&](auto cb) { desktop.type("héllo", 10, cb); }).ok());
        QVERIFY(wait<Unit>([&](auto cb) { desktop.press("Return", cb); }).ok());
        QVERIFY(wait<Unit>([&](auto cb) { desktop.combination({"ctrl", "shift"}, "t", cb); }).ok());
        const QJsonArray events = server().desktopEvents(id);
        QCOMPARE(events.size(), 7);
        QCOMPARE(events[0].toObject().value("body").toObject(),
            (QJsonObject {{"x", 10}, {"y", 20}, {"button", "left"}, {"clicks", 2}}));
        QCOMPARE(events[4].toObject().value("body").toObject().value("text").toString(),
            QStringLiteral("héllo"));
        QCOMPARE(events[6].toObject().value("body").toObject().value("modifiers").toArray(),
            (QJsonArray {"ctrl", "shift"}));
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
        spec.code = QStringLiteral("echo 1");
        spec.language = QStringLiteral("bash"); // live output takes the stream for Bash
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

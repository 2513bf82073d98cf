// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// The HOPX client where it disagreed with HOPX's own sources (the OpenAPI documents first, the
// SDKs second): one test per point, each against FakeHopxServer as the documents describe it.
#include "FakeHopxServer.h"
#include "HopxTestSupport.h"

#include "core/sandbox/Sandbox.h"
#include "providers/cloud/HopxProvider.h"
#include "providers/cloud/api/AgentEndpoint.h"

#include <QJsonArray>
#include <QNetworkAccessManager>
#include <QTest>

#include <memory>

using namespace Hopx::Core;
using Hopx::Cloud::HopxProvider;
using Hopx::Test::FakeHopxServer;
using Hopx::Test::wait;
using Fault = FakeHopxServer::Fault;
using FaultKind = FakeHopxServer::FaultKind;
using Hopx::Test::FakeHopxServer;

namespace {

QString why(const Error &e)
{
    return e.message;
}

template<typename T>
QString why(const Result<T> &r)
{
    return r.ok() ? QString() : r.error().message;
}

} // namespace

class TestHopxSources : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<FakeHopxServer> m_server;
    std::unique_ptr<QNetworkAccessManager> m_nam;
    std::unique_ptr<HopxProvider> m_provider;

    HopxProvider &p() { return *m_provider; }
    Sandbox *on(const QString &id) { return p().sandbox(id).value(); }
    FakeHopxServer &server() { return *m_server; }

    Result<SandboxInfo> create()
    {
        CreateSpec spec;
        spec.templateName = QStringLiteral("code-interpreter");
        return wait<SandboxInfo>([&](auto cb) { p().create(spec, cb); });
    }

    Result<ExecResult> run(const QString &id, const QString &code = QStringLiteral("print('ok')"))
    {
        ExecSpec spec;
        spec.code = code;
        return wait<ExecResult>([&](auto cb) { on(id)->exec()->execute(spec, cb); });
    }

    QString warm()
    {
        const auto c = create();
        if (!c.ok())
            return {};
        return run(c.value().id).ok() ? c.value().id : QString();
    }

private slots:
    void init()
    {
        m_server = std::make_unique<FakeHopxServer>();
        QVERIFY(m_server->listen());
        m_nam = std::make_unique<QNetworkAccessManager>();
        m_provider = std::make_unique<HopxProvider>(
            m_nam.get(), m_server->baseUrl(), Hopx::Test::fastHopxOptions());
        m_provider->setApiKey(FakeHopxServer::defaultApiKey());
    }

    void cleanup()
    {
        m_provider.reset();
        m_nam.reset();
        m_server.reset();
    }

    // A create may take longer than other control-plane calls: the SDKs wait 60 s (Python) and
    // 300 s (JS), and HOPX's CLI tests allow 30-60 s. Cut off sooner, a billed sandbox appears
    // after the client said there was none.
    void slowCreateIsWaitedFor()
    {
        auto o = Hopx::Test::fastHopxOptions();
        o.controlTimeoutMs = 500;
        o.createTimeoutMs = 10000;
        p().setOptions(o);
        Fault slow =
            FakeHopxServer::fault("POST", QStringLiteral("^/v1/sandboxes$"), FaultKind::SlowCreate);
        slow.delayMs = 1500; // the sandbox exists only once the answer comes
        server().addFault(slow);
        const auto r = create();
        QVERIFY2(r.ok(), qPrintable(why(r)));
        QCOMPARE(server().sandboxIds(), QStringList {r.value().id});
        QCOMPARE(server().count("POST", QStringLiteral("^/v1/sandboxes$")), 1);
    }

    // A create whose answer was lost is looked for in the list for as long as a create can
    // take, not for three quick looks; and when it is not found, the message does not claim
    // that nothing is running.
    void unansweredCreateIsLookedForLongEnough()
    {
        auto o = Hopx::Test::fastHopxOptions();
        o.createTimeoutMs = 400;
        o.createLookupMs = 5000;
        o.createLookupDelayMs = 200;
        p().setOptions(o);
        Fault slow =
            FakeHopxServer::fault("POST", QStringLiteral("^/v1/sandboxes$"), FaultKind::SlowCreate);
        slow.delayMs = 2000; // appears 1.6 s after the client stopped waiting for the answer
        server().addFault(slow);
        const auto r = create();
        QVERIFY2(r.ok(), qPrintable(why(r)));
        QCOMPARE(server().sandboxIds(), QStringList {r.value().id});
        QCOMPARE(server().count("POST", QStringLiteral("^/v1/sandboxes$")), 1);

        o.createLookupMs = 600;
        p().setOptions(o);
        server().addFault(
            FakeHopxServer::fault("POST", QStringLiteral("^/v1/sandboxes$"), FaultKind::Hang));
        const auto lost = create();
        QVERIFY(!lost.ok());
        QVERIFY2(!lost.error().message.contains(QLatin1String("none was left running")),
            qPrintable(why(lost.error())));
        QVERIFY2(lost.error().message.contains(QLatin1String("list_sandboxes")),
            qPrintable(why(lost.error())));
        QCOMPARE(server().count("POST", QStringLiteral("^/v1/sandboxes$")), 2);
    }

    // The Python SDK polls /health, then proceeds even when it never said "healthy": the agent
    // usually works anyway. Failing the call instead loses a working sandbox.
    void healthWaitProceedsLikeTheSdk()
    {
        auto o = Hopx::Test::fastHopxOptions();
        o.healthTimeoutMs = 200;
        o.healthMaxWaitMs = 600;
        p().setOptions(o);
        server().addFault(FakeHopxServer::fault(
            "GET", QStringLiteral("^/agent/[^/]+/health$"), FaultKind::Hang, -1));
        const auto c = create();
        QVERIFY2(c.ok(), qPrintable(why(c)));
        const auto r = run(c.value().id);
        QVERIFY2(r.ok(), qPrintable(why(r)));
        QCOMPARE(r.value().stdoutData, QByteArray("ok\n"));
        QCOMPARE(server().count("POST", QStringLiteral("/execute$")), 1);
    }

    // Agent 3.2.8 documents one kill form, DELETE /execute/kill?process_id=; its not-found body
    // in the docs says RESOURCE_NOT_FOUND. One request, and an unknown process is "not found".
    void killUnknownProcessIsNotFound()
    {
        const QString id = warm();
        QVERIFY(!id.isEmpty());
        server().clearRequests();
        const auto r = wait<Unit>(
            [&](auto cb) { on(id)->jobs()->killProcess(QStringLiteral("bg_missing"), cb); });
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, Error::Code::NotFound);
        QCOMPARE(r.error().error, QStringLiteral("Process not found"));
        QCOMPARE(server().requests().size(), 1);
        QCOMPARE(server().requests().first().method, QByteArray("DELETE"));
        QCOMPARE(server().requests().first().query.queryItemValue(QStringLiteral("process_id")),
            QStringLiteral("bg_missing"));
    }

    // The SDKs strip a trailing "/" from public_host; joined as it is, every agent path
    // becomes "//execute" (Qt 6.4's HTTP layer happens to collapse it on the wire, so the URL
    // we build and the agent URL we hand out are what is checked).
    void trailingSlashInPublicHost()
    {
        Hopx::Cloud::AgentEndpoint endpoint;
        endpoint.base = Hopx::Cloud::AgentEndpoint::hostUrl(
            QStringLiteral("https://7777-x.eu-1.vms.hopx.dev/"));
        QCOMPARE(endpoint.url(QStringLiteral("/execute")).toString(),
            QStringLiteral("https://7777-x.eu-1.vms.hopx.dev/execute"));

        server().setQuirks(true);
        const auto c = create();
        QVERIFY2(c.ok(), qPrintable(why(c)));
        QVERIFY(server().sandbox(c.value().id).value("public_host").toString().endsWith('/'));
        const auto r = run(c.value().id);
        QVERIFY2(r.ok(), qPrintable(why(r)));
        for (const auto &req : server().requests()) {
            if (req.isAgent())
                QVERIFY2(!req.path.startsWith(QLatin1String("//")), qPrintable(req.path));
        }
        auto url = wait<QString>([&](auto cb) { on(c.value().id)->endpoints()->agentUrl(cb); });
        QVERIFY(url.ok());
        QVERIFY2(!url.value().endsWith('/'), qPrintable(url.value()));
    }

    // The JS SDK maps 410 and SANDBOX_EXPIRED to "sandbox expired".
    void expiredSandboxIsSaidSo()
    {
        server().setQuirks(true);
        const QString id = server().addSandbox().value(QStringLiteral("id")).toString();
        server().expireSandbox(id);
        const auto g = wait<SandboxInfo>([&](auto cb) { on(id)->lifecycle()->info(cb); });
        QVERIFY(!g.ok());
        QCOMPARE(g.error().code, Error::Code::NotFound);
        QCOMPARE(g.error().error, QStringLiteral("Sandbox expired"));
        QVERIFY2(g.error().message.contains(QLatin1String("expired")), qPrintable(why(g.error())));
        QCOMPARE(g.error().details.value(QStringLiteral("code")).toString().toUpper(),
            QStringLiteral("SANDBOX_EXPIRED"));
        const auto r = run(id);
        QCOMPARE(r.error().error, QStringLiteral("Sandbox expired"));
    }

    // The JS SDK maps a 401 TOKEN_EXPIRED to its own error: a token that stays expired after a
    // refresh is reported as such, not as a re-created sandbox.
    void expiredTokenIsSaidSo()
    {
        const QString id = warm();
        QVERIFY(!id.isEmpty());
        Fault f = FakeHopxServer::fault("POST", QStringLiteral("/execute$"), FaultKind::Status, -1);
        f.status = 401;
        f.code = QStringLiteral("TOKEN_EXPIRED");
        f.message = QStringLiteral("Token expired");
        server().addFault(f);
        const auto r = run(id);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, Error::Code::Unauthorized);
        QVERIFY2(r.error().message.contains(QLatin1String("expired")), qPrintable(why(r.error())));
        QCOMPARE(server().count("POST", QStringLiteral("/token/refresh$")), 1);

        // A token that merely expired is refreshed once and the call goes through.
        server().clearFaults();
        server().setQuirks(true);
        server().expireToken(id);
        QVERIFY2(run(id).ok(), "an expired token was not refreshed");
    }

    // The Python SDK calls a 403 a resource limit only when its message says "limit".
    void forbiddenIsNotAlwaysAPlanLimit()
    {
        Fault f =
            FakeHopxServer::fault("DELETE", QStringLiteral("^/v1/sandboxes/"), FaultKind::Status);
        f.status = 403;
        f.code = QStringLiteral("FORBIDDEN");
        f.message = QStringLiteral("This sandbox belongs to another organization");
        server().addFault(f);
        const QString id = server().addSandbox().value(QStringLiteral("id")).toString();
        auto r = wait<Unit>([&](auto cb) { on(id)->lifecycle()->destroy(cb); });
        QVERIFY(!r.ok());
        QVERIFY(r.error().code != Error::Code::LimitExceeded);
        QVERIFY2(
            !r.error().message.contains(QLatin1String("plan limit")), qPrintable(why(r.error())));
        QVERIFY2(r.error().message.contains(QLatin1String("another organization")),
            qPrintable(why(r.error())));

        f.message = QStringLiteral("Sandbox limit reached (limit 5, current 5)");
        server().addFault(f);
        r = wait<Unit>([&](auto cb) { on(id)->lifecycle()->destroy(cb); });
        QCOMPARE(r.error().code, Error::Code::LimitExceeded);
    }

    // Agent 3.2.8's ExecuteRequest.timeout has no upper bound: a longer run is asked for as it
    // is, not cut to 300 s.
    void executeTimeoutIsNotClamped()
    {
        const QString id = warm();
        QVERIFY(!id.isEmpty());
        ExecSpec spec;
        spec.code = QStringLiteral("print('long')");
        spec.timeoutSeconds = 1800;
        const auto r = wait<ExecResult>([&](auto cb) { on(id)->exec()->execute(spec, cb); });
        QVERIFY2(r.ok(), qPrintable(why(r)));
        QCOMPARE(server().requests().last().json().value(QStringLiteral("timeout")).toInt(), 1800);
    }

    // Right after a resume HOPX may still show the sandbox in a transitional status: that is
    // waited out, not called dead, and not resumed a second time.
    void transitionalStatusAfterResume_data()
    {
        QTest::addColumn<QString>("status");
        QTest::newRow("still paused") << QStringLiteral("paused");
        QTest::newRow("creating") << QStringLiteral("creating");
        QTest::newRow("an unknown transitional name") << QStringLiteral("resuming");
    }

    void transitionalStatusAfterResume()
    {
        QFETCH(QString, status);
        const QString id =
            server()
                .addSandbox(QStringLiteral("code-interpreter"), QStringLiteral("paused"))
                .value(QStringLiteral("id"))
                .toString();
        server().setResumeTransition(status, 600);
        const auto r = run(id);
        QVERIFY2(r.ok(), qPrintable(why(r)));
        QCOMPARE(server().count("POST", QStringLiteral("/resume$")), 1);
        QVERIFY(server().count("GET", QStringLiteral("^/v1/sandboxes/[^/]+$")) >= 3);

        // A status that is an end is still an end.
        server().setSandboxStatus(id, QStringLiteral("stopped"));
        p().forgetAgents();
        const auto dead = run(id);
        QCOMPARE(dead.error().code, Error::Code::SandboxDead);
    }

    // A file stored as its base64 text (hopx-ai/hopx#33) by another client, or before this
    // app started, is decoded too (the Python SDK's check: the download is exactly canonical
    // base64); a text file stays text.
    void base64StoredFileFromElsewhereIsDecoded()
    {
        server().setQuirks(true);
        const QString id = server().addSandbox().value(QStringLiteral("id")).toString();
        QByteArray binary;
        for (int i = 0; i < 256; ++i)
            binary.append(char(255 - i));
        server().setFile(id, QStringLiteral("/workspace/plot.png"), binary.toBase64());
        server().setFile(id, QStringLiteral("/workspace/notes.txt"), "plain text\n");
        auto read = wait<QByteArray>(
            [&](auto cb) { on(id)->files()->readFile(QStringLiteral("/workspace/plot.png"), cb); });
        QVERIFY2(read.ok(), qPrintable(why(read)));
        QCOMPARE(read.value(), binary);
        read = wait<QByteArray>([&](auto cb) {
            on(id)->files()->readFile(QStringLiteral("/workspace/notes.txt"), cb);
        });
        QCOMPARE(read.value(), QByteArray("plain text\n"));
    }
};

QTEST_GUILESS_MAIN(TestHopxSources)
#include "tst_hopxsources.moc"

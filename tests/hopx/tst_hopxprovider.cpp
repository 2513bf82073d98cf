// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// HopxProvider against FakeHopxServer on 127.0.0.1: request shapes, results, retries, faults.
#include "FakeHopxServer.h"
#include "HopxTestSupport.h"

#include "core/secrets/MemoryKeyStore.h"
#include "providers/cloud/HopxProvider.h"
#include "support/FailingKeyStore.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QPointer>
#include <QTest>

#include <memory>
#include <optional>

using namespace Hopx::Core;
using Hopx::Cloud::HopxProvider;
using Hopx::Test::FakeHopxServer;
using Hopx::Test::wait;
using Fault = FakeHopxServer::Fault;
using FaultKind = FakeHopxServer::FaultKind;
using Hopx::Test::FakeHopxServer;

namespace {

HopxProvider::Options fastOptions()
{
    return Hopx::Test::fastHopxOptions();
}

const char *kUnauthorized = "HOPX API key missing or invalid: set it in HOPX Desktop (tray → "
                            "Settings) or HOPX_API_KEY";

} // namespace

class TestHopxProvider : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<FakeHopxServer> m_server;
    std::unique_ptr<QNetworkAccessManager> m_nam;
    std::unique_ptr<HopxProvider> m_provider;

    static QString why(const Error &e) { return e.message; }

    HopxProvider &p() { return *m_provider; }
    //! The handle of sandbox `id` (the provider makes one for any id; errors come from its calls).
    Sandbox *on(const QString &id) { return p().sandbox(id).value(); }
    FakeHopxServer &server() { return *m_server; }

    SandboxInfo createSandbox(const CreateSpec &spec = {})
    {
        CreateSpec s = spec;
        if (s.templateId.isEmpty() && s.templateName.isEmpty())
            s.templateId = QStringLiteral("code-interpreter");
        auto r = wait<SandboxInfo>([&](auto cb) { p().create(s, cb); });
        if (!r.ok())
            qWarning() << "create failed:" << r.error().message;
        return r.ok() ? r.value() : SandboxInfo {};
    }

    // A sandbox whose agent connection is warm (health passed, token cached).
    SandboxInfo warmSandbox()
    {
        const SandboxInfo info = createSandbox();
        ExecSpec spec;
        spec.code = QStringLiteral("print('warm')");
        auto r = wait<ExecResult>([&](auto cb) { on(info.id)->exec()->execute(spec, cb); });
        if (!r.ok())
            qWarning() << "warm-up failed:" << r.error().message;
        return info;
    }

    QList<FakeHopxServer::Request> requestsTo(const QString &pathPattern) const
    {
        QList<FakeHopxServer::Request> out;
        const QRegularExpression re(pathPattern);
        for (const auto &r : m_server->requests()) {
            if (re.match(r.key()).hasMatch())
                out.append(r);
        }
        return out;
    }

    QString token(const QString &id) const
    {
        return m_server->sandbox(id).value(QStringLiteral("auth_token")).toString();
    }

    // A request straight to the fake, to check the quirks it emulates.
    std::pair<int, QJsonObject> raw(const QByteArray &method, const QString &id,
        const QString &path, const QJsonObject &body, const QByteArray &bearer)
    {
        QNetworkRequest req(QUrl(m_server->agentUrl(id).toString() + path));
        req.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
        req.setRawHeader("Authorization", "Bearer " + bearer);
        QNetworkReply *reply = m_nam->sendCustomRequest(req, method, QJsonDocument(body).toJson());
        (void)QTest::qWaitFor([reply] { return reply->isFinished(); }, 5000);
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        const QJsonObject o = QJsonDocument::fromJson(reply->readAll()).object();
        reply->deleteLater();
        return {status, o};
    }

private slots:
    void init()
    {
        m_server = std::make_unique<FakeHopxServer>();
        QVERIFY(m_server->listen());
        m_nam = std::make_unique<QNetworkAccessManager>();
        m_provider =
            std::make_unique<HopxProvider>(m_nam.get(), m_server->baseUrl(), fastOptions());
        m_provider->setApiKey(FakeHopxServer::defaultApiKey());
    }

    void cleanup()
    {
        m_provider.reset();
        m_nam.reset();
        m_server.reset();
    }

    // --- templates ------------------------------------------------------------------------------

    void templates()
    {
        auto list = wait<QJsonArray>([&](auto cb) { p().listTemplates(cb); });
        QVERIFY(list.ok());
        QCOMPARE(list.value().size(), 2);
        QCOMPARE(list.value().at(0).toObject().value(QStringLiteral("name")).toString(),
            QStringLiteral("code-interpreter"));
        const auto reqs = server().requests();
        QCOMPARE(reqs.size(), 1);
        QCOMPARE(reqs[0].method, QByteArray("GET"));
        QCOMPARE(reqs[0].path, QStringLiteral("/v1/templates"));
        QCOMPARE(reqs[0].header("x-api-key"), FakeHopxServer::defaultApiKey().toUtf8());

        auto one = wait<QJsonObject>([&](auto cb) { p().getTemplate(QStringLiteral("base"), cb); });
        QVERIFY(one.ok());
        QCOMPARE(one.value().value(QStringLiteral("name")).toString(), QStringLiteral("base"));
        QCOMPARE(server().requests().last().path, QStringLiteral("/v1/templates/base"));

        auto missing =
            wait<QJsonObject>([&](auto cb) { p().getTemplate(QStringLiteral("pyhton"), cb); });
        QVERIFY(!missing.ok());
        QCOMPARE(missing.error().code, Error::Code::NotFound);
        QCOMPARE(missing.error().error, QStringLiteral("Template not found"));
        QVERIFY2(missing.error().message.contains(
                     QLatin1String("Available templates: code-interpreter, base")),
            qPrintable(missing.error().message));
    }

    // --- create ---------------------------------------------------------------------------------

    void createByName()
    {
        CreateSpec spec;
        spec.templateId = QStringLiteral("code-interpreter");
        spec.region = QStringLiteral("eu-1001");
        spec.timeoutSeconds = 600;
        spec.internetAccess = false;
        const SandboxInfo info = createSandbox(spec);
        QVERIFY(!info.id.isEmpty());
        QCOMPARE(info.provider, QStringLiteral("hopx"));
        QCOMPARE(info.status.name(), QStringLiteral("running"));
        QCOMPARE(info.templateName, QStringLiteral("code-interpreter"));
        QCOMPARE(info.templateId, QStringLiteral("73"));
        QCOMPARE(info.region, QStringLiteral("eu-1001"));
        QCOMPARE(info.timeoutSeconds, 600);
        QVERIFY(!info.internetAccess);
        QVERIFY(info.createdAt.isValid());
        QVERIFY(info.expiresAt.isValid());
        QVERIFY(!info.extra.contains(QStringLiteral("auth_token"))); // never handed to a model
        QVERIFY(info.extra.contains(QStringLiteral("public_host")));

        const auto posts = requestsTo(QStringLiteral("^/v1/sandboxes$"));
        QCOMPARE(posts.size(), 1);
        QCOMPARE(posts[0].method, QByteArray("POST"));
        QCOMPARE(posts[0].header("x-api-key"), FakeHopxServer::defaultApiKey().toUtf8());
        QCOMPARE(posts[0].header("content-type"), QByteArray("application/json"));
        const QJsonObject expected {
            {QStringLiteral("template_name"), QStringLiteral("code-interpreter")},
            {QStringLiteral("region"), QStringLiteral("eu-1001")},
            {QStringLiteral("timeout_seconds"), 600}, {QStringLiteral("internet_access"), false}};
        QCOMPARE(posts[0].json(), expected);
        QCOMPARE(server().sandboxIds(), QStringList {info.id});
    }

    void createById()
    {
        CreateSpec spec;
        spec.templateId = QStringLiteral("73");
        const SandboxInfo info = createSandbox(spec);
        QCOMPARE(info.templateName, QStringLiteral("code-interpreter"));
        const auto posts = requestsTo(QStringLiteral("^/v1/sandboxes$"));
        QCOMPARE(posts.size(), 1);
        // Digits are an id, exactly as the SDK sends it (a string); nothing else is sent.
        QCOMPARE(
            posts[0].json(), (QJsonObject {{QStringLiteral("template_id"), QStringLiteral("73")}}));
    }

    void createWithEnvPushesToAgent()
    {
        server().setHealthDelayMs(300);
        CreateSpec spec;
        spec.templateName = QStringLiteral("code-interpreter");
        spec.envVars = {{QStringLiteral("FOO"), QStringLiteral("bar")}};
        const SandboxInfo info = createSandbox(spec);
        QVERIFY(!info.id.isEmpty());
        QCOMPARE(requestsTo(QStringLiteral("^/v1/sandboxes$"))
                     .first()
                     .json()
                     .value(QStringLiteral("env_vars"))
                     .toObject(),
            (QJsonObject {{QStringLiteral("FOO"), QStringLiteral("bar")}}));
        // The fake, like HOPX, ignores env_vars at create; only the agent PATCH sets them.
        const auto patches = requestsTo(QStringLiteral("^/agent/[^/]+/env$"));
        QCOMPARE(patches.size(), 1);
        QCOMPARE(patches[0].method, QByteArray("PATCH"));
        QCOMPARE(patches[0].json(),
            (QJsonObject {{QStringLiteral("env_vars"),
                              QJsonObject {{QStringLiteral("FOO"), QStringLiteral("bar")}}},
                {QStringLiteral("merge"), true}}));
        QCOMPARE(patches[0].header("authorization"), "Bearer " + token(info.id).toUtf8());
        QVERIFY(patches[0].header("x-api-key").isEmpty()); // the API key never goes to a sandbox
        QCOMPARE(server().env(info.id).value(QStringLiteral("FOO")), QStringLiteral("bar"));
        // It waited for /health before the first agent call; the first probe was not ready.
        const auto health = requestsTo(QStringLiteral("/health$"));
        QVERIFY(health.size() >= 2);
    }

    void createUnknownTemplateListsAvailable()
    {
        CreateSpec spec;
        spec.templateId = QStringLiteral("code-interpeter");
        auto r = wait<SandboxInfo>([&](auto cb) { p().create(spec, cb); });
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, Error::Code::NotFound);
        QVERIFY2(r.error().message.contains(QLatin1String("\"code-interpeter\"")),
            qPrintable(why(r.error())));
        QVERIFY2(r.error().message.contains(
                     QLatin1String("Available templates: code-interpreter, base")),
            qPrintable(why(r.error())));
        QCOMPARE(server().count("POST", QStringLiteral("^/v1/sandboxes$")), 1);
        QVERIFY(server().sandboxIds().isEmpty());
    }

    void createPaymentAndLimits()
    {
        Fault f =
            FakeHopxServer::fault("POST", QStringLiteral("^/v1/sandboxes$"), FaultKind::Status);
        f.status = 402;
        server().addFault(f);
        auto r = wait<SandboxInfo>([&](auto cb) { p().create({}, cb); });
        QCOMPARE(r.error().code, Error::Code::LimitExceeded);
        QVERIFY(r.error().message.contains(QLatin1String("Insufficient credits")));
        f.status = 403;
        server().addFault(f);
        r = wait<SandboxInfo>([&](auto cb) { p().create({}, cb); });
        QCOMPARE(r.error().code, Error::Code::LimitExceeded);
        QVERIFY(r.error().message.contains(QLatin1String("limit")));
        QCOMPARE(server().count("POST", QStringLiteral("^/v1/sandboxes$")), 2); // never retried
    }

    void createTimeoutIsNotDuplicated()
    {
        // Someone's older sandbox of the same template must not be mistaken for ours.
        server().addSandbox(QStringLiteral("code-interpreter"), QStringLiteral("running"),
            QDateTime::currentDateTimeUtc().addSecs(-3600));
        auto o = fastOptions();
        o.controlTimeoutMs = 700;
        p().setOptions(o);
        Fault f = FakeHopxServer::fault("POST", QStringLiteral("^/v1/sandboxes$"), FaultKind::Slow);
        f.delayMs = 3000; // HOPX creates it, but the answer comes too late
        server().addFault(f);
        auto r = wait<SandboxInfo>([&](auto cb) { p().create({}, cb); });
        QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : why(r.error())));
        QCOMPARE(server().count("POST", QStringLiteral("^/v1/sandboxes$")), 1);
        QCOMPARE(server().sandboxIds().size(), 2);
        QCOMPARE(r.value().id, server().sandboxIds().last());
        // And the adopted sandbox is usable: its token comes from a refresh.
        ExecSpec spec;
        spec.code = QStringLiteral("print('ok')");
        auto e = wait<ExecResult>([&](auto cb) { on(r.value().id)->exec()->execute(spec, cb); });
        QVERIFY2(e.ok(), qPrintable(e.ok() ? QString() : why(e.error())));
        QCOMPARE(e.value().stdoutData, QByteArray("ok\n"));
    }

    void createDroppedMidReplyIsNotDuplicated()
    {
        server().addFault(FakeHopxServer::fault(
            "POST", QStringLiteral("^/v1/sandboxes$"), FaultKind::DropMidReply));
        auto r = wait<SandboxInfo>([&](auto cb) { p().create({}, cb); });
        QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : why(r.error())));
        QCOMPARE(server().count("POST", QStringLiteral("^/v1/sandboxes$")), 1);
        QCOMPARE(server().sandboxIds(), QStringList {r.value().id});
    }

    void createUnansweredAndNothingMadeIsAnError()
    {
        auto o = fastOptions();
        o.createTimeoutMs = 500;
        p().setOptions(o);
        server().addFault(
            FakeHopxServer::fault("POST", QStringLiteral("^/v1/sandboxes$"), FaultKind::Hang));
        auto r = wait<SandboxInfo>([&](auto cb) { p().create({}, cb); });
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, Error::Code::Timeout);
        QVERIFY2(
            r.error().message.contains(QLatin1String("not re-sent")), qPrintable(why(r.error())));
        QCOMPARE(server().count("POST", QStringLiteral("^/v1/sandboxes$")), 1);
        QVERIFY(server().sandboxIds().isEmpty());
    }

    void createOverDroppedKeepAliveIsNotResent()
    {
        createSandbox(); // leaves a kept-alive connection for the next POST to reuse
        server().clearRequests();
        // Closed before HOPX acted on it: Qt 6.4 would silently re-send; we must not.
        server().addFault(
            FakeHopxServer::fault("POST", QStringLiteral("^/v1/sandboxes$"), FaultKind::Reset));
        auto r = wait<SandboxInfo>([&](auto cb) { p().create({}, cb); });
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, Error::Code::Network);
        QVERIFY2(
            r.error().message.contains(QLatin1String("not re-sent")), qPrintable(why(r.error())));
        QCOMPARE(server().count("POST", QStringLiteral("^/v1/sandboxes$")), 1);
        QCOMPARE(server().sandboxIds().size(), 1);
    }

    // --- list / get / lifecycle -----------------------------------------------------------------

    void listFollowsCursors()
    {
        server().setPageSize(3);
        QStringList ids;
        for (int i = 0; i < 7; ++i)
            ids.prepend(server().addSandbox().value(QStringLiteral("id")).toString());
        ListSpec all;
        all.limit = 0;
        auto r = wait<QList<SandboxInfo>>([&](auto cb) { p().list(all, cb); });
        QVERIFY(r.ok());
        QStringList got;
        for (const SandboxInfo &s : r.value())
            got.append(s.id);
        QCOMPARE(got, ids); // created elsewhere, all listed, newest first
        const auto pages = requestsTo(QStringLiteral("^/v1/sandboxes$"));
        QCOMPARE(pages.size(), 3);
        QVERIFY(!pages[0].query.hasQueryItem(QStringLiteral("cursor")));
        QCOMPARE(pages[1].query.queryItemValue(QStringLiteral("cursor")), QStringLiteral("cur_3"));
        QCOMPARE(pages[2].query.queryItemValue(QStringLiteral("cursor")), QStringLiteral("cur_6"));

        server().clearRequests();
        ListSpec some;
        some.limit = 5;
        some.status = QStringLiteral("running");
        some.region = QStringLiteral("us-east");
        r = wait<QList<SandboxInfo>>([&](auto cb) { p().list(some, cb); });
        QCOMPARE(r.value().size(), 5);
        const auto first = server().requests().first();
        QCOMPARE(first.query.queryItemValue(QStringLiteral("limit")), QStringLiteral("5"));
        QCOMPARE(first.query.queryItemValue(QStringLiteral("status")), QStringLiteral("running"));
        QCOMPARE(first.query.queryItemValue(QStringLiteral("region")), QStringLiteral("us-east"));
        QCOMPARE(server().requests().size(), 2);

        // Only a local sandbox is ever "unavailable": the API is not asked for it.
        server().clearRequests();
        ListSpec unavailable;
        unavailable.status = QStringLiteral("unavailable");
        r = wait<QList<SandboxInfo>>([&](auto cb) { p().list(unavailable, cb); });
        QVERIFY(r.ok());
        QVERIFY(r.value().isEmpty());
        QVERIFY(server().requests().isEmpty());
    }

    void getAndNotFound()
    {
        const QString id = server().addSandbox().value(QStringLiteral("id")).toString();
        auto r = wait<SandboxInfo>([&](auto cb) { on(id)->lifecycle()->info(cb); });
        QVERIFY(r.ok());
        QCOMPARE(r.value().id, id);
        QCOMPARE(server().requests().last().path, QStringLiteral("/v1/sandboxes/") + id);

        auto missing = wait<SandboxInfo>(
            [&](auto cb) { on(QStringLiteral("1700000000nothere"))->lifecycle()->info(cb); });
        QCOMPARE(missing.error().code, Error::Code::NotFound);
        QCOMPARE(missing.error().error, QStringLiteral("Sandbox not found"));
        QCOMPARE(missing.error().details.value(QStringLiteral("id")).toString(),
            QStringLiteral("1700000000nothere"));

        server().setErrorShape(FakeHopxServer::ErrorShape::Flat);
        missing = wait<SandboxInfo>(
            [&](auto cb) { on(QStringLiteral("1700000000nothere"))->lifecycle()->info(cb); });
        QCOMPARE(missing.error().error, QStringLiteral("Sandbox not found"));
    }

    // One handle per id while the sandbox lives, every capability offered, dropped once deleted.
    void sandboxHandles()
    {
        const SandboxInfo info = warmSandbox();
        QCOMPARE(p().claims(info.id), SandboxProvider::Claim::Maybe);
        QCOMPARE(p().claims(QString()), SandboxProvider::Claim::No);
        const Result<Sandbox *> first = p().sandbox(info.id);
        QVERIFY(first);
        QCOMPARE(p().sandbox(info.id).value(), first.value());
        QPointer<Sandbox> handle(first.value());
        QVERIFY(handle->require<SandboxExec>() && handle->require<SandboxJobs>()
            && handle->require<SandboxFiles>() && handle->require<SandboxEnv>()
            && handle->require<SandboxMetrics>() && handle->require<SandboxEndpoints>());

        CommandSpec cmd;
        cmd.command = QStringLiteral("echo hi");
        auto ran = wait<ExecResult>([&](auto cb) { handle->exec()->runCommand(cmd, cb); });
        QVERIFY2(ran.ok(), qPrintable(ran.ok() ? QString() : why(ran.error())));
        QVERIFY(wait<Unit>([&](auto cb) { handle->lifecycle()->destroy(cb); }).ok());
        QTRY_VERIFY(!handle); // the provider dropped it
        QVERIFY(p().sandbox(info.id).value() != nullptr); // a look-up again makes a new one
        auto gone = wait<SandboxInfo>(
            [&](auto cb) { p().sandbox(info.id).value()->lifecycle()->info(cb); });
        QCOMPARE(gone.error().code, Error::Code::NotFound);
    }

    void destroyTimeoutPauseResume()
    {
        const SandboxInfo info = warmSandbox();
        QVERIFY(wait<Unit>([&](auto cb) { on(info.id)->lifecycle()->setTimeout(120, cb); }).ok());
        auto put = server().requests().last();
        QCOMPARE(put.method, QByteArray("PUT"));
        QCOMPARE(put.path, QStringLiteral("/v1/sandboxes/%1/timeout").arg(info.id));
        QCOMPARE(put.json(), (QJsonObject {{QStringLiteral("timeout_seconds"), 120}}));
        QCOMPARE(server().sandbox(info.id).value(QStringLiteral("timeout_seconds")).toInt(), 120);

        auto paused = wait<SandboxInfo>([&](auto cb) { on(info.id)->lifecycle()->pause(cb); });
        QVERIFY(paused.ok());
        QCOMPARE(paused.value().status.name(), QStringLiteral("paused"));
        QCOMPARE(server().count("POST", QStringLiteral("/pause$")), 1);

        auto resumed = wait<SandboxInfo>([&](auto cb) { on(info.id)->lifecycle()->resume(cb); });
        QVERIFY(resumed.ok());
        QCOMPARE(resumed.value().status.name(), QStringLiteral("running"));

        // The resumed VM must pass /health again before the next agent call.
        server().clearRequests();
        ExecSpec spec;
        spec.code = QStringLiteral("print('back')");
        auto e = wait<ExecResult>([&](auto cb) { on(info.id)->exec()->execute(spec, cb); });
        QVERIFY2(e.ok(), qPrintable(e.ok() ? QString() : why(e.error())));
        QVERIFY(server().count("GET", QStringLiteral("/health$")) >= 1);

        QVERIFY(wait<Unit>([&](auto cb) { on(info.id)->lifecycle()->destroy(cb); }).ok());
        QCOMPARE(server().requests().last().method, QByteArray("DELETE"));
        QVERIFY(server().sandboxIds().isEmpty());
        auto again = wait<Unit>([&](auto cb) { on(info.id)->lifecycle()->destroy(cb); });
        QCOMPARE(again.error().error, QStringLiteral("Sandbox not found"));
    }

    void executeOnPausedSandboxResumesIt()
    {
        const QString id =
            server()
                .addSandbox(QStringLiteral("code-interpreter"), QStringLiteral("paused"))
                .value(QStringLiteral("id"))
                .toString();
        ExecSpec spec;
        spec.code = QStringLiteral("print('hi')");
        auto e = wait<ExecResult>([&](auto cb) { on(id)->exec()->execute(spec, cb); });
        QVERIFY2(e.ok(), qPrintable(e.ok() ? QString() : why(e.error())));
        QCOMPARE(server().count("POST", QStringLiteral("/resume$")), 1);
        QCOMPARE(server().count("POST", QStringLiteral("/token/refresh$")), 1);
    }

    void sandboxPausedElsewhereRecovers()
    {
        const SandboxInfo info = warmSandbox();
        server().setSandboxStatus(info.id, QStringLiteral("paused")); // from the web console
        ExecSpec spec;
        spec.code = QStringLiteral("print('x')");
        auto r = wait<ExecResult>([&](auto cb) { on(info.id)->exec()->execute(spec, cb); });
        // Its agent no longer answers (the fake closes its port: no document says what HOPX's
        // edge sends for a paused VM, so it sends nothing).
        QCOMPARE(r.error().code, Error::Code::Network);
        server().clearRequests();
        r = wait<ExecResult>([&](auto cb) { on(info.id)->exec()->execute(spec, cb); });
        QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : why(r.error())));
        // Status (paused), resume, then the host again: a resumed VM may have moved.
        QCOMPARE(server().count("GET", QStringLiteral("^/v1/sandboxes/[^/]+$")), 2);
        QCOMPARE(server().count("POST", QStringLiteral("/resume$")), 1);

        server().setSandboxStatus(info.id, QStringLiteral("stopped"));
        QCOMPARE(
            wait<ExecResult>([&](auto cb) { on(info.id)->exec()->execute(spec, cb); }).error().code,
            Error::Code::Network);
        auto dead = wait<ExecResult>([&](auto cb) { on(info.id)->exec()->execute(spec, cb); });
        QCOMPARE(dead.error().code, Error::Code::SandboxDead);
        QVERIFY2(dead.error().message.contains(QLatin1String("is stopped")),
            qPrintable(why(dead.error())));
    }

    // --- execution ------------------------------------------------------------------------------

    void executeRequestShape()
    {
        const SandboxInfo info = createSandbox();
        ExecSpec spec;
        spec.code = QStringLiteral("print('hello')");
        spec.env = {{QStringLiteral("A"), QStringLiteral("1")}};
        QList<QPair<QString, QByteArray>> chunks;
        spec.onOutput = [&chunks](const QString &stream, const QByteArray &data) {
            chunks.append({stream, data});
        };
        auto r = wait<ExecResult>([&](auto cb) { on(info.id)->exec()->execute(spec, cb); });
        QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : why(r.error())));
        QCOMPARE(r.value().stdoutData, QByteArray("hello\n"));
        QCOMPARE(r.value().exitCode, 0);
        QVERIFY(!r.value().timedOut);
        QCOMPARE(chunks.size(), 1); // no streaming endpoint over HTTP: the final output, once
        QCOMPARE(chunks[0].first, QStringLiteral("stdout"));

        const auto execs = requestsTo(QStringLiteral("^/agent/[^/]+/execute$"));
        QCOMPARE(execs.size(), 1);
        // Addressed by host, as HOPX's agents are: the path is the document's, unprefixed.
        QCOMPARE(execs[0].path, QStringLiteral("/execute"));
        QCOMPARE(execs[0].sandboxId, info.id);
        QCOMPARE(execs[0].header("authorization"), "Bearer " + token(info.id).toUtf8());
        QVERIFY(execs[0].header("x-api-key").isEmpty());
        QCOMPARE(execs[0].json(),
            (QJsonObject {{QStringLiteral("code"), QStringLiteral("print('hello')")},
                {QStringLiteral("language"), QStringLiteral("python")},
                {QStringLiteral("timeout"), 30},
                {QStringLiteral("workdir"), QStringLiteral("/workspace")},
                {QStringLiteral("env"),
                    QJsonObject {{QStringLiteral("A"), QStringLiteral("1")}}}}));
        // Before that first call: /health until healthy.
        QVERIFY(server().count("GET", QStringLiteral("^/agent/[^/]+/health$")) >= 1);

        spec.code = QStringLiteral("import os\nprint(os.getcwd())");
        spec.workingDir = QStringLiteral("/tmp");
        spec.onOutput = nullptr;
        r = wait<ExecResult>([&](auto cb) { on(info.id)->exec()->execute(spec, cb); });
        QCOMPARE(r.value().stdoutData, QByteArray("/tmp\n"));
    }

    void warmExecuteIsOneRequest()
    {
        const SandboxInfo info = warmSandbox();
        server().clearRequests();
        ExecSpec spec;
        spec.code = QStringLiteral("print('again')");
        auto r = wait<ExecResult>([&](auto cb) { on(info.id)->exec()->execute(spec, cb); });
        QVERIFY(r.ok());
        QCOMPARE(server().requests().size(), 1);
        QCOMPARE(server().requests().first().agentPath, QStringLiteral("/execute"));
        server().clearRequests();
        QVERIFY(wait<bool>([&](auto cb) {
            on(info.id)->files()->fileExists(QStringLiteral("/workspace"), cb);
        }).value());
        QCOMPARE(server().requests().size(), 1);
    }

    void executeRichAndErrors()
    {
        const SandboxInfo info = warmSandbox();
        ExecSpec spec;
        spec.code = QStringLiteral("import matplotlib.pyplot as plt\nplt.plot([1,2])\nplt.show()");
        auto r = wait<ExecResult>([&](auto cb) { on(info.id)->exec()->execute(spec, cb); });
        QVERIFY(r.ok());
        QCOMPARE(r.value().richOutputs.size(), 1);
        QCOMPARE(r.value().richOutputs[0].mimeType, QStringLiteral("image/png"));
        QVERIFY(r.value().richOutputs[0].data.startsWith("\x89PNG"));

        spec.code = QStringLiteral("raise ValueError('boom')");
        r = wait<ExecResult>([&](auto cb) { on(info.id)->exec()->execute(spec, cb); });
        QVERIFY(r.ok());
        QCOMPARE(r.value().exitCode, 1);
        QVERIFY(r.value().stderrData.contains("ValueError"));

        // Output over the cap is cut and flagged.
        server().setExecHandler([](const QString &, const QJsonObject &) {
            return QJsonObject {{QStringLiteral("stdout"), QString(5000, QLatin1Char('x'))},
                {QStringLiteral("stderr"), QString()}, {QStringLiteral("exit_code"), 0},
                {QStringLiteral("result"), QStringLiteral("42")},
                {QStringLiteral("html"), QStringLiteral("<b>hi</b>")}};
        });
        spec.maxOutputBytes = 1000;
        r = wait<ExecResult>([&](auto cb) { on(info.id)->exec()->execute(spec, cb); });
        QCOMPARE(r.value().stdoutData.size(), 1000);
        QVERIFY(r.value().stdoutTruncated);
        QCOMPARE(r.value().result.toString(), QStringLiteral("42"));
        QCOMPARE(r.value().richOutputs.size(), 1);
        QCOMPARE(r.value().richOutputs[0].mimeType, QStringLiteral("text/html"));
    }

    void executeTimeoutAndCancel()
    {
        const SandboxInfo info = warmSandbox();
        ExecSpec spec;
        spec.code = QStringLiteral("import time\ntime.sleep(3)");
        spec.timeoutSeconds = 1;
        auto r = wait<ExecResult>([&](auto cb) { on(info.id)->exec()->execute(spec, cb); });
        QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : why(r.error())));
        QVERIFY(r.value().timedOut);

        spec.timeoutSeconds = 10;
        std::optional<Result<ExecResult>> out;
        Cancel cancel = on(info.id)->exec()->execute(
            spec, [&out](Result<ExecResult> res) { out.emplace(res); });
        QTest::qWait(200);
        QVERIFY(!out);
        cancel();
        QVERIFY(QTest::qWaitFor([&out] { return out.has_value(); }, 2000));
        QCOMPARE(out->error().code, Error::Code::Cancelled);
        cancel(); // after completion: nothing
        QCOMPARE(server().count("POST", QStringLiteral("/execute$")), 3);
    }

    void runCommandWrapsInBash()
    {
        const SandboxInfo info = warmSandbox();
        CommandSpec spec;
        spec.command = QStringLiteral("echo hi && pwd");
        auto r = wait<ExecResult>([&](auto cb) { on(info.id)->exec()->runCommand(spec, cb); });
        QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : why(r.error())));
        QCOMPARE(r.value().stdoutData, QByteArray("hi\n/workspace\n"));
        const auto run = server().requests().last();
        QCOMPARE(run.agentPath, QStringLiteral("/commands/run"));
        QCOMPARE(run.json(),
            (QJsonObject {{QStringLiteral("command"), QStringLiteral("bash")},
                {QStringLiteral("args"),
                    QJsonArray {QStringLiteral("-c"), QStringLiteral("echo hi && pwd")}},
                {QStringLiteral("timeout"), 30},
                {QStringLiteral("workdir"), QStringLiteral("/workspace")}}));

        // A failing command is a result, not an error: a 200 (the document) or, with the
        // quirks, a 500 with the normal body (docs, run-command).
        spec.command = QStringLiteral("echo partial; exit 3");
        spec.workingDir = QStringLiteral("/tmp");
        spec.env = {{QStringLiteral("X"), QStringLiteral("y")}};
        for (bool quirks : {false, true}) {
            server().setQuirks(quirks);
            r = wait<ExecResult>([&](auto cb) { on(info.id)->exec()->runCommand(spec, cb); });
            QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : why(r.error())));
            QCOMPARE(r.value().exitCode, 3);
            QCOMPARE(r.value().stdoutData, QByteArray("partial\n"));
        }
        QCOMPARE(server()
                     .requests()
                     .last()
                     .json()
                     .value(QStringLiteral("env"))
                     .toObject()
                     .value(QStringLiteral("X"))
                     .toString(),
            QStringLiteral("y"));
    }

    void fakeEmulatesAgentQuirks()
    {
        const SandboxInfo info = warmSandbox();
        const QByteArray jwt = token(info.id).toUtf8();
        // A bare shell line is looked up as an executable: the document's 500 ErrorResponse...
        auto [status, body] = raw("POST", info.id, QStringLiteral("/commands/run"),
            {{QStringLiteral("command"), QStringLiteral("ls -la")}}, jwt);
        QCOMPARE(status, 500);
        QCOMPARE(body.value(QStringLiteral("code")).toString(), QStringLiteral("COMMAND_FAILED"));
        QVERIFY(body.value(QStringLiteral("error"))
                    .toString()
                    .contains(QLatin1String("executable file not found")));
        // ...and with the quirks, the normal body with a 500 (docs, run-command).
        server().setQuirks(true);
        std::tie(status, body) = raw("POST", info.id, QStringLiteral("/commands/run"),
            {{QStringLiteral("command"), QStringLiteral("ls -la")}}, jwt);
        QCOMPARE(status, 500);
        QVERIFY(body.value(QStringLiteral("stderr"))
                    .toString()
                    .contains(QLatin1String("executable file not found")));
        server().setQuirks(false);
        // `working_dir` is ignored: the code runs in "/".
        std::tie(status, body) = raw("POST", info.id, QStringLiteral("/execute"),
            {{QStringLiteral("code"), QStringLiteral("import os; print(os.getcwd())")},
                {QStringLiteral("working_dir"), QStringLiteral("/tmp")}},
            jwt);
        QCOMPARE(status, 200);
        QCOMPARE(body.value(QStringLiteral("stdout")).toString(), QStringLiteral("/\n"));
        // The API key is not a sandbox token.
        std::tie(status, body) = raw(
            "GET", info.id, QStringLiteral("/env"), {}, FakeHopxServer::defaultApiKey().toUtf8());
        QCOMPARE(status, 401);
        QCOMPARE(body.value(QStringLiteral("code")).toString(), QStringLiteral("TOKEN_INVALID"));
        // A route agent 3.2.8 does not have: Go's plain 404.
        std::tie(status, body) =
            raw("POST", info.id, QStringLiteral("/execute/kill/bg_1"), {}, jwt);
        QCOMPARE(status, 404);
    }

    void backgroundListAndKill()
    {
        const SandboxInfo info = warmSandbox();
        BackgroundSpec spec;
        spec.code = QStringLiteral("import time\ntime.sleep(100)");
        spec.name = QStringLiteral("sleeper");
        spec.workingDir = QStringLiteral("/tmp");
        auto started =
            wait<ProcessStarted>([&](auto cb) { on(info.id)->jobs()->startBackground(spec, cb); });
        QVERIFY(started.ok());
        QVERIFY(started.value().processId.startsWith(QLatin1String("bg_")));
        QCOMPARE(started.value().name, QStringLiteral("sleeper"));
        const auto bg = server().requests().last();
        QCOMPARE(bg.agentPath, QStringLiteral("/execute/background"));
        QCOMPARE(bg.json(),
            (QJsonObject {{QStringLiteral("code"), spec.code},
                {QStringLiteral("language"), QStringLiteral("python")},
                {QStringLiteral("timeout"), 300},
                {QStringLiteral("name"), QStringLiteral("sleeper")}}));

        auto execs = wait<QJsonArray>([&](auto cb) { on(info.id)->jobs()->listExecutions(cb); });
        QCOMPARE(execs.value().size(), 1);
        QCOMPARE(execs.value()[0].toObject().value(QStringLiteral("status")).toString(),
            QStringLiteral("running"));

        server().clearRequests();
        auto killed = wait<Unit>(
            [&](auto cb) { on(info.id)->jobs()->killProcess(started.value().processId, cb); });
        QVERIFY2(killed.ok(), qPrintable(killed.ok() ? QString() : why(killed.error())));
        // The one form agent 3.2.8 documents, then the process list to believe it.
        const auto reqs = server().requests();
        QCOMPARE(reqs.size(), 2);
        QCOMPARE(reqs[0].method, QByteArray("DELETE"));
        QCOMPARE(reqs[0].agentPath, QStringLiteral("/execute/kill"));
        QCOMPARE(
            reqs[0].query.queryItemValue(QStringLiteral("process_id")), started.value().processId);
        QVERIFY(reqs[0].body.isEmpty());
        QCOMPARE(reqs[1].agentPath, QStringLiteral("/execute/processes")); // verified
        QCOMPARE(
            server().executions(info.id)[0].toObject().value(QStringLiteral("status")).toString(),
            QStringLiteral("killed"));

        // An unknown process: the docs' 404 body says RESOURCE_NOT_FOUND; one request, and
        // "not found", never "killed".
        server().clearRequests();
        auto unknown = wait<Unit>(
            [&](auto cb) { on(info.id)->jobs()->killProcess(QStringLiteral("bg_404"), cb); });
        QCOMPARE(unknown.error().code, Error::Code::NotFound);
        QCOMPARE(unknown.error().error, QStringLiteral("Process not found"));
        QCOMPARE(server().count({}, QStringLiteral("/execute/kill")), 1);
    }

    void killIsVerified()
    {
        const SandboxInfo info = warmSandbox();
        BackgroundSpec spec;
        spec.code = QStringLiteral("while True: pass");
        // With the quirks the SDKs' POST /execute/kill/{id} says success and kills nothing
        // (hopx-ai/hopx#30); the documented DELETE is what is used, and it works.
        server().setQuirks(true);
        const QString pid =
            wait<ProcessStarted>([&](auto cb) { on(info.id)->jobs()->startBackground(spec, cb); })
                .value()
                .processId;
        server().clearRequests();
        QVERIFY(wait<Unit>([&](auto cb) { on(info.id)->jobs()->killProcess(pid, cb); }).ok());
        QCOMPARE(server().count("POST", QStringLiteral("/execute/kill")), 0);
        QCOMPARE(
            server().executions(info.id)[0].toObject().value(QStringLiteral("status")).toString(),
            QStringLiteral("killed"));

        // An acknowledgement that stops nothing is found out by the process list.
        const QString pid2 =
            wait<ProcessStarted>([&](auto cb) { on(info.id)->jobs()->startBackground(spec, cb); })
                .value()
                .processId;
        Fault lie = FakeHopxServer::fault(
            "DELETE", QStringLiteral("/execute/kill$"), FaultKind::Status, -1);
        lie.status = 200;
        server().addFault(lie);
        server().clearRequests();
        auto r = wait<Unit>([&](auto cb) { on(info.id)->jobs()->killProcess(pid2, cb); });
        QVERIFY(!r.ok());
        QVERIFY2(
            r.error().message.contains(QLatin1String("still running")), qPrintable(why(r.error())));
        QCOMPARE(server().count("DELETE", QStringLiteral("/execute/kill$")), 1);
    }

    void backgroundCommandAndProcesses()
    {
        const SandboxInfo info = warmSandbox();
        BackgroundSpec spec;
        spec.command = QStringLiteral("python -m http.server 8000");
        spec.name = QStringLiteral("web");
        auto started =
            wait<ProcessStarted>([&](auto cb) { on(info.id)->jobs()->startBackground(spec, cb); });
        QVERIFY(started.ok());
        QVERIFY(started.value().processId.startsWith(QLatin1String("cmd_")));
        const auto req = server().requests().last();
        QCOMPARE(req.agentPath, QStringLiteral("/commands/background"));
        QCOMPARE(req.json(),
            (QJsonObject {{QStringLiteral("command"), QStringLiteral("bash")},
                {QStringLiteral("args"), QJsonArray {QStringLiteral("-c"), spec.command}},
                {QStringLiteral("timeout"), 300},
                {QStringLiteral("workdir"), QStringLiteral("/workspace")}}));
        auto procs = wait<QJsonArray>([&](auto cb) { on(info.id)->jobs()->listProcesses(cb); });
        QCOMPARE(procs.value().size(), 2);
        QCOMPARE(server().requests().last().agentPath, QStringLiteral("/processes"));
    }

    // --- files ----------------------------------------------------------------------------------

    void filesTextAndBinary()
    {
        const SandboxInfo info = warmSandbox();
        QVERIFY(wait<Unit>([&](auto cb) {
            on(info.id)->files()->writeFile(
                QStringLiteral("/workspace/a.txt"), "héllo\n", QString(), cb);
        }).ok());
        auto w = server().requests().last();
        QCOMPARE(w.agentPath, QStringLiteral("/files/write"));
        QCOMPARE(w.json(),
            (QJsonObject {{QStringLiteral("path"), QStringLiteral("/workspace/a.txt")},
                {QStringLiteral("content"), QStringLiteral("héllo\n")},
                {QStringLiteral("mode"), QStringLiteral("0644")}}));
        auto read = wait<QByteArray>([&](auto cb) {
            on(info.id)->files()->readFile(QStringLiteral("/workspace/a.txt"), cb);
        });
        QCOMPARE(read.value(), QByteArray("héllo\n"));
        QCOMPARE(server().requests().last().agentPath, QStringLiteral("/files/download"));
        QCOMPARE(server().requests().last().query.queryItemValue(QStringLiteral("path")),
            QStringLiteral("/workspace/a.txt"));

        QByteArray binary;
        for (int i = 0; i < 256; ++i)
            binary.append(char(i));
        for (bool quirk : {false, true}) {
            server().setQuirks(quirk); // hopx-ai/hopx#33 is one of them
            QVERIFY(wait<Unit>([&](auto cb) {
                on(info.id)->files()->writeFile(
                    QStringLiteral("/tmp/b.bin"), binary, QStringLiteral("0600"), cb);
            }).ok());
            w = server().requests().last();
            QCOMPARE(
                w.json().value(QStringLiteral("encoding")).toString(), QStringLiteral("base64"));
            QCOMPARE(w.json().value(QStringLiteral("mode")).toString(), QStringLiteral("0600"));
            QCOMPARE(server().file(info.id, QStringLiteral("/tmp/b.bin")),
                quirk ? binary.toBase64() : binary);
            read = wait<QByteArray>(
                [&](auto cb) { on(info.id)->files()->readFile(QStringLiteral("/tmp/b.bin"), cb); });
            QCOMPARE(read.value(), binary); // byte for byte, with or without issue #33
        }

        auto missing = wait<QByteArray>([&](auto cb) {
            on(info.id)->files()->readFile(QStringLiteral("/workspace/none"), cb);
        });
        QCOMPARE(missing.error().code, Error::Code::NotFound);
        QCOMPARE(missing.error().error, QStringLiteral("File not found"));
        auto outside = wait<QByteArray>(
            [&](auto cb) { on(info.id)->files()->readFile(QStringLiteral("/etc/passwd"), cb); });
        QCOMPARE(outside.error().code, Error::Code::InvalidArgument);
        QCOMPARE(outside.error().details.value(QStringLiteral("code")).toString(),
            QStringLiteral("PATH_NOT_ALLOWED"));
    }

    void filesListExistsRemoveMkdir()
    {
        const SandboxInfo info = warmSandbox();
        QVERIFY(wait<Unit>([&](auto cb) {
            on(info.id)->files()->makeDirectory(QStringLiteral("/workspace/d/e"), cb);
        }).ok());
        QCOMPARE(server().requests().last().json(),
            (QJsonObject {{QStringLiteral("path"), QStringLiteral("/workspace/d/e")}}));
        for (int i = 0; i < 3; ++i)
            server().setFile(info.id, QStringLiteral("/workspace/f%1.txt").arg(i), "x");
        auto list = wait<FileList>(
            [&](auto cb) { on(info.id)->files()->listFiles(QStringLiteral("/workspace"), 2, cb); });
        QVERIFY(list.ok());
        QCOMPARE(list.value().files.size(), 2);
        QCOMPARE(list.value().total, 4);
        QCOMPARE(server().requests().last().query.queryItemValue(QStringLiteral("path")),
            QStringLiteral("/workspace"));
        list = wait<FileList>(
            [&](auto cb) { on(info.id)->files()->listFiles(QStringLiteral("/workspace"), 0, cb); });
        QCOMPARE(list.value().files.size(), 4);
        QVERIFY(list.value().files[0].isDirectory);
        QCOMPARE(list.value().files[0].name, QStringLiteral("d"));
        QCOMPARE(list.value().files[1].size, 1);
        QCOMPARE(list.value().files[1].permissions, QStringLiteral("0644"));

        QVERIFY(wait<bool>([&](auto cb) {
            on(info.id)->files()->fileExists(QStringLiteral("/workspace/f1.txt"), cb);
        }).value());
        QVERIFY(!wait<bool>([&](auto cb) {
            on(info.id)->files()->fileExists(QStringLiteral("/workspace/zz"), cb);
        }).value());
        QVERIFY(!wait<bool>([&](auto cb) {
            on(info.id)->files()->fileExists(QStringLiteral("/etc/shadow"), cb);
        }).value());

        QVERIFY(wait<Unit>([&](auto cb) {
            on(info.id)->files()->removeFile(QStringLiteral("/workspace/d"), cb);
        }).ok());
        const auto rm = server().requests().last();
        QCOMPARE(rm.method, QByteArray("DELETE"));
        QCOMPARE(rm.agentPath, QStringLiteral("/files/remove"));
        QVERIFY(!wait<bool>([&](auto cb) {
            on(info.id)->files()->fileExists(QStringLiteral("/workspace/d/e"), cb);
        }).value());
    }

    // --- env, info, URLs ------------------------------------------------------------------------

    void envGetSetClear()
    {
        const SandboxInfo info = warmSandbox();
        QVERIFY(wait<Unit>([&](auto cb) {
            on(info.id)->env()->setEnv({{QStringLiteral("A"), QStringLiteral("1")},
                                           {QStringLiteral("API_KEY"), QStringLiteral("s3cret")}},
                true, cb);
        }).ok());
        auto req = server().requests().last();
        QCOMPARE(req.method, QByteArray("PATCH"));
        QCOMPARE(req.json().value(QStringLiteral("merge")).toBool(), true);
        QVERIFY(wait<Unit>([&](auto cb) {
            on(info.id)->env()->setEnv({{QStringLiteral("B"), QStringLiteral("2")}}, true, cb);
        }).ok());
        auto env = wait<EnvMap>([&](auto cb) { on(info.id)->env()->getEnv(cb); });
        QCOMPARE(env.value().value(QStringLiteral("A")), QStringLiteral("1"));
        QCOMPARE(env.value().value(QStringLiteral("B")), QStringLiteral("2"));
        QCOMPARE(env.value().value(QStringLiteral("API_KEY")), QStringLiteral("***MASKED***"));

        QVERIFY(wait<Unit>([&](auto cb) {
            on(info.id)->env()->setEnv({{QStringLiteral("C"), QStringLiteral("3")}}, false, cb);
        }).ok());
        req = server().requests().last();
        QCOMPARE(req.method, QByteArray("PUT"));
        QCOMPARE(req.json(),
            (QJsonObject {{QStringLiteral("env_vars"),
                QJsonObject {{QStringLiteral("C"), QStringLiteral("3")}}}}));
        QCOMPARE(server().env(info.id).keys(), QStringList {QStringLiteral("C")});

        // Agent 3.2.8's DELETE /env, not hopx-mcp's PUT of an empty map.
        QVERIFY(wait<Unit>([&](auto cb) { on(info.id)->env()->clearEnv(cb); }).ok());
        req = server().requests().last();
        QCOMPARE(req.method, QByteArray("DELETE"));
        QCOMPARE(req.agentPath, QStringLiteral("/env"));
        QVERIFY(req.body.isEmpty());
        QVERIFY(server().env(info.id).isEmpty());
    }

    void infoMetricsCache()
    {
        const SandboxInfo info = warmSandbox();
        auto vm = wait<QJsonObject>([&](auto cb) { on(info.id)->metrics()->vmInfo(cb); });
        QCOMPARE(
            vm.value().value(QStringLiteral("agent_version")).toString(), QStringLiteral("3.2.8"));
        QCOMPARE(server().requests().last().agentPath, QStringLiteral("/info"));
        auto metrics =
            wait<QJsonObject>([&](auto cb) { on(info.id)->metrics()->systemMetrics(cb); });
        QVERIFY(metrics.value().contains(QStringLiteral("total_executions")));
        QVERIFY(metrics.value().contains(QStringLiteral("cpu"))); // /system's figures joined
        QStringList asked;
        for (int i = server().requests().size() - 2; i < server().requests().size(); ++i)
            asked << server().requests().at(i).agentPath;
        asked.sort();
        QCOMPARE(
            asked, (QStringList {QStringLiteral("/metrics/snapshot"), QStringLiteral("/system")}));
        auto cleared = wait<QJsonObject>([&](auto cb) { on(info.id)->metrics()->cacheClear(cb); });
        QCOMPARE(
            cleared.value().value(QStringLiteral("status")).toString(), QStringLiteral("success"));
        QCOMPARE(server().requests().last().method, QByteArray("POST"));
        auto stats = wait<QJsonObject>([&](auto cb) { on(info.id)->metrics()->cacheStats(cb); });
        QVERIFY(stats.value().contains(QStringLiteral("cache")));
        QCOMPARE(server().requests().last().agentPath, QStringLiteral("/cache/stats"));
    }

    void previewAndAgentUrls()
    {
        QCOMPARE(
            HopxProvider::previewUrlFor(QStringLiteral("https://7777-abc123.eu-1001.vms.hopx.dev"),
                QStringLiteral("abc123"), QStringLiteral("eu-1001"), 8080),
            QStringLiteral("https://8080-abc123.eu-1001.vms.hopx.dev/"));
        QCOMPARE(HopxProvider::previewUrlFor(QStringLiteral("7777-abc123.eu-1001.vms.hopx.dev"),
                     QStringLiteral("abc123"), QString(), 3000),
            QStringLiteral("https://3000-abc123.eu-1001.vms.hopx.dev/"));
        const QString id = server().addSandbox().value(QStringLiteral("id")).toString();
        auto preview = wait<QString>([&](auto cb) { on(id)->endpoints()->previewUrl(8080, cb); });
        QCOMPARE(preview.value(), QStringLiteral("https://8080-%1.us-east.vms.hopx.dev/").arg(id));
        auto agent = wait<QString>([&](auto cb) { on(id)->endpoints()->agentUrl(cb); });
        QCOMPARE(agent.value(), server().agentUrl(id).toString());
        QCOMPARE(server().requests().size(), 1); // one GET, then cached
    }

    // --- retries and faults ---------------------------------------------------------------------

    void flaky503And429AreRiddenOut()
    {
        server().addSandbox();
        Fault f =
            FakeHopxServer::fault("GET", QStringLiteral("^/v1/sandboxes$"), FaultKind::Status, 2);
        f.status = 503;
        f.retryAfter = 0;
        server().addFault(f);
        auto r = wait<QList<SandboxInfo>>([&](auto cb) { p().list({}, cb); });
        QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : why(r.error())));
        QCOMPARE(r.value().size(), 1);
        QCOMPARE(server().count("GET", QStringLiteral("^/v1/sandboxes$")), 3);

        server().clearRequests();
        f.status = 429;
        f.retryAfter = 1;
        f.times = 1;
        server().addFault(f);
        QElapsedTimer clock;
        clock.start();
        r = wait<QList<SandboxInfo>>([&](auto cb) { p().list({}, cb); });
        QVERIFY(r.ok());
        QVERIFY2(clock.elapsed() >= 900, "Retry-After: 1 was not honoured");
        QCOMPARE(server().count("GET", QStringLiteral("^/v1/sandboxes$")), 2);

        // Flat error shape, retry_after only in the body.
        server().clearRequests();
        server().setErrorShape(FakeHopxServer::ErrorShape::Flat);
        f.retryAfter = -1;
        server().addFault(f);
        r = wait<QList<SandboxInfo>>([&](auto cb) { p().list({}, cb); });
        QVERIFY(r.ok());
    }

    void rateLimitExhausted()
    {
        Fault f =
            FakeHopxServer::fault("GET", QStringLiteral("^/v1/sandboxes$"), FaultKind::Status, -1);
        f.status = 429;
        f.retryAfter = 0;
        server().addFault(f);
        auto r = wait<QList<SandboxInfo>>([&](auto cb) { p().list({}, cb); });
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, Error::Code::RateLimited);
        QVERIFY(r.error().details.contains(QStringLiteral("retry_after")));
        QCOMPARE(server().count("GET", QStringLiteral("^/v1/sandboxes$")),
            fastOptions().retry.maxAttempts);
    }

    void nonIdempotentAgentCallsRetryOnlyWhenNotProcessed()
    {
        const SandboxInfo info = warmSandbox();
        server().clearRequests();
        Fault f = FakeHopxServer::fault("POST", QStringLiteral("/execute$"), FaultKind::Status);
        f.status = 429;
        f.retryAfter = 0;
        server().addFault(f);
        ExecSpec spec;
        spec.code = QStringLiteral("print(1)");
        QVERIFY(wait<ExecResult>([&](auto cb) { on(info.id)->exec()->execute(spec, cb); }).ok());
        QCOMPARE(server().count("POST", QStringLiteral("/execute$")), 2);

        // A 503 may have run the code: never re-sent.
        server().clearRequests();
        f.status = 503;
        server().addFault(f);
        auto r = wait<ExecResult>([&](auto cb) { on(info.id)->exec()->execute(spec, cb); });
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, Error::Code::Unavailable);
        QCOMPARE(server().count("POST", QStringLiteral("/execute$")), 1);
    }

    void revokedKeyGivesTheMessage()
    {
        server().revokeApiKey(FakeHopxServer::defaultApiKey());
        auto r = wait<QList<SandboxInfo>>([&](auto cb) { p().list({}, cb); });
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, Error::Code::Unauthorized);
        QCOMPARE(r.error().message, QString::fromUtf8(kUnauthorized));
        QCOMPARE(server().requests().size(), 1); // a 401 is final

        // No key at all: the same sentence, and nothing is sent.
        p().setApiKey({});
        QCOMPARE(p().unavailableReason().english(), QString::fromUtf8(kUnauthorized));
        server().clearRequests();
        r = wait<QList<SandboxInfo>>([&](auto cb) { p().list({}, cb); });
        QCOMPARE(r.error().message, QString::fromUtf8(kUnauthorized));
        QVERIFY(server().requests().isEmpty());
    }

    void keyFromKeyStore()
    {
        Hopx::Test::FailingKeyStore store; // a keychain that stops running at the end
        p().setApiKey({});
        p().setKeyStore(&store);
        auto r = wait<QList<SandboxInfo>>([&](auto cb) { p().list({}, cb); });
        QCOMPARE(r.error().code, Error::Code::Unauthorized);
        QVERIFY(server().requests().isEmpty());

        const QString other = QStringLiteral("hopx_live_other");
        server().addApiKey(other);
        QVERIFY(wait<Unit>([&](auto cb) { store.write(other, cb); }).ok());
        QTRY_VERIFY(p().unavailableReason().isEmpty());
        r = wait<QList<SandboxInfo>>([&](auto cb) { p().list({}, cb); });
        QVERIFY(r.ok());
        QCOMPARE(server().requests().last().header("x-api-key"), other.toUtf8());

        // Another key for one connection: its own provider over the same network manager.
        HopxProvider perConnection(m_nam.get(), server().baseUrl(), fastOptions());
        perConnection.setApiKey(FakeHopxServer::defaultApiKey());
        QVERIFY(wait<QList<SandboxInfo>>([&](auto cb) { perConnection.list({}, cb); }).ok());
        QCOMPARE(server().requests().last().header("x-api-key"),
            FakeHopxServer::defaultApiKey().toUtf8());

        // A keychain that is not running is reported as such.
        store.setFailure(Error::make(
            Error::Code::Unavailable, QStringLiteral("No keychain service is running")));
        QVERIFY(wait<Unit>([&](auto cb) { store.remove(cb); }).error().code
            == Error::Code::Unavailable);
        p().setKeyStore(&store);
        r = wait<QList<SandboxInfo>>([&](auto cb) { p().list({}, cb); });
        QCOMPARE(r.error().code, Error::Code::Unavailable);
    }

    void agentTokenRefreshedOnce()
    {
        const SandboxInfo info = warmSandbox();
        server().invalidateToken(info.id);
        server().clearRequests();
        ExecSpec spec;
        spec.code = QStringLiteral("print('after refresh')");
        auto r = wait<ExecResult>([&](auto cb) { on(info.id)->exec()->execute(spec, cb); });
        QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : why(r.error())));
        const auto reqs = server().requests();
        QCOMPARE(reqs.size(), 3);
        QCOMPARE(reqs[0].agentPath, QStringLiteral("/execute"));
        QCOMPARE(reqs[1].path, QStringLiteral("/v1/sandboxes/%1/token/refresh").arg(info.id));
        QCOMPARE(reqs[2].agentPath, QStringLiteral("/execute"));
        QCOMPARE(reqs[2].header("authorization"), "Bearer " + token(info.id).toUtf8());

        // A token that keeps failing: one refresh, then an error (no loop).
        server().addFault([] {
            Fault f;
            f.method = "POST";
            f.path = QRegularExpression(QStringLiteral("/execute$"));
            f.kind = FaultKind::Status;
            f.status = 401;
            f.times = -1;
            return f;
        }());
        server().clearRequests();
        r = wait<ExecResult>([&](auto cb) { on(info.id)->exec()->execute(spec, cb); });
        QCOMPARE(r.error().code, Error::Code::Unauthorized);
        QCOMPARE(server().count("POST", QStringLiteral("/execute$")), 2);
    }

    void droppedConnectionMidCall()
    {
        const SandboxInfo info = warmSandbox();
        server().clearRequests();
        server().addFault(
            FakeHopxServer::fault("POST", QStringLiteral("/execute$"), FaultKind::DropMidReply));
        ExecSpec spec;
        spec.code = QStringLiteral("print('x')");
        auto r = wait<ExecResult>([&](auto cb) { on(info.id)->exec()->execute(spec, cb); });
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, Error::Code::Network);
        QCOMPARE(r.error().details.value(QStringLiteral("sandbox_id")).toString(), info.id);
        QCOMPARE(server().count("POST", QStringLiteral("/execute$")), 1); // code is never run twice

        // Closed before any answer, on a kept-alive connection: still sent once (neither we
        // nor Qt's HTTP layer re-send a POST).
        server().clearRequests();
        server().addFault(
            FakeHopxServer::fault("POST", QStringLiteral("/execute$"), FaultKind::Reset));
        r = wait<ExecResult>([&](auto cb) { on(info.id)->exec()->execute(spec, cb); });
        QCOMPARE(r.error().code, Error::Code::Network);
        QCOMPARE(server().count("POST", QStringLiteral("/execute$")), 1);

        // An idempotent read rides a single reset out...
        server().addFault(
            FakeHopxServer::fault("GET", QStringLiteral("^/v1/sandboxes/"), FaultKind::Reset));
        QVERIFY(wait<SandboxInfo>([&](auto cb) { on(info.id)->lifecycle()->info(cb); }).ok());
        // ...and reports a persistent one.
        server().addFault(
            FakeHopxServer::fault("GET", QStringLiteral("^/v1/sandboxes/"), FaultKind::Reset, -1));
        auto g = wait<SandboxInfo>([&](auto cb) { on(info.id)->lifecycle()->info(cb); });
        QCOMPARE(g.error().code, Error::Code::Network);
        server().clearFaults();
        // The agent connection stays usable afterwards.
        QVERIFY(wait<ExecResult>([&](auto cb) { on(info.id)->exec()->execute(spec, cb); }).ok());
    }

    void malformedJson()
    {
        server().addFault(
            FakeHopxServer::fault("GET", QStringLiteral("^/v1/sandboxes$"), FaultKind::Malformed));
        auto r = wait<QList<SandboxInfo>>([&](auto cb) { p().list({}, cb); });
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, Error::Code::Internal);
        QVERIFY(r.error().message.contains(QLatin1String("malformed")));
    }

    void slowReplyTimesOut()
    {
        auto o = fastOptions();
        o.controlTimeoutMs = 300;
        o.retry.retryBudgetMs = 1000;
        p().setOptions(o);
        server().addFault(
            FakeHopxServer::fault("GET", QStringLiteral("^/v1/sandboxes$"), FaultKind::Hang, -1));
        QElapsedTimer clock;
        clock.start();
        auto r = wait<QList<SandboxInfo>>([&](auto cb) { p().list({}, cb); });
        QCOMPARE(r.error().code, Error::Code::Timeout);
        QVERIFY2(clock.elapsed() < 3000, qPrintable(QString::number(clock.elapsed())));
    }

    void deadNetwork()
    {
        const SandboxInfo info = warmSandbox();
        server().close();
        QElapsedTimer clock;
        clock.start();
        auto r = wait<QList<SandboxInfo>>([&](auto cb) { p().list({}, cb); });
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, Error::Code::Network);
        QVERIFY2(r.error().message.startsWith(QLatin1String("Cannot reach HOPX")),
            qPrintable(why(r.error())));
        QVERIFY(clock.elapsed() < fastOptions().retry.retryBudgetMs + 1000);

        ExecSpec spec;
        spec.code = QStringLiteral("print(1)");
        auto e = wait<ExecResult>([&](auto cb) { on(info.id)->exec()->execute(spec, cb); });
        QCOMPARE(e.error().code, Error::Code::Network);
        QCOMPARE(e.error().details.value(QStringLiteral("sandbox_id")).toString(), info.id);
    }
};

QTEST_GUILESS_MAIN(TestHopxProvider)
#include "tst_hopxprovider.moc"

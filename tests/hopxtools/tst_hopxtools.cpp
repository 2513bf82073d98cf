// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// Every tool of TOOLS.md with provider "hopx", through the real MCP path: a socket, the real
// `hopx-desktop --headless`, its HopxProvider and FakeHopxServer (in this process) as HOPX.
// Each test checks both what the tool returned and what the app sent to HOPX.
#include "FakeHopxServer.h"
#include "support/McpClient.h"
#include "support/ToolResultJson.h"

#include "support/McpTestClient.h"
#include "support/RootsClient.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QMessageAuthenticationCode>
#include <QScopeGuard>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace HopxTest;
using Hopx::Test::FakeHopxServer;
using Request = FakeHopxServer::Request;
using Fault = FakeHopxServer::Fault;
using FaultKind = FakeHopxServer::FaultKind;

namespace {

const char kUnauthorized[] = "HOPX API key missing or invalid: set it in HOPX Desktop (tray → "
                             "Settings) or HOPX_API_KEY";

QString key()
{
    return FakeHopxServer::defaultApiKey();
}

Fault fault(const QByteArray &method, const QString &path, FaultKind kind, int times = 1)
{
    Fault f;
    f.method = method;
    f.path = QRegularExpression(path);
    f.kind = kind;
    f.times = times;
    return f;
}

bool isError(const QJsonObject &result)
{
    return result.value(QStringLiteral("isError")).toBool();
}

// The sentence of an error dict: `message` when `error` is a short name, else `error` itself.
QString said(const QJsonObject &result)
{
    const QJsonObject s = sc(result);
    const QString message = s.value(QStringLiteral("message")).toString();
    return message.isEmpty() ? s.value(QStringLiteral("error")).toString() : message;
}

// The app with HOPX pointed at the fake; `apiKey` empty = no key of its own.
std::unique_ptr<HeadlessApp> startApp(const FakeHopxServer &fake, const QString &apiKey,
    int pollMs = 0, const QString &approvedFolder = {})
{
    QProcessEnvironment env;
    env.insert(QStringLiteral("HOPX_BASE_URL"), fake.baseUrl().toString());
    if (!apiKey.isEmpty())
        env.insert(QStringLiteral("HOPX_API_KEY"), apiKey);
    auto app = std::make_unique<HeadlessApp>(QStringList {QStringLiteral("--no-keychain")}, env);
    QSettings ini(app->root() + QStringLiteral("/xdg_config_home/hopx-desktop/hopx-desktop.ini"),
        QSettings::IniFormat);
    // The remote-sandbox poller would add list requests to the counts asserted here; the
    // poller has its own test below.
    ini.setValue(QStringLiteral("hopx/listIntervalMs"), pollMs);
    if (!approvedFolder.isEmpty()) // for file_upload / file_download, which need a folder
        ini.setValue(QStringLiteral("files/approvedFolders"), QStringList {approvedFolder});
    ini.sync();
    if (!app->start())
        return nullptr;
    return app;
}

} // namespace

class TestHopxTools : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<FakeHopxServer> m_fake;
    std::unique_ptr<HeadlessApp> m_app;
    std::unique_ptr<QLocalSocket> m_socket;
    std::unique_ptr<McpClient> m_client;
    QList<Request> m_all; // every request of the whole run, for the credential sweep
    QString m_sandbox; // a warm sandbox shared by the read-mostly tests
    QTemporaryDir m_hostDir; // the folder approved for file_upload / file_download

    QJsonObject tool(const QString &name, const QJsonObject &args = {}, int timeoutMs = 60000)
    {
        return m_client->callTool(name, args, timeoutMs);
    }

    QString create(QJsonObject args = {})
    {
        args.insert(QStringLiteral("provider"), QStringLiteral("hopx"));
        const QJsonObject r = tool(QStringLiteral("create_sandbox"), args);
        const QString id = sc(r).value(QStringLiteral("id")).toString();
        if (isError(r) || id.isEmpty())
            qWarning() << "create_sandbox failed:" << r;
        return id;
    }

    QJsonObject exec(const QString &id, const QString &code, QJsonObject extra = {})
    {
        extra.insert(QStringLiteral("sandbox_id"), id);
        extra.insert(QStringLiteral("code"), code);
        return tool(QStringLiteral("execute_code"), extra);
    }

    //! execute_code in m_sandbox with a progressToken, not waited for; returns the request id.
    qint64 startExecWithProgress(const QString &code, const QJsonValue &token, int timeout = 30,
        const QString &language = QStringLiteral("bash"))
    {
        return m_client->request(QStringLiteral("tools/call"),
            {{QStringLiteral("name"), QStringLiteral("execute_code")},
                {QStringLiteral("arguments"),
                    QJsonObject {{QStringLiteral("sandbox_id"), m_sandbox},
                        {QStringLiteral("code"), code}, {QStringLiteral("timeout"), timeout},
                        {QStringLiteral("language"), language}}},
                {QStringLiteral("_meta"), QJsonObject {{QStringLiteral("progressToken"), token}}}});
    }

    QList<Request> reqs(const QByteArray &method, const QString &pathPattern) const
    {
        QList<Request> out;
        const QRegularExpression re(pathPattern);
        for (const Request &r : m_fake->requests()) {
            if ((method.isEmpty() || r.method == method) && re.match(r.key()).hasMatch())
                out.append(r);
        }
        return out;
    }

    Request last(const QByteArray &method, const QString &pathPattern) const
    {
        const QList<Request> all = reqs(method, pathPattern);
        return all.isEmpty() ? Request {} : all.last();
    }

    static QString agentPath(const QString &id, const QString &path)
    {
        return QStringLiteral("^/agent/") + QRegularExpression::escape(id) + path
            + QLatin1Char('$');
    }

    // Control plane: the API key as X-API-Key. Agent: a sandbox JWT as Bearer, never the key.
    static QString credentialProblem(const Request &r, const QString &apiKey)
    {
        const QByteArray k = apiKey.toUtf8();
        const QByteArray auth = r.header("authorization");
        if (r.isAgent()) {
            if (!r.header("x-api-key").isEmpty())
                return QStringLiteral("X-API-Key sent to the agent: ") + r.path;
            if (auth.contains(k) || r.body.contains(k))
                return QStringLiteral("API key sent to the agent: ") + r.path;
            const bool open = r.agentPath == QLatin1String("/health");
            if (!open && !auth.startsWith("Bearer ey"))
                return QStringLiteral("agent call without the sandbox JWT: ") + r.path;
            return {};
        }
        if (r.path.startsWith(QLatin1String("/v1/"))) {
            if (r.header("x-api-key") != k)
                return QStringLiteral("control-plane call without X-API-Key: ") + r.path;
            return {};
        }
        if (auth.contains(k) || r.header("x-api-key").contains(k) || r.body.contains(k))
            return QStringLiteral("API key sent to a third party: ") + r.path;
        return {};
    }

private slots:
    void initTestCase()
    {
        m_fake = std::make_unique<FakeHopxServer>();
        QVERIFY(m_fake->listen());
        connect(m_fake.get(), &FakeHopxServer::requestReceived, this,
            [this](const Request &r) { m_all.append(r); });
        m_app = startApp(*m_fake, key(), 0, m_hostDir.path());
        QVERIFY(m_app);
        m_socket = m_app->connect();
        QVERIFY(m_socket);
        m_client = std::make_unique<McpClient>(m_socket.get());
        QVERIFY(m_client->initialize());
    }

    void init()
    {
        m_fake->clearFaults();
        m_fake->setHealthDelayMs(0);
        m_fake->setQuirks(false);
        m_fake->setPageSize(100);
        m_fake->clearRequests();
    }

    void cleanupTestCase()
    {
        m_client.reset();
        m_socket.reset();
        m_app.reset();
    }

    // --- system ---------------------------------------------------------------------------------

    void healthAndToolSurface()
    {
        const QJsonObject health = sc(tool(QStringLiteral("health")));
        const QJsonObject hopx = health.value(QStringLiteral("providers"))
                                     .toObject()
                                     .value(QStringLiteral("hopx"))
                                     .toObject();
        QVERIFY2(hopx.value(QStringLiteral("available")).toBool(), dump(health));
        QCOMPARE(
            health.value(QStringLiteral("default_provider")).toString(), QStringLiteral("hopx"));

        // Every tool of the full set (this connection lists the compact ones, which route there).
        const QStringList names = toolNames(QStringLiteral("full"));
        for (const char *e : {"health", "list_templates", "get_template", "create_sandbox",
                 "list_sandboxes", "get_sandbox", "delete_sandbox", "update_sandbox_timeout",
                 "pause_sandbox", "resume_sandbox", "execute_code", "execute_code_isolated",
                 "execute_code_persistent", "execute_code_rich", "execute_code_background",
                 "execute_code_async", "execute_list_processes", "execute_kill_process",
                 "run_command", "run_command_background", "list_processes", "file_read",
                 "file_write", "file_list", "file_stat", "file_exists", "file_remove", "file_mkdir",
                 "env_get", "env_set", "env_clear", "get_system_metrics", "ping_vm", "get_vm_info",
                 "cache_clear", "cache_stats", "get_preview_url", "get_agent_url", "file_upload",
                 "file_download"})
            QVERIFY2(names.contains(QLatin1String(e)), e);
    }

    void templates()
    {
        QJsonObject r = tool(QStringLiteral("list_templates"),
            {{QStringLiteral("provider"), QStringLiteral("hopx")},
                {QStringLiteral("fields"), QStringLiteral("id,name")}});
        QVERIFY2(!isError(r), dump(r));
        const QJsonArray data = sc(r).value(QStringLiteral("data")).toArray();
        QCOMPARE(data.size(), 2);
        QCOMPARE(data[0].toObject().keys(), (QStringList {"id", "name"}));
        QCOMPARE(reqs("GET", "^/v1/templates$").size(), 1);

        r = tool(QStringLiteral("get_template"),
            {{QStringLiteral("provider"), QStringLiteral("hopx")},
                {QStringLiteral("name"), QStringLiteral("code-interpreter")}});
        QVERIFY2(!isError(r), dump(r));
        QCOMPARE(sc(r).value(QStringLiteral("id")).toString(), QStringLiteral("73"));
        QCOMPARE(reqs("GET", "^/v1/templates/code-interpreter$").size(), 1);

        r = tool(QStringLiteral("get_template"),
            {{QStringLiteral("provider"), QStringLiteral("hopx")},
                {QStringLiteral("name"), QStringLiteral("no-such")}});
        QVERIFY(isError(r));
        QCOMPARE(
            sc(r).value(QStringLiteral("error")).toString(), QStringLiteral("Template not found"));
        QVERIFY(sc(r)
                    .value(QStringLiteral("message"))
                    .toString()
                    .contains(QLatin1String("code-interpreter")));
    }

    // --- sandboxes ------------------------------------------------------------------------------

    void createSandboxKeysAndBody()
    {
        const QJsonObject r = tool(QStringLiteral("create_sandbox"),
            {{QStringLiteral("provider"), QStringLiteral("hopx")},
                {QStringLiteral("template_id"), QStringLiteral("code-interpreter")},
                {QStringLiteral("region"), QStringLiteral("eu-1001")},
                {QStringLiteral("internet_access"), false}});
        QVERIFY2(!isError(r), dump(r));
        const QJsonObject s = sc(r);
        for (const char *k : {"id", "status", "template_id", "template_name", "region",
                 "created_at", "timeout_seconds"})
            QVERIFY2(s.contains(QLatin1String(k)), k);
        QVERIFY(!s.contains(QStringLiteral("auth_token")));
        QVERIFY(!s.contains(QStringLiteral("token_expires_at")));
        const QString id = s.value(QStringLiteral("id")).toString();
        QVERIFY(m_fake->sandboxIds().contains(id));
        QCOMPARE(s.value(QStringLiteral("status")).toString(), QStringLiteral("running"));
        QCOMPARE(s.value(QStringLiteral("template_id")).toString(), QStringLiteral("73"));
        QCOMPARE(s.value(QStringLiteral("template_name")).toString(),
            QStringLiteral("code-interpreter"));
        QCOMPARE(s.value(QStringLiteral("region")).toString(), QStringLiteral("eu-1001"));
        QCOMPARE(s.value(QStringLiteral("timeout_seconds")).toInt(), 3600);
        QVERIFY(QDateTime::fromString(s.value(QStringLiteral("created_at")).toString(), Qt::ISODate)
                    .isValid());

        // A name goes as template_name, never as template_id.
        const QList<Request> posts = reqs("POST", "^/v1/sandboxes$");
        QCOMPARE(posts.size(), 1);
        const QJsonObject body = posts[0].json();
        QCOMPARE(body.value(QStringLiteral("template_name")).toString(),
            QStringLiteral("code-interpreter"));
        QVERIFY(!body.contains(QStringLiteral("template_id")));
        QCOMPARE(body.value(QStringLiteral("region")).toString(), QStringLiteral("eu-1001"));
        QCOMPARE(body.value(QStringLiteral("internet_access")).toBool(true), false);
        QCOMPARE(body.value(QStringLiteral("timeout_seconds")).toInt(), 3600);
        QCOMPARE(posts[0].header("x-api-key"), key().toUtf8());
        QCOMPARE(posts[0].header("content-type"), QByteArray("application/json"));

        // Digits are a template id.
        m_fake->clearRequests();
        const QString byId = create({{QStringLiteral("template_id"), QStringLiteral("12")}});
        QVERIFY(!byId.isEmpty());
        const QJsonObject idBody = last("POST", "^/v1/sandboxes$").json();
        QCOMPARE(idBody.value(QStringLiteral("template_id")).toString(), QStringLiteral("12"));
        QVERIFY(!idBody.contains(QStringLiteral("template_name")));
        QCOMPARE(m_fake->sandbox(byId).value(QStringLiteral("template_name")).toString(),
            QStringLiteral("base"));

        // template_name on its own.
        m_fake->clearRequests();
        QVERIFY(!create({{QStringLiteral("template_name"), QStringLiteral("base")}}).isEmpty());
        QCOMPARE(last("POST", "^/v1/sandboxes$").json().value(QStringLiteral("template_name")),
            QJsonValue(QStringLiteral("base")));
    }

    void createWithEnvVarsSetsThemOnTheAgent()
    {
        const QString id = create({{QStringLiteral("env_vars"),
            QJsonObject {{QStringLiteral("GREETING"), QStringLiteral("hello")}}}});
        QVERIFY(!id.isEmpty());
        // HOPX ignores env_vars in the create body; the app pushes them to the agent.
        const Request patch = last("PATCH", agentPath(id, QStringLiteral("/env")));
        QCOMPARE(patch.json().value(QStringLiteral("env_vars")).toObject(),
            (QJsonObject {{QStringLiteral("GREETING"), QStringLiteral("hello")}}));
        QCOMPARE(m_fake->env(id).value(QStringLiteral("GREETING")), QStringLiteral("hello"));
        const QJsonObject r = exec(id, QStringLiteral("import os\nprint(os.environ['GREETING'])"));
        QCOMPARE(sc(r).value(QStringLiteral("stdout")).toString(), QStringLiteral("hello\n"));
    }

    void networkPolicyMapsOntoInternetAccess()
    {
        // "none" and "full" are HOPX's off and on.
        for (const char *mode : {"none", "full"}) {
            m_fake->clearRequests();
            QVERIFY(!create({{QStringLiteral("network"), QLatin1String(mode)}}).isEmpty());
            QCOMPARE(last("POST", "^/v1/sandboxes$")
                         .json()
                         .value(QStringLiteral("internet_access"))
                         .toBool(),
                QLatin1String(mode) == QLatin1String("full"));
        }
        // An allowlist cannot be enforced there: refused, nothing created, and said so.
        m_fake->clearRequests();
        const QJsonObject r = tool(QStringLiteral("create_sandbox"),
            {{QStringLiteral("provider"), QStringLiteral("hopx")},
                {QStringLiteral("network"),
                    QJsonObject {
                        {QStringLiteral("allow"), QJsonArray {QStringLiteral("pypi.org")}}}}});
        QVERIFY(isError(r));
        QVERIFY2(dump(r).contains("cannot be enforced") && dump(r).contains("pypi.org"), dump(r));
        QCOMPARE(reqs("POST", "^/v1/sandboxes$").size(), 0);
    }

    void createUnknownTemplate()
    {
        const int before = int(m_fake->sandboxIds().size());
        const QJsonObject r = tool(QStringLiteral("create_sandbox"),
            {{QStringLiteral("provider"), QStringLiteral("hopx")},
                {QStringLiteral("template_id"), QStringLiteral("code-interpretr")}});
        QVERIFY(isError(r));
        const QJsonObject s = sc(r);
        QCOMPARE(s.value(QStringLiteral("error")).toString(), QStringLiteral("Template not found"));
        QVERIFY(s.value(QStringLiteral("available_templates"))
                    .toArray()
                    .contains(QStringLiteral("code-interpreter")));
        QCOMPARE(int(m_fake->sandboxIds().size()), before);
        QCOMPARE(reqs("POST", "^/v1/sandboxes$").size(), 1); // a 500 on create is not re-sent
    }

    void listSandboxesShowsSandboxesMadeElsewhere()
    {
        const QString mine = create();
        const QString elsewhere = m_fake->addSandbox().value(QStringLiteral("id")).toString();
        m_fake->clearRequests();
        const QJsonObject r = tool(QStringLiteral("list_sandboxes"),
            {{QStringLiteral("provider"), QStringLiteral("hopx")}});
        QVERIFY2(!isError(r), dump(r));
        const QJsonArray data = sc(r).value(QStringLiteral("data")).toArray();
        QCOMPARE(sc(r).value(QStringLiteral("count")).toInt(), data.size());
        QStringList ids;
        for (const QJsonValue &v : data) {
            const QJsonObject item = v.toObject();
            QVERIFY2(item.contains(QStringLiteral("sandbox_id")), dump(item));
            QVERIFY2(!item.contains(QStringLiteral("id")), dump(item)); // hopx-mcp: sandbox_id only
            QVERIFY(!item.contains(QStringLiteral("auth_token")));
            ids << item.value(QStringLiteral("sandbox_id")).toString();
        }
        QVERIFY(ids.contains(mine));
        QVERIFY(ids.contains(elsewhere));
        QCOMPARE(ids.first(), elsewhere); // newest first
        const QList<Request> lists = reqs("GET", "^/v1/sandboxes$");
        QCOMPARE(lists.size(), 1);
        QCOMPARE(lists[0].query.queryItemValue(QStringLiteral("limit")), QStringLiteral("100"));

        // Filters and paging (HOPX pages at most 100; here 2 to see the cursor followed).
        m_fake->setPageSize(2);
        m_fake->clearRequests();
        const QJsonObject all = sc(tool(QStringLiteral("list_sandboxes"),
            {{QStringLiteral("provider"), QStringLiteral("hopx")},
                {QStringLiteral("status"), QStringLiteral("running")}}));
        QCOMPARE(all.value(QStringLiteral("count")).toInt(), int(m_fake->sandboxIds().size()));
        QVERIFY(reqs("GET", "^/v1/sandboxes$").size() > 1);
        QVERIFY(!reqs("GET", "^/v1/sandboxes$").last().query.queryItemValue("cursor").isEmpty());
        QCOMPARE(reqs("GET", "^/v1/sandboxes$").first().query.queryItemValue("status"),
            QStringLiteral("running"));
        const QJsonObject limited = sc(tool(QStringLiteral("list_sandboxes"),
            {{QStringLiteral("provider"), QStringLiteral("hopx")}, {QStringLiteral("limit"), 3}}));
        QCOMPARE(limited.value(QStringLiteral("count")).toInt(), 3);
    }

    void listSandboxesMergesProvidersNewestFirst()
    {
        const QJsonObject local = tool(QStringLiteral("create_sandbox"),
            {{QStringLiteral("provider"), QStringLiteral("local")}});
        if (isError(local))
            QSKIP(qPrintable(QStringLiteral("no local sandbox here: ") + dump(local)));
        const QString localId = sc(local).value(QStringLiteral("id")).toString();
        // Two HOPX sandboxes newer than the local one; the local provider answers first.
        const QDateTime now = QDateTime::currentDateTimeUtc();
        const QString older = m_fake
                                  ->addSandbox(QStringLiteral("code-interpreter"),
                                      QStringLiteral("running"), now.addSecs(5))
                                  .value(QStringLiteral("id"))
                                  .toString();
        const QString newest = m_fake
                                   ->addSandbox(QStringLiteral("code-interpreter"),
                                       QStringLiteral("running"), now.addSecs(10))
                                   .value(QStringLiteral("id"))
                                   .toString();
        const auto ids = [](const QJsonObject &result) {
            QStringList out;
            for (const QJsonValue &v : result.value(QStringLiteral("data")).toArray())
                out << v.toObject().value(QStringLiteral("sandbox_id")).toString();
            return out;
        };
        const QJsonObject two =
            sc(tool(QStringLiteral("list_sandboxes"), {{QStringLiteral("limit"), 2}}));
        QCOMPARE(ids(two), (QStringList {newest, older}));
        const QStringList all = ids(sc(tool(QStringLiteral("list_sandboxes"), {})));
        QVERIFY2(all.indexOf(older) < all.indexOf(localId), qPrintable(all.join(' ')));

        // A region is where a HOPX sandbox runs: a local one is in none.
        const QStringList inRegion = ids(sc(tool(QStringLiteral("list_sandboxes"),
            {{QStringLiteral("region"), QStringLiteral("us-east")}})));
        QVERIFY2(inRegion.contains(newest) && !inRegion.contains(localId),
            qPrintable(inRegion.join(' ')));
        QVERIFY(ids(sc(tool(QStringLiteral("list_sandboxes"),
                        {{QStringLiteral("region"), QStringLiteral("eu-west")}})))
                    .isEmpty());
        for (const QString &id : {localId, older, newest})
            tool(QStringLiteral("delete_sandbox"), {{QStringLiteral("id"), id}});
    }

    void getUpdatePauseResumeDelete()
    {
        const QString id = create();
        QJsonObject r = tool(QStringLiteral("get_sandbox"), {{QStringLiteral("id"), id}});
        QVERIFY2(!isError(r), dump(r));
        QCOMPARE(sc(r).value(QStringLiteral("id")).toString(), id);
        QCOMPARE(sc(r).value(QStringLiteral("status")).toString(), QStringLiteral("running"));
        QVERIFY(!reqs("GET", QStringLiteral("^/v1/sandboxes/") + id + QLatin1Char('$')).isEmpty());

        r = tool(QStringLiteral("update_sandbox_timeout"),
            {{QStringLiteral("id"), id}, {QStringLiteral("timeout_seconds"), 120}});
        QVERIFY2(!isError(r), dump(r));
        QCOMPARE(sc(r),
            (QJsonObject {{QStringLiteral("id"), id}, {QStringLiteral("timeout_seconds"), 120},
                {QStringLiteral("status"), QStringLiteral("updated")}}));
        const Request put = last("PUT", QStringLiteral("^/v1/sandboxes/") + id + "/timeout$");
        QCOMPARE(put.json(), (QJsonObject {{QStringLiteral("timeout_seconds"), 120}}));
        QCOMPARE(m_fake->sandbox(id).value(QStringLiteral("timeout_seconds")).toInt(), 120);

        r = tool(QStringLiteral("pause_sandbox"), {{QStringLiteral("id"), id}});
        QVERIFY2(!isError(r), dump(r));
        QCOMPARE(sc(r).value(QStringLiteral("status")).toString(), QStringLiteral("paused"));
        QCOMPARE(reqs("POST", QStringLiteral("^/v1/sandboxes/") + id + "/pause$").size(), 1);
        r = tool(QStringLiteral("resume_sandbox"), {{QStringLiteral("id"), id}});
        QVERIFY2(!isError(r), dump(r));
        QCOMPARE(sc(r).value(QStringLiteral("sandbox_id")).toString(), id);
        QCOMPARE(sc(r).value(QStringLiteral("status")).toString(), QStringLiteral("running"));
        QCOMPARE(reqs("POST", QStringLiteral("^/v1/sandboxes/") + id + "/resume$").size(), 1);

        r = tool(QStringLiteral("delete_sandbox"), {{QStringLiteral("id"), id}});
        QVERIFY2(!isError(r), dump(r));
        QCOMPARE(sc(r),
            (QJsonObject {{QStringLiteral("status"), QStringLiteral("deleted")},
                {QStringLiteral("id"), id}}));
        QCOMPARE(
            reqs("DELETE", QStringLiteral("^/v1/sandboxes/") + id + QLatin1Char('$')).size(), 1);
        QVERIFY(!m_fake->sandboxIds().contains(id));

        r = tool(QStringLiteral("get_sandbox"), {{QStringLiteral("id"), id}});
        QVERIFY(isError(r));
        QCOMPARE(
            sc(r).value(QStringLiteral("error")).toString(), QStringLiteral("Sandbox not found"));
        QCOMPARE(sc(r).value(QStringLiteral("id")).toString(), id);
        r = exec(id, QStringLiteral("print(1)"));
        QVERIFY(isError(r));
        QCOMPARE(
            sc(r).value(QStringLiteral("error")).toString(), QStringLiteral("Sandbox not found"));
    }

    // --- execution ------------------------------------------------------------------------------

    void executePersistentRequestShape()
    {
        m_sandbox = create();
        QVERIFY(!m_sandbox.isEmpty());
        m_fake->clearRequests();
        // No mode + a sandbox_id = persistent (the README's execute_code(sandbox_id, code)).
        QJsonObject r = exec(m_sandbox, QStringLiteral("print('hi')"));
        QVERIFY2(!isError(r), dump(r));
        QJsonObject s = sc(r);
        QCOMPARE(s.value(QStringLiteral("stdout")).toString(), QStringLiteral("hi\n"));
        QCOMPARE(s.value(QStringLiteral("stderr")).toString(), QString());
        QCOMPARE(s.value(QStringLiteral("exit_code")).toInt(), 0);
        QCOMPARE(s.value(QStringLiteral("success")).toBool(), true);
        QCOMPARE(s.value(QStringLiteral("mode")).toString(), QStringLiteral("persistent"));
        QCOMPARE(s.value(QStringLiteral("sandbox_id")).toString(), m_sandbox);
        QVERIFY(s.value(QStringLiteral("execution_time")).isDouble());
        const QJsonObject body = last("POST", agentPath(m_sandbox, "/execute")).json();
        QCOMPARE(body.value(QStringLiteral("code")).toString(), QStringLiteral("print('hi')"));
        QCOMPARE(body.value(QStringLiteral("language")).toString(), QStringLiteral("python"));
        QCOMPARE(body.value(QStringLiteral("timeout")).toInt(), 30);
        QCOMPARE(body.value(QStringLiteral("workdir")).toString(), QStringLiteral("/workspace"));
        QVERIFY(!body.contains(QStringLiteral("working_dir")));

        // working_dir reaches the agent as workdir (it ignores working_dir and runs in /).
        r = exec(m_sandbox, QStringLiteral("import os\nprint(os.getcwd())"),
            {{QStringLiteral("working_dir"), QStringLiteral("/tmp")},
                {QStringLiteral("env"),
                    QJsonObject {{QStringLiteral("RUN_ONLY"), QStringLiteral("x")}}},
                {QStringLiteral("timeout"), 45}});
        QCOMPARE(sc(r).value(QStringLiteral("stdout")).toString(), QStringLiteral("/tmp\n"));
        const QJsonObject body2 = last("POST", agentPath(m_sandbox, "/execute")).json();
        QCOMPARE(body2.value(QStringLiteral("workdir")).toString(), QStringLiteral("/tmp"));
        QVERIFY(!body2.contains(QStringLiteral("working_dir")));
        QCOMPARE(body2.value(QStringLiteral("timeout")).toInt(), 45);
        QCOMPARE(body2.value(QStringLiteral("env")).toObject(),
            (QJsonObject {{QStringLiteral("RUN_ONLY"), QStringLiteral("x")}}));

        // Other languages; a failing run is a result, not a tool error.
        r = exec(m_sandbox, QStringLiteral("echo shell"),
            {{QStringLiteral("language"), QStringLiteral("bash")}});
        QCOMPARE(sc(r).value(QStringLiteral("stdout")).toString(), QStringLiteral("shell\n"));
        QCOMPARE(last("POST", agentPath(m_sandbox, "/execute")).json().value("language").toString(),
            QStringLiteral("bash"));
        r = exec(m_sandbox, QStringLiteral("raise ValueError('boom')"));
        QVERIFY(!isError(r));
        s = sc(r);
        QCOMPARE(s.value(QStringLiteral("exit_code")).toInt(), 1);
        QCOMPARE(s.value(QStringLiteral("success")).toBool(), false);
        QVERIFY(s.value(QStringLiteral("stderr")).toString().contains(QLatin1String("ValueError")));

        // Validation happens before any request.
        m_fake->clearRequests();
        r = exec(m_sandbox, QStringLiteral("x"),
            {{QStringLiteral("language"), QStringLiteral("cobol")}});
        QVERIFY(isError(r));
        r = tool(QStringLiteral("execute_code"),
            {{QStringLiteral("code"), QStringLiteral("1")},
                {QStringLiteral("mode"), QStringLiteral("rich")}});
        QVERIFY(isError(r));
        QCOMPARE(m_fake->requests().size(), 0);

        // The wrapper.
        r = tool(QStringLiteral("execute_code_persistent"),
            {{QStringLiteral("sandbox_id"), m_sandbox},
                {QStringLiteral("code"), QStringLiteral("print('p')")}});
        QCOMPARE(sc(r).value(QStringLiteral("mode")).toString(), QStringLiteral("persistent"));
        QCOMPARE(sc(r).value(QStringLiteral("stdout")).toString(), QStringLiteral("p\n"));
    }

    void warmExecuteIsOneRequest()
    {
        QVERIFY(!m_sandbox.isEmpty());
        exec(m_sandbox, QStringLiteral("print('warm')"));
        for (int i = 0; i < 5; ++i) {
            m_fake->clearRequests();
            const QJsonObject r = exec(m_sandbox, QStringLiteral("print('again')"));
            QCOMPARE(sc(r).value(QStringLiteral("stdout")).toString(), QStringLiteral("again\n"));
            const QList<Request> sent = m_fake->requests();
            QCOMPARE(sent.size(), 1);
            QCOMPARE(sent[0].method, QByteArray("POST"));
            QCOMPARE(sent[0].agentPath, QStringLiteral("/execute"));
        }
    }

    // With a progressToken a run that makes no figures (here Bash) goes over the agent's
    // /execute/stream and its output reaches the client as notifications/progress while it runs.
    void streamedExecutionShowsOutputBeforeTheResult()
    {
        QVERIFY(!m_sandbox.isEmpty());
        exec(m_sandbox, QStringLiteral("print('warm')"));
        m_fake->clearRequests();
        const QString token = QStringLiteral("stream-1");
        const qint64 id =
            startExecWithProgress(QStringLiteral("echo one\nsleep 1.5\necho two"), token);
        const auto position = [this, id, token](bool response) {
            const QList<QJsonObject> &all = m_client->messages();
            for (qsizetype i = 0; i < all.size(); ++i) {
                const QJsonObject &m = all[i];
                const QJsonObject p = m.value(QStringLiteral("params")).toObject();
                if (response && !m.contains(QStringLiteral("method"))
                    && m.value(QStringLiteral("id")).toInteger(-1) == id)
                    return i;
                if (!response
                    && m.value(QStringLiteral("method")).toString()
                        == QLatin1String("notifications/progress")
                    && p.value(QStringLiteral("progressToken")).toString() == token
                    && p.value(QStringLiteral("message")).toString().contains(QLatin1String("one")))
                    return i;
            }
            return qsizetype(-1);
        };
        QVERIFY(QTest::qWaitFor([&] { return position(true) >= 0; }, 30000));
        QVERIFY2(position(false) >= 0, "no progress notification carried the first line");
        QVERIFY(position(false) < position(true));
        const QJsonObject r = m_client->response(id)->value(QStringLiteral("result")).toObject();
        QVERIFY2(!isError(r), dump(r));
        QCOMPARE(sc(r).value(QStringLiteral("stdout")).toString(), QStringLiteral("one\ntwo\n"));
        QCOMPARE(sc(r).value(QStringLiteral("exit_code")).toInt(), 0);
        QCOMPARE(reqs("GET", agentPath(m_sandbox, QStringLiteral("/execute/stream"))).size(), 1);
        QCOMPARE(reqs("POST", agentPath(m_sandbox, QStringLiteral("/execute"))).size(), 0);
        // The stream's handshake carried the sandbox JWT, like every agent call.
        QVERIFY(last("GET", agentPath(m_sandbox, QStringLiteral("/execute/stream")))
                    .header("authorization")
                    .startsWith("Bearer ey"));
    }

    // The stream's result frame has no figures: Python with a progressToken (every client in
    // tests/clients sends one) stays on POST /execute, whose reply carries the plot.
    void pythonWithProgressKeepsItsFigure()
    {
        QVERIFY(!m_sandbox.isEmpty());
        m_fake->clearRequests();
        const qint64 id = startExecWithProgress(
            QStringLiteral("import matplotlib.pyplot as plt\nplt.plot([1, 2])\nplt.show()\n"
                           "print('drawn')"),
            QStringLiteral("figure-1"), 30, QStringLiteral("python"));
        const auto reply = m_client->response(id, 30000);
        QVERIFY(reply);
        const QJsonObject r = reply->value(QStringLiteral("result")).toObject();
        QVERIFY2(!isError(r), dump(r));
        QByteArray png;
        for (const QJsonValue &c : r.value(QStringLiteral("content")).toArray())
            if (c.toObject().value(QStringLiteral("type")) == QLatin1String("image"))
                png = QByteArray::fromBase64(
                    c.toObject().value(QStringLiteral("data")).toString().toLatin1());
        QVERIFY2(png.startsWith("\x89PNG"), dump(r));
        QVERIFY2(dump(r).contains(QLatin1String("drawn")), dump(r));
        QCOMPARE(reqs("POST", agentPath(m_sandbox, QStringLiteral("/execute"))).size(), 1);
        QCOMPARE(reqs("GET", agentPath(m_sandbox, QStringLiteral("/execute/stream"))).size(), 0);
    }

    void cancellingAStreamedRunClosesItsStream()
    {
        QVERIFY(!m_sandbox.isEmpty());
        const int closedBefore = m_fake->streamsClosedByClient();
        const qint64 id =
            startExecWithProgress(QStringLiteral("echo start\nsleep 60\necho end"), 77, 120);
        QTRY_COMPARE_WITH_TIMEOUT(m_fake->openStreams(), 1, 15000);
        m_client->notify(QStringLiteral("notifications/cancelled"),
            {{QStringLiteral("requestId"), id},
                {QStringLiteral("reason"), QStringLiteral("stop")}});
        QTRY_COMPARE_WITH_TIMEOUT(m_fake->openStreams(), 0, 15000);
        QCOMPARE(m_fake->streamsClosedByClient(), closedBefore + 1);
        // No answer to a cancelled request, and the sandbox takes the next run at once.
        const QJsonObject next = exec(m_sandbox, QStringLiteral("print('after')"));
        QCOMPARE(sc(next).value(QStringLiteral("stdout")).toString(), QStringLiteral("after\n"));
        QVERIFY(!m_client->response(id, 200));
    }

    void streamedTimeoutIsReportedAsOne()
    {
        QVERIFY(!m_sandbox.isEmpty());
        const qint64 id = startExecWithProgress(QStringLiteral("sleep 5"), 78, 1);
        const QJsonObject r =
            m_client->response(id, 30000)->value(QStringLiteral("result")).toObject();
        QVERIFY2(!isError(r), dump(r));
        QCOMPARE(sc(r).value(QStringLiteral("timed_out")).toBool(), true);
        QCOMPARE(sc(r).value(QStringLiteral("success")).toBool(), false);
    }

    void sandboxFilesAsResources()
    {
        QVERIFY(!m_sandbox.isEmpty());
        tool(QStringLiteral("file_write"),
            {{QStringLiteral("sandbox_id"), m_sandbox},
                {QStringLiteral("path"), QStringLiteral("/workspace/res.csv")},
                {QStringLiteral("content"), QStringLiteral("a,b\n1,2\n")}});
        m_fake->setFile(
            m_sandbox, QStringLiteral("/workspace/raw.bin"), QByteArray("\x89PNG\x00\x01", 6));
        m_fake->clearRequests();
        const QString base = QStringLiteral("sandbox://%1/workspace/").arg(m_sandbox);
        const auto read = [this](const QString &uri) {
            return *m_client->response(m_client->request(
                QStringLiteral("resources/read"), {{QStringLiteral("uri"), uri}}));
        };
        // The one content item of a successful read.
        const auto content = [&read](const QString &uri) {
            const QJsonObject reply = read(uri);
            return reply[QStringLiteral("result")][QStringLiteral("contents")][0].toObject();
        };
        QJsonObject c = content(base + QStringLiteral("res.csv"));
        QCOMPARE(c.value(QStringLiteral("text")).toString(), QStringLiteral("a,b\n1,2\n"));
        QCOMPARE(c.value(QStringLiteral("mimeType")).toString(), QStringLiteral("text/csv"));
        // Read through the agent's file API with the sandbox JWT.
        QCOMPARE(last("GET", agentPath(m_sandbox, QStringLiteral("/files/.*")))
                     .query.queryItemValue(QStringLiteral("path")),
            QStringLiteral("/workspace/res.csv"));
        c = content(base + QStringLiteral("raw.bin"));
        QCOMPARE(QByteArray::fromBase64(c.value(QStringLiteral("blob")).toString().toLatin1()),
            QByteArray("\x89PNG\x00\x01", 6));
        QJsonObject e =
            read(base + QStringLiteral("missing.txt")).value(QStringLiteral("error")).toObject();
        QCOMPARE(e.value(QStringLiteral("code")).toInt(), -32002);
        e = read(QStringLiteral("sandbox://1762778786nosuchsb/workspace/x.txt"))
                .value(QStringLiteral("error"))
                .toObject();
        QCOMPARE(e.value(QStringLiteral("code")).toInt(), -32002);
        const QJsonObject completion = m_client->call(QStringLiteral("completion/complete"),
            {{QStringLiteral("ref"),
                 QJsonObject {{QStringLiteral("type"), QStringLiteral("ref/resource")},
                     {QStringLiteral("uri"), QStringLiteral("sandbox://{sandbox_id}/{+path}")}}},
                {QStringLiteral("argument"),
                    QJsonObject {{QStringLiteral("name"), QStringLiteral("sandbox_id")},
                        {QStringLiteral("value"), m_sandbox.left(4)}}}});
        QVERIFY2(completion.value(QStringLiteral("completion"))
                     .toObject()
                     .value(QStringLiteral("values"))
                     .toArray()
                     .contains(m_sandbox),
            dump(completion));
    }

    void executeTimeout()
    {
        const QJsonObject r = exec(m_sandbox, QStringLiteral("import time\ntime.sleep(5)"),
            {{QStringLiteral("timeout"), 1}});
        QVERIFY2(!isError(r), dump(r));
        const QJsonObject s = sc(r);
        QCOMPARE(s.value(QStringLiteral("timed_out")).toBool(), true);
        QCOMPARE(s.value(QStringLiteral("success")).toBool(), false);
        QVERIFY(s.value(QStringLiteral("stderr")).toString().contains(QLatin1String("timed out")));
    }

    void isolatedModeDeletesItsSandbox()
    {
        for (const QString &toolName :
            {QStringLiteral("execute_code"), QStringLiteral("execute_code_isolated")}) {
            m_fake->clearRequests();
            const QStringList before = m_fake->sandboxIds();
            const QJsonObject r = tool(toolName,
                {{QStringLiteral("code"), QStringLiteral("print('once')")},
                    {QStringLiteral("provider"), QStringLiteral("hopx")}});
            QVERIFY2(!isError(r), dump(r));
            const QJsonObject s = sc(r);
            QCOMPARE(s.value(QStringLiteral("mode")).toString(), QStringLiteral("isolated"));
            QCOMPARE(s.value(QStringLiteral("stdout")).toString(), QStringLiteral("once\n"));
            QVERIFY(s.value(QStringLiteral("_note")).toString().contains(QLatin1String("deleted")));
            const QString id = s.value(QStringLiteral("sandbox_id")).toString();
            QVERIFY(!id.isEmpty() && !before.contains(id));
            const QJsonObject body = last("POST", "^/v1/sandboxes$").json();
            QCOMPARE(body.value(QStringLiteral("template_name")).toString(),
                QStringLiteral("code-interpreter"));
            QCOMPARE(body.value(QStringLiteral("timeout_seconds")).toInt(), 600);
            QVERIFY(QTest::qWaitFor([&] { return !m_fake->sandboxIds().contains(id); }, 10000));
            QCOMPARE(
                reqs("DELETE", QStringLiteral("^/v1/sandboxes/") + id + QLatin1Char('$')).size(),
                1);
            QCOMPARE(reqs("POST", agentPath(id, "/execute")).size(), 1);
            QCOMPARE(m_fake->sandboxIds(), before);
        }
    }

    void richModeReturnsAnImage()
    {
        const QString code =
            QStringLiteral("import matplotlib.pyplot as plt\nplt.plot([1, 2])\nplt.show()");
        for (const QString &toolName :
            {QStringLiteral("execute_code"), QStringLiteral("execute_code_rich")}) {
            QJsonObject args {
                {QStringLiteral("sandbox_id"), m_sandbox}, {QStringLiteral("code"), code}};
            if (toolName == QLatin1String("execute_code"))
                args.insert(QStringLiteral("mode"), QStringLiteral("rich"));
            const QJsonObject r = tool(toolName, args);
            QVERIFY2(!isError(r), dump(r));
            // A result with figures is text plus images, without structuredContent: hopx-mcp's
            // keys are in the text, each figure referred to by its image item and size.
            QVERIFY2(!r.contains(QStringLiteral("structuredContent")), dump(r));
            const QJsonArray content = r.value(QStringLiteral("content")).toArray();
            const QJsonObject dict = QJsonDocument::fromJson(
                content.at(0).toObject().value(QStringLiteral("text")).toString().toUtf8())
                                         .object();
            QCOMPARE(dict.value(QStringLiteral("mode")).toString(), QStringLiteral("rich"));
            const QJsonArray rich = dict.value(QStringLiteral("rich_outputs")).toArray();
            QCOMPARE(rich.size(), 1);
            const QJsonObject item = rich[0].toObject();
            QCOMPARE(item.value(QStringLiteral("type")).toString(), QStringLiteral("image/png"));
            QCOMPARE(item.value(QStringLiteral("format")).toString(), QStringLiteral("png"));
            QCOMPARE(item.value(QStringLiteral("data")).toString(),
                QStringLiteral("(sent as image content item 1)"));
            // The MCP image item carries the PNG.
            QByteArray png;
            for (const QJsonValue &c : content) {
                const QJsonObject o = c.toObject();
                if (o.value(QStringLiteral("type")) == QLatin1String("image")) {
                    QCOMPARE(o.value(QStringLiteral("mimeType")).toString(),
                        QStringLiteral("image/png"));
                    png = QByteArray::fromBase64(
                        o.value(QStringLiteral("data")).toString().toLatin1());
                }
            }
            QVERIFY2(png.startsWith("\x89PNG\r\n\x1a\n"), dump(r));
            QCOMPARE(item.value(QStringLiteral("metadata"))
                         .toObject()
                         .value(QStringLiteral("size"))
                         .toInt(),
                png.size());
            // hopx-mcp's rich default working directory, sent as workdir.
            const QJsonObject body = last("POST", agentPath(m_sandbox, "/execute")).json();
            QCOMPARE(body.value(QStringLiteral("workdir")).toString(), QStringLiteral("/tmp"));
            QCOMPARE(reqs("POST", agentPath(m_sandbox, "/execute/rich")).size(), 0);
        }
    }

    void backgroundListAndKill()
    {
        QJsonObject r = tool(QStringLiteral("execute_code"),
            {{QStringLiteral("sandbox_id"), m_sandbox},
                {QStringLiteral("mode"), QStringLiteral("background")},
                {QStringLiteral("code"), QStringLiteral("import time\ntime.sleep(100)")},
                {QStringLiteral("name"), QStringLiteral("sleeper")}});
        QVERIFY2(!isError(r), dump(r));
        QJsonObject s = sc(r);
        const QString pid = s.value(QStringLiteral("process_id")).toString();
        QVERIFY2(pid.startsWith(QLatin1String("bg_")), qPrintable(pid));
        QCOMPARE(s.value(QStringLiteral("status")).toString(), QStringLiteral("running"));
        QCOMPARE(s.value(QStringLiteral("mode")).toString(), QStringLiteral("background"));
        QCOMPARE(s.value(QStringLiteral("sandbox_id")).toString(), m_sandbox);
        QCOMPARE(s.value(QStringLiteral("name")).toString(), QStringLiteral("sleeper"));
        const QJsonObject body = last("POST", agentPath(m_sandbox, "/execute/background")).json();
        QCOMPARE(body.value(QStringLiteral("name")).toString(), QStringLiteral("sleeper"));
        QCOMPARE(body.value(QStringLiteral("timeout")).toInt(), 300);
        QVERIFY(
            !body.contains(QStringLiteral("workdir"))); // background code runs in /tmp/hopx-exec
        QVERIFY(!body.contains(QStringLiteral("working_dir")));

        QVERIFY2(!s.value(QStringLiteral("message"))
                      .toString()
                      .contains(QLatin1String("/tmp/hopx-exec")),
            dump(r)); // no directory was asked for: nothing to correct

        r = tool(QStringLiteral("execute_code_background"),
            {{QStringLiteral("sandbox_id"), m_sandbox},
                {QStringLiteral("code"), QStringLiteral("print(1)")},
                {QStringLiteral("working_dir"), QStringLiteral("/workspace/proj")}});
        QVERIFY2(
            sc(r).value(QStringLiteral("process_id")).toString().startsWith(QLatin1String("bg_")),
            dump(r));
        // The agent cannot run it there: the model is told where it runs instead.
        QVERIFY2(sc(r)
                     .value(QStringLiteral("message"))
                     .toString()
                     .contains(QLatin1String("in /tmp/hopx-exec, not in /workspace/proj")),
            dump(r));

        r = tool(
            QStringLiteral("execute_list_processes"), {{QStringLiteral("sandbox_id"), m_sandbox}});
        QVERIFY2(!isError(r), dump(r));
        QStringList listed;
        for (const QJsonValue &p : sc(r).value(QStringLiteral("processes")).toArray())
            listed << p.toObject().value(QStringLiteral("process_id")).toString();
        QVERIFY(listed.contains(pid));
        QCOMPARE(sc(r).value(QStringLiteral("count")).toInt(), listed.size());
        QVERIFY(!reqs("GET", agentPath(m_sandbox, "/execute/processes")).isEmpty());

        m_fake->clearRequests();
        r = tool(QStringLiteral("execute_kill_process"),
            {{QStringLiteral("sandbox_id"), m_sandbox}, {QStringLiteral("process_id"), pid}});
        QVERIFY2(!isError(r), dump(r));
        QCOMPARE(sc(r),
            (QJsonObject {{QStringLiteral("status"), QStringLiteral("killed")},
                {QStringLiteral("process_id"), pid}}));
        // The one form agent 3.2.8 documents.
        QCOMPARE(last("DELETE", agentPath(m_sandbox, "/execute/kill"))
                     .query.queryItemValue(QStringLiteral("process_id")),
            pid);
        bool killed = false;
        for (const QJsonValue &e : m_fake->executions(m_sandbox)) {
            if (e.toObject().value(QStringLiteral("process_id")).toString() == pid)
                killed = e.toObject().value(QStringLiteral("status")).toString()
                    == QLatin1String("killed");
        }
        QVERIFY(killed);

        r = tool(QStringLiteral("execute_kill_process"),
            {{QStringLiteral("sandbox_id"), m_sandbox},
                {QStringLiteral("process_id"), QStringLiteral("bg_0")}});
        QVERIFY(isError(r));
        QCOMPARE(
            sc(r).value(QStringLiteral("error")).toString(), QStringLiteral("Process not found"));
    }

    // The desktop of a template that has one: the screen as an image, mouse and keyboard as
    // the agent's /desktop/* calls; one without a desktop says so.
    void desktopToolsDriveTheScreen()
    {
        QJsonObject r = tool(QStringLiteral("desktop_screenshot"), {{"sandbox_id", m_sandbox}});
        QVERIFY(isError(r));
        QVERIFY2(dump(r).contains(QLatin1String("has no desktop")), dump(r));
        m_fake->setDesktop(m_sandbox, true);
        r = tool(QStringLiteral("desktop_screenshot"), {{"sandbox_id", m_sandbox}});
        QVERIFY2(!isError(r), dump(r));
        QVERIFY(!r.contains(QStringLiteral("structuredContent")));
        const QJsonArray content = r.value(QStringLiteral("content")).toArray();
        QCOMPARE(content.size(), 2);
        QCOMPARE(content[1].toObject().value("type").toString(), QStringLiteral("image"));
        QCOMPARE(content[1].toObject().value("mimeType").toString(), QStringLiteral("image/png"));
        QVERIFY(QByteArray::fromBase64(content[1].toObject().value("data").toString().toLatin1())
                    .startsWith("\x89PNG"));

        r = tool(QStringLiteral("desktop_mouse"),
            {{"sandbox_id", m_sandbox}, {"action", "double_click"}, {"x", 10}, {"y", 20}});
        QVERIFY2(!isError(r), dump(r));
        r = tool(QStringLiteral("desktop_mouse"),
            {{"sandbox_id", m_sandbox}, {"action", "drag"}, {"x", 1}, {"y", 2}, {"to_x", 3},
                {"to_y", 4}});
        QVERIFY2(!isError(r), dump(r));
        r = tool(
            QStringLiteral("desktop_mouse"), {{"sandbox_id", m_sandbox}, {"action", "scroll"}});
        QVERIFY2(!isError(r), dump(r));
        r = tool(QStringLiteral("desktop_mouse"), {{"sandbox_id", m_sandbox}, {"action", "drag"}});
        QVERIFY(isError(r)); // no coordinates
        r = tool(QStringLiteral("desktop_keyboard"), {{"sandbox_id", m_sandbox}, {"text", "hi"}});
        QVERIFY2(!isError(r), dump(r));
        r = tool(QStringLiteral("desktop_keyboard"),
            {{"sandbox_id", m_sandbox}, {"key", "t"}, {"modifiers", QJsonArray {"ctrl", "shift"}}});
        QVERIFY2(!isError(r), dump(r));
        r = tool(
            QStringLiteral("desktop_keyboard"), {{"sandbox_id", m_sandbox}, {"key", "Return"}});
        QVERIFY2(!isError(r), dump(r));
        const QJsonArray events = m_fake->desktopEvents(m_sandbox);
        QCOMPARE(events.size(), 6);
        QCOMPARE(events[0].toObject().value("body").toObject(),
            (QJsonObject {{"x", 10}, {"y", 20}, {"button", "left"}, {"clicks", 2}}));
        QCOMPARE(events[2].toObject().value("body").toObject(),
            (QJsonObject {{"amount", 3}, {"direction", "down"}}));
        QCOMPARE(events[3].toObject().value("action").toString(),
            QStringLiteral("/desktop/keyboard/type"));
        QCOMPARE(events[4].toObject().value("action").toString(),
            QStringLiteral("/desktop/keyboard/combination"));
        QCOMPARE(events[5].toObject().value("body").toObject(), (QJsonObject {{"key", "Return"}}));
        m_fake->setDesktop(m_sandbox, false);
    }

    void asyncExecutionPostsTheWebhook()
    {
        const QString secret = QStringLiteral("s3cret");
        const QString callback = m_fake->baseUrl().toString() + QStringLiteral("/webhook");
        const QJsonObject r = tool(QStringLiteral("execute_code_async"),
            {{QStringLiteral("sandbox_id"), m_sandbox},
                {QStringLiteral("code"), QStringLiteral("print('later')")},
                {QStringLiteral("callback_url"), callback},
                {QStringLiteral("callback_headers"),
                    QJsonObject {{QStringLiteral("X-Job"), QStringLiteral("42")}}},
                {QStringLiteral("callback_signature_secret"), secret}});
        QVERIFY2(!isError(r), dump(r));
        QCOMPARE(sc(r).value(QStringLiteral("status")).toString(), QStringLiteral("queued"));
        const QString executionId = sc(r).value(QStringLiteral("execution_id")).toString();
        QVERIFY(!executionId.isEmpty());
        QVERIFY(QTest::qWaitFor([&] { return !reqs("POST", "^/webhook$").isEmpty(); }, 20000));
        const Request hook = last("POST", "^/webhook$");
        const QJsonObject body = hook.json();
        QCOMPARE(body.value(QStringLiteral("execution_id")).toString(), executionId);
        QCOMPARE(body.value(QStringLiteral("status")).toString(), QStringLiteral("completed"));
        QCOMPARE(body.value(QStringLiteral("stdout")).toString(), QStringLiteral("later\n"));
        QCOMPARE(hook.header("x-job"), QByteArray("42"));
        const QByteArray ts = hook.header("x-hopx-timestamp");
        QVERIFY(!ts.isEmpty());
        const QByteArray mac = QMessageAuthenticationCode::hash(
            ts + hook.body, secret.toUtf8(), QCryptographicHash::Sha256);
        QCOMPARE(hook.header("x-hopx-signature"), "sha256=" + mac.toHex());
        // The run itself went to the agent as a synchronous execute, with the tool's own
        // timeout: agent 3.2.8's ExecuteRequest sets no upper bound (no 300 s cap).
        const QJsonObject exec = last("POST", agentPath(m_sandbox, "/execute")).json();
        QCOMPARE(exec.value(QStringLiteral("code")).toString(), QStringLiteral("print('later')"));
        QVERIFY(exec.value(QStringLiteral("timeout")).toInt() > 300);
    }

    // --- commands, processes ---------------------------------------------------------------------

    void runCommandIsBashC()
    {
        QJsonObject r = tool(QStringLiteral("run_command"),
            {{QStringLiteral("sandbox_id"), m_sandbox},
                {QStringLiteral("command"), QStringLiteral("echo hi && pwd")}});
        QVERIFY2(!isError(r), dump(r));
        QCOMPARE(
            sc(r).value(QStringLiteral("stdout")).toString(), QStringLiteral("hi\n/workspace\n"));
        QCOMPARE(sc(r).value(QStringLiteral("exit_code")).toInt(), 0);
        QCOMPARE(sc(r).value(QStringLiteral("stderr")).toString(), QString());
        QJsonObject body = last("POST", agentPath(m_sandbox, "/commands/run")).json();
        QCOMPARE(body.value(QStringLiteral("command")).toString(), QStringLiteral("bash"));
        QCOMPARE(body.value(QStringLiteral("args")).toArray(),
            (QJsonArray {QStringLiteral("-c"), QStringLiteral("echo hi && pwd")}));
        QCOMPARE(body.value(QStringLiteral("workdir")).toString(), QStringLiteral("/workspace"));
        QCOMPARE(body.value(QStringLiteral("timeout")).toInt(), 30);
        QVERIFY(!body.contains(QStringLiteral("working_dir")));

        r = tool(QStringLiteral("run_command"),
            {{QStringLiteral("sandbox_id"), m_sandbox},
                {QStringLiteral("command"), QStringLiteral("pwd; echo $WHO")},
                {QStringLiteral("working_dir"), QStringLiteral("/tmp")},
                {QStringLiteral("env"),
                    QJsonObject {{QStringLiteral("WHO"), QStringLiteral("me")}}}});
        QCOMPARE(sc(r).value(QStringLiteral("stdout")).toString(), QStringLiteral("/tmp\nme\n"));
        body = last("POST", agentPath(m_sandbox, "/commands/run")).json();
        QCOMPARE(body.value(QStringLiteral("workdir")).toString(), QStringLiteral("/tmp"));
        QCOMPARE(
            body.value(QStringLiteral("env")).toObject().value(QStringLiteral("WHO")).toString(),
            QStringLiteral("me"));

        // A failing command: the agent answers 500 with the normal body; that is a result.
        r = tool(QStringLiteral("run_command"),
            {{QStringLiteral("sandbox_id"), m_sandbox},
                {QStringLiteral("command"), QStringLiteral("exit 3")}});
        QVERIFY2(!isError(r), dump(r));
        QCOMPARE(sc(r).value(QStringLiteral("exit_code")).toInt(), 3);
        QCOMPARE(sc(r).value(QStringLiteral("success")).toBool(), false);
    }

    void backgroundCommandsAndProcesses()
    {
        QJsonObject r = tool(QStringLiteral("run_command_background"),
            {{QStringLiteral("sandbox_id"), m_sandbox},
                {QStringLiteral("command"), QStringLiteral("python -m http.server 8000")}});
        QVERIFY2(!isError(r), dump(r));
        QVERIFY2(
            sc(r).value(QStringLiteral("process_id")).toString().startsWith(QLatin1String("cmd_")),
            dump(r));
        QCOMPARE(sc(r).value(QStringLiteral("status")).toString(), QStringLiteral("running"));
        const QJsonObject body = last("POST", agentPath(m_sandbox, "/commands/background")).json();
        QCOMPARE(body.value(QStringLiteral("command")).toString(), QStringLiteral("bash"));
        QCOMPARE(body.value(QStringLiteral("args")).toArray(),
            (QJsonArray {QStringLiteral("-c"), QStringLiteral("python -m http.server 8000")}));
        QCOMPARE(body.value(QStringLiteral("workdir")).toString(), QStringLiteral("/workspace"));
        QCOMPARE(body.value(QStringLiteral("timeout")).toInt(), 300);

        r = tool(QStringLiteral("list_processes"), {{QStringLiteral("sandbox_id"), m_sandbox}});
        QVERIFY2(!isError(r), dump(r));
        QCOMPARE(sc(r).value(QStringLiteral("count")).toInt(), 2);
        QCOMPARE(sc(r).value(QStringLiteral("truncated")).toBool(), false);
        QCOMPARE(reqs("GET", agentPath(m_sandbox, "/processes")).size(), 1);
        r = tool(QStringLiteral("list_processes"),
            {{QStringLiteral("sandbox_id"), m_sandbox}, {QStringLiteral("max_results"), 1}});
        QCOMPARE(sc(r).value(QStringLiteral("count")).toInt(), 1);
        QCOMPARE(sc(r).value(QStringLiteral("truncated")).toBool(), true);
        QCOMPARE(sc(r).value(QStringLiteral("total_processes")).toInt(), 2);
    }

    // --- files ----------------------------------------------------------------------------------

    void filesText()
    {
        QJsonObject r = tool(QStringLiteral("file_write"),
            {{QStringLiteral("sandbox_id"), m_sandbox},
                {QStringLiteral("path"), QStringLiteral("notes/a.txt")},
                {QStringLiteral("content"), QStringLiteral("héllo\n")}});
        QVERIFY2(!isError(r), dump(r));
        QCOMPARE(sc(r),
            (QJsonObject {{QStringLiteral("path"), QStringLiteral("/workspace/notes/a.txt")},
                {QStringLiteral("size"), 7}}));
        const QJsonObject body = last("POST", agentPath(m_sandbox, "/files/write")).json();
        QCOMPARE(body.value(QStringLiteral("path")).toString(),
            QStringLiteral("/workspace/notes/a.txt"));
        QCOMPARE(body.value(QStringLiteral("content")).toString(), QStringLiteral("héllo\n"));
        QCOMPARE(body.value(QStringLiteral("mode")).toString(), QStringLiteral("0644"));
        QVERIFY(!body.contains(QStringLiteral("encoding")));
        QCOMPARE(m_fake->file(m_sandbox, QStringLiteral("/workspace/notes/a.txt")),
            QStringLiteral("héllo\n").toUtf8());

        r = tool(QStringLiteral("file_read"),
            {{QStringLiteral("sandbox_id"), m_sandbox},
                {QStringLiteral("path"), QStringLiteral("/workspace/notes/a.txt")}});
        QVERIFY2(!isError(r), dump(r));
        QCOMPARE(sc(r).value(QStringLiteral("content")).toString(), QStringLiteral("héllo\n"));
        QCOMPARE(sc(r).value(QStringLiteral("path")).toString(),
            QStringLiteral("/workspace/notes/a.txt"));
        const Request read = m_fake->requests().last();
        QVERIFY(read.agentPath == QLatin1String("/files/download")
            || read.agentPath == QLatin1String("/files/read"));
        QCOMPARE(read.query.queryItemValue(QStringLiteral("path")),
            QStringLiteral("/workspace/notes/a.txt"));

        r = tool(QStringLiteral("file_read"),
            {{QStringLiteral("sandbox_id"), m_sandbox},
                {QStringLiteral("path"), QStringLiteral("/workspace/none.txt")}});
        QVERIFY(isError(r));
        QCOMPARE(sc(r).value(QStringLiteral("error")).toString(), QStringLiteral("File not found"));
        QCOMPARE(
            sc(r).value(QStringLiteral("path")).toString(), QStringLiteral("/workspace/none.txt"));

        r = tool(QStringLiteral("file_read"),
            {{QStringLiteral("sandbox_id"), m_sandbox},
                {QStringLiteral("path"), QStringLiteral("/etc/shadow")}});
        QVERIFY(isError(r));
    }

    void filesBinaryRoundTrip_data()
    {
        QTest::addColumn<bool>("agentKeepsBase64Text");
        QTest::newRow("agent decodes") << false;
        QTest::newRow("agent keeps base64 text (hopx-ai/hopx#33)") << true;
    }

    void filesBinaryRoundTrip()
    {
        QFETCH(bool, agentKeepsBase64Text);
        m_fake->setQuirks(agentKeepsBase64Text); // hopx-ai/hopx#33 is one of the quirks
        QByteArray bytes;
        for (int i = 0; i < 256; ++i)
            bytes.append(char(i));
        bytes += QByteArray("\x00\xff\xfe\x80", 4);
        const QString path = QStringLiteral("/workspace/blob-%1.bin").arg(agentKeepsBase64Text);
        QJsonObject r = tool(QStringLiteral("file_write"),
            {{QStringLiteral("sandbox_id"), m_sandbox}, {QStringLiteral("path"), path},
                {QStringLiteral("content"), QString::fromLatin1(bytes.toBase64())},
                {QStringLiteral("encoding"), QStringLiteral("base64")}});
        QVERIFY2(!isError(r), dump(r));
        QCOMPARE(sc(r).value(QStringLiteral("size")).toInt(), bytes.size());
        const QJsonObject body = last("POST", agentPath(m_sandbox, "/files/write")).json();
        QCOMPARE(body.value(QStringLiteral("encoding")).toString(), QStringLiteral("base64"));
        QCOMPARE(
            QByteArray::fromBase64(body.value(QStringLiteral("content")).toString().toLatin1()),
            bytes);
        if (!agentKeepsBase64Text)
            QCOMPARE(m_fake->file(m_sandbox, path), bytes);

        r = tool(QStringLiteral("file_read"),
            {{QStringLiteral("sandbox_id"), m_sandbox}, {QStringLiteral("path"), path},
                {QStringLiteral("encoding"), QStringLiteral("base64")}});
        QVERIFY2(!isError(r), dump(r));
        QCOMPARE(sc(r).value(QStringLiteral("encoding")).toString(), QStringLiteral("base64"));
        QCOMPARE(
            QByteArray::fromBase64(sc(r).value(QStringLiteral("content")).toString().toLatin1()),
            bytes);
        QCOMPARE(sc(r).value(QStringLiteral("size")).toInt(), bytes.size());

        // Binary read as text: a link to it instead of mangled bytes, and how to read it inline.
        r = tool(QStringLiteral("file_read"),
            {{QStringLiteral("sandbox_id"), m_sandbox}, {QStringLiteral("path"), path}});
        QVERIFY2(!isError(r), dump(r));
        QCOMPARE(sc(r).value(QStringLiteral("uri")).toString(),
            QStringLiteral("sandbox://") + m_sandbox + path);
        QVERIFY(sc(r).value(QStringLiteral("note")).toString().contains(QLatin1String("base64")));
    }

    void filesImageComesBackAsImage()
    {
        const QByteArray png =
            QByteArray::fromBase64("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPh"
                                   "fDwAChwGA60e6kgAAAABJRU5ErkJggg==");
        m_fake->setFile(m_sandbox, QStringLiteral("/workspace/plot.png"), png);
        const QJsonObject r = tool(QStringLiteral("file_read"),
            {{QStringLiteral("sandbox_id"), m_sandbox},
                {QStringLiteral("path"), QStringLiteral("/workspace/plot.png")},
                {QStringLiteral("encoding"), QStringLiteral("base64")}});
        QVERIFY2(!isError(r), dump(r));
        bool image = false;
        for (const QJsonValue &c : r.value(QStringLiteral("content")).toArray())
            image = image
                || (c.toObject().value(QStringLiteral("type")) == QLatin1String("image")
                    && QByteArray::fromBase64(
                           c.toObject().value(QStringLiteral("data")).toString().toLatin1())
                        == png);
        QVERIFY2(image, dump(r));
    }

    void filesListExistsMkdirRemove()
    {
        QJsonObject r = tool(QStringLiteral("file_mkdir"),
            {{QStringLiteral("sandbox_id"), m_sandbox},
                {QStringLiteral("path"), QStringLiteral("/workspace/d1/d2")}});
        QVERIFY2(!isError(r), dump(r));
        QCOMPARE(sc(r),
            (QJsonObject {{QStringLiteral("status"), QStringLiteral("created")},
                {QStringLiteral("path"), QStringLiteral("/workspace/d1/d2")}}));
        QCOMPARE(last("POST", agentPath(m_sandbox, "/files/mkdir")).json(),
            (QJsonObject {{QStringLiteral("path"), QStringLiteral("/workspace/d1/d2")}}));
        m_fake->setFile(m_sandbox, QStringLiteral("/workspace/d1/f.txt"), "abc");

        r = tool(QStringLiteral("file_list"),
            {{QStringLiteral("sandbox_id"), m_sandbox},
                {QStringLiteral("path"), QStringLiteral("/workspace/d1")}});
        QVERIFY2(!isError(r), dump(r));
        const QJsonObject s = sc(r);
        QCOMPARE(s.value(QStringLiteral("path")).toString(), QStringLiteral("/workspace/d1"));
        QCOMPARE(s.value(QStringLiteral("count")).toInt(), 2);
        QCOMPARE(s.value(QStringLiteral("truncated")).toBool(), false);
        QMap<QString, QJsonObject> byName;
        for (const QJsonValue &v : s.value(QStringLiteral("files")).toArray())
            byName.insert(v.toObject().value(QStringLiteral("name")).toString(), v.toObject());
        QCOMPARE(byName.keys(), (QStringList {"d2", "f.txt"}));
        QCOMPARE(byName["d2"].value(QStringLiteral("is_directory")).toBool(), true);
        QCOMPARE(byName["f.txt"].value(QStringLiteral("size")).toInt(), 3);
        for (const char *k :
            {"name", "path", "size", "is_directory", "modified_time", "permissions"})
            QVERIFY2(byName["f.txt"].contains(QLatin1String(k)), k);
        QCOMPARE(last("GET", agentPath(m_sandbox, "/files/list")).query.queryItemValue("path"),
            QStringLiteral("/workspace/d1"));
        r = tool(QStringLiteral("file_list"),
            {{QStringLiteral("sandbox_id"), m_sandbox},
                {QStringLiteral("path"), QStringLiteral("/workspace/d1")},
                {QStringLiteral("max_results"), 1}});
        QCOMPARE(sc(r).value(QStringLiteral("count")).toInt(), 1);
        QCOMPARE(sc(r).value(QStringLiteral("truncated")).toBool(), true);
        QCOMPARE(sc(r).value(QStringLiteral("total_files")).toInt(), 2);

        const auto exists = [&](const QString &path) {
            const QJsonObject e = tool(QStringLiteral("file_exists"),
                {{QStringLiteral("sandbox_id"), m_sandbox}, {QStringLiteral("path"), path}});
            if (isError(e))
                qWarning() << e;
            return sc(e).value(QStringLiteral("exists")).toBool();
        };
        QVERIFY(exists(QStringLiteral("/workspace/d1/f.txt")));
        QVERIFY(exists(QStringLiteral("/workspace/d1/d2")));
        QVERIFY(!exists(QStringLiteral("/workspace/d1/nothing")));
        QVERIFY(!exists(QStringLiteral("/etc/passwd"))); // outside the agent's roots: false

        r = tool(QStringLiteral("file_remove"),
            {{QStringLiteral("sandbox_id"), m_sandbox},
                {QStringLiteral("path"), QStringLiteral("/workspace/d1")}});
        QVERIFY2(!isError(r), dump(r));
        QCOMPARE(sc(r).value(QStringLiteral("status")).toString(), QStringLiteral("removed"));
        const Request del = last("DELETE", agentPath(m_sandbox, "/files/remove"));
        QCOMPARE(del.query.queryItemValue(QStringLiteral("path")), QStringLiteral("/workspace/d1"));
        QVERIFY(!exists(QStringLiteral("/workspace/d1/f.txt")));
    }

    // Host files by path through the agent's multipart upload and streamed download.
    void hostFilesThroughTheAgent()
    {
        QByteArray bytes(3 << 20, Qt::Uninitialized);
        for (int i = 0; i < bytes.size(); ++i)
            bytes[i] = char(i * 7 + i / 4096);
        const QString source = QString(m_hostDir.path() + QStringLiteral("/input.bin"));
        {
            QFile f(source);
            QVERIFY(f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size());
        }
        QJsonObject r = tool(QStringLiteral("file_upload"),
            {{QStringLiteral("sandbox_id"), m_sandbox}, {QStringLiteral("host_path"), source}});
        QVERIFY2(!isError(r), dump(r));
        QCOMPARE(
            sc(r).value(QStringLiteral("path")).toString(), QStringLiteral("/workspace/input.bin"));
        QCOMPARE(m_fake->file(m_sandbox, QStringLiteral("/workspace/input.bin")), bytes);
        QCOMPARE(reqs("POST", agentPath(m_sandbox, "/files/upload")).size(), 1);

        const QString target = QString(m_hostDir.path() + QStringLiteral("/output.bin"));
        r = tool(QStringLiteral("file_download"),
            {{QStringLiteral("sandbox_id"), m_sandbox},
                {QStringLiteral("path"), QStringLiteral("/workspace/input.bin")},
                {QStringLiteral("host_path"), target}});
        QVERIFY2(!isError(r), dump(r));
        QFile back(target);
        QVERIFY(back.open(QIODevice::ReadOnly));
        QCOMPARE(back.readAll(), bytes);
        QCOMPARE(last("GET", agentPath(m_sandbox, "/files/download")).query.queryItemValue("path"),
            QStringLiteral("/workspace/input.bin"));

        // Kept without overwrite; a missing sandbox file leaves nothing on the host.
        r = tool(QStringLiteral("file_download"),
            {{QStringLiteral("sandbox_id"), m_sandbox},
                {QStringLiteral("path"), QStringLiteral("/workspace/input.bin")},
                {QStringLiteral("host_path"), target}});
        QVERIFY2(isError(r) && dump(r).contains("overwrite"), dump(r));
        const QStringList before =
            QDir(m_hostDir.path()).entryList(QDir::AllEntries | QDir::Hidden);
        r = tool(QStringLiteral("file_download"),
            {{QStringLiteral("sandbox_id"), m_sandbox},
                {QStringLiteral("path"), QStringLiteral("/workspace/none.bin")},
                {QStringLiteral("host_path"),
                    QString(m_hostDir.path() + QStringLiteral("/none.bin"))}});
        QVERIFY2(isError(r), dump(r));
        QCOMPARE(QDir(m_hostDir.path()).entryList(QDir::AllEntries | QDir::Hidden), before);
        // A client without roots has nothing to copy in: it is told to use file_upload.
        r = tool(QStringLiteral("create_sandbox"),
            {{QStringLiteral("provider"), QStringLiteral("hopx")},
                {QStringLiteral("mount_roots"), true}});
        // This connection speaks the compact profile: the hint names its upload.
        QVERIFY2(isError(r) && dump(r).contains("host_files (action \\\"upload\\\")"), dump(r));
    }

    // A cloud sandbox cannot mount the client's root: it gets a copy of what git would commit.
    void mountRootsCopiesWhatGitWouldCommit()
    {
        QTemporaryDir project(QDir::tempPath() + QStringLiteral("/hopx-repo-XXXXXX"));
        QVERIFY(project.isValid());
        const QString dir = project.path();
        const auto put = [&dir](const QString &name, const QByteArray &bytes) {
            QDir().mkpath(QFileInfo(dir + QLatin1Char('/') + name).absolutePath());
            QFile f(dir + QLatin1Char('/') + name);
            return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
        };
        QVERIFY(put(QStringLiteral(".gitignore"), "build/\n*.log\n"));
        QVERIFY(put(QStringLiteral("analysis.py"), "import pandas\n"));
        QVERIFY(put(QStringLiteral("data/in.csv"), "a,b\n1,2\n"));
        QVERIFY(put(QStringLiteral("notes.md"), "untracked, not ignored\n"));
        QVERIFY(put(QStringLiteral("build/out.bin"), "ignored"));
        QVERIFY(put(QStringLiteral("run.log"), "ignored"));
        QVERIFY(QFile::link(QStringLiteral("/etc/passwd"), dir + QStringLiteral("/passwd")));
        QProcess git;
        git.setWorkingDirectory(dir);
        for (const QStringList &args : {QStringList {"init", "-q"},
                 QStringList {"add", "analysis.py", "data/in.csv", ".gitignore"}}) {
            git.start(QStringLiteral("git"), args);
            QVERIFY(git.waitForFinished(30000) && git.exitCode() == 0);
        }

        auto socket = m_app->connect();
        QVERIFY(socket);
        RootsClient ide(socket.get(), {dir}, true);
        QVERIFY(ide.ok());
        const QJsonObject r = ide.tool(QStringLiteral("create_sandbox"),
            {{QStringLiteral("provider"), QStringLiteral("hopx")},
                {QStringLiteral("mount_roots"), true}});
        QVERIFY2(!isError(r), dump(r));
        QCOMPARE(ide.questions.size(), 1); // the user agreed to the copy, named as one
        QVERIFY2(ide.questions.at(0).contains(QLatin1String("HOPX cloud")),
            qPrintable(ide.questions.at(0)));
        const QString id = sc(r).value(QStringLiteral("id")).toString();
        const QJsonArray roots = sc(r).value(QStringLiteral("uploaded_roots")).toArray();
        QCOMPARE(roots.size(), 1);
        const QString at = QStringLiteral("/workspace/project/") + QFileInfo(dir).fileName();
        QCOMPARE(roots.at(0).toObject().value(QStringLiteral("path")).toString(), at);
        QCOMPARE(roots.at(0).toObject().value(QStringLiteral("files")).toInt(), 4);
        QCOMPARE(
            m_fake->file(id, at + QStringLiteral("/analysis.py")), QByteArray("import pandas\n"));
        QCOMPARE(m_fake->file(id, at + QStringLiteral("/data/in.csv")), QByteArray("a,b\n1,2\n"));
        QCOMPARE(m_fake->file(id, at + QStringLiteral("/notes.md")),
            QByteArray("untracked, not ignored\n"));
        QVERIFY(!m_fake->file(id, at + QStringLiteral("/.gitignore")).isEmpty());
        for (const char *left : {"/build/out.bin", "/run.log", "/passwd", "/.git/HEAD"})
            QVERIFY2(m_fake->file(id, at + QLatin1String(left)).isEmpty(), left);
        QVERIFY(ide.progress >= 1);
    }

    void mountRootsRefusesACopyOverTheCap()
    {
        QTemporaryDir project(QDir::tempPath() + QStringLiteral("/hopx-big-XXXXXX"));
        QVERIFY(project.isValid());
        QFile big(project.path() + QStringLiteral("/big.bin"));
        QVERIFY(big.open(QIODevice::WriteOnly) && big.resize(qint64(300) << 20)); // sparse
        big.close();
        auto socket = m_app->connect();
        QVERIFY(socket);
        RootsClient ide(socket.get(), {project.path()}, true);
        QVERIFY(ide.ok());
        const int before = reqs("POST", QStringLiteral("^/v1/sandboxes$")).size();
        const QJsonObject r = ide.tool(QStringLiteral("create_sandbox"),
            {{QStringLiteral("provider"), QStringLiteral("hopx")},
                {QStringLiteral("mount_roots"), true}});
        QVERIFY2(isError(r) && dump(r).contains("256.0 MiB"), dump(r));
        QVERIFY2(dump(r).contains("host_files (action \\\"upload\\\")"), dump(r));
        QCOMPARE(reqs("POST", QStringLiteral("^/v1/sandboxes$")).size(), before); // none made
    }

    void fileStatFromTheParentListing()
    {
        m_fake->setFile(m_sandbox, QStringLiteral("/workspace/st/f.txt"), "abcd");
        QJsonObject r = tool(QStringLiteral("file_stat"),
            {{QStringLiteral("sandbox_id"), m_sandbox},
                {QStringLiteral("path"), QStringLiteral("st/f.txt")}});
        QVERIFY2(!isError(r), dump(r));
        QCOMPARE(
            sc(r).value(QStringLiteral("path")).toString(), QStringLiteral("/workspace/st/f.txt"));
        QCOMPARE(sc(r).value(QStringLiteral("type")).toString(), QStringLiteral("file"));
        QCOMPARE(sc(r).value(QStringLiteral("size")).toInt(), 4);
        QCOMPARE(sc(r).value(QStringLiteral("permissions")).toString(), QStringLiteral("0644"));
        QVERIFY(QDateTime::fromString(
            sc(r).value(QStringLiteral("modified_time")).toString(), Qt::ISODate)
                    .isValid());
        // No stat operation: the agent was asked for the parent's listing.
        QCOMPARE(last("GET", agentPath(m_sandbox, "/files/list")).query.queryItemValue("path"),
            QStringLiteral("/workspace/st"));

        r = tool(QStringLiteral("file_stat"),
            {{QStringLiteral("sandbox_id"), m_sandbox},
                {QStringLiteral("path"), QStringLiteral("/workspace/st")}});
        QVERIFY2(!isError(r), dump(r));
        QCOMPARE(sc(r).value(QStringLiteral("type")).toString(), QStringLiteral("directory"));

        for (const QString &missing :
            {QStringLiteral("/workspace/st/none"), QStringLiteral("/workspace/nodir/none")}) {
            r = tool(QStringLiteral("file_stat"),
                {{QStringLiteral("sandbox_id"), m_sandbox}, {QStringLiteral("path"), missing}});
            QVERIFY2(isError(r), dump(r));
            QCOMPARE(
                sc(r).value(QStringLiteral("error")).toString(), QStringLiteral("File not found"));
            QCOMPARE(sc(r).value(QStringLiteral("path")).toString(), missing);
        }
    }

    // --- env, info ------------------------------------------------------------------------------

    void envSetGetClear()
    {
        QJsonObject r = tool(QStringLiteral("env_set"),
            {{QStringLiteral("sandbox_id"), m_sandbox},
                {QStringLiteral("env_vars"),
                    QJsonObject {{QStringLiteral("A"), QStringLiteral("1")},
                        {QStringLiteral("SERVICE_TOKEN"), QStringLiteral("t0k")}}}});
        QVERIFY2(!isError(r), dump(r));
        QCOMPARE(sc(r).value(QStringLiteral("status")).toString(), QStringLiteral("success"));
        QCOMPARE(sc(r).value(QStringLiteral("merge_mode")).toBool(), true);
        QCOMPARE(sc(r).value(QStringLiteral("variables_set")).toArray(),
            (QJsonArray {QStringLiteral("A"), QStringLiteral("SERVICE_TOKEN")}));
        QJsonObject body = last("PATCH", agentPath(m_sandbox, "/env")).json();
        QCOMPARE(body.value(QStringLiteral("merge")).toBool(), true);
        QCOMPARE(
            body.value(QStringLiteral("env_vars")).toObject().value(QStringLiteral("A")).toString(),
            QStringLiteral("1"));

        r = tool(QStringLiteral("env_get"), {{QStringLiteral("sandbox_id"), m_sandbox}});
        QVERIFY2(!isError(r), dump(r));
        const QJsonObject vars = sc(r).value(QStringLiteral("env_vars")).toObject();
        QCOMPARE(vars.value(QStringLiteral("A")).toString(), QStringLiteral("1"));
        QCOMPARE(
            vars.value(QStringLiteral("SERVICE_TOKEN")).toString(), QStringLiteral("***MASKED***"));
        QCOMPARE(reqs("GET", agentPath(m_sandbox, "/env")).size(), 1);
        r = exec(m_sandbox, QStringLiteral("import os\nprint(os.environ['A'])"));
        QCOMPARE(sc(r).value(QStringLiteral("stdout")).toString(), QStringLiteral("1\n"));

        r = tool(QStringLiteral("env_set"),
            {{QStringLiteral("sandbox_id"), m_sandbox}, {QStringLiteral("merge"), false},
                {QStringLiteral("env_vars"),
                    QJsonObject {{QStringLiteral("B"), QStringLiteral("2")}}}});
        QVERIFY2(!isError(r), dump(r));
        body = last("PUT", agentPath(m_sandbox, "/env")).json();
        QCOMPARE(body.value(QStringLiteral("env_vars")).toObject(),
            (QJsonObject {{QStringLiteral("B"), QStringLiteral("2")}}));
        QCOMPARE(m_fake->env(m_sandbox),
            (QMap<QString, QString> {{QStringLiteral("B"), QStringLiteral("2")}}));

        r = tool(QStringLiteral("env_clear"), {{QStringLiteral("sandbox_id"), m_sandbox}});
        QVERIFY2(!isError(r), dump(r));
        QCOMPARE(sc(r), (QJsonObject {{QStringLiteral("status"), QStringLiteral("cleared")}}));
        // Agent 3.2.8's DELETE /env (hopx-mcp 0.2 PUT an empty map; the document comes first).
        QCOMPARE(reqs("DELETE", agentPath(m_sandbox, "/env")).size(), 1);
        QVERIFY(m_fake->env(m_sandbox).isEmpty());
    }

    void metricsInfoCache()
    {
        QJsonObject r =
            tool(QStringLiteral("get_system_metrics"), {{QStringLiteral("sandbox_id"), m_sandbox}});
        QVERIFY2(!isError(r), dump(r));
        QVERIFY(sc(r).contains(QStringLiteral("total_executions")));
        QCOMPARE(reqs("GET", agentPath(m_sandbox, "/metrics/snapshot")).size(), 1);
        // The CPU, memory and disk figures the tool promises are the agent's /system.
        QVERIFY2(
            sc(r).value(QStringLiteral("cpu")).toObject().contains(QStringLiteral("usage_percent")),
            dump(r));
        QCOMPARE(reqs("GET", agentPath(m_sandbox, "/system")).size(), 1);
        // An agent without /system still gives its counters, and says what is missing.
        m_fake->addFault(fault("GET", agentPath(m_sandbox, "/system"), FaultKind::Malformed));
        r = tool(QStringLiteral("get_system_metrics"), {{QStringLiteral("sandbox_id"), m_sandbox}});
        QVERIFY2(!isError(r) && sc(r).contains(QStringLiteral("total_executions"))
                && !sc(r).value(QStringLiteral("system_unavailable")).toString().isEmpty(),
            dump(r));
        m_fake->clearFaults();

        r = tool(QStringLiteral("ping_vm"), {{QStringLiteral("sandbox_id"), m_sandbox}});
        QVERIFY2(!isError(r), dump(r));
        QCOMPARE(sc(r).value(QStringLiteral("status")).toString(), QStringLiteral("ok"));
        QCOMPARE(sc(r).value(QStringLiteral("agent_version")).toString(), QStringLiteral("3.2.8"));
        for (const char *k : {"agent", "features", "uptime"})
            QVERIFY2(sc(r).contains(QLatin1String(k)), k);

        r = tool(QStringLiteral("get_vm_info"), {{QStringLiteral("sandbox_id"), m_sandbox}});
        QVERIFY2(!isError(r), dump(r));
        QCOMPARE(sc(r).value(QStringLiteral("vm_id")).toString(), m_sandbox);
        QCOMPARE(reqs("GET", agentPath(m_sandbox, "/info")).size(), 2);

        r = tool(QStringLiteral("cache_clear"), {{QStringLiteral("sandbox_id"), m_sandbox}});
        QVERIFY2(!isError(r), dump(r));
        QCOMPARE(sc(r).value(QStringLiteral("status")).toString(), QStringLiteral("success"));
        QCOMPARE(reqs("POST", agentPath(m_sandbox, "/cache/clear")).size(), 1);
        r = tool(QStringLiteral("cache_stats"), {{QStringLiteral("sandbox_id"), m_sandbox}});
        QVERIFY2(!isError(r), dump(r));
        QVERIFY(sc(r).value(QStringLiteral("cache")).isObject());
        QCOMPARE(reqs("GET", agentPath(m_sandbox, "/cache/stats")).size(), 1);
    }

    void previewAndAgentUrls()
    {
        QJsonObject r = tool(QStringLiteral("get_preview_url"),
            {{QStringLiteral("sandbox_id"), m_sandbox}, {QStringLiteral("port"), 8000}});
        QVERIFY2(!isError(r), dump(r));
        QCOMPARE(sc(r),
            (QJsonObject {
                {QStringLiteral("preview_url"),
                    QStringLiteral("https://8000-%1.us-east.vms.hopx.dev/").arg(m_sandbox)},
                {QStringLiteral("port"), 8000}, {QStringLiteral("sandbox_id"), m_sandbox}}));
        r = tool(QStringLiteral("get_agent_url"), {{QStringLiteral("sandbox_id"), m_sandbox}});
        QVERIFY2(!isError(r), dump(r));
        QCOMPARE(sc(r).value(QStringLiteral("agent_url")).toString(),
            m_fake->sandbox(m_sandbox).value(QStringLiteral("public_host")).toString());
        QCOMPARE(sc(r).value(QStringLiteral("sandbox_id")).toString(), m_sandbox);
        // Both come from what the app already knows about the sandbox: no agent call.
        QCOMPARE(reqs({}, agentPath(m_sandbox, ".*")).size(), 0);
    }

    void checkpointsAreNotSupportedByTheCloud()
    {
        const int before = reqs({}, agentPath(m_sandbox, ".*")).size();
        for (const char *name : {"checkpoint_sandbox", "list_checkpoints", "fork_sandbox"}) {
            const QJsonObject r =
                tool(QString::fromLatin1(name), {{QStringLiteral("sandbox_id"), m_sandbox}});
            QVERIFY2(isError(r), dump(r));
            QVERIFY2(said(r).contains(QLatin1String("not supported by the HOPX cloud")), dump(r));
            // What exactly is missing there: the tools, and forks' variables and children.
            QVERIFY2(sc(r)
                         .value(QStringLiteral("not_supported"))
                         .toArray()
                         .contains(QStringLiteral("fork_sandbox")),
                dump(r));
            QVERIFY2(said(r).contains(QLatin1String("carry Python variables")), dump(r));
        }
        // count asks for many children at once: the same answer, not a schema error.
        const QJsonObject many = tool(QStringLiteral("fork_sandbox"),
            {{QStringLiteral("sandbox_id"), m_sandbox}, {QStringLiteral("count"), 8}});
        QVERIFY2(said(many).contains(QLatin1String("not supported by the HOPX cloud")), dump(many));
        const QJsonObject r = tool(QStringLiteral("restore_sandbox"),
            {{QStringLiteral("sandbox_id"), m_sandbox},
                {QStringLiteral("checkpoint_id"), QStringLiteral("ckpt-00000000")}});
        QVERIFY2(said(r).contains(QLatin1String("not supported by the HOPX cloud")), dump(r));
        // Answered by the app: nothing was asked of the sandbox.
        QCOMPARE(reqs({}, agentPath(m_sandbox, ".*")).size(), before);
    }

    // --- faults through the app -----------------------------------------------------------------

    void flaky503And429AreRiddenOut()
    {
        // Idempotent GETs ride out 503s (backoff 1 s, 2 s) ...
        Fault unavailable = fault("GET",
            QStringLiteral("^/v1/sandboxes/") + m_sandbox + QLatin1Char('$'), FaultKind::Status, 2);
        unavailable.status = 503;
        m_fake->addFault(unavailable);
        QJsonObject r = tool(QStringLiteral("get_sandbox"), {{QStringLiteral("id"), m_sandbox}});
        QVERIFY2(!isError(r), dump(r));
        QCOMPARE(
            reqs("GET", QStringLiteral("^/v1/sandboxes/") + m_sandbox + QLatin1Char('$')).size(),
            3);

        Fault listBusy = fault("GET", "^/v1/sandboxes$", FaultKind::Status, 2);
        listBusy.status = 503;
        listBusy.retryAfter = 0;
        m_fake->addFault(listBusy);
        r = tool(QStringLiteral("list_sandboxes"),
            {{QStringLiteral("provider"), QStringLiteral("hopx")}});
        QVERIFY2(!isError(r) && !sc(r).contains(QStringLiteral("errors")), dump(r));

        // ... and a 429 (refused before processing) is retried even for code execution, once.
        m_fake->clearRequests();
        Fault limited = fault("POST", agentPath(m_sandbox, "/execute"), FaultKind::Status, 1);
        limited.status = 429;
        limited.retryAfter = 1;
        m_fake->addFault(limited);
        r = exec(m_sandbox, QStringLiteral("print('after 429')"));
        QVERIFY2(!isError(r), dump(r));
        QCOMPARE(sc(r).value(QStringLiteral("stdout")).toString(), QStringLiteral("after 429\n"));
        QCOMPARE(reqs("POST", agentPath(m_sandbox, "/execute")).size(), 2);

        // A 429 on create: retried, and still exactly one sandbox.
        const int before = int(m_fake->sandboxIds().size());
        Fault createLimited = fault("POST", "^/v1/sandboxes$", FaultKind::Status, 1);
        createLimited.status = 429;
        createLimited.retryAfter = 0;
        m_fake->addFault(createLimited);
        m_fake->clearRequests();
        QVERIFY(!create().isEmpty());
        QCOMPARE(reqs("POST", "^/v1/sandboxes$").size(), 2);
        QCOMPARE(int(m_fake->sandboxIds().size()), before + 1);

        // A 503 on a create is not re-sent (it may have been processed): the error says so.
        Fault createDown = fault("POST", "^/v1/sandboxes$", FaultKind::Status, 1);
        createDown.status = 503;
        m_fake->addFault(createDown);
        m_fake->clearRequests();
        r = tool(QStringLiteral("create_sandbox"),
            {{QStringLiteral("provider"), QStringLiteral("hopx")}});
        QVERIFY(isError(r));
        QCOMPARE(reqs("POST", "^/v1/sandboxes$").size(), 1);
        QCOMPARE(int(m_fake->sandboxIds().size()), before + 1);
    }

    void createDroppedMidReplyIsNotDuplicated()
    {
        const int before = int(m_fake->sandboxIds().size());
        m_fake->addFault(fault("POST", "^/v1/sandboxes$", FaultKind::DropMidReply));
        const QJsonObject r = tool(QStringLiteral("create_sandbox"),
            {{QStringLiteral("provider"), QStringLiteral("hopx")}});
        QVERIFY2(!isError(r), dump(r));
        QCOMPARE(reqs("POST", "^/v1/sandboxes$").size(), 1);
        QCOMPARE(int(m_fake->sandboxIds().size()), before + 1);
        QCOMPARE(sc(r).value(QStringLiteral("id")).toString(), m_fake->sandboxIds().last());
    }

    void createThatTimesOutIsNotDuplicated()
    {
        // HOPX takes 35 s to create it, beyond the 30 s of other control-plane calls: the create
        // waits for it (the SDKs: 60 s and 300 s) instead of giving up while HOPX still works.
        Fault slow = fault("POST", "^/v1/sandboxes$", FaultKind::SlowCreate);
        slow.delayMs = 35000;
        m_fake->addFault(slow);
        const int before = int(m_fake->sandboxIds().size());
        const QJsonObject r = tool(QStringLiteral("create_sandbox"),
            {{QStringLiteral("provider"), QStringLiteral("hopx")},
                {QStringLiteral("template_name"), QStringLiteral("base")}},
            120000);
        QVERIFY2(!isError(r), dump(r));
        QCOMPARE(reqs("POST", "^/v1/sandboxes$").size(), 1);
        QCOMPARE(int(m_fake->sandboxIds().size()), before + 1);
        const QString id = sc(r).value(QStringLiteral("id")).toString();
        QCOMPARE(id, m_fake->sandboxIds().last());
        QVERIFY(reqs("GET", "^/v1/sandboxes$").isEmpty()); // the answer came: no list lookup
        const QJsonObject e = exec(id, QStringLiteral("print('adopted')"));
        QCOMPARE(sc(e).value(QStringLiteral("stdout")).toString(), QStringLiteral("adopted\n"));
    }

    void revokedKeyGivesTheMessage()
    {
        m_fake->revokeApiKey(key());
        QJsonObject r = tool(QStringLiteral("create_sandbox"),
            {{QStringLiteral("provider"), QStringLiteral("hopx")}});
        QVERIFY(isError(r));
        QCOMPARE(
            sc(r).value(QStringLiteral("message")).toString(), QString::fromUtf8(kUnauthorized));
        QCOMPARE(sc(r).value(QStringLiteral("error")).toString(), QStringLiteral("Unauthorized"));
        QCOMPARE(reqs("POST", "^/v1/sandboxes$").size(), 1); // a 401 is not retried
        r = tool(QStringLiteral("get_sandbox"), {{QStringLiteral("id"), m_sandbox}});
        QVERIFY(isError(r));
        QCOMPARE(
            sc(r).value(QStringLiteral("message")).toString(), QString::fromUtf8(kUnauthorized));
        r = tool(QStringLiteral("list_sandboxes"),
            {{QStringLiteral("provider"), QStringLiteral("hopx")}});
        QCOMPARE(sc(r)
                     .value(QStringLiteral("errors"))
                     .toObject()
                     .value(QStringLiteral("hopx"))
                     .toString(),
            QString::fromUtf8(kUnauthorized));
        m_fake->addApiKey(key());
        r = tool(QStringLiteral("get_sandbox"), {{QStringLiteral("id"), m_sandbox}});
        QVERIFY2(!isError(r), dump(r));
    }

    void droppedConnectionMidCallAppStaysUp()
    {
        m_fake->addFault(fault("POST", agentPath(m_sandbox, "/execute"), FaultKind::DropMidReply));
        QJsonObject r = exec(m_sandbox, QStringLiteral("print('cut')"));
        QVERIFY(isError(r));
        QVERIFY2(said(r).contains(QLatin1String("cut")), dump(r));
        QCOMPARE(sc(r).value(QStringLiteral("exit_code")).toInt(), 1);
        QCOMPARE(
            reqs("POST", agentPath(m_sandbox, "/execute")).size(), 1); // code is never run twice

        m_fake->addFault(fault("GET", agentPath(m_sandbox, "/files/read"), FaultKind::Reset, -1));
        m_fake->addFault(
            fault("GET", agentPath(m_sandbox, "/files/download"), FaultKind::Reset, -1));
        r = tool(QStringLiteral("file_read"),
            {{QStringLiteral("sandbox_id"), m_sandbox},
                {QStringLiteral("path"), QStringLiteral("/workspace/x")}});
        QVERIFY(isError(r));
        m_fake->clearFaults();

        QCOMPARE(m_app->process().state(), QProcess::Running);
        const auto pong = m_client->response(m_client->request(QStringLiteral("ping")), 5000);
        QVERIFY(pong && pong->contains(QStringLiteral("result")));
        r = tool(QStringLiteral("ping_vm"), {{QStringLiteral("sandbox_id"), m_sandbox}});
        QVERIFY2(!isError(r), dump(r));
        r = exec(m_sandbox, QStringLiteral("print('still here')"));
        QCOMPARE(sc(r).value(QStringLiteral("stdout")).toString(), QStringLiteral("still here\n"));
    }

    void garbageAndSlowRepliesAreClearErrorsAppStaysUp()
    {
        // A reply that is not JSON: an error result saying so, and the code ran once.
        m_fake->addFault(fault("POST", agentPath(m_sandbox, "/execute"), FaultKind::Malformed));
        QJsonObject r = exec(m_sandbox, QStringLiteral("print('garbled')"));
        QVERIFY2(isError(r), dump(r));
        QVERIFY2(!said(r).isEmpty(), dump(r));
        QCOMPARE(reqs("POST", agentPath(m_sandbox, "/execute")).size(), 1);
        m_fake->addFault(fault("GET", "^/v1/sandboxes$", FaultKind::Malformed));
        r = tool(QStringLiteral("list_sandboxes"),
            {{QStringLiteral("provider"), QStringLiteral("hopx")}});
        QVERIFY2(
            isError(r) || !sc(r).value(QStringLiteral("errors")).toVariant().isNull(), dump(r));

        // A slow reply within the call's time is an answer, not an error.
        Fault slow = fault("POST", agentPath(m_sandbox, "/execute"), FaultKind::Slow);
        slow.delayMs = 1500;
        m_fake->addFault(slow);
        r = exec(m_sandbox, QStringLiteral("print('late')"));
        QVERIFY2(!isError(r), dump(r));
        m_fake->clearFaults();

        QCOMPARE(m_app->process().state(), QProcess::Running);
        r = exec(m_sandbox, QStringLiteral("print('still here')"));
        QCOMPARE(sc(r).value(QStringLiteral("stdout")).toString(), QStringLiteral("still here\n"));
    }

    void deadCloudIsAnErrorNotAHang()
    {
        // Another app whose HOPX is a port nobody listens on.
        FakeHopxServer dead;
        QVERIFY(dead.listen());
        auto app = startApp(dead, key());
        QVERIFY(app);
        dead.close();
        auto socket = app->connect();
        QVERIFY(socket);
        McpClient client(socket.get());
        QVERIFY(client.initialize());
        const QJsonObject r = client.callTool(QStringLiteral("create_sandbox"),
            {{QStringLiteral("provider"), QStringLiteral("hopx")}}, 60000);
        QVERIFY(isError(r));
        QVERIFY2(said(r).contains(QLatin1String("HOPX_BASE_URL")), dump(r));
        QCOMPARE(app->process().state(), QProcess::Running);
    }

    // --- keys per connection --------------------------------------------------------------------

    void bridgeKeyIsUsedForItsConnectionOnly_data()
    {
        QTest::addColumn<QString>("appKey");
        QTest::newRow("app without a key") << QString();
        QTest::newRow("app with another key") << key();
    }

    void bridgeKeyIsUsedForItsConnectionOnly()
    {
        QFETCH(QString, appKey);
        const QString bridgeKey = QStringLiteral("hopx_bridge_fedcba9876543210");
        m_fake->addApiKey(bridgeKey);
        auto app = startApp(*m_fake, appKey);
        QVERIFY(app);

        // hopx-mcp as an IDE starts it, with its own HOPX_API_KEY: sent in the hello.
        QProcess bridge;
        QProcessEnvironment env = app->environment();
        env.insert(QStringLiteral("HOPX_API_KEY"), bridgeKey);
        env.insert(QStringLiteral("HOPX_BASE_URL"), m_fake->baseUrl().toString());
        bridge.setProcessEnvironment(env);
        bridge.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        bridge.start(binPath(QStringLiteral("hopx-mcp")),
            {QStringLiteral("--socket"), app->socketPath(), QStringLiteral("--no-launch")});
        QVERIFY(bridge.waitForStarted(5000));
        const auto stopBridge = qScopeGuard([&] {
            bridge.closeWriteChannel();
            if (!bridge.waitForFinished(5000))
                bridge.kill();
            bridge.waitForFinished(1000);
            m_fake->revokeApiKey(bridgeKey);
        });
        McpClient viaBridge(&bridge);
        QVERIFY(viaBridge.initialize());

        m_fake->clearRequests();
        QJsonObject r = viaBridge.callTool(QStringLiteral("create_sandbox"),
            {{QStringLiteral("provider"), QStringLiteral("hopx")}});
        QVERIFY2(!isError(r), dump(r));
        const QString id = sc(r).value(QStringLiteral("id")).toString();
        r = viaBridge.callTool(QStringLiteral("execute_code"),
            {{QStringLiteral("sandbox_id"), id},
                {QStringLiteral("code"), QStringLiteral("print('bridge')")}});
        QCOMPARE(sc(r).value(QStringLiteral("stdout")).toString(), QStringLiteral("bridge\n"));
        QVERIFY(!m_fake->requests().isEmpty());
        for (const Request &req : m_fake->requests()) {
            const QString problem = credentialProblem(req, bridgeKey);
            QVERIFY2(problem.isEmpty(), qPrintable(problem));
        }

        // A connection without a hello uses the app's own key (or has none).
        auto socket = app->connect();
        QVERIFY(socket);
        McpClient direct(socket.get());
        QVERIFY(direct.initialize());
        m_fake->clearRequests();
        r = direct.callTool(QStringLiteral("list_sandboxes"),
            {{QStringLiteral("provider"), QStringLiteral("hopx")}});
        if (appKey.isEmpty()) {
            QVERIFY2(
                sc(r).value(QStringLiteral("errors")).toObject().contains(QStringLiteral("hopx")),
                dump(r));
            r = direct.callTool(QStringLiteral("create_sandbox"),
                {{QStringLiteral("provider"), QStringLiteral("hopx")}});
            QVERIFY(isError(r));
            QCOMPARE(said(r), QString::fromUtf8(kUnauthorized));
            QCOMPARE(m_fake->requests().size(), 0); // the bridge's key did not leak to it
        } else {
            QVERIFY2(!isError(r), dump(r));
            QVERIFY(!m_fake->requests().isEmpty());
            for (const Request &req : m_fake->requests()) {
                const QString problem = credentialProblem(req, appKey);
                QVERIFY2(problem.isEmpty(), qPrintable(problem));
            }
        }
    }

    // --- remote sandboxes in the manager --------------------------------------------------------

    void appPollsForRemoteSandboxes()
    {
        FakeHopxServer cloud;
        QVERIFY(cloud.listen());
        auto app = startApp(cloud, key(), 200);
        QVERIFY(app);
        // Nobody calls a tool: the app lists on its own, repeatedly, with the key.
        QVERIFY(QTest::qWaitFor([&] { return cloud.count("GET", "^/v1/sandboxes$") >= 3; }, 10000));
        for (const Request &r : cloud.requests())
            QCOMPARE(r.header("x-api-key"), key().toUtf8());

        // Without a key it sends nothing.
        FakeHopxServer quiet;
        QVERIFY(quiet.listen());
        auto keyless = startApp(quiet, QString(), 200);
        QVERIFY(keyless);
        QTest::qWait(1000);
        QCOMPARE(quiet.requests().size(), 0);
    }

    // --- the whole run --------------------------------------------------------------------------

    void credentialsNeverCrossPlanes()
    {
        QVERIFY(m_all.size() > 100);
        int agent = 0;
        int control = 0;
        for (const Request &r : std::as_const(m_all)) {
            if (r.header("x-api-key") == QByteArray("hopx_bridge_fedcba9876543210"))
                continue; // the bridge's connection, checked in its own test
            const QString problem = credentialProblem(r, key());
            QVERIFY2(problem.isEmpty(), qPrintable(problem));
            (r.isAgent() ? agent : control) += 1;
        }
        QVERIFY(agent > 50);
        QVERIFY(control > 20);
    }
};

QTEST_GUILESS_MAIN(TestHopxTools)
#include "tst_hopxtools.moc"

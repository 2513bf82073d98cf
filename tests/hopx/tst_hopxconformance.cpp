// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// Every request our HOPX client makes, checked against HOPX's own OpenAPI documents (the copies
// in tests/hopx/openapi/, see its README): the method and path of a documented operation, its
// path and query parameters, its credentials header, and a body that fits the operation's
// request schema. A scripted session drives every provider operation against FakeHopxServer,
// which records the requests; the set of operations used must be exactly the expected one, so
// a new endpoint cannot slip in unchecked.
#include "FakeHopxServer.h"
#include "HopxPieces.h"
#include "HopxTestSupport.h"

#include "core/sandbox/Sandbox.h"
#include "providers/cloud/HopxProvider.h"
#include "providers/cloud/parts/HopxDesktop.h"
#include "providers/cloud/parts/HopxFiles.h"

#include <QBuffer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QSet>
#include <QTest>

#include <memory>
#include <optional>

using namespace Hopx::Core;
using Hopx::Cloud::HopxProvider;
using Hopx::Test::FakeHopxServer;
using Hopx::Test::wait;

namespace {

QJsonObject loadDocument(const QString &name)
{
    QFile f(QStringLiteral(HOPX_OPENAPI_DIR "/") + name);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

/*! Checks one request against one OpenAPI 3.0 document; problems() says what does not fit. */
class OpenApiChecker
{
public:
    explicit OpenApiChecker(QJsonObject document)
        : m_doc(std::move(document))
    { }

    //! "METHOD /template" of the operation `r` is, or empty (then problems() says why).
    QString check(const FakeHopxServer::Request &r, QStringList *problems) const
    {
        const QString method = QString::fromLatin1(r.method).toLower();
        if (r.path.contains(QLatin1String("//")))
            problems->append(QStringLiteral("empty path segment in %1").arg(r.path));
        const QJsonObject paths = m_doc.value(QStringLiteral("paths")).toObject();
        for (auto it = paths.begin(); it != paths.end(); ++it) {
            QStringList params;
            if (!matches(it.key(), r.path, &params))
                continue;
            const QJsonObject op = it.value().toObject().value(method).toObject();
            if (op.isEmpty())
                continue;
            const QString name = method.toUpper() + QLatin1Char(' ') + it.key();
            checkParameters(name, op, r, params, problems);
            checkSecurity(name, op, r, problems);
            checkBody(name, op, r, problems);
            return name;
        }
        problems->append(QStringLiteral("%1 %2 is no operation of \"%3\"")
                             .arg(QString::fromLatin1(r.method), r.path,
                                 m_doc.value("info").toObject().value("title").toString()));
        return {};
    }

private:
    static bool matches(const QString &templ, const QString &path, QStringList *params)
    {
        const QStringList t = templ.split(QLatin1Char('/'));
        const QStringList p = path.split(QLatin1Char('/'));
        if (t.size() != p.size())
            return false;
        for (qsizetype i = 0; i < t.size(); ++i) {
            if (t[i].startsWith(QLatin1Char('{'))) {
                if (p[i].isEmpty())
                    return false;
                params->append(t[i].mid(1, t[i].size() - 2));
            } else if (t[i] != p[i]) {
                return false;
            }
        }
        return true;
    }

    // Query parameters the SDKs and the docs send that the document does not list, each with
    // where it is documented. Nothing else may be sent.
    static bool undocumentedButSourced(const QString &op, const QString &param)
    {
        // Python SDK Sandbox.iter(), JS SDK Sandbox.list() and the docs' list-sandboxes page
        // page with `cursor` / `next_cursor`.
        return param == QLatin1String("cursor")
            && (op == QLatin1String("GET /v1/sandboxes")
                || op == QLatin1String("GET /v1/templates"));
    }

    void checkParameters(const QString &op, const QJsonObject &operation,
        const FakeHopxServer::Request &r, const QStringList &pathParams,
        QStringList *problems) const
    {
        QHash<QString, QJsonObject> query;
        QSet<QString> inPath;
        for (const QJsonValue &v : operation.value(QStringLiteral("parameters")).toArray()) {
            const QJsonObject p = v.toObject();
            if (p.value(QStringLiteral("in")).toString() == QLatin1String("query"))
                query.insert(p.value(QStringLiteral("name")).toString(), p);
            if (p.value(QStringLiteral("in")).toString() == QLatin1String("path"))
                inPath.insert(p.value(QStringLiteral("name")).toString());
        }
        for (const QString &p : pathParams) {
            if (!inPath.contains(p))
                problems->append(QStringLiteral("%1: path parameter {%2} undocumented").arg(op, p));
        }
        QSet<QString> sent;
        for (const auto &item : r.query.queryItems(QUrl::FullyDecoded)) {
            sent.insert(item.first);
            if (!query.contains(item.first)) {
                if (!undocumentedButSourced(op, item.first))
                    problems->append(QStringLiteral("%1: query parameter %2 is not documented")
                                         .arg(op, item.first));
                continue;
            }
            const QJsonObject schema =
                query.value(item.first).value(QStringLiteral("schema")).toObject();
            if (schema.value(QStringLiteral("type")).toString() == QLatin1String("integer")) {
                bool ok = false;
                item.second.toLongLong(&ok);
                if (!ok)
                    problems->append(QStringLiteral("%1: %2=%3 is not an integer")
                                         .arg(op, item.first, item.second));
            }
        }
        for (auto it = query.cbegin(); it != query.cend(); ++it) {
            if (it.value().value(QStringLiteral("required")).toBool() && !sent.contains(it.key()))
                problems->append(
                    QStringLiteral("%1: required query parameter %2 missing").arg(op, it.key()));
        }
    }

    void checkSecurity(const QString &op, const QJsonObject &operation,
        const FakeHopxServer::Request &r, QStringList *problems) const
    {
        const QJsonArray security = operation.value(QStringLiteral("security")).toArray();
        if (security.isEmpty())
            return;
        const QJsonObject schemes = m_doc.value(QStringLiteral("components"))
                                        .toObject()
                                        .value(QStringLiteral("securitySchemes"))
                                        .toObject();
        // One of the alternatives must be met.
        for (const QJsonValue &alternative : security) {
            bool met = true;
            for (const QString &scheme : alternative.toObject().keys()) {
                const QString header =
                    schemes.value(scheme).toObject().value(QStringLiteral("name")).toString();
                met = met && !r.header(header.toLatin1()).isEmpty();
            }
            if (met)
                return;
        }
        problems->append(QStringLiteral("%1: no documented credentials header").arg(op));
    }

    void checkBody(const QString &op, const QJsonObject &operation,
        const FakeHopxServer::Request &r, QStringList *problems) const
    {
        const QJsonObject content = operation.value(QStringLiteral("requestBody"))
                                        .toObject()
                                        .value(QStringLiteral("content"))
                                        .toObject();
        if (content.isEmpty()) {
            if (sdkBody(op).has_value())
                return checkSdkBody(op, r, problems);
            if (!r.body.isEmpty())
                problems->append(QStringLiteral("%1 takes no body, got %2")
                                     .arg(op, QString::fromUtf8(r.body.left(80))));
            return;
        }
        const QJsonObject multipart =
            content.value(QStringLiteral("multipart/form-data")).toObject();
        if (!multipart.isEmpty())
            return checkMultipart(
                op, resolve(multipart.value(QStringLiteral("schema")).toObject()), r, problems);
        const QJsonObject json = content.value(QStringLiteral("application/json")).toObject();
        if (json.isEmpty()) {
            problems->append(
                QStringLiteral("%1 takes %2, not JSON").arg(op, content.keys().join(',')));
            return;
        }
        QJsonParseError pe {};
        const QJsonDocument body = QJsonDocument::fromJson(r.body, &pe);
        if (pe.error != QJsonParseError::NoError) {
            problems->append(QStringLiteral("%1: the body is not JSON").arg(op));
            return;
        }
        checkValue(op + QStringLiteral(" body"), json.value(QStringLiteral("schema")).toObject(),
            body.isObject() ? QJsonValue(body.object()) : QJsonValue(body.array()), problems);
    }

    // The document lists the desktop operations with no request body; their bodies are the
    // Python SDK's (desktop.py), field by field. Nothing else may be sent to them.
    static std::optional<QStringList> sdkBody(const QString &op)
    {
        static const QHash<QString, QStringList> bodies {
            {QStringLiteral("POST /desktop/screenshot"), {}},
            {QStringLiteral("POST /desktop/mouse/click"), {"x", "y", "button", "clicks"}},
            {QStringLiteral("POST /desktop/mouse/move"), {"x", "y"}},
            {QStringLiteral("POST /desktop/mouse/drag"),
                {"from_x", "from_y", "to_x", "to_y", "button"}},
            {QStringLiteral("POST /desktop/mouse/scroll"), {"amount", "direction"}},
            {QStringLiteral("POST /desktop/keyboard/type"), {"text", "delay_ms"}},
            {QStringLiteral("POST /desktop/keyboard/press"), {"key"}},
            {QStringLiteral("POST /desktop/keyboard/combination"), {"modifiers", "key"}}};
        const auto it = bodies.constFind(op);
        return it == bodies.constEnd() ? std::nullopt : std::optional<QStringList>(*it);
    }

    static void checkSdkBody(
        const QString &op, const FakeHopxServer::Request &r, QStringList *problems)
    {
        const QStringList fields = *sdkBody(op);
        if (fields.isEmpty()) {
            if (!r.body.isEmpty())
                problems->append(QStringLiteral("%1 takes no body").arg(op));
            return;
        }
        const QJsonObject o = QJsonDocument::fromJson(r.body).object();
        for (const QString &k : o.keys()) {
            if (!fields.contains(k))
                problems->append(QStringLiteral("%1: %2 is not a field the SDK sends").arg(op, k));
        }
        for (const QString &k : fields) {
            if (!o.contains(k))
                problems->append(QStringLiteral("%1: %2 missing").arg(op, k));
        }
    }

    // multipart/form-data: the parts by name against the schema's properties and required.
    static void checkMultipart(const QString &op, const QJsonObject &schema,
        const FakeHopxServer::Request &r, QStringList *problems)
    {
        if (!r.header("content-type").startsWith("multipart/form-data; boundary="))
            problems->append(QStringLiteral("%1: not sent as multipart/form-data").arg(op));
        QSet<QString> names;
        for (qsizetype at = 0;
             (at = r.body.indexOf("Content-Disposition: form-data; name=\"", at)) >= 0;) {
            at += 38;
            names.insert(QString::fromUtf8(r.body.mid(at, r.body.indexOf('"', at) - at)));
        }
        const QJsonObject properties = schema.value(QStringLiteral("properties")).toObject();
        for (const QString &n : names) {
            if (!properties.contains(n))
                problems->append(QStringLiteral("%1: part %2 is not documented").arg(op, n));
        }
        for (const QJsonValue &req : schema.value(QStringLiteral("required")).toArray()) {
            if (!names.contains(req.toString()))
                problems->append(
                    QStringLiteral("%1: required part %2 missing").arg(op, req.toString()));
        }
    }

    QJsonObject resolve(const QJsonObject &schema) const
    {
        const QString ref = schema.value(QStringLiteral("$ref")).toString();
        if (ref.isEmpty())
            return schema;
        QJsonValue at = m_doc;
        for (const QString &part : ref.mid(2).split(QLatin1Char('/')))
            at = at.toObject().value(part);
        return at.toObject();
    }

    void checkValue(const QString &where, const QJsonObject &rawSchema, const QJsonValue &value,
        QStringList *problems) const
    {
        QJsonObject schema = resolve(rawSchema);
        const QJsonArray allOf = schema.value(QStringLiteral("allOf")).toArray();
        if (allOf.size() == 1) {
            const QString ref = allOf[0].toObject().value(QStringLiteral("$ref")).toString();
            // The document's own words: template_id "accepts both string and int"; its
            // generated FlexibleTemplateID schema ({value}) is an artefact of the generator.
            if (ref.endsWith(QLatin1String("FlexibleTemplateID"))) {
                if (!value.isString() && !value.isDouble())
                    problems->append(QStringLiteral("%1: not a string or an integer").arg(where));
                return;
            }
            schema = resolve(allOf[0].toObject());
        }
        const QString type = schema.value(QStringLiteral("type")).toString();
        const QJsonArray enumeration = schema.value(QStringLiteral("enum")).toArray();
        if (!enumeration.isEmpty() && !enumeration.contains(value))
            problems->append(QStringLiteral("%1: %2 is not one of the documented values")
                                 .arg(where, value.toVariant().toString()));
        if (type == QLatin1String("string") && !value.isString())
            problems->append(QStringLiteral("%1: not a string").arg(where));
        else if (type == QLatin1String("boolean") && !value.isBool())
            problems->append(QStringLiteral("%1: not a boolean").arg(where));
        else if (type == QLatin1String("integer")
            && (!value.isDouble() || value.toDouble() != double(qint64(value.toDouble()))))
            problems->append(QStringLiteral("%1: not an integer").arg(where));
        else if (type == QLatin1String("array")) {
            if (!value.isArray())
                return problems->append(QStringLiteral("%1: not an array").arg(where));
            const QJsonObject items = schema.value(QStringLiteral("items")).toObject();
            const QJsonArray a = value.toArray();
            for (qsizetype i = 0; i < a.size(); ++i)
                checkValue(QStringLiteral("%1[%2]").arg(where).arg(i), items, a[i], problems);
        } else if (type == QLatin1String("object")) {
            if (!value.isObject())
                return problems->append(QStringLiteral("%1: not an object").arg(where));
            const QJsonObject o = value.toObject();
            const QJsonObject properties = schema.value(QStringLiteral("properties")).toObject();
            const QJsonValue additional = schema.value(QStringLiteral("additionalProperties"));
            for (auto it = o.begin(); it != o.end(); ++it) {
                const QString at = where + QLatin1Char('.') + it.key();
                if (properties.contains(it.key()))
                    checkValue(at, properties.value(it.key()).toObject(), it.value(), problems);
                else if (additional.isObject())
                    checkValue(at, additional.toObject(), it.value(), problems);
                else if (additional.toBool(false) != true)
                    problems->append(QStringLiteral("%1 is not a documented field").arg(at));
            }
            for (const QJsonValue &required : schema.value(QStringLiteral("required")).toArray()) {
                if (!o.contains(required.toString()))
                    problems->append(QStringLiteral("%1: required field %2 missing")
                                         .arg(where, required.toString()));
            }
        }
    }

    QJsonObject m_doc;
};

} // namespace

class TestHopxConformance : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<FakeHopxServer> m_server;
    std::unique_ptr<QNetworkAccessManager> m_nam;
    std::unique_ptr<HopxProvider> m_provider;

    HopxProvider &p() { return *m_provider; }
    Sandbox *on(const QString &id) { return p().sandbox(id).value(); }

    template<typename T, typename Start>
    void ok(const char *what, Start start)
    {
        const auto r = wait<T>(start);
        QVERIFY2(r.ok(),
            qPrintable(QString::fromLatin1(what) + QStringLiteral(": ")
                + (r.ok() ? QString() : r.error().message)));
    }

    // Every operation of the provider, so that every endpoint the client knows is reached.
    void session()
    {
        ok<QJsonArray>("list templates", [&](auto cb) { p().listTemplates(cb); });
        ok<QJsonObject>("get template", [&](auto cb) { p().getTemplate("code-interpreter", cb); });
        CreateSpec byId;
        byId.templateId = QStringLiteral("73");
        byId.region = QStringLiteral("us-east");
        byId.timeoutSeconds = 600;
        byId.internetAccess = false;
        byId.envVars = {{QStringLiteral("A"), QStringLiteral("1")}};
        ok<SandboxInfo>("create by id", [&](auto cb) { p().create(byId, cb); });
        CreateSpec byName;
        byName.templateName = QStringLiteral("code-interpreter");
        const auto created = wait<SandboxInfo>([&](auto cb) { p().create(byName, cb); });
        QVERIFY(created.ok());
        const QString id = created.value().id;
        ListSpec list;
        list.status = QStringLiteral("running");
        list.region = QStringLiteral("us-east");
        ok<QList<SandboxInfo>>("list", [&](auto cb) { p().list(list, cb); });
        ok<SandboxInfo>("get", [&](auto cb) { on(id)->lifecycle()->info(cb); });
        ok<Unit>("timeout", [&](auto cb) { on(id)->lifecycle()->setTimeout(900, cb); });

        ExecSpec exec;
        exec.code = QStringLiteral("print('hi')");
        exec.env = {{QStringLiteral("B"), QStringLiteral("2")}};
        exec.workingDir = QStringLiteral("/tmp");
        ok<ExecResult>("execute", [&](auto cb) { on(id)->exec()->execute(exec, cb); });
        exec.liveOutput = true; // streamed, in a language that makes no figures
        exec.language = QStringLiteral("bash");
        exec.code = QStringLiteral("echo hi");
        ok<ExecResult>("execute streamed", [&](auto cb) { on(id)->exec()->execute(exec, cb); });
        CommandSpec command;
        command.command = QStringLiteral("echo hi");
        command.env = exec.env;
        ok<ExecResult>("run command", [&](auto cb) { on(id)->exec()->runCommand(command, cb); });
        BackgroundSpec code;
        code.code = QStringLiteral("import time\ntime.sleep(100)");
        code.name = QStringLiteral("sleeper");
        code.env = exec.env;
        const auto started =
            wait<ProcessStarted>([&](auto cb) { on(id)->jobs()->startBackground(code, cb); });
        QVERIFY(started.ok());
        BackgroundSpec shell;
        shell.command = QStringLiteral("sleep 100");
        ok<ProcessStarted>(
            "background command", [&](auto cb) { on(id)->jobs()->startBackground(shell, cb); });
        ok<QJsonArray>("executions", [&](auto cb) { on(id)->jobs()->listExecutions(cb); });
        ok<QJsonArray>("processes", [&](auto cb) { on(id)->jobs()->listProcesses(cb); });
        ok<Unit>(
            "kill", [&](auto cb) { on(id)->jobs()->killProcess(started.value().processId, cb); });

        const QString text = QStringLiteral("/workspace/a.txt");
        ok<Unit>("write", [&](auto cb) { on(id)->files()->writeFile(text, "hello\n", {}, cb); });
        ok<Unit>("write binary", [&](auto cb) {
            on(id)->files()->writeFile(
                QStringLiteral("/tmp/b.bin"), QByteArray("\0\1\2", 3), "0600", cb);
        });
        ok<QByteArray>("read", [&](auto cb) { on(id)->files()->readFile(text, cb); });
        // An agent without /files/download: the JSON read it falls back to.
        FakeHopxServer::Fault noRoute = FakeHopxServer::fault(
            "GET", QStringLiteral("/files/download$"), FakeHopxServer::FaultKind::Status);
        noRoute.status = 404;
        noRoute.plainText = true;
        m_server->addFault(noRoute);
        ok<QByteArray>("read as JSON", [&](auto cb) { on(id)->files()->readFile(text, cb); });
        ok<FileList>("list files", [&](auto cb) { on(id)->files()->listFiles({}, 0, cb); });
        ok<bool>("exists", [&](auto cb) { on(id)->files()->fileExists(text, cb); });
        ok<Unit>("mkdir", [&](auto cb) { on(id)->files()->makeDirectory("/workspace/d", cb); });
        ok<Unit>("remove", [&](auto cb) { on(id)->files()->removeFile(text, cb); });

        ok<Unit>("merge env", [&](auto cb) { on(id)->env()->setEnv(exec.env, true, cb); });
        ok<Unit>("replace env", [&](auto cb) { on(id)->env()->setEnv(exec.env, false, cb); });
        ok<EnvMap>("get env", [&](auto cb) { on(id)->env()->getEnv(cb); });
        ok<Unit>("clear env", [&](auto cb) { on(id)->env()->clearEnv(cb); });
        ok<QJsonObject>("metrics", [&](auto cb) { on(id)->metrics()->systemMetrics(cb); });
        ok<QJsonObject>("info", [&](auto cb) { on(id)->metrics()->vmInfo(cb); });
        ok<QJsonObject>("cache clear", [&](auto cb) { on(id)->metrics()->cacheClear(cb); });
        ok<QJsonObject>("cache stats", [&](auto cb) { on(id)->metrics()->cacheStats(cb); });
        ok<QString>("preview url", [&](auto cb) { on(id)->endpoints()->previewUrl(8080, cb); });

        ok<SandboxInfo>("pause", [&](auto cb) { on(id)->lifecycle()->pause(cb); });
        ok<SandboxInfo>("resume", [&](auto cb) { on(id)->lifecycle()->resume(cb); });
        m_server->invalidateToken(id); // a 401, then the token refresh
        exec.liveOutput = false;
        ok<ExecResult>(
            "execute after refresh", [&](auto cb) { on(id)->exec()->execute(exec, cb); });
        ok<Unit>("delete", [&](auto cb) { on(id)->lifecycle()->destroy(cb); });
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

    void everyRequestIsADocumentedOperation_data()
    {
        QTest::addColumn<bool>("quirks");
        QTest::newRow("as documented") << false;
        QTest::newRow("with the real-world quirks") << true;
    }

    void everyRequestIsADocumentedOperation()
    {
        QFETCH(bool, quirks);
        const OpenApiChecker agent(loadDocument(QStringLiteral("openapi_agent.json")));
        const OpenApiChecker control(loadDocument(QStringLiteral("openapi_public.json")));
        m_server->setQuirks(quirks);
        session();
        if (QTest::currentTestFailed())
            return;

        QStringList problems;
        QSet<QString> used;
        for (const FakeHopxServer::Request &r : m_server->requests()) {
            QStringList mine;
            const QString op = (r.isAgent() ? agent : control).check(r, &mine);
            used.insert((r.isAgent() ? QStringLiteral("agent ") : QStringLiteral("control "))
                + (op.isEmpty() ? QString::fromLatin1(r.method) + QLatin1Char(' ') + r.path : op));
            problems += mine;
        }
        problems.removeDuplicates();
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));

        // What the client uses, all of it documented; a new use must be added here on purpose.
        const QSet<QString> expected {QStringLiteral("control GET /v1/templates"),
            QStringLiteral("control GET /v1/templates/{name}"),
            QStringLiteral("control POST /v1/sandboxes"),
            QStringLiteral("control GET /v1/sandboxes"),
            QStringLiteral("control GET /v1/sandboxes/{id}"),
            QStringLiteral("control DELETE /v1/sandboxes/{id}"),
            QStringLiteral("control PUT /v1/sandboxes/{id}/timeout"),
            QStringLiteral("control POST /v1/sandboxes/{id}/pause"),
            QStringLiteral("control POST /v1/sandboxes/{id}/resume"),
            QStringLiteral("control POST /v1/sandboxes/{id}/token/refresh"),
            QStringLiteral("agent GET /health"), QStringLiteral("agent POST /execute"),
            QStringLiteral("agent GET /execute/stream"),
            QStringLiteral("agent POST /execute/background"),
            QStringLiteral("agent GET /execute/processes"),
            QStringLiteral("agent DELETE /execute/kill"),
            QStringLiteral("agent POST /commands/run"),
            QStringLiteral("agent POST /commands/background"),
            QStringLiteral("agent GET /processes"), QStringLiteral("agent POST /files/write"),
            QStringLiteral("agent GET /files/download"), QStringLiteral("agent GET /files/read"),
            QStringLiteral("agent GET /files/list"), QStringLiteral("agent GET /files/exists"),
            QStringLiteral("agent POST /files/mkdir"), QStringLiteral("agent DELETE /files/remove"),
            QStringLiteral("agent GET /env"), QStringLiteral("agent PUT /env"),
            QStringLiteral("agent PATCH /env"), QStringLiteral("agent DELETE /env"),
            QStringLiteral("agent GET /metrics/snapshot"), QStringLiteral("agent GET /system"),
            QStringLiteral("agent GET /info"), QStringLiteral("agent POST /cache/clear"),
            QStringLiteral("agent GET /cache/stats")};
        QStringList missing = (expected - used).values();
        QStringList extra = (used - expected).values();
        missing.sort();
        extra.sort();
        QVERIFY2(missing.isEmpty(), qPrintable("not exercised: " + missing.join(", ")));
        QVERIFY2(extra.isEmpty(), qPrintable("not expected: " + extra.join(", ")));
    }

    // The operations the provider interface does not have yet, through the pieces: streamed
    // upload and download, the desktop.
    void streamedFilesAndDesktopAreDocumented()
    {
        Hopx::Test::Pieces pieces;
        QVERIFY(pieces.listening);
        CreateSpec spec;
        spec.templateName = QStringLiteral("code-interpreter");
        const auto created = wait<QJsonObject>([&](auto cb) { pieces.control.create(spec, cb); });
        QVERIFY(created.ok());
        pieces.pool->update(created.value());
        const QString id = created.value().value(QStringLiteral("id")).toString();
        pieces.server.setDesktop(id, true);
        const Hopx::Cloud::AgentChannel agent = pieces.pool->channel(id);
        const Hopx::Cloud::HopxFiles files(agent);
        QBuffer source;
        source.setData("uploaded\n");
        QVERIFY(source.open(QIODevice::ReadOnly));
        ok<qint64>("upload", [&](auto cb) { files.upload("/workspace/u.txt", &source, cb); });
        ok<qint64>("download", [&](auto cb) {
            files.download(
                "/workspace/u.txt", [](const QByteArray &) { return true; }, cb);
        });
        Hopx::Cloud::HopxDesktop desktop(agent);
        ok<Hopx::Cloud::HopxDesktop::Screenshot>(
            "screenshot", [&](auto cb) { desktop.screenshot(cb); });
        ok<Unit>("click", [&](auto cb) { desktop.click(1, 2, "left", 1, cb); });
        ok<Unit>("move", [&](auto cb) { desktop.move(1, 2, cb); });
        ok<Unit>("drag", [&](auto cb) { desktop.drag(1, 2, 3, 4, "left", cb); });
        ok<Unit>("scroll", [&](auto cb) { desktop.scroll(1, "up", cb); });
        ok<Unit>("type", [&](auto cb) { desktop.type("x", 10, cb); });
        ok<Unit>("press", [&](auto cb) { desktop.press("Return", cb); });
        ok<Unit>("combination", [&](auto cb) { desktop.combination({"ctrl"}, "c", cb); });

        const OpenApiChecker agentDoc(loadDocument(QStringLiteral("openapi_agent.json")));
        const OpenApiChecker control(loadDocument(QStringLiteral("openapi_public.json")));
        QStringList problems;
        QSet<QString> used;
        for (const FakeHopxServer::Request &r : pieces.server.requests()) {
            const QString op = (r.isAgent() ? agentDoc : control).check(r, &problems);
            used.insert(op.isEmpty() ? QString::fromLatin1(r.method) + ' ' + r.path : op);
        }
        problems.removeDuplicates();
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
        for (const char *op :
            {"POST /files/upload", "GET /files/download", "POST /desktop/screenshot",
                "POST /desktop/mouse/click", "POST /desktop/mouse/move", "POST /desktop/mouse/drag",
                "POST /desktop/mouse/scroll", "POST /desktop/keyboard/type",
                "POST /desktop/keyboard/press", "POST /desktop/keyboard/combination"})
            QVERIFY2(used.contains(QLatin1String(op)), op);
    }

    // The checker itself: each kind of mismatch is caught.
    void checkerCatchesMismatches()
    {
        const OpenApiChecker agent(loadDocument(QStringLiteral("openapi_agent.json")));
        const auto problemsOf = [&agent](const QByteArray &method, const QString &path,
                                    const QString &query, const QByteArray &body) {
            FakeHopxServer::Request r;
            r.method = method;
            r.path = path;
            r.query = QUrlQuery(query);
            r.body = body;
            r.sandboxId = QStringLiteral("x");
            r.headers.insert("authorization", "Bearer t");
            QStringList problems;
            agent.check(r, &problems);
            return problems;
        };
        QVERIFY(problemsOf("POST", "/execute", {}, R"({"code":"1","timeout":30})").isEmpty());
        QCOMPARE(problemsOf("POST", "//execute", {}, R"({"code":"1"})").size(), 2);
        QCOMPARE(problemsOf("POST", "/execute/kill", {}, R"({"process_id":"p"})").size(), 1);
        QCOMPARE(problemsOf("POST", "/execute/kill/p", {}, {}).size(), 1);
        QCOMPARE(problemsOf("DELETE", "/execute/kill", {}, {}).size(), 1); // process_id missing
        QCOMPARE(problemsOf("POST", "/execute", {}, R"({"working_dir":"/tmp"})").size(), 1);
        QCOMPARE(problemsOf("POST", "/execute", {}, R"({"timeout":"30"})").size(), 1);
        QCOMPARE(problemsOf("POST", "/files/write", {}, R"({"path":"/a"})").size(), 1);
        QCOMPARE(
            problemsOf("POST", "/files/write", {}, R"({"path":"/a","content":"","encoding":"hex"})")
                .size(),
            1);
        QCOMPARE(problemsOf("GET", "/files/read", QStringLiteral("name=a"), {}).size(), 2);
        QCOMPARE(problemsOf("GET", "/env", {}, R"({"env_vars":{}})").size(), 1);
        QCOMPARE(problemsOf("POST", "/desktop/mouse/click", {}, R"({"x":1})").size(), 3);
        QCOMPARE(problemsOf("POST", "/files/upload", {}, "x").size(), 2); // not multipart, no file
    }
};

QTEST_GUILESS_MAIN(TestHopxConformance)
#include "tst_hopxconformance.moc"

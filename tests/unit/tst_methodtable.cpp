// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// The session's method table: what each feature registers and declares for the server it is
// given and the client it talks to, and what a handler learns of its caller (the request's
// context, not the session's fields).
#include "features/PromptRegistry.h"
#include "features/ResourceRegistry.h"
#include "session/McpSession.h"
#include "tasks/TaskStore.h"
#include "tools/ToolCall.h"
#include "tools/ToolRegistry.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Hopx::Mcp;

class TestMethodTable : public QObject
{
    Q_OBJECT

private slots:
    // Each feature registers its own methods and declares its capability; the table and
    // initialize follow what the server has (ServerContext) and what the client speaks.
    void featuresRegisterTheirMethods_data()
    {
        QTest::addColumn<QString>("context"); // r: resources, t: a template, p: prompts, k: tasks
        QTest::addColumn<QString>("version");
        QTest::addColumn<QStringList>("extraMethods");
        QTest::addColumn<QStringList>("capabilities");
        const QStringList resources {"completion/complete", "resources/list", "resources/read",
            "resources/subscribe", "resources/templates/list", "resources/unsubscribe"};
        const QStringList tasks {"tasks/cancel", "tasks/get", "tasks/list", "tasks/result"};
        QTest::newRow("tools only")
            << ""
            << "2025-11-25" << QStringList {} << QStringList {"logging", "tools"};
        QTest::newRow("empty resource registry: answered, not declared")
            << "r"
            << "2025-11-25" << resources << QStringList {"logging", "tools"};
        QTest::newRow("a template: resources and completion")
            << "rt"
            << "2025-11-25" << resources
            << QStringList {"completions", "logging", "resources", "tools"};
        QTest::newRow("prompts") << "p"
                                 << "2025-11-25"
                                 << QStringList {"completion/complete", "prompts/get",
                                        "prompts/list"}
                                 << QStringList {"completions", "logging", "prompts", "tools"};
        QTest::newRow("tasks for 2025-11-25")
            << "k"
            << "2025-11-25" << tasks << QStringList {"logging", "tasks", "tools"};
        QTest::newRow("tasks registered, not declared to 2025-06-18")
            << "k"
            << "2025-06-18" << tasks << QStringList {"logging", "tools"};
    }

    void featuresRegisterTheirMethods()
    {
        QFETCH(QString, context);
        QFETCH(QString, version);
        QFETCH(QStringList, extraMethods);
        QFETCH(QStringList, capabilities);
        ToolRegistry tools;
        ToolSpec spec;
        spec.name = QStringLiteral("runs_as_task");
        spec.description = QStringLiteral("may run as a task");
        spec.taskSupport = ToolSpec::TaskSupport::Optional;
        tools.add(
            spec, [](ToolCall *call) { call->finish(ToolResult::text(QStringLiteral("ok"))); });
        ResourceRegistry resources;
        if (context.contains(QLatin1Char('t')))
            resources.addTemplate({QStringLiteral("x:{id}"), QStringLiteral("x"), {}, {}, {}},
                [](const QString &uri, const QHash<QString, QString> &,
                    const ResourceRegistry::Reply &reply) {
                    reply(ResourceRegistry::ReadResult::text(uri, {}, QStringLiteral("x")));
                });
        PromptRegistry prompts;
        prompts.add({QStringLiteral("greet"), {}, QStringLiteral("says hello"), {}},
            [](const QMap<QString, QString> &) {
                return QJsonObject {{QStringLiteral("messages"), QJsonArray {}}};
            });
        TaskStore store;
        ServerContext ctx {&tools};
        if (context.contains(QLatin1Char('r')))
            ctx.resources = &resources;
        if (context.contains(QLatin1Char('p')))
            ctx.prompts = &prompts;
        if (context.contains(QLatin1Char('k')))
            ctx.tasks = &store;
        McpSession session(ServerConfig {}, ctx);

        QStringList expected {"initialize", "logging/setLevel", "ping", "tools/call", "tools/list"};
        expected += extraMethods;
        expected.sort();
        QCOMPARE(session.methods().methods(), expected);
        QCOMPARE(session.methods().notifications(),
            (QStringList {"notifications/cancelled", "notifications/initialized"}));

        QList<QJsonObject> out;
        connect(&session, &McpSession::outgoing, this, [&out](const JsonParts &line) {
            out.append(QJsonDocument::fromJson(line.toByteArray()).object());
        });
        session.handleLine(QStringLiteral(
            R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"%1","capabilities":{},"clientInfo":{"name":"t","version":"1"}}})")
                               .arg(version)
                               .toUtf8());
        QCOMPARE(out.size(), 1);
        const QList<QJsonObject> &seen = out;
        QStringList declared = seen[0]["result"]["capabilities"].toObject().keys();
        declared.sort();
        QCOMPARE(declared, capabilities);
        // A registered method whose capability was not declared to this caller is unknown to it.
        session.handleLine(QByteArrayLiteral(R"({"jsonrpc":"2.0","id":2,"method":"tasks/list"})"));
        const bool tasksAnswered = capabilities.contains(QStringLiteral("tasks"));
        QCOMPARE(seen[1].contains(QStringLiteral("result")), tasksAnswered);
        if (!tasksAnswered)
            QCOMPARE(seen[1]["error"]["code"].toInt(), -32601);
    }

    // What a handler knows of its caller comes with the request (the era seam): the version
    // and capabilities initialize agreed on, the connection env, and the request's own key.
    void handlersSeeTheRequestContext()
    {
        ToolRegistry tools;
        ToolSpec spec;
        spec.name = QStringLiteral("whoami");
        spec.description = QStringLiteral("reports its context");
        tools.add(spec, [](ToolCall *call) {
            const RequestContext &ctx = call->context();
            call->finish(ToolResult::structured(
                QJsonObject {{QStringLiteral("version"), ctx.caller->protocolVersion},
                    {QStringLiteral("client"), ctx.caller->clientInfo.value(QLatin1String("name"))},
                    {QStringLiteral("sampling"),
                        ctx.caller->clientSupports(QStringLiteral("sampling"))},
                    {QStringLiteral("key"), ctx.key},
                    {QStringLiteral("env"), ctx.caller->connectionEnv.value(QStringLiteral("K"))},
                    {QStringLiteral("auth"), ctx.caller->authContext},
                    {QStringLiteral("tools"), ctx.caller->declared(QLatin1String("tools"))}}));
        });
        McpSession session(ServerConfig {}, ServerContext {&tools});
        session.setConnectionEnv({{QStringLiteral("K"), QStringLiteral("v")}});
        session.setAuthContext(QStringLiteral("tester"));
        QList<QJsonObject> out;
        connect(&session, &McpSession::outgoing, this, [&out](const JsonParts &line) {
            out.append(QJsonDocument::fromJson(line.toByteArray()).object());
        });
        session.handleLine(QByteArrayLiteral(
            R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{"sampling":{}},"clientInfo":{"name":"c","version":"1"}}})"));
        session.handleLine(QByteArrayLiteral(
            R"({"jsonrpc":"2.0","id":"q","method":"tools/call","params":{"name":"whoami"}})"));
        QCOMPARE(out.size(), 2);
        const QList<QJsonObject> &replies = out;
        const QJsonObject seen = replies[1]["result"]["structuredContent"].toObject();
        QCOMPARE(seen["version"].toString(), QStringLiteral("2025-06-18"));
        QCOMPARE(seen["client"].toString(), QStringLiteral("c"));
        QCOMPARE(seen["sampling"].toBool(), true);
        QCOMPARE(seen["key"].toString(), QStringLiteral("s:q"));
        QCOMPARE(seen["env"].toString(), QStringLiteral("v"));
        QCOMPARE(seen["auth"].toString(), QStringLiteral("tester"));
        QCOMPARE(seen["tools"].toBool(), true);
    }
};

QTEST_GUILESS_MAIN(TestMethodTable)
#include "tst_methodtable.moc"

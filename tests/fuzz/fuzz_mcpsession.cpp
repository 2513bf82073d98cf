// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// McpSession: every line an IDE sends. A session over a registry of fake tools (one answers at
// once, one fails, one parks until the end, one reports progress, one asks the client to
// elicit), a resource template and a task store gets the input, split at '\n', after an
// initialize whose protocol version the first byte picks. Every message it writes must be one
// line of JSON, and no request id may be answered more often than it was sent.
#include "features/ResourceRegistry.h"
#include "session/McpSession.h"
#include "tasks/TaskStore.h"
#include "tools/ToolCall.h"
#include "tools/ToolRegistry.h"
#include "tools/ToolResult.h"
#include "json/JsonRpc.h"

#include "FuzzSupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QPointer>

using namespace Hopx::Mcp;

namespace {

struct World
{
    ServerConfig config;
    ToolRegistry tools;
    ResourceRegistry resources;
    QList<QPointer<ToolCall>> parked;

    World()
    {
        config.pageSize = 2;
        const auto add = [this](const QString &name, const QJsonObject &schema,
                             ToolRegistry::Handler handler) {
            ToolSpec spec;
            spec.name = name;
            spec.description = name;
            if (!schema.isEmpty())
                spec.inputSchema = schema;
            spec.taskSupport = ToolSpec::TaskSupport::Optional;
            if (!tools.add(spec, std::move(handler)))
                std::abort();
        };
        add(QStringLiteral("echo"),
            QJsonDocument::fromJson(
                R"({"type":"object","properties":{"text":{"type":"string",)"
                R"("maxLength":8}},"required":["text"],"additionalProperties":false})")
                .object(),
            [](ToolCall *call) { call->finish(ToolResult::structured(call->arguments())); });
        add(QStringLiteral("fails"), {},
            [](ToolCall *call) { call->finish(ToolResult::error(QStringLiteral("boom"))); });
        add(QStringLiteral("slow"), {}, [this](ToolCall *call) { parked.append(call); });
        add(QStringLiteral("progress"), {}, [](ToolCall *call) {
            call->reportProgress(1, 2, QStringLiteral("half"));
            call->log(QStringLiteral("warning"), QStringLiteral("careful"));
            call->finish(ToolResult::text(QStringLiteral("done")));
        });
        add(QStringLiteral("ask"), {}, [](ToolCall *call) {
            QPointer<ToolCall> guard(call);
            call->requestFromClient(QStringLiteral("elicitation/create"),
                QJsonObject {{QStringLiteral("message"), QStringLiteral("?")}},
                [guard](const ToolCall::ClientReply &) {
                    if (guard)
                        guard->finish(ToolResult::text(QStringLiteral("answered")));
                });
        });
        resources.addTemplate(ResourceRegistry::Template {QStringLiteral("sandbox://{id}/{+path}"),
                                  QStringLiteral("files"), {}, {}, QStringLiteral("text/plain")},
            [](const QString &uri, const QHash<QString, QString> &vars,
                const ResourceRegistry::Reply &reply) {
                reply(vars.value(QStringLiteral("id")) == QLatin1String("x")
                        ? ResourceRegistry::ReadResult::text(uri, QStringLiteral("text/plain"), uri)
                        : ResourceRegistry::ReadResult::notFound(uri));
            });
    }
};

// The ids a message (or a batch) may be answered with, as the session keys them: any object
// with a valid id, even a malformed one (JSON-RPC answers an invalid request with its id when
// it can read one), except a well-formed response, which is never answered.
void countRequests(const QJsonValue &message, QHash<QString, int> &requests)
{
    if (message.isArray()) {
        for (const QJsonValue &m : message.toArray())
            countRequests(m, requests);
        return;
    }
    const QJsonObject o = message.toObject();
    const QJsonValue id = o.value(QStringLiteral("id"));
    const bool response = o.value(QStringLiteral("jsonrpc")) == QLatin1String("2.0")
        && !o.contains(QStringLiteral("method"))
        && (o.contains(QStringLiteral("result")) || o.contains(QStringLiteral("error")));
    if (JsonRpc::isValidId(id) && !response)
        ++requests[JsonRpc::idKey(id)];
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    HopxFuzz::application();
    static World *world = new World;
    if (size < 1)
        return 0;
    const QStringList versions = world->config.protocolVersions;
    const QString version = versions.at(data[0] % versions.size());
    const QByteArray input(reinterpret_cast<const char *>(data) + 1, qsizetype(size - 1));

    QHash<QString, int> requests;
    QHash<QString, int> responses;
    int serverRequests = 0;
    {
        TaskStore tasks(world->config); // per input: what one run leaves must not steer the next
        ServerContext context {&world->tools, &world->resources, nullptr, &tasks};
        McpSession session(world->config, context);
        QObject::connect(&session, &McpSession::outgoing, &session, [&](const JsonParts &message) {
            const QByteArray line = message.toByteArray();
            FUZZ_CHECK(!line.contains('\n'));
            QJsonParseError error {};
            const QJsonDocument doc = QJsonDocument::fromJson(line, &error);
            FUZZ_CHECK(error.error == QJsonParseError::NoError);
            const QJsonArray batch = doc.isArray() ? doc.array() : QJsonArray {doc.object()};
            for (const QJsonValue &v : batch) {
                const QJsonObject o = v.toObject();
                FUZZ_CHECK(o.value(QStringLiteral("jsonrpc")) == QLatin1String("2.0"));
                if (o.contains(QStringLiteral("method"))) {
                    serverRequests += o.contains(QStringLiteral("id"));
                    continue;
                }
                const QJsonValue id = o.value(QStringLiteral("id"));
                if (!id.isNull())
                    ++responses[JsonRpc::idKey(id)];
            }
        });
        const QByteArray init = R"({"jsonrpc":"2.0","id":"init","method":"initialize","params":)"
                                R"({"protocolVersion":")"
            + version.toUtf8()
            + R"(","capabilities":{"elicitation":{}},"clientInfo":{"name":"f","version":"1"}}})";
        session.handleLine(init);
        session.handleLine(R"({"jsonrpc":"2.0","method":"notifications/initialized"})");
        ++requests[QStringLiteral("s:init")];
        for (const QByteArray &line : input.split('\n')) {
            countRequests(QJsonDocument::fromJson(line).isArray()
                    ? QJsonValue(QJsonDocument::fromJson(line).array())
                    : QJsonValue(QJsonDocument::fromJson(line).object()),
                requests);
            session.handleLine(line);
            QCoreApplication::processEvents();
        }
        for (const QPointer<ToolCall> &call : std::as_const(world->parked))
            if (call)
                call->finish(ToolResult::text(QStringLiteral("late")));
        world->parked.clear();
        for (int i = 0; i < 3; ++i)
            QCoreApplication::processEvents();
        session.abortAll();
        QCoreApplication::processEvents();
    }
    QCoreApplication::processEvents();
    for (auto it = responses.cbegin(); it != responses.cend(); ++it)
        FUZZ_CHECK(it.value() <= requests.value(it.key()));
    (void)serverRequests;
    return 0;
}

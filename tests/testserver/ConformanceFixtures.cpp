// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ConformanceFixtures.h"

#include "core/tools/Schema.h"

#include "features/PromptRegistry.h"
#include "features/ResourceRegistry.h"
#include "tools/ToolCall.h"
#include "tools/ToolRegistry.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QPointer>
#include <QTimer>

#include <memory>

namespace Hopx::TestServer {

namespace Schema = Core::Tools::Schema;

using Mcp::PromptRegistry;
using Mcp::ResourceRegistry;
using Mcp::ToolCall;
using Mcp::ToolResult;
using Mcp::ToolSpec;

namespace {

// A 1x1 red PNG and a minimal WAV, the same bytes the suite's reference server uses.
const QString kPngBase64 = QStringLiteral("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4"
                                          "2mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==");
const QString kWavBase64 =
    QStringLiteral("UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAAB9AAACABAAZGF0YQIAAAA=");

ToolSpec fixture(const QString &name, const QString &description)
{
    ToolSpec spec;
    spec.name = name;
    spec.description = description;
    spec.inputSchema = Schema::object({}, {}, false);
    spec.hints = ToolSpec::ReadOnly;
    return spec;
}

QJsonObject imageBlock()
{
    return {{QStringLiteral("type"), QStringLiteral("image")}, {QStringLiteral("data"), kPngBase64},
        {QStringLiteral("mimeType"), QStringLiteral("image/png")}};
}

QJsonObject resourceBlock(const QString &uri, const QString &mimeType, const QString &text)
{
    return {{QStringLiteral("type"), QStringLiteral("resource")},
        {QStringLiteral("resource"),
            QJsonObject {{QStringLiteral("uri"), uri}, {QStringLiteral("mimeType"), mimeType},
                {QStringLiteral("text"), text}}}};
}

QJsonObject textBlock(const QString &text)
{
    return {{QStringLiteral("type"), QStringLiteral("text")}, {QStringLiteral("text"), text}};
}

QJsonObject userMessage(const QJsonObject &content)
{
    return {{QStringLiteral("role"), QStringLiteral("user")}, {QStringLiteral("content"), content}};
}

QString compact(const QJsonObject &o)
{
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

//! Values from `candidates` that start with what the user typed.
QStringList completeFrom(const QStringList &candidates, const QString &typed)
{
    QStringList out;
    for (const QString &c : candidates)
        if (c.startsWith(typed, Qt::CaseInsensitive))
            out.append(c);
    return out;
}

//! A tool that sends elicitation/create with `schema` and reports the client's answer.
void registerElicitation(Mcp::ToolRegistry &registry, const ToolSpec &spec,
    const QString &fixedMessage, const QJsonObject &schema, const QString &resultPrefix)
{
    registry.add(spec, [fixedMessage, schema, resultPrefix](ToolCall *call) {
        const QString message = fixedMessage.isEmpty()
            ? call->arguments().value(QStringLiteral("message")).toString()
            : fixedMessage;
        QPointer<ToolCall> guard(call);
        call->requestFromClient(QStringLiteral("elicitation/create"),
            QJsonObject {
                {QStringLiteral("message"), message}, {QStringLiteral("requestedSchema"), schema}},
            [guard, resultPrefix](const ToolCall::ClientReply &reply) {
                if (!guard)
                    return;
                if (!reply.ok) {
                    guard->finish(
                        ToolResult::text(QStringLiteral("Elicitation not supported or error: %1")
                                             .arg(reply.errorMessage),
                            true));
                    return;
                }
                guard->finish(ToolResult::text(
                    QStringLiteral("%1: action=%2, content=%3")
                        .arg(resultPrefix, reply.result.value(QStringLiteral("action")).toString(),
                            compact(reply.result.value(QStringLiteral("content")).toObject()))));
            });
    });
}

QJsonObject prop(std::initializer_list<std::pair<QString, QJsonValue>> fields)
{
    QJsonObject o;
    for (const auto &f : fields)
        o.insert(f.first, f.second);
    return o;
}

QJsonArray titled(const QStringList &pairs)
{
    QJsonArray out;
    for (int i = 0; i + 1 < pairs.size(); i += 2)
        out.append(QJsonObject {
            {QStringLiteral("const"), pairs.at(i)}, {QStringLiteral("title"), pairs.at(i + 1)}});
    return out;
}

} // namespace

void registerConformanceFixtures(Mcp::ToolRegistry &registry)
{
    registry.add(fixture(QStringLiteral("test_simple_text"),
                     QStringLiteral("Returns a simple text response.")),
        [](ToolCall *call) {
            call->finish(
                ToolResult::text(QStringLiteral("This is a simple text response for testing.")));
        });
    registry.add(fixture(QStringLiteral("test_error_handling"),
                     QStringLiteral("Always fails with an isError result.")),
        [](ToolCall *call) {
            call->finish(ToolResult::text(
                QStringLiteral("This tool intentionally returns an error for testing"), true));
        });
    registry.add(
        fixture(QStringLiteral("test_image_content"), QStringLiteral("Returns a 1x1 PNG image.")),
        [](ToolCall *call) {
            ToolResult r;
            r.addContent(imageBlock());
            call->finish(r);
        });
    registry.add(
        fixture(QStringLiteral("test_audio_content"), QStringLiteral("Returns a tiny WAV clip.")),
        [](ToolCall *call) {
            ToolResult r;
            r.addContent(QJsonObject {{QStringLiteral("type"), QStringLiteral("audio")},
                {QStringLiteral("data"), kWavBase64},
                {QStringLiteral("mimeType"), QStringLiteral("audio/wav")}});
            call->finish(r);
        });
    registry.add(fixture(QStringLiteral("test_embedded_resource"),
                     QStringLiteral("Returns an embedded text resource.")),
        [](ToolCall *call) {
            ToolResult r;
            r.addContent(resourceBlock(QStringLiteral("test://embedded-resource"),
                QStringLiteral("text/plain"),
                QStringLiteral("This is an embedded resource content.")));
            call->finish(r);
        });
    registry.add(fixture(QStringLiteral("test_multiple_content_types"),
                     QStringLiteral("Returns text, an image and an embedded resource.")),
        [](ToolCall *call) {
            ToolResult r = ToolResult::text(QStringLiteral("Multiple content types test:"));
            r.addContent(imageBlock());
            r.addContent(resourceBlock(QStringLiteral("test://mixed-content-resource"),
                QStringLiteral("application/json"),
                QStringLiteral(R"({"test":"data","value":123})")));
            call->finish(r);
        });

    registry.add(fixture(QStringLiteral("test_tool_with_logging"),
                     QStringLiteral("Logs three info messages 50 ms apart while it runs.")),
        [](ToolCall *call) {
            call->log(QStringLiteral("info"), QStringLiteral("Tool execution started"));
            QPointer<ToolCall> guard(call);
            QTimer::singleShot(50, call, [guard]() {
                if (!guard)
                    return;
                guard->log(QStringLiteral("info"), QStringLiteral("Tool processing data"));
                QTimer::singleShot(50, guard.data(), [guard]() {
                    if (!guard)
                        return;
                    guard->log(QStringLiteral("info"), QStringLiteral("Tool execution completed"));
                    guard->finish(ToolResult::text(
                        QStringLiteral("Tool with logging executed successfully")));
                });
            });
        });

    ToolSpec progress = fixture(QStringLiteral("test_tool_with_progress"),
        QStringLiteral("Reports progress 0, 50, 100 of 100 with 50 ms between, then "
                       "answers; `steps` and `delay_ms` stretch it for tests. May run "
                       "as a task."));
    progress.inputSchema = Schema::object(
        {{QStringLiteral("steps"), Schema::integer(QStringLiteral("progress steps"), 1, 100000, 3)},
            {QStringLiteral("delay_ms"),
                Schema::integer(QStringLiteral("delay between steps"), 0, 600000, 50)}},
        {}, false);
    progress.taskSupport = ToolSpec::TaskSupport::Optional;
    registry.add(progress, [](ToolCall *call) {
        const int steps = call->arguments().value(QStringLiteral("steps")).toInt(3);
        const int delay = call->arguments().value(QStringLiteral("delay_ms")).toInt(50);
        auto *timer = new QTimer(call);
        timer->setInterval(delay);
        auto step = std::make_shared<int>(0);
        QPointer<ToolCall> guard(call);
        auto tick = [guard, timer, step, steps]() {
            if (!guard || guard->isCancelled())
                return;
            const double total = 100;
            const double value = steps == 1 ? total : total * *step / (steps - 1);
            guard->reportProgress(
                value, total, QStringLiteral("step %1 of %2").arg(*step + 1).arg(steps));
            if (++*step >= steps) {
                timer->stop();
                guard->finish(ToolResult::text(QStringLiteral("Progress complete")));
            }
        };
        QObject::connect(timer, &QTimer::timeout, call, tick);
        QObject::connect(call, &ToolCall::cancelled, timer, &QTimer::stop);
        tick();
        if (!call->isFinished())
            timer->start();
    });

    ToolSpec sampling = fixture(QStringLiteral("test_sampling"),
        QStringLiteral("Asks the client's LLM (sampling/createMessage) and returns its answer."));
    sampling.inputSchema =
        Schema::object({{QStringLiteral("prompt"),
                           Schema::string(QStringLiteral("The prompt to send to the LLM"))}},
            {QStringLiteral("prompt")}, false);
    registry.add(sampling, [](ToolCall *call) {
        const QJsonObject params {
            {QStringLiteral("messages"),
                QJsonArray {userMessage(
                    textBlock(call->arguments().value(QStringLiteral("prompt")).toString()))}},
            {QStringLiteral("maxTokens"), 100}};
        QPointer<ToolCall> guard(call);
        call->requestFromClient(QStringLiteral("sampling/createMessage"), params,
            [guard](const ToolCall::ClientReply &reply) {
                if (!guard)
                    return;
                if (!reply.ok) {
                    guard->finish(
                        ToolResult::text(QStringLiteral("Sampling not supported or error: %1")
                                             .arg(reply.errorMessage),
                            true));
                    return;
                }
                const QString text = reply.result.value(QStringLiteral("content"))
                                         .toObject()
                                         .value(QStringLiteral("text"))
                                         .toString();
                guard->finish(ToolResult::text(QStringLiteral("LLM response: %1").arg(text)));
            });
    });

    ToolSpec elicitation = fixture(QStringLiteral("test_elicitation"),
        QStringLiteral("Asks the user for a username and email (elicitation/create)."));
    elicitation.inputSchema =
        Schema::object({{QStringLiteral("message"),
                           Schema::string(QStringLiteral("The message to show the user"))}},
            {QStringLiteral("message")}, false);
    registerElicitation(registry, elicitation, {},
        QJsonObject {{QStringLiteral("type"), QStringLiteral("object")},
            {QStringLiteral("properties"),
                QJsonObject {
                    {QStringLiteral("username"), Schema::string(QStringLiteral("User's response"))},
                    {QStringLiteral("email"),
                        Schema::string(QStringLiteral("User's email address"))}}},
            {QStringLiteral("required"),
                QJsonArray {QStringLiteral("username"), QStringLiteral("email")}}},
        QStringLiteral("User response"));

    registerElicitation(registry,
        fixture(QStringLiteral("test_elicitation_sep1034_defaults"),
            QStringLiteral("Elicits a form whose fields all carry defaults (SEP-1034).")),
        QStringLiteral("Please review and update the form fields with defaults"),
        QJsonObject {{QStringLiteral("type"), QStringLiteral("object")},
            {QStringLiteral("properties"),
                QJsonObject {{QStringLiteral("name"),
                                 prop({{QStringLiteral("type"), QStringLiteral("string")},
                                     {QStringLiteral("description"), QStringLiteral("User name")},
                                     {QStringLiteral("default"), QStringLiteral("John Doe")}})},
                    {QStringLiteral("age"),
                        prop({{QStringLiteral("type"), QStringLiteral("integer")},
                            {QStringLiteral("description"), QStringLiteral("User age")},
                            {QStringLiteral("default"), 30}})},
                    {QStringLiteral("score"),
                        prop({{QStringLiteral("type"), QStringLiteral("number")},
                            {QStringLiteral("description"), QStringLiteral("User score")},
                            {QStringLiteral("default"), 95.5}})},
                    {QStringLiteral("status"),
                        prop({{QStringLiteral("type"), QStringLiteral("string")},
                            {QStringLiteral("description"), QStringLiteral("User status")},
                            {QStringLiteral("enum"),
                                QJsonArray {QStringLiteral("active"), QStringLiteral("inactive"),
                                    QStringLiteral("pending")}},
                            {QStringLiteral("default"), QStringLiteral("active")}})},
                    {QStringLiteral("verified"),
                        prop({{QStringLiteral("type"), QStringLiteral("boolean")},
                            {QStringLiteral("description"), QStringLiteral("Verification status")},
                            {QStringLiteral("default"), true}})}}},
            {QStringLiteral("required"), QJsonArray {}}},
        QStringLiteral("Elicitation completed"));

    const QJsonArray options {
        QStringLiteral("option1"), QStringLiteral("option2"), QStringLiteral("option3")};
    registerElicitation(registry,
        fixture(QStringLiteral("test_elicitation_sep1330_enums"),
            QStringLiteral("Elicits every enum schema shape of SEP-1330.")),
        QStringLiteral("Please select options from the enum fields"),
        QJsonObject {{QStringLiteral("type"), QStringLiteral("object")},
            {QStringLiteral("properties"),
                QJsonObject {
                    {QStringLiteral("untitledSingle"),
                        prop({{QStringLiteral("type"), QStringLiteral("string")},
                            {QStringLiteral("description"), QStringLiteral("Select one option")},
                            {QStringLiteral("enum"), options}})},
                    {QStringLiteral("titledSingle"),
                        prop({{QStringLiteral("type"), QStringLiteral("string")},
                            {QStringLiteral("description"),
                                QStringLiteral("Select one option with titles")},
                            {QStringLiteral("oneOf"),
                                titled({QStringLiteral("value1"), QStringLiteral("First Option"),
                                    QStringLiteral("value2"), QStringLiteral("Second Option"),
                                    QStringLiteral("value3"), QStringLiteral("Third Option")})}})},
                    {QStringLiteral("legacyEnum"),
                        prop({{QStringLiteral("type"), QStringLiteral("string")},
                            {QStringLiteral("description"),
                                QStringLiteral("Select one option (legacy)")},
                            {QStringLiteral("enum"),
                                QJsonArray {QStringLiteral("opt1"), QStringLiteral("opt2"),
                                    QStringLiteral("opt3")}},
                            {QStringLiteral("enumNames"),
                                QJsonArray {QStringLiteral("Option One"),
                                    QStringLiteral("Option Two"),
                                    QStringLiteral("Option Three")}}})},
                    {QStringLiteral("untitledMulti"),
                        prop({{QStringLiteral("type"), QStringLiteral("array")},
                            {QStringLiteral("description"),
                                QStringLiteral("Select multiple options")},
                            {QStringLiteral("minItems"), 1}, {QStringLiteral("maxItems"), 3},
                            {QStringLiteral("items"),
                                QJsonObject {{QStringLiteral("type"), QStringLiteral("string")},
                                    {QStringLiteral("enum"), options}}}})},
                    {QStringLiteral("titledMulti"),
                        prop({{QStringLiteral("type"), QStringLiteral("array")},
                            {QStringLiteral("description"),
                                QStringLiteral("Select multiple options with titles")},
                            {QStringLiteral("minItems"), 1}, {QStringLiteral("maxItems"), 3},
                            {QStringLiteral("items"),
                                QJsonObject {{QStringLiteral("anyOf"),
                                    titled({QStringLiteral("value1"),
                                        QStringLiteral("First Choice"), QStringLiteral("value2"),
                                        QStringLiteral("Second Choice"), QStringLiteral("value3"),
                                        QStringLiteral("Third Choice")})}}}})}}},
            {QStringLiteral("required"), QJsonArray {}}},
        QStringLiteral("Elicitation completed"));
}

void registerConformanceFixtures(
    Mcp::ToolRegistry &tools, Mcp::ResourceRegistry &resources, Mcp::PromptRegistry &prompts)
{
    registerConformanceFixtures(tools);

    using Read = ResourceRegistry::ReadResult;
    resources.addResource(
        {QStringLiteral("test://static-text"), QStringLiteral("static-text"),
            QStringLiteral("Static Text Resource"),
            QStringLiteral("A static text resource for testing"), QStringLiteral("text/plain"), -1},
        [](const QString &uri, const QHash<QString, QString> &,
            const ResourceRegistry::Reply &reply) {
            reply(Read::text(uri, QStringLiteral("text/plain"),
                QStringLiteral("This is the content of the static text resource.")));
        });
    resources.addResource({QStringLiteral("test://static-binary"), QStringLiteral("static-binary"),
                              QStringLiteral("Static Binary Resource"),
                              QStringLiteral("A static binary resource (image) for testing"),
                              QStringLiteral("image/png"), -1},
        [](const QString &uri, const QHash<QString, QString> &,
            const ResourceRegistry::Reply &reply) {
            reply(Read::blob(
                uri, QStringLiteral("image/png"), QByteArray::fromBase64(kPngBase64.toLatin1())));
        });
    resources.addTemplate(
        {QStringLiteral("test://template/{id}/data"), QStringLiteral("template"),
            QStringLiteral("Resource Template"),
            QStringLiteral("A resource template with parameter substitution"),
            QStringLiteral("application/json")},
        [](const QString &uri, const QHash<QString, QString> &vars,
            const ResourceRegistry::Reply &reply) {
            const QString id = vars.value(QStringLiteral("id"));
            reply(Read::text(uri, QStringLiteral("application/json"),
                compact(
                    QJsonObject {{QStringLiteral("id"), id}, {QStringLiteral("templateTest"), true},
                        {QStringLiteral("data"), QStringLiteral("Data for ID: %1").arg(id)}})));
        },
        [](const QString &, const QString &value, const QJsonObject &) {
            return completeFrom({QStringLiteral("1"), QStringLiteral("2"), QStringLiteral("3"),
                                    QStringLiteral("123")},
                value);
        });

    prompts.add({QStringLiteral("test_simple_prompt"), QStringLiteral("Simple Test Prompt"),
                    QStringLiteral("A simple prompt without arguments"), {}},
        [](const QMap<QString, QString> &) {
            return QJsonObject {{QStringLiteral("messages"),
                QJsonArray {userMessage(
                    textBlock(QStringLiteral("This is a simple prompt for testing.")))}}};
        });
    prompts.add(
        {QStringLiteral("test_prompt_with_arguments"), QStringLiteral("Prompt With Arguments"),
            QStringLiteral("A prompt with required arguments"),
            {{QStringLiteral("arg1"), {}, QStringLiteral("First test argument"), true},
                {QStringLiteral("arg2"), {}, QStringLiteral("Second test argument"), true}}},
        [](const QMap<QString, QString> &args) {
            return QJsonObject {{QStringLiteral("messages"),
                QJsonArray {userMessage(
                    textBlock(QStringLiteral("Prompt with arguments: arg1='%1', arg2='%2'")
                                  .arg(args.value(QStringLiteral("arg1")),
                                      args.value(QStringLiteral("arg2")))))}}};
        },
        [](const QString &, const QString &value, const QJsonObject &) {
            return completeFrom({QStringLiteral("paris"), QStringLiteral("park"),
                                    QStringLiteral("party"), QStringLiteral("test"),
                                    QStringLiteral("testValue1"), QStringLiteral("testValue2")},
                value);
        });
    prompts.add({QStringLiteral("test_prompt_with_embedded_resource"),
                    QStringLiteral("Prompt With Embedded Resource"),
                    QStringLiteral("A prompt that includes an embedded resource"),
                    {{QStringLiteral("resourceUri"), {},
                        QStringLiteral("URI of the resource to embed"), true}}},
        [](const QMap<QString, QString> &args) {
            return QJsonObject {{QStringLiteral("messages"),
                QJsonArray {userMessage(resourceBlock(args.value(QStringLiteral("resourceUri")),
                                QStringLiteral("text/plain"),
                                QStringLiteral("Embedded resource content for testing."))),
                    userMessage(textBlock(
                        QStringLiteral("Please process the embedded resource above.")))}}};
        });
    prompts.add({QStringLiteral("test_prompt_with_image"), QStringLiteral("Prompt With Image"),
                    QStringLiteral("A prompt that includes image content"), {}},
        [](const QMap<QString, QString> &) {
            return QJsonObject {{QStringLiteral("messages"),
                QJsonArray {userMessage(imageBlock()),
                    userMessage(textBlock(QStringLiteral("Please analyze the image above.")))}}};
        });
}

} // namespace Hopx::TestServer

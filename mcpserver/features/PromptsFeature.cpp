// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "features/PromptsFeature.h"

#include "features/PromptRegistry.h"
#include "modern/InputRound.h"
#include "session/Caller.h"
#include "session/FeatureHost.h"
#include "session/McpRequest.h"
#include "session/MethodTable.h"
#include "session/ServerConfig.h"
#include "json/JsonRpc.h"
#include "json/Pagination.h"

namespace Hopx::Mcp {

namespace {
const QLatin1String kPrompts("prompts");
} // namespace

PromptsFeature::PromptsFeature(FeatureHost &host, PromptRegistry *prompts, QObject *parent)
    : McpFeature(parent)
    , m_host(host)
    , m_prompts(prompts)
    , m_inputState(host.config())
{
    connect(prompts, &PromptRegistry::listChanged, this, [this]() {
        m_host.announce(kPrompts, QStringLiteral("notifications/prompts/list_changed"));
    });
}

void PromptsFeature::registerMethods(MethodTable &table)
{
    table.add(QStringLiteral("prompts/list"), [this](const McpRequest &request) { list(request); });
    table.add(QStringLiteral("prompts/get"), [this](const McpRequest &request) { get(request); });
}

void PromptsFeature::declare(QJsonObject &capabilities, const Caller &) const
{
    if (m_prompts && !m_prompts->isEmpty())
        capabilities.insert(kPrompts, QJsonObject {{QStringLiteral("listChanged"), true}});
}

void PromptsFeature::list(const McpRequest &request)
{
    Pagination::answerList(request, m_prompts->prompts(), QStringLiteral("prompts"),
        m_host.config().pageSize, CacheHint {m_host.config().listTtlMs, true});
}

void PromptsFeature::get(const McpRequest &request)
{
    const auto name = request.stringParam(QLatin1String("name"));
    if (!name)
        return;
    const PromptRegistry::Entry *entry = m_prompts->find(*name);
    if (!entry) {
        request.fail(JsonRpc::InvalidParams,
            QStringLiteral("Unknown prompt: %1 (prompts/list names the prompts)").arg(*name));
        return;
    }
    const QJsonObject &params = request.params();
    const QJsonValue argsValue = params.value(QLatin1String("arguments"));
    if (!argsValue.isUndefined() && !argsValue.isNull() && !argsValue.isObject()) {
        request.fail(JsonRpc::InvalidParams,
            QStringLiteral("Invalid params: \"arguments\" must be an object"));
        return;
    }
    QMap<QString, QString> arguments;
    const QJsonObject args = argsValue.toObject();
    for (auto it = args.begin(); it != args.end(); ++it) {
        if (!it.value().isString()) {
            request.fail(JsonRpc::InvalidParams,
                QStringLiteral("Invalid params: prompt argument %1 must be a string")
                    .arg(it.key()));
            return;
        }
        arguments.insert(it.key(), it.value().toString());
    }
    for (const PromptRegistry::Argument &a : entry->prompt.arguments) {
        if (a.required && !arguments.contains(a.name)) {
            request.fail(JsonRpc::InvalidParams,
                QStringLiteral("Invalid params: prompt %1 needs argument %2")
                    .arg(entry->prompt.name, a.name));
            return;
        }
    }
    const QJsonObject result =
        entry->inputGetter ? getAsking(request, *entry, arguments) : entry->getter(arguments);
    if (!request.isPending())
        return; // asked for input, or failed asking
    if (!result.value(QLatin1String("messages")).isArray()) {
        request.fail(JsonRpc::InternalError,
            QStringLiteral("Prompt %1 produced no messages").arg(entry->prompt.name));
        return;
    }
    request.succeed(result);
}

QJsonObject PromptsFeature::getAsking(const McpRequest &request, const PromptRegistry::Entry &entry,
    const QMap<QString, QString> &arguments)
{
    if (!request.caller().stateless) // a legacy client is never asked here: nothing is answered
        return entry.inputGetter(arguments,
            [](const QString &, const QString &, const QJsonObject &) { return std::nullopt; });
    QJsonObject args;
    for (auto it = arguments.begin(); it != arguments.end(); ++it)
        args.insert(it.key(), it.value());
    const auto round = InputRound::begin(request, m_inputState, entry.prompt.name, args);
    if (!round)
        return {};
    bool unsupported = false;
    const QJsonObject result = entry.inputGetter(arguments,
        [&round, &unsupported](const QString &key, const QString &method,
            const QJsonObject &params) -> std::optional<QJsonObject> {
            QJsonObject answer;
            const InputRound::Ask outcome = round->ask(key, method, params, &answer);
            unsupported = unsupported || outcome == InputRound::Ask::Unsupported;
            if (outcome == InputRound::Ask::Answered)
                return answer;
            return std::nullopt;
        });
    if (unsupported)
        request.fail(JsonRpc::MissingRequiredClientCapability,
            QStringLiteral("Missing required client capability for prompt %1")
                .arg(entry.prompt.name),
            round->requirement());
    else if (round->hasPending())
        round->answerInputRequired(request);
    return result;
}

} // namespace Hopx::Mcp

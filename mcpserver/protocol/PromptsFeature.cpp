// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "PromptsFeature.h"

#include "Caller.h"
#include "FeatureHost.h"
#include "JsonRpc.h"
#include "McpRequest.h"
#include "MethodTable.h"
#include "Pagination.h"
#include "PromptRegistry.h"
#include "ServerConfig.h"

namespace Hopx::Mcp {

namespace {
const QLatin1String kPrompts("prompts");
} // namespace

PromptsFeature::PromptsFeature(FeatureHost &host, PromptRegistry *prompts, QObject *parent)
    : McpFeature(parent)
    , m_host(host)
    , m_prompts(prompts)
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
    Pagination::answerList(
        request, m_prompts->prompts(), QStringLiteral("prompts"), m_host.config().pageSize);
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
    const QJsonObject result = entry->getter(arguments);
    if (!result.value(QLatin1String("messages")).isArray()) {
        request.fail(JsonRpc::InternalError,
            QStringLiteral("Prompt %1 produced no messages").arg(entry->prompt.name));
        return;
    }
    request.succeed(result);
}

} // namespace Hopx::Mcp

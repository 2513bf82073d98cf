// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "features/CompletionFeature.h"

#include "features/PromptRegistry.h"
#include "features/ResourceRegistry.h"
#include "session/McpRequest.h"
#include "session/MethodTable.h"
#include "json/JsonRpc.h"

#include <QJsonArray>

#include <optional>

namespace Hopx::Mcp {

namespace {
const QLatin1String kCompletions("completions");
constexpr int kMaxValues = 100; // the spec's cap per response
} // namespace

CompletionFeature::CompletionFeature(
    PromptRegistry *prompts, ResourceRegistry *resources, QObject *parent)
    : McpFeature(parent)
    , m_prompts(prompts)
    , m_resources(resources)
{ }

void CompletionFeature::registerMethods(MethodTable &table)
{
    MethodTable::Method method;
    method.handler = [this](const McpRequest &request) { complete(request); };
    method.capability = kCompletions;
    table.add(QStringLiteral("completion/complete"), method);
}

void CompletionFeature::declare(QJsonObject &capabilities, const Caller &) const
{
    if ((m_prompts && !m_prompts->isEmpty()) || (m_resources && m_resources->hasTemplates()))
        capabilities.insert(kCompletions, QJsonObject {});
}

void CompletionFeature::complete(const McpRequest &request)
{
    const QJsonObject &params = request.params();
    const QJsonObject ref = params.value(QLatin1String("ref")).toObject();
    const QJsonObject argument = params.value(QLatin1String("argument")).toObject();
    const QString type = ref.value(QLatin1String("type")).toString();
    if (!argument.value(QLatin1String("name")).isString()
        || !argument.value(QLatin1String("value")).isString()) {
        request.fail(JsonRpc::InvalidParams,
            QStringLiteral(
                "Invalid params: completion/complete needs argument {name, value} (strings)"));
        return;
    }
    const QString argName = argument.value(QLatin1String("name")).toString();
    const QString argValue = argument.value(QLatin1String("value")).toString();
    const QJsonObject context = params.value(QLatin1String("context"))
                                    .toObject()
                                    .value(QLatin1String("arguments"))
                                    .toObject();
    std::optional<QStringList> values;
    if (type == QLatin1String("ref/prompt") && m_prompts) {
        const PromptRegistry::Entry *entry =
            m_prompts->find(ref.value(QLatin1String("name")).toString());
        bool known = false;
        if (entry)
            for (const PromptRegistry::Argument &a : entry->prompt.arguments)
                known = known || a.name == argName;
        if (known)
            values =
                entry->completer ? entry->completer(argName, argValue, context) : QStringList {};
    } else if (type == QLatin1String("ref/resource") && m_resources) {
        values = m_resources->complete(ref.value(QLatin1String("uri")).toString(), argName,
            argValue, context, request.caller().connectionEnv);
    }
    if (!values) {
        request.fail(JsonRpc::InvalidParams,
            QStringLiteral("Invalid params: nothing to complete for %1 argument %2")
                .arg(type, argName));
        return;
    }
    const QJsonObject completion {
        {QStringLiteral("values"), QJsonArray::fromStringList(values->mid(0, kMaxValues))},
        {QStringLiteral("total"), int(values->size())},
        {QStringLiteral("hasMore"), values->size() > kMaxValues}};
    request.succeed(QJsonObject {{QStringLiteral("completion"), completion}});
}

} // namespace Hopx::Mcp

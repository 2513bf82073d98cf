// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "features/SubscriptionsFeature.h"

#include "features/PromptRegistry.h"
#include "features/ResourceRegistry.h"
#include "modern/RequestEnvelope.h"
#include "session/FeatureHost.h"
#include "session/MethodTable.h"
#include "session/ServerContext.h"
#include "tasks/TasksExtension.h"
#include "tools/ToolRegistry.h"
#include "json/JsonRpc.h"

#include <QJsonArray>

namespace Hopx::Mcp {

namespace {

bool listChanges(const Caller &caller, QLatin1String capability)
{
    return caller.serverCapabilities.value(capability)
        .toObject()
        .value(QLatin1String("listChanged"))
        .toBool();
}

QJsonObject subscriptionMeta(const QJsonValue &id)
{
    return QJsonObject {{RequestEnvelope::kSubscriptionId, id}};
}

} // namespace

SubscriptionsFeature::SubscriptionsFeature(
    FeatureHost &host, const ServerContext &context, QObject *parent)
    : McpFeature(parent)
    , m_host(host)
    , m_tasks(context.tasks)
{
    const QString toolsChanged = QStringLiteral("notifications/tools/list_changed");
    if (context.tools)
        connect(context.tools, &ToolRegistry::changed, this,
            [this, toolsChanged]() { notify(&Subscription::tools, toolsChanged); });
    if (context.prompts)
        connect(context.prompts, &PromptRegistry::listChanged, this, [this]() {
            notify(&Subscription::prompts, QStringLiteral("notifications/prompts/list_changed"));
        });
    if (context.resources) {
        connect(context.resources, &ResourceRegistry::listChanged, this, [this]() {
            notify(
                &Subscription::resources, QStringLiteral("notifications/resources/list_changed"));
        });
        connect(context.resources, &ResourceRegistry::updated, this,
            &SubscriptionsFeature::resourceUpdated);
    }
    if (context.tasks)
        connect(context.tasks, &TaskStore::statusChanged, this, &SubscriptionsFeature::taskChanged);
}

void SubscriptionsFeature::registerMethods(MethodTable &table)
{
    MethodTable::Method method;
    method.eras = MethodTable::Modern;
    method.handler = [this](const McpRequest &request) { listen(request); };
    table.add(QStringLiteral("subscriptions/listen"), method);
}

void SubscriptionsFeature::listen(const McpRequest &request)
{
    const QJsonValue filterValue = request.params().value(QLatin1String("notifications"));
    if (!filterValue.isUndefined() && !filterValue.isObject()) {
        request.fail(JsonRpc::InvalidParams,
            QStringLiteral("Invalid params: notifications must be an object (the filter)"));
        return;
    }
    const QJsonObject filter = filterValue.toObject();
    const Caller &caller = request.caller();
    const QJsonValue taskIds = filter.value(QLatin1String("taskIds"));
    if (!taskIds.isUndefined() && !caller.clientHasExtension(TasksExtension::kId)) {
        request.fail(JsonRpc::MissingRequiredClientCapability,
            QStringLiteral("Missing required client capability: task notifications need the "
                           "%1 extension")
                .arg(TasksExtension::kId),
            TasksExtension::requirement());
        return;
    }
    // Acknowledge what this server can announce at all; silently drop the rest (the client
    // compares the two).
    Subscription subscription {request, false, false, false, {}, {}};
    QJsonObject agreed;
    const auto agree = [&](QLatin1String key, QLatin1String capability, bool Subscription::*flag) {
        if (filter.value(key).toBool() && listChanges(caller, capability)) {
            subscription.*flag = true;
            agreed.insert(key, true);
        }
    };
    agree(QLatin1String("toolsListChanged"), QLatin1String("tools"), &Subscription::tools);
    agree(QLatin1String("promptsListChanged"), QLatin1String("prompts"), &Subscription::prompts);
    agree(QLatin1String("resourcesListChanged"), QLatin1String("resources"),
        &Subscription::resources);
    const bool resourceUpdates = caller.serverCapabilities.value(QLatin1String("resources"))
                                     .toObject()
                                     .value(QLatin1String("subscribe"))
                                     .toBool();
    QJsonArray uris;
    for (const QJsonValue &uri : filter.value(QLatin1String("resourceSubscriptions")).toArray())
        if (resourceUpdates && uri.isString() && !subscription.uris.contains(uri.toString())) {
            subscription.uris.insert(uri.toString());
            uris.append(uri);
        }
    if (!uris.isEmpty())
        agreed.insert(QStringLiteral("resourceSubscriptions"), uris);
    QJsonArray tasks;
    for (const QJsonValue &id : taskIds.toArray())
        if (m_tasks && id.isString() && !subscription.taskIds.contains(id.toString())) {
            subscription.taskIds.insert(id.toString());
            tasks.append(id);
        }
    if (!taskIds.isUndefined())
        agreed.insert(QStringLiteral("taskIds"), tasks);

    const QString key = request.context().key;
    m_subscriptions.insert(key, subscription);
    request.onCancel([this, key]() { m_subscriptions.remove(key); });
    send(subscription, QStringLiteral("notifications/subscriptions/acknowledged"),
        QJsonObject {{QStringLiteral("notifications"), agreed}});
}

void SubscriptionsFeature::send(
    const Subscription &subscription, const QString &method, QJsonObject params)
{
    QJsonObject meta = params.value(QLatin1String("_meta")).toObject();
    meta.insert(RequestEnvelope::kSubscriptionId, subscription.request.context().id);
    params.insert(QStringLiteral("_meta"), meta);
    m_host.send(JsonRpc::notification(method, params), subscription.request.context().key);
}

void SubscriptionsFeature::notify(bool Subscription::*wanted, const QString &method)
{
    for (const Subscription &s : std::as_const(m_subscriptions))
        if (s.*wanted)
            send(s, method, {});
}

void SubscriptionsFeature::resourceUpdated(const QString &uri)
{
    for (const Subscription &s : std::as_const(m_subscriptions))
        if (s.uris.contains(uri))
            send(s, QStringLiteral("notifications/resources/updated"),
                QJsonObject {{QStringLiteral("uri"), uri}});
}

void SubscriptionsFeature::taskChanged(const TaskStore::Task &task)
{
    // Only the caller's own tasks: a task id guessed or overheard is not a subscription.
    for (const Subscription &s : std::as_const(m_subscriptions))
        if (s.taskIds.contains(task.id) && s.request.caller().authContext == task.context)
            send(s, QStringLiteral("notifications/tasks"), task.toDetailedJson());
}

void SubscriptionsFeature::endStreams()
{
    const auto subscriptions = std::exchange(m_subscriptions, {});
    for (const Subscription &s : subscriptions)
        s.request.succeed(
            QJsonObject {{QStringLiteral("_meta"), subscriptionMeta(s.request.context().id)}});
}

} // namespace Hopx::Mcp

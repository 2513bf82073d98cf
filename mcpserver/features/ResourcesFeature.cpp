// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "features/ResourcesFeature.h"

#include "features/ResourceRegistry.h"
#include "session/Caller.h"
#include "session/FeatureHost.h"
#include "session/McpRequest.h"
#include "session/MethodTable.h"
#include "session/ServerConfig.h"
#include "json/JsonRpc.h"
#include "json/Pagination.h"

namespace Hopx::Mcp {

namespace {
const QLatin1String kResources("resources");
} // namespace

ResourcesFeature::ResourcesFeature(FeatureHost &host, ResourceRegistry *resources, QObject *parent)
    : McpFeature(parent)
    , m_host(host)
    , m_resources(resources)
{
    connect(resources, &ResourceRegistry::listChanged, this, [this]() {
        m_host.announce(kResources, QStringLiteral("notifications/resources/list_changed"));
    });
    connect(resources, &ResourceRegistry::updated, this, [this](const QString &uri) {
        if (m_host.listener() && m_subscriptions.contains(uri))
            m_host.send(JsonRpc::notification(QStringLiteral("notifications/resources/updated"),
                QJsonObject {{QStringLiteral("uri"), uri}}));
    });
}

void ResourcesFeature::registerMethods(MethodTable &table)
{
    table.add(QStringLiteral("resources/list"),
        [this](const McpRequest &request) { list(request, false); });
    table.add(QStringLiteral("resources/templates/list"),
        [this](const McpRequest &request) { list(request, true); });
    table.add(
        QStringLiteral("resources/read"), [this](const McpRequest &request) { read(request); });
    // 2026-07-28 replaced these by subscriptions/listen (SubscriptionsFeature).
    MethodTable::Method subscribeMethod;
    subscribeMethod.eras = MethodTable::Legacy;
    subscribeMethod.handler = [this](const McpRequest &request) { subscribe(request, true); };
    table.add(QStringLiteral("resources/subscribe"), subscribeMethod);
    subscribeMethod.handler = [this](const McpRequest &request) { subscribe(request, false); };
    table.add(QStringLiteral("resources/unsubscribe"), subscribeMethod);
}

void ResourcesFeature::declare(QJsonObject &capabilities, const Caller &) const
{
    if (m_resources && !m_resources->isEmpty())
        capabilities.insert(kResources,
            QJsonObject {
                {QStringLiteral("subscribe"), true}, {QStringLiteral("listChanged"), true}});
}

void ResourcesFeature::list(const McpRequest &request, bool templates)
{
    const ServerConfig &config = m_host.config();
    if (templates)
        Pagination::answerList(request, m_resources->templates(),
            QStringLiteral("resourceTemplates"), config.pageSize,
            CacheHint {config.listTtlMs, true});
    else // a resource may be a sandbox's file: the caller's own, and changing
        Pagination::answerList(request, m_resources->resources(), QStringLiteral("resources"),
            config.pageSize, CacheHint {config.resourceTtlMs, false});
}

void ResourcesFeature::read(const McpRequest &request)
{
    const auto uri = request.stringParam(QLatin1String("uri"), false);
    if (!uri)
        return;
    // In flight until the reader answers, so that a cancellation suppresses a late answer.
    // The reader may depend on this client's own credentials (a sandbox in its HOPX account).
    const CacheHint cache {m_host.config().resourceTtlMs, false};
    m_resources->read(
        *uri,
        [request, cache, uri = *uri](const ResourceRegistry::ReadResult &r) {
            if (r.ok()) {
                QJsonObject result {{QStringLiteral("contents"), r.contents}};
                cache.stamp(result, request.caller());
                request.succeed(result);
            } else if (request.caller().stateless && r.errorCode == JsonRpc::ResourceNotFound) {
                // 2026-07-28 retired -32002: not found is invalid params, naming the URI.
                request.fail(JsonRpc::InvalidParams, r.errorMessage,
                    QJsonObject {{QStringLiteral("uri"), uri}});
            } else {
                request.fail(r.errorCode, r.errorMessage);
            }
        },
        request.caller().connectionEnv);
}

void ResourcesFeature::subscribe(const McpRequest &request, bool on)
{
    const auto uri = request.stringParam(QLatin1String("uri"), false);
    if (!uri)
        return;
    // Any URI may be watched, registered or not yet: updates are announced by URI.
    if (on)
        m_subscriptions.insert(*uri);
    else
        m_subscriptions.remove(*uri);
    request.succeed({});
}

} // namespace Hopx::Mcp

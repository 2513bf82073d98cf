// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ResourcesFeature.h"

#include "Caller.h"
#include "FeatureHost.h"
#include "JsonRpc.h"
#include "McpRequest.h"
#include "MethodTable.h"
#include "Pagination.h"
#include "ResourceRegistry.h"
#include "ServerConfig.h"

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
    table.add(QStringLiteral("resources/subscribe"),
        [this](const McpRequest &request) { subscribe(request, true); });
    table.add(QStringLiteral("resources/unsubscribe"),
        [this](const McpRequest &request) { subscribe(request, false); });
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
    const int pageSize = m_host.config().pageSize;
    if (templates)
        Pagination::answerList(
            request, m_resources->templates(), QStringLiteral("resourceTemplates"), pageSize);
    else
        Pagination::answerList(
            request, m_resources->resources(), QStringLiteral("resources"), pageSize);
}

void ResourcesFeature::read(const McpRequest &request)
{
    const auto uri = request.stringParam(QLatin1String("uri"), false);
    if (!uri)
        return;
    // In flight until the reader answers, so that a cancellation suppresses a late answer.
    // The reader may depend on this client's own credentials (a sandbox in its HOPX account).
    m_resources->read(
        *uri,
        [request](const ResourceRegistry::ReadResult &r) {
            if (r.ok())
                request.succeed(QJsonObject {{QStringLiteral("contents"), r.contents}});
            else
                request.fail(r.errorCode, r.errorMessage);
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

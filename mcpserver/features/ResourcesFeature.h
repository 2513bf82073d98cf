// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "session/McpFeature.h"

#include <QPointer>
#include <QSet>

namespace Hopx::Mcp {

class FeatureHost;
class McpRequest;
class ResourceRegistry;

/*! \brief Resources: list, templates/list, read (asynchronous: a resource may live in a
 *  sandbox), subscribe and unsubscribe.
 *
 * Answered whenever the app gave a registry, even an empty one (an empty list is the
 * truth); the capability is declared only when something is registered.
 */
class ResourcesFeature final : public McpFeature
{
public:
    ResourcesFeature(FeatureHost &host, ResourceRegistry *resources, QObject *parent = nullptr);

    void registerMethods(MethodTable &table) override;
    void declare(QJsonObject &capabilities, const Caller &caller) const override;

private:
    void list(const McpRequest &request, bool templates);
    void read(const McpRequest &request);
    void subscribe(const McpRequest &request, bool on);

    FeatureHost &m_host;
    QPointer<ResourceRegistry> m_resources;
    QSet<QString> m_subscriptions; // URIs this session watches
};

} // namespace Hopx::Mcp

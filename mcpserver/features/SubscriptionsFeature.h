// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "session/McpFeature.h"
#include "session/McpRequest.h"
#include "tasks/TaskStore.h"

#include <QHash>
#include <QPointer>
#include <QSet>

namespace Hopx::Mcp {

class FeatureHost;
class PromptRegistry;
class ResourceRegistry;
class ToolRegistry;
struct ServerContext;

/*! \brief `subscriptions/listen` (2026-07-28): a request that stays open and carries the change
 *  notifications its client opted into, in place of initialize's session and the GET stream.
 *
 * The server first acknowledges the subset of the filter it honours (what this server can
 * announce at all), then sends only those: list changes of tools, prompts and resources,
 * updates of the resources named, status changes of the tasks named (with the tasks
 * extension, and only the caller's own). Every message carries the listen request's id as
 * `_meta["io.modelcontextprotocol/subscriptionId"]` and goes on that request's stream. The
 * client ends it by cancelling (stdio) or closing the stream (HTTP); when the client leaves
 * (endStreams()) each gets a result, the graceful end.
 */
class SubscriptionsFeature final : public McpFeature
{
public:
    SubscriptionsFeature(
        FeatureHost &host, const ServerContext &context, QObject *parent = nullptr);

    void registerMethods(MethodTable &table) override;
    void endStreams() override;

private:
    struct Subscription
    {
        McpRequest request;
        bool tools = false;
        bool prompts = false;
        bool resources = false;
        QSet<QString> uris;
        QSet<QString> taskIds;
    };
    void listen(const McpRequest &request);
    void notify(bool Subscription::*wanted, const QString &method);
    void resourceUpdated(const QString &uri);
    void taskChanged(const TaskStore::Task &task);
    void send(const Subscription &subscription, const QString &method, QJsonObject params);

    FeatureHost &m_host;
    QPointer<TaskStore> m_tasks;
    QHash<QString, Subscription> m_subscriptions; // listen request key → what it wants
};

} // namespace Hopx::Mcp

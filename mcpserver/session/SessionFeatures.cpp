// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "session/SessionFeatures.h"

#include "features/ClientRequestsFeature.h"
#include "features/CompletionFeature.h"
#include "features/LoggingFeature.h"
#include "features/PromptsFeature.h"
#include "features/ResourcesFeature.h"
#include "features/SubscriptionsFeature.h"
#include "session/ServerContext.h"
#include "tasks/TasksExtension.h"
#include "tasks/TasksFeature.h"
#include "tools/ToolsFeature.h"

namespace Hopx::Mcp::SessionFeatures {

std::vector<std::unique_ptr<McpFeature>> create(FeatureHost &host, const ServerContext &context)
{
    std::vector<std::unique_ptr<McpFeature>> features;
    const auto add = [&features](auto *feature) {
        features.emplace_back(feature);
        return feature;
    };
    auto *logging = add(new LoggingFeature(host));
    auto *clientRequests = add(new ClientRequestsFeature(host, context.tasks));
    TasksFeature *tasks = context.tasks
        ? add(new TasksFeature(host, context.tasks, context.tools, clientRequests, logging))
        : nullptr;
    TasksExtension *tasksExtension =
        context.tasks ? add(new TasksExtension(host, context.tasks, context.tools)) : nullptr;
    // Tools are always declared: an app without a registry still lists none, truthfully.
    add(new ToolsFeature(host, context.tools, tasks, tasksExtension, clientRequests, logging));
    if (context.resources)
        add(new ResourcesFeature(host, context.resources));
    if (context.prompts)
        add(new PromptsFeature(host, context.prompts));
    if (context.prompts || context.resources)
        add(new CompletionFeature(context.prompts, context.resources));
    add(new SubscriptionsFeature(host, context));
    return features;
}

} // namespace Hopx::Mcp::SessionFeatures

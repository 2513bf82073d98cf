// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "SessionFeatures.h"

#include "ClientRequestsFeature.h"
#include "CompletionFeature.h"
#include "LoggingFeature.h"
#include "PromptsFeature.h"
#include "ResourcesFeature.h"
#include "ServerContext.h"
#include "TasksFeature.h"
#include "ToolsFeature.h"

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
    // Tools are always declared: an app without a registry still lists none, truthfully.
    add(new ToolsFeature(host, context.tools, tasks, clientRequests, logging));
    if (context.resources)
        add(new ResourcesFeature(host, context.resources));
    if (context.prompts)
        add(new PromptsFeature(host, context.prompts));
    if (context.prompts || context.resources)
        add(new CompletionFeature(context.prompts, context.resources));
    return features;
}

} // namespace Hopx::Mcp::SessionFeatures

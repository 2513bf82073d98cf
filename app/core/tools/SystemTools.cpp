// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// health
#include "McpTools.h"
#include "Schema.h"
#include "Tool.h"
#include "ToolSupport.h"

#include "core/SandboxManager.h"
#include "core/SandboxProvider.h"

#include "protocol/ToolCall.h"

namespace Hopx::Core::Tools {

using Mcp::ToolCall;
using Mcp::ToolResult;
using Mcp::ToolSpec;

namespace {

void health(ToolCall *call, SandboxManager *manager)
{
    QJsonObject providers;
    bool any = false;
    for (const auto &[kind, p] : providersByKind(call, manager)) {
        QJsonObject entry;
        if (!p) {
            entry.insert(QStringLiteral("available"), false);
            entry.insert(QStringLiteral("reason"),
                kind == QLatin1String("hopx")
                    ? QStringLiteral("The HOPX cloud provider is not built into this app.")
                    : QStringLiteral("The local provider is not built into this app."));
        } else {
            const QString reason = p->unavailableReason();
            entry.insert(QStringLiteral("available"), reason.isEmpty());
            if (!reason.isEmpty())
                entry.insert(QStringLiteral("reason"), reason);
            any = any || reason.isEmpty();
            const QJsonObject details = p->healthDetails();
            for (auto it = details.begin(); it != details.end(); ++it)
                entry.insert(it.key(), it.value());
        }
        providers.insert(kind, entry);
    }
    const QJsonObject result {
        {QStringLiteral("status"), any ? QStringLiteral("ok") : QStringLiteral("degraded")},
        {QStringLiteral("server"), QStringLiteral("hopx-desktop")},
        {QStringLiteral("version"), QStringLiteral(HOPX_VERSION)},
        {QStringLiteral("protocol_version"), call->protocolVersion()},
        {QStringLiteral("default_provider"),
            manager ? manager->defaultProviderKind(call->connectionEnv())
                    : QStringLiteral("local")},
        {QStringLiteral("providers"), providers}};
    call->finish(ToolResult::structured(result));
}

} // namespace

void registerSystemTools(Mcp::ToolRegistry &registry, const ToolDeps &deps)
{
    SandboxManager *manager = deps.manager;
    Tool(QStringLiteral("health"), QStringLiteral("Server health"))
        .description(QStringLiteral(
            "Check that the HOPX sandbox server is up. Returns the server version, the MCP "
            "protocol version in use, each sandbox provider (local, hopx) with whether it is "
            "available and, if not, why and how to fix it, and the provider new sandboxes use by "
            "default."))
        .input(Schema::object({}))
        .output(
            Schema::output({{QStringLiteral("status"),
                                Schema::string(QStringLiteral(
                                    "\"ok\" when at least one provider works, else \"degraded\""))},
                {QStringLiteral("server"), Schema::string(QStringLiteral("server name"))},
                {QStringLiteral("version"), Schema::string(QStringLiteral("server version"))},
                {QStringLiteral("protocol_version"),
                    Schema::string(QStringLiteral("negotiated MCP version"))},
                {QStringLiteral("default_provider"),
                    Schema::string(QStringLiteral("provider used when none is given"))},
                {QStringLiteral("providers"), Schema::typed(QStringLiteral("object"))}}))
        .hints(ToolSpec::ReadOnly | ToolSpec::Idempotent)
        .handler([manager](ToolCall *call, const ToolArgs &) { health(call, manager); })
        .addTo(registry);
}

} // namespace Hopx::Core::Tools

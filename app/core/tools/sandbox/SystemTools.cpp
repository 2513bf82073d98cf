// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// health
#include "core/tools/McpTools.h"
#include "core/tools/Schema.h"
#include "core/tools/Tool.h"
#include "core/tools/ToolSupport.h"

#include "core/manager/SandboxManager.h"
#include "core/manager/SandboxProvider.h"

#include "tools/ToolCall.h"

#include <QPointer>

#include <array>
#include <memory>
#include <optional>

namespace Hopx::Core::Tools {

using Mcp::ToolCall;
using Mcp::ToolResult;
using Mcp::ToolSpec;

namespace {

/*! \brief The last health answer and what it was built from. Clients and monitors poll
 *  health; its answer changes only when the protocol version, the default provider or a
 *  provider's availability does, so it is built (and serialized) once per such state.
 */
struct HealthMemo
{
    struct State
    {
        QString protocolVersion;
        QString defaultProvider;
        QStringList kinds;
        QList<QPointer<SandboxProvider>> providers;
        QStringList reasons;
        bool operator==(const State &o) const
        {
            // A QPointer that went null never equals a live provider at the same address.
            return protocolVersion == o.protocolVersion && defaultProvider == o.defaultProvider
                && kinds == o.kinds && providers == o.providers && reasons == o.reasons;
        }
    };
    State state;
    std::optional<ToolResult> result;
};

ToolResult buildHealth(const HealthMemo::State &state)
{
    QJsonObject providers;
    bool any = false;
    for (qsizetype i = 0; i < state.kinds.size(); ++i) {
        const QString &kind = state.kinds[i];
        const SandboxProvider *p = state.providers[i];
        QJsonObject entry;
        if (!p) { // a per-connection provider that went away between two calls
            entry.insert(QStringLiteral("available"), false);
        } else {
            const QString &reason = state.reasons[i];
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
    return ToolResult::structured(QJsonObject {
        {QStringLiteral("status"), any ? QStringLiteral("ok") : QStringLiteral("degraded")},
        {QStringLiteral("server"), QStringLiteral("hopx-desktop")},
        {QStringLiteral("version"), QStringLiteral(HOPX_VERSION)},
        {QStringLiteral("protocol_version"), state.protocolVersion},
        {QStringLiteral("default_provider"), state.defaultProvider},
        {QStringLiteral("providers"), providers}});
}

void health(ToolCall *call, SandboxManager *manager, HealthMemo &memo)
{
    HealthMemo::State state;
    state.protocolVersion = call->protocolVersion();
    state.defaultProvider =
        manager ? manager->defaultProviderKind(call->connectionEnv()) : QString();
    for (SandboxProvider *p : connectionProviders(call, manager)) {
        state.kinds.append(p->id());
        state.providers.append(p);
        state.reasons.append(p->unavailableReason().english());
    }
    if (!memo.result || !(memo.state == state)) {
        memo.result = buildHealth(state);
        memo.state = std::move(state);
    }
    call->finish(*memo.result);
}

} // namespace

void registerSystemTools(Mcp::ToolRegistry &registry, const ToolDeps &deps)
{
    SandboxManager *manager = deps.manager;
    auto memo = std::make_shared<HealthMemo>();
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
        .handler(
            [manager, memo](ToolCall *call, const ToolArgs &) { health(call, manager, *memo); })
        .addTo(registry);
}

} // namespace Hopx::Core::Tools

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// env_get, env_set, env_clear; get_system_metrics, ping_vm, get_vm_info, cache_clear,
// cache_stats, get_preview_url, get_agent_url
#include "McpTools.h"
#include "Schema.h"
#include "ToolArgs.h"
#include "ToolSupport.h"

#include "core/SandboxManager.h"
#include "core/SandboxProvider.h"

#include "protocol/ToolRegistry.h"

#include <QRegularExpression>

namespace Hopx::Core::Tools {

using Mcp::ToolCall;
using Mcp::ToolResult;

namespace {

//! As the HOPX agent does: values of secret-looking names never reach the model.
bool isSensitive(const QString &name)
{
    static const QRegularExpression re(
        QStringLiteral("KEY|SECRET|PASSWORD|TOKEN"), QRegularExpression::CaseInsensitiveOption);
    return re.match(name).hasMatch();
}

SandboxProvider *sandboxProvider(ToolCall *call, SandboxManager *manager, QString *id)
{
    *id = ToolArgs(call->arguments()).string(QStringLiteral("sandbox_id"));
    SandboxProvider *p = providerFor(call, manager, *id);
    if (p)
        manager->noteActivity(*id, call->toolName());
    return p;
}

void envGet(ToolCall *call, SandboxManager *manager)
{
    QString id;
    SandboxProvider *p = sandboxProvider(call, manager, &id);
    if (!p)
        return;
    p->getEnv(id, guarded<EnvMap>(call, [](ToolCall *call, Result<EnvMap> r) {
        if (!r) {
            finishWithError(call, r.error());
            return;
        }
        QJsonObject vars;
        QJsonArray masked;
        for (auto it = r.value().cbegin(); it != r.value().cend(); ++it) {
            const bool secret = isSensitive(it.key());
            vars.insert(it.key(), secret ? QStringLiteral("***MASKED***") : it.value());
            if (secret)
                masked.append(it.key());
        }
        QJsonObject dict {
            {QStringLiteral("env_vars"), vars}, {QStringLiteral("count"), vars.size()}};
        if (!masked.isEmpty())
            dict.insert(QStringLiteral("masked"), masked);
        call->finish(ToolResult::structured(dict));
    }));
}

void envSet(ToolCall *call, SandboxManager *manager)
{
    const ToolArgs args(call->arguments());
    const EnvMap vars = args.env(QStringLiteral("env_vars"));
    const bool merge = args.boolean(QStringLiteral("merge"), true);
    static const QRegularExpression validName(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    for (auto it = vars.cbegin(); it != vars.cend(); ++it) {
        if (!validName.match(it.key()).hasMatch()) {
            finishWithInvalid(call,
                QStringLiteral("\"%1\" is not a valid environment variable name (letters, digits, "
                               "_; not starting with a digit)")
                    .arg(it.key()),
                QJsonObject {
                    {QStringLiteral("env_vars"), args.raw().value(QStringLiteral("env_vars"))}});
            return;
        }
        if (it.value().contains(QChar(0))) {
            finishWithInvalid(call,
                QStringLiteral("the value of %1 contains a NUL character").arg(it.key()),
                QJsonObject {});
            return;
        }
    }
    QString id;
    SandboxProvider *p = sandboxProvider(call, manager, &id);
    if (!p)
        return;
    p->setEnv(id, vars, merge, guarded<Unit>(call, [vars, merge](ToolCall *call, Result<Unit> r) {
        if (!r) {
            finishWithError(call, r.error());
            return;
        }
        call->finish(ToolResult::structured(QJsonObject {
            {QStringLiteral("status"), QStringLiteral("success")},
            {QStringLiteral("message"),
                QStringLiteral("%1 environment variable(s) %2")
                    .arg(vars.size())
                    .arg(merge ? QStringLiteral("set") : QStringLiteral("set; others removed"))},
            {QStringLiteral("variables_set"), QJsonArray::fromStringList(vars.keys())},
            {QStringLiteral("merge_mode"), merge}}));
    }));
}

void envClear(ToolCall *call, SandboxManager *manager)
{
    QString id;
    SandboxProvider *p = sandboxProvider(call, manager, &id);
    if (!p)
        return;
    p->clearEnv(id, guarded<Unit>(call, [](ToolCall *call, Result<Unit> r) {
        if (!r) {
            finishWithError(call, r.error());
            return;
        }
        call->finish(ToolResult::structured(
            QJsonObject {{QStringLiteral("status"), QStringLiteral("cleared")}}));
    }));
}

using JsonGetter = void (SandboxProvider::*)(const QString &, Callback<QJsonObject>);

void rawInfo(ToolCall *call, SandboxManager *manager, JsonGetter getter,
    std::function<QJsonObject(const QJsonObject &)> shape = {})
{
    QString id;
    SandboxProvider *p = sandboxProvider(call, manager, &id);
    if (!p)
        return;
    (p->*getter)(id, guarded<QJsonObject>(call, [shape, id](ToolCall *call, Result<QJsonObject> r) {
        if (!r) {
            finishWithError(call, r.error(), QJsonObject {{QStringLiteral("sandbox_id"), id}});
            return;
        }
        call->finish(ToolResult::structured(shape ? shape(r.value()) : r.value()));
    }));
}

void urlTool(ToolCall *call, SandboxManager *manager, bool preview)
{
    QString id;
    SandboxProvider *p = sandboxProvider(call, manager, &id);
    if (!p)
        return;
    const int port = ToolArgs(call->arguments()).integer(QStringLiteral("port"), 7777);
    auto done = guarded<QString>(call, [id, port, preview](ToolCall *call, Result<QString> r) {
        if (!r) {
            finishWithError(call, r.error(), QJsonObject {{QStringLiteral("sandbox_id"), id}});
            return;
        }
        QJsonObject dict {{QStringLiteral("sandbox_id"), id}};
        if (preview) {
            dict.insert(QStringLiteral("preview_url"), r.value());
            dict.insert(QStringLiteral("port"), port);
        } else {
            dict.insert(QStringLiteral("agent_url"), r.value());
        }
        call->finish(ToolResult::structured(dict));
    });
    if (preview)
        p->previewUrl(id, port, done);
    else
        p->agentUrl(id, done);
}

} // namespace

void registerEnvInfoTools(Mcp::ToolRegistry &registry, const ToolDeps &deps)
{
    SandboxManager *m = deps.manager;
    const QJsonObject idOnly = Schema::object(
        {{QStringLiteral("sandbox_id"), sandboxIdSchema()}}, {QStringLiteral("sandbox_id")});
    const QJsonObject anyOut = Schema::output({});

    registry.add(makeSpec(QStringLiteral("env_get"), QStringLiteral("Get environment"),
                     QStringLiteral("The sandbox's environment variables set with env_set or "
                                    "create_sandbox. Values of names "
                                    "containing KEY, SECRET, PASSWORD or TOKEN are masked."),
                     idOnly,
                     Schema::output({{QStringLiteral("env_vars"),
                         QJsonObject {{QStringLiteral("type"), QStringLiteral("object")}}}}),
                     true, false, true),
        [m](ToolCall *call) { envGet(call, m); });
    registry.add(
        makeSpec(QStringLiteral("env_set"), QStringLiteral("Set environment"),
            QStringLiteral("Set environment variables for everything later run in the sandbox "
                           "(Python's os.environ "
                           "included). merge=false replaces all variables set before."),
            Schema::object({{QStringLiteral("sandbox_id"), sandboxIdSchema()},
                               {QStringLiteral("env_vars"),
                                   Schema::stringMap(QStringLiteral("Names and values."))},
                               {QStringLiteral("merge"),
                                   Schema::boolean(QStringLiteral(
                                       "Keep variables not named here (default true)."))}},
                {QStringLiteral("sandbox_id"), QStringLiteral("env_vars")}),
            Schema::output({{QStringLiteral("status"), Schema::string(QStringLiteral("success"))},
                {QStringLiteral("variables_set"),
                    QJsonObject {{QStringLiteral("type"), QStringLiteral("array")}}}}),
            false, false, true),
        [m](ToolCall *call) { envSet(call, m); });
    registry.add(
        makeSpec(QStringLiteral("env_clear"), QStringLiteral("Clear environment"),
            QStringLiteral("Remove every variable set with env_set or create_sandbox."), idOnly,
            Schema::output({{QStringLiteral("status"), Schema::string(QStringLiteral("cleared"))}}),
            false, true, true),
        [m](ToolCall *call) { envClear(call, m); });

    registry.add(makeSpec(QStringLiteral("get_system_metrics"), QStringLiteral("Sandbox metrics"),
                     QStringLiteral("CPU, memory, disk and process figures of a sandbox."), idOnly,
                     anyOut, true, false, false),
        [m](ToolCall *call) { rawInfo(call, m, &SandboxProvider::systemMetrics); });
    registry.add(
        makeSpec(QStringLiteral("ping_vm"), QStringLiteral("Ping sandbox"),
            QStringLiteral("Check that a sandbox's agent answers."), idOnly,
            Schema::output({{QStringLiteral("status"), Schema::string(QStringLiteral("ok"))}}),
            true, false, true),
        [m](ToolCall *call) {
            rawInfo(call, m, &SandboxProvider::vmInfo, [](const QJsonObject &info) {
                return QJsonObject {{QStringLiteral("status"), QStringLiteral("ok")},
                    {QStringLiteral("agent_version"),
                        info.value(QStringLiteral("agent_version")).isUndefined()
                            ? info.value(QStringLiteral("version"))
                            : info.value(QStringLiteral("agent_version"))},
                    {QStringLiteral("agent"), info.value(QStringLiteral("agent"))},
                    {QStringLiteral("features"), info.value(QStringLiteral("features"))},
                    {QStringLiteral("uptime"), info.value(QStringLiteral("uptime"))}};
            });
        });
    registry.add(makeSpec(QStringLiteral("get_vm_info"), QStringLiteral("Sandbox info"),
                     QStringLiteral("Agent version, platform, runtimes and limits of a sandbox."),
                     idOnly, anyOut, true, false, true),
        [m](ToolCall *call) { rawInfo(call, m, &SandboxProvider::vmInfo); });
    registry.add(makeSpec(QStringLiteral("cache_clear"), QStringLiteral("Clear caches"),
                     QStringLiteral("Clear the sandbox's caches (local: Python bytecode, pip and "
                                    "Go build caches in /home/user)."),
                     idOnly, anyOut, false, true, true),
        [m](ToolCall *call) { rawInfo(call, m, &SandboxProvider::cacheClear); });
    registry.add(
        makeSpec(QStringLiteral("cache_stats"), QStringLiteral("Cache statistics"),
            QStringLiteral("Size of the sandbox's caches."), idOnly, anyOut, true, false, true),
        [m](ToolCall *call) { rawInfo(call, m, &SandboxProvider::cacheStats); });
    registry.add(
        makeSpec(QStringLiteral("get_preview_url"), QStringLiteral("Preview URL"),
            QStringLiteral("The URL at which a server listening on `port` inside the sandbox can "
                           "be reached (HOPX "
                           "cloud sandboxes; local sandboxes have no inbound network and say so)."),
            Schema::object({{QStringLiteral("sandbox_id"), sandboxIdSchema()},
                               {QStringLiteral("port"),
                                   Schema::integer(QStringLiteral("Port inside the sandbox."), 1,
                                       65535, 8000)}},
                {QStringLiteral("sandbox_id"), QStringLiteral("port")}),
            Schema::output(
                {{QStringLiteral("preview_url"), Schema::string(QStringLiteral("URL"))}}),
            true, false, true, true),
        [m](ToolCall *call) { urlTool(call, m, true); });
    registry.add(
        makeSpec(QStringLiteral("get_agent_url"), QStringLiteral("Agent URL"),
            QStringLiteral("The URL of the sandbox's agent API (HOPX cloud)."), idOnly,
            Schema::output({{QStringLiteral("agent_url"), Schema::string(QStringLiteral("URL"))}}),
            true, false, true, true),
        [m](ToolCall *call) { urlTool(call, m, false); });
}

} // namespace Hopx::Core::Tools

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// env_get, env_set, env_clear; get_system_metrics, ping_vm, get_vm_info, cache_clear,
// cache_stats, get_preview_url, get_agent_url
#include "core/tools/McpTools.h"
#include "core/tools/Schema.h"
#include "core/tools/Tool.h"
#include "core/tools/ToolSupport.h"

#include "core/manager/SandboxManager.h"
#include "core/manager/SandboxProvider.h"

#include <QRegularExpression>

namespace Hopx::Core::Tools {

using Mcp::ToolCall;
using Mcp::ToolResult;
using Mcp::ToolSpec;

namespace {

//! As the HOPX agent does: values of secret-looking names never reach the model.
bool isSensitive(const QString &name)
{
    static const QRegularExpression re(
        QStringLiteral("KEY|SECRET|PASSWORD|TOKEN"), QRegularExpression::CaseInsensitiveOption);
    return re.match(name).hasMatch();
}

void envGet(ToolCall *call, SandboxManager *manager, const ToolArgs &args)
{
    onSandbox<SandboxEnv, EnvMap>(
        call, manager, args, ErrorsName::Nothing,
        [](ToolCall *call, const QString &, const EnvMap &env) {
            QJsonObject vars;
            QJsonArray masked;
            for (auto it = env.cbegin(); it != env.cend(); ++it) {
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
        },
        [](SandboxEnv *env, Callback<EnvMap> done) { env->getEnv(std::move(done)); });
}

void envSet(ToolCall *call, SandboxManager *manager, const ToolArgs &args)
{
    const EnvMap vars = args.env(QStringLiteral("env_vars"));
    const bool merge = args.boolean(QStringLiteral("merge"));
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
    onSandbox<SandboxEnv, Unit>(
        call, manager, args, ErrorsName::Nothing,
        [vars, merge](ToolCall *call, const QString &, const Unit &) {
            call->finish(ToolResult::structured(
                QJsonObject {{QStringLiteral("status"), QStringLiteral("success")},
                    {QStringLiteral("message"),
                        QStringLiteral("%1 environment variable(s) %2")
                            .arg(vars.size())
                            .arg(merge ? QStringLiteral("set")
                                       : QStringLiteral("set; others removed"))},
                    {QStringLiteral("variables_set"), QJsonArray::fromStringList(vars.keys())},
                    {QStringLiteral("merge_mode"), merge}}));
        },
        [vars, merge](
            SandboxEnv *env, Callback<Unit> done) { env->setEnv(vars, merge, std::move(done)); });
}

void envClear(ToolCall *call, SandboxManager *manager, const ToolArgs &args)
{
    onSandbox<SandboxEnv, Unit>(
        call, manager, args, ErrorsName::Nothing,
        [](ToolCall *call, const QString &, const Unit &) {
            call->finish(ToolResult::structured(
                QJsonObject {{QStringLiteral("status"), QStringLiteral("cleared")}}));
        },
        [](SandboxEnv *env, Callback<Unit> done) { env->clearEnv(std::move(done)); });
}

using JsonGetter = void (SandboxMetrics::*)(Callback<QJsonObject>);

void rawInfo(ToolCall *call, SandboxManager *manager, const ToolArgs &args, JsonGetter getter,
    std::function<QJsonObject(const QJsonObject &)> shape = {})
{
    onSandbox<SandboxMetrics, QJsonObject>(
        call, manager, args, ErrorsName::Sandbox,
        [shape](ToolCall *call, const QString &, const QJsonObject &json) {
            call->finish(ToolResult::structured(shape ? shape(json) : json));
        },
        [getter](SandboxMetrics *metrics, Callback<QJsonObject> done) {
            (metrics->*getter)(std::move(done));
        });
}

void urlTool(ToolCall *call, SandboxManager *manager, const ToolArgs &args, bool preview)
{
    const int port = args.integer(QStringLiteral("port"));
    // The port lets a provider without URLs say how to reach that port instead.
    onSandbox<SandboxEndpoints, QString>(
        call, manager, args, ErrorsName::Sandbox,
        [port, preview](ToolCall *call, const QString &id, const QString &url) {
            QJsonObject dict {{QStringLiteral("sandbox_id"), id}};
            if (preview) {
                dict.insert(QStringLiteral("preview_url"), url);
                dict.insert(QStringLiteral("port"), port);
            } else {
                dict.insert(QStringLiteral("agent_url"), url);
            }
            call->finish(ToolResult::structured(dict));
        },
        [preview, port](SandboxEndpoints *endpoints, Callback<QString> done) {
            if (preview)
                endpoints->previewUrl(port, std::move(done));
            else
                endpoints->agentUrl(std::move(done));
        },
        preview ? QJsonObject {{QStringLiteral("port"), port}} : QJsonObject {});
}

QJsonObject idOnlyInput()
{
    return Schema::object(
        {{QStringLiteral("sandbox_id"), sandboxIdSchema()}}, {QStringLiteral("sandbox_id")});
}

QJsonObject pingShape(const QJsonObject &info)
{
    return QJsonObject {{QStringLiteral("status"), QStringLiteral("ok")},
        {QStringLiteral("agent_version"),
            info.value(QStringLiteral("agent_version")).isUndefined()
                ? info.value(QStringLiteral("version"))
                : info.value(QStringLiteral("agent_version"))},
        {QStringLiteral("agent"), info.value(QStringLiteral("agent"))},
        {QStringLiteral("features"), info.value(QStringLiteral("features"))},
        {QStringLiteral("uptime"), info.value(QStringLiteral("uptime"))}};
}

//! The info tools: {sandbox_id} in, the provider's JSON (or `shape` of it) out.
void addInfoTool(Mcp::ToolRegistry &registry, SandboxManager *m, const QString &name,
    const QString &title, const QString &description, const QJsonObject &output,
    ToolSpec::Hints hints, JsonGetter getter,
    std::function<QJsonObject(const QJsonObject &)> shape = {})
{
    Tool(name, title)
        .description(description)
        .input(idOnlyInput())
        .output(output)
        .hints(hints)
        .handler([m, getter, shape](ToolCall *call, const ToolArgs &args) {
            rawInfo(call, m, args, getter, shape);
        })
        .addTo(registry);
}

} // namespace

void registerEnvInfoTools(Mcp::ToolRegistry &registry, const ToolDeps &deps)
{
    SandboxManager *m = deps.manager;
    const QJsonObject idOnly = idOnlyInput();
    const QJsonObject anyOut = Schema::output({});
    const ToolSpec::Hints readOnly = ToolSpec::ReadOnly | ToolSpec::Idempotent;
    const ToolSpec::Hints clears = ToolSpec::Destructive | ToolSpec::Idempotent;

    Tool(QStringLiteral("env_get"), QStringLiteral("Get environment"))
        .description(QStringLiteral(
            "The sandbox's environment variables set with env_set or create_sandbox. Values of "
            "names containing KEY, SECRET, PASSWORD or TOKEN are masked."))
        .input(idOnly)
        .output(
            Schema::output({{QStringLiteral("env_vars"), Schema::typed(QStringLiteral("object"))}}))
        .hints(readOnly)
        .handler([m](ToolCall *call, const ToolArgs &args) { envGet(call, m, args); })
        .addTo(registry);

    Tool(QStringLiteral("env_set"), QStringLiteral("Set environment"))
        .description(QStringLiteral(
            "Set environment variables for everything later run in the sandbox (Python's "
            "os.environ included). merge=false replaces all variables set before."))
        .input(Schema::object(
            {{QStringLiteral("sandbox_id"), sandboxIdSchema()},
                {QStringLiteral("env_vars"),
                    Schema::stringMap(QStringLiteral("Names and values."))},
                {QStringLiteral("merge"),
                    Schema::boolean(
                        QStringLiteral(
                            "Keep variables not named here (default true); false keeps only "
                            "the secrets' placeholders."),
                        true)}},
            {QStringLiteral("sandbox_id"), QStringLiteral("env_vars")}))
        .output(
            Schema::output({{QStringLiteral("status"), Schema::string(QStringLiteral("success"))},
                {QStringLiteral("variables_set"), Schema::arrayOf(QStringLiteral("string"))}}))
        .hints(ToolSpec::Idempotent)
        .handler([m](ToolCall *call, const ToolArgs &args) { envSet(call, m, args); })
        .addTo(registry);

    Tool(QStringLiteral("env_clear"), QStringLiteral("Clear environment"))
        .description(QStringLiteral("Remove every variable set with env_set or create_sandbox; "
                                    "the placeholders of create_sandbox's secrets stay."))
        .input(idOnly)
        .output(
            Schema::output({{QStringLiteral("status"), Schema::string(QStringLiteral("cleared"))}}))
        .hints(clears)
        .handler([m](ToolCall *call, const ToolArgs &args) { envClear(call, m, args); })
        .addTo(registry);

    addInfoTool(registry, m, QStringLiteral("get_system_metrics"),
        QStringLiteral("Sandbox metrics"),
        QStringLiteral("CPU, memory, disk and process figures of a sandbox."), anyOut,
        ToolSpec::ReadOnly, &SandboxMetrics::systemMetrics);
    addInfoTool(registry, m, QStringLiteral("ping_vm"), QStringLiteral("Ping sandbox"),
        QStringLiteral("Check that a sandbox's agent answers."),
        Schema::output({{QStringLiteral("status"), Schema::string(QStringLiteral("ok"))}}),
        readOnly, &SandboxMetrics::vmInfo, pingShape);
    addInfoTool(registry, m, QStringLiteral("get_vm_info"), QStringLiteral("Sandbox info"),
        QStringLiteral("Agent version, platform, runtimes and limits of a sandbox."), anyOut,
        readOnly, &SandboxMetrics::vmInfo);
    addInfoTool(registry, m, QStringLiteral("cache_clear"), QStringLiteral("Clear caches"),
        QStringLiteral("Clear the sandbox's caches (local: Python bytecode, pip and Go build "
                       "caches in /home/user)."),
        anyOut, clears, &SandboxMetrics::cacheClear);
    addInfoTool(registry, m, QStringLiteral("cache_stats"), QStringLiteral("Cache statistics"),
        QStringLiteral("Size of the sandbox's caches."), anyOut, readOnly,
        &SandboxMetrics::cacheStats);

    Tool(QStringLiteral("get_preview_url"), QStringLiteral("Preview URL"))
        .description(QStringLiteral(
            "The URL at which a server listening on `port` inside the sandbox can be reached "
            "(HOPX cloud sandboxes; local sandboxes have no inbound network and say so)."))
        .input(Schema::object(
            {{QStringLiteral("sandbox_id"), sandboxIdSchema()},
                {QStringLiteral("port"),
                    Schema::integer(QStringLiteral("Port inside the sandbox."), 1, 65535, 8000)}},
            {QStringLiteral("sandbox_id"), QStringLiteral("port")}))
        .output(Schema::output(
            {{QStringLiteral("preview_url"), Schema::string(QStringLiteral("URL"))}}))
        .hints(readOnly | ToolSpec::OpenWorld)
        .handler([m](ToolCall *call, const ToolArgs &args) { urlTool(call, m, args, true); })
        .addTo(registry);

    Tool(QStringLiteral("get_agent_url"), QStringLiteral("Agent URL"))
        .description(QStringLiteral("The URL of the sandbox's agent API (HOPX cloud)."))
        .input(idOnly)
        .output(
            Schema::output({{QStringLiteral("agent_url"), Schema::string(QStringLiteral("URL"))}}))
        .hints(readOnly | ToolSpec::OpenWorld)
        .handler([m](ToolCall *call, const ToolArgs &args) { urlTool(call, m, args, false); })
        .addTo(registry);
}

} // namespace Hopx::Core::Tools

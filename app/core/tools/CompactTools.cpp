// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// The compact profile's own tools: every capability of the full set in few tools that a
// client's tool budget can hold (Cursor passes its agent 40 tools across all servers, Windsurf
// and Trae fewer). Each one routes to the full tool that does the work (ToolRoute), so results
// are the same in every profile. Which tools the compact profile lists, in which order:
// ToolProfiles.cpp. How a new capability joins within the budget: CONTRIBUTING.md.
#include "core/tools/CompactTools.h"

#include "core/tools/McpTools.h"
#include "core/tools/Schema.h"
#include "core/tools/Tool.h"
#include "core/tools/ToolSupport.h"

#include "tools/ToolCall.h"
#include "tools/ToolRegistry.h"

#include <QRegularExpression>

namespace Hopx::Core::Tools {

using Mcp::ToolCall;
using Mcp::ToolRegistry;
using Mcp::ToolSpec;

namespace {

const QString kSandboxId = QStringLiteral("sandbox_id");
const QString kAction = QStringLiteral("action");
const QMap<QString, QString> kIdAsId {{kSandboxId, QStringLiteral("id")}};

QList<ToolRoute> desktopRoutes()
{
    QList<ToolRoute> routes {{QStringLiteral("screenshot"), QStringLiteral("desktop_screenshot")}};
    for (const QString &mouse : {QStringLiteral("click"), QStringLiteral("double_click"),
             QStringLiteral("move"), QStringLiteral("drag"), QStringLiteral("scroll")})
        routes.append({mouse, QStringLiteral("desktop_mouse"), {}, {{kAction, mouse}}});
    routes.append({QStringLiteral("type"), QStringLiteral("desktop_keyboard")});
    return routes;
}

QMap<QString, QList<ToolRoute>> makeRoutes()
{
    // execute_code's mode, template_name and region: sandbox_id and background say the mode;
    // create_sandbox takes a template and a region.
    const QStringList execNotOffered {
        QStringLiteral("mode"), QStringLiteral("template_name"), QStringLiteral("region")};
    return {
        {QStringLiteral("run"),
            {{QStringLiteral("wait"), QStringLiteral("execute_code"), {}, {}, execNotOffered},
                {QStringLiteral("background"), QStringLiteral("execute_code_background")},
                {QStringLiteral("callback_url"), QStringLiteral("execute_code_async")}}},
        {QStringLiteral("processes"),
            {{QStringLiteral("list"), QStringLiteral("execute_list_processes")},
                {QStringLiteral("list_all"), QStringLiteral("list_processes")},
                {QStringLiteral("kill"), QStringLiteral("execute_kill_process")}}},
        {QStringLiteral("manage_sandbox"),
            {{QStringLiteral("list"), QStringLiteral("list_sandboxes"), {}, {},
                 {QStringLiteral("region")}},
                {QStringLiteral("get"), QStringLiteral("get_sandbox"), kIdAsId},
                {QStringLiteral("delete"), QStringLiteral("delete_sandbox"), kIdAsId},
                {QStringLiteral("pause"), QStringLiteral("pause_sandbox"), kIdAsId},
                {QStringLiteral("resume"), QStringLiteral("resume_sandbox"), kIdAsId},
                {QStringLiteral("set_timeout"), QStringLiteral("update_sandbox_timeout"),
                    kIdAsId}}},
        {QStringLiteral("sandbox_info"),
            {{QStringLiteral("metrics"), QStringLiteral("get_system_metrics")},
                {QStringLiteral("vm_info"), QStringLiteral("get_vm_info")},
                {QStringLiteral("ping"), QStringLiteral("ping_vm")},
                {QStringLiteral("packages"), QStringLiteral("list_packages")},
                {QStringLiteral("cache_stats"), QStringLiteral("cache_stats")},
                {QStringLiteral("cache_clear"), QStringLiteral("cache_clear")},
                {QStringLiteral("preview_url"), QStringLiteral("get_preview_url")},
                {QStringLiteral("agent_url"), QStringLiteral("get_agent_url")}}},
        {QStringLiteral("checkpoint"),
            {{QStringLiteral("create"), QStringLiteral("checkpoint_sandbox")},
                {QStringLiteral("list"), QStringLiteral("list_checkpoints")},
                {QStringLiteral("restore"), QStringLiteral("restore_sandbox")},
                {QStringLiteral("fork"), QStringLiteral("fork_sandbox")},
                {QStringLiteral("delete"), QStringLiteral("delete_checkpoint")}}},
        {QStringLiteral("files"),
            {{QStringLiteral("list"), QStringLiteral("file_list")},
                {QStringLiteral("stat"), QStringLiteral("file_stat")},
                {QStringLiteral("exists"), QStringLiteral("file_exists")},
                {QStringLiteral("remove"), QStringLiteral("file_remove")},
                {QStringLiteral("mkdir"), QStringLiteral("file_mkdir")}}},
        {QStringLiteral("host_files"),
            {{QStringLiteral("upload"), QStringLiteral("file_upload")},
                {QStringLiteral("download"), QStringLiteral("file_download")},
                {QStringLiteral("diff"), QStringLiteral("project_diff")}}},
        {QStringLiteral("env"),
            {{QStringLiteral("get"), QStringLiteral("env_get")},
                {QStringLiteral("set"), QStringLiteral("env_set")},
                {QStringLiteral("clear"), QStringLiteral("env_clear")}}},
        {QStringLiteral("system"),
            {{QStringLiteral("health"), QStringLiteral("health")},
                {QStringLiteral("templates"), QStringLiteral("list_templates")},
                {QStringLiteral("template"), QStringLiteral("get_template")}}},
        {QStringLiteral("desktop"), desktopRoutes()},
    };
}

QJsonObject sandboxId()
{
    return sandboxIdSchema();
}

//! An action tool: `action` (one per route) plus `properties`, each described once.
void addActionTool(ToolRegistry &registry, const QString &name, const QString &title,
    const QString &description, QJsonObject properties, const QStringList &required,
    ToolSpec::Hints hints, ToolSpec::TaskSupport tasks = ToolSpec::TaskSupport::Forbidden)
{
    const QList<ToolRoute> routes = CompactTools::routes().value(name);
    QStringList actions;
    for (const ToolRoute &r : routes)
        actions.append(r.action);
    properties.insert(kAction, Schema::stringEnum(QString(), actions));
    const QJsonObject input {{QStringLiteral("type"), QStringLiteral("object")},
        {QStringLiteral("properties"), properties},
        {QStringLiteral("required"), QJsonArray::fromStringList(QStringList {kAction} + required)},
        {QStringLiteral("additionalProperties"), false}};
    const ToolRegistry *from = &registry;
    Tool(name, title)
        .description(description)
        .input(input)
        .hints(hints)
        .taskSupport(tasks)
        .handler([from, routes](ToolCall *call, const ToolArgs &args) {
            routeByAction(call, *from, routes, args);
        })
        .addTo(registry);
}

//! `run`: one way to run code or a command, in a fresh sandbox or a kept one, waiting for the
//! result, in the background or reporting to a webhook.
void run(ToolCall *call, const ToolRegistry &registry, const ToolArgs &args)
{
    const bool webhook = args.given(QStringLiteral("callback_url"));
    const bool background = args.boolean(QStringLiteral("background"));
    if ((webhook || background) && !args.given(kSandboxId)) {
        finishWithInvalid(call,
            QStringLiteral("%1 needs sandbox_id: create one with create_sandbox (a fresh sandbox "
                           "is deleted when the call returns).")
                .arg(webhook ? QStringLiteral("callback_url") : QStringLiteral("background")),
            args.raw());
        return;
    }
    const QString label = webhook ? QStringLiteral("callback_url")
        : background              ? QStringLiteral("background")
                                  : QStringLiteral("wait");
    for (const ToolRoute &route : CompactTools::routes().value(QStringLiteral("run")))
        if (route.action == label)
            forwardGiven(call, registry, route.target, args,
                webhook          ? QStringLiteral("run with callback_url")
                    : background ? QStringLiteral("run with background")
                                 : QStringLiteral("run without background"),
                {}, {}, {QStringLiteral("background")});
}

void addRun(ToolRegistry &registry, const QList<ProviderKind> &kinds)
{
    const ToolRegistry *from = &registry;
    Tool(QStringLiteral("run"), QStringLiteral("Run code or a command"))
        .description(QStringLiteral(
            "Run Python, JavaScript, bash (any shell command) or Go. Without sandbox_id it runs "
            "in a fresh sandbox that is deleted afterwards; in a sandbox, Python keeps variables "
            "and imports between runs like a notebook and returns the last expression's value. "
            "matplotlib figures come back as images; output streams as progress while it runs. "
            "background: true returns a process_id at once (see processes); callback_url gets "
            "the result POSTed when done; both need sandbox_id."))
        .input(Schema::object(
            {{QStringLiteral("code"), Schema::string(QStringLiteral("The code or command."))},
                {QStringLiteral("language"),
                    Schema::stringEnum(QString(),
                        {QStringLiteral("python"), QStringLiteral("javascript"),
                            QStringLiteral("bash"), QStringLiteral("go")},
                        QStringLiteral("python"))},
                {kSandboxId, sandboxId()},
                {QStringLiteral("timeout"),
                    Schema::integer(QStringLiteral("Seconds; a waiting run at most 300. Default: "
                                                   "waiting 30, background 300, webhook 1800."),
                        1, 86400)},
                {QStringLiteral("background"), Schema::boolean(QString(), false)},
                {QStringLiteral("name"), Schema::string(QStringLiteral("Background: a label."))},
                {QStringLiteral("callback_url"),
                    Schema::string(QStringLiteral("https, or http on loopback."))},
                {QStringLiteral("callback_headers"), Schema::stringMap(QString())},
                {QStringLiteral("callback_signature_secret"),
                    Schema::string(QStringLiteral(
                        "Signs the POST: X-HopX-Signature: sha256=HMAC(secret, X-HopX-Timestamp + "
                        "body)."))},
                {QStringLiteral("env"), Schema::stringMap(QStringLiteral("For this run only."))},
                {QStringLiteral("working_dir"),
                    Schema::string(QStringLiteral("Default /workspace."))},
                {QStringLiteral("provider"), providerSchema(kinds)}},
            {QStringLiteral("code")}))
        .hints(ToolSpec::NoHints)
        .taskSupport(ToolSpec::TaskSupport::Optional)
        .handler([from](ToolCall *call, const ToolArgs &args) { run(call, *from, args); })
        .addTo(registry);
}

void addSandboxTools(ToolRegistry &registry, const QList<ProviderKind> &kinds)
{
    addActionTool(registry, QStringLiteral("processes"), QStringLiteral("Background processes"),
        QStringLiteral("list the background runs of a sandbox (list_all: every process), or "
                       "kill one (and its children) by process_id."),
        {{kSandboxId, sandboxId()}, {QStringLiteral("process_id"), Schema::string(QString())},
            {QStringLiteral("max_results"), Schema::integer(QString(), 0, 100000)}},
        {kSandboxId}, ToolSpec::Destructive);

    addActionTool(registry, QStringLiteral("manage_sandbox"), QStringLiteral("Manage sandboxes"),
        QStringLiteral("list (every provider), get, delete (with everything in it), pause "
                       "(freeze its processes), resume, or set_timeout (seconds from now until "
                       "it is deleted). All but list need sandbox_id."),
        {{kSandboxId, sandboxId()},
            {QStringLiteral("timeout_seconds"), Schema::integer(QString(), 1, 7 * 24 * 3600)},
            {QStringLiteral("status"),
                Schema::stringEnum(QStringLiteral("list: only these."),
                    {QStringLiteral("running"), QStringLiteral("stopped"), QStringLiteral("paused"),
                        QStringLiteral("creating"), QStringLiteral("unavailable")})},
            {QStringLiteral("provider"), providerSchema(kinds)},
            {QStringLiteral("limit"), Schema::integer(QString(), 1, 10000)}},
        {}, ToolSpec::Destructive | ToolSpec::OpenWorld);

    addActionTool(registry, QStringLiteral("sandbox_info"), QStringLiteral("Inspect a sandbox"),
        QStringLiteral("metrics (CPU, memory, disk), vm_info (runtimes, limits), ping, "
                       "packages (installed Python and Node packages), cache_stats, cache_clear, "
                       "preview_url (URL of a port, HOPX), agent_url (HOPX)."),
        {{kSandboxId, sandboxId()}, {QStringLiteral("port"), Schema::integer(QString(), 1, 65535)}},
        {kSandboxId}, ToolSpec::Destructive);

    addActionTool(registry, QStringLiteral("checkpoint"), QStringLiteral("Checkpoints and forks"),
        QStringLiteral("create a checkpoint (/workspace, /home and Python variables; kept "
                       "across restarts), list them, restore one (later changes are lost, "
                       "other processes are stopped), fork the sandbox (now or at a "
                       "checkpoint) into count new sandboxes that carry its files and Python "
                       "variables, or delete one. Not on the HOPX cloud."),
        {{kSandboxId, sandboxId()}, {QStringLiteral("checkpoint_id"), Schema::string(QString())},
            {QStringLiteral("name"), Schema::string(QStringLiteral("create: a label."))},
            {QStringLiteral("count"), Schema::integer(QStringLiteral("fork: 1 to 32."), 1, 32)}},
        {kSandboxId}, ToolSpec::Destructive);
}

void addFileTools(ToolRegistry &registry, const QList<ProviderKind> &kinds)
{
    addActionTool(registry, QStringLiteral("files"), QStringLiteral("Sandbox files"),
        QStringLiteral("list a directory, stat, exists, remove (recursive) or mkdir (with "
                       "parents) in a sandbox. file_read and file_write read and write."),
        {{kSandboxId, sandboxId()},
            {QStringLiteral("path"), Schema::string(QStringLiteral("list: default /workspace."))},
            {QStringLiteral("max_results"), Schema::integer(QString(), 1, 100000)}},
        {kSandboxId}, ToolSpec::Destructive);

    addActionTool(registry, QStringLiteral("host_files"),
        QStringLiteral("Files of the user's machine"),
        QStringLiteral(
            "upload a host file into a sandbox or download a sandbox file to the host (inside "
            "a root, any folder if the client has no roots, or a folder approved in the app; "
            "the user is asked unless it is approved; "
            "download keeps an existing file unless overwrite), or diff a mounted project folder "
            "(root, e.g. /project/app) against a sandbox directory. Streamed, any size."),
        {{kSandboxId, sandboxId()},
            {QStringLiteral("host_path"), Schema::string(QStringLiteral("Absolute host path."))},
            {QStringLiteral("path"), Schema::string(QStringLiteral("Sandbox path."))},
            {QStringLiteral("root"), Schema::string(QString())},
            {QStringLiteral("overwrite"), Schema::boolean(QString(), false)}},
        {kSandboxId}, ToolSpec::Destructive, ToolSpec::TaskSupport::Optional);

    addActionTool(registry, QStringLiteral("env"), QStringLiteral("Sandbox environment"),
        QStringLiteral("get, set (merge by default) or clear the environment variables every "
                       "later run in the sandbox gets."),
        {{kSandboxId, sandboxId()}, {QStringLiteral("env_vars"), Schema::stringMap(QString())},
            {QStringLiteral("merge"), Schema::boolean(QString(), true)}},
        {kSandboxId}, ToolSpec::Destructive);
}

void addOtherTools(ToolRegistry &registry, const QList<ProviderKind> &kinds)
{
    addActionTool(registry, QStringLiteral("system"), QStringLiteral("Server and templates"),
        QStringLiteral("health (server, providers, default provider), templates, or template "
                       "(one by name)."),
        {{QStringLiteral("name"), Schema::string(QString())},
            {QStringLiteral("provider"), providerSchema(kinds)},
            {QStringLiteral("limit"), Schema::integer(QString(), 1, 1000)},
            {QStringLiteral("fields"), Schema::string(QStringLiteral("templates: keys or all."))}},
        {}, ToolSpec::ReadOnly | ToolSpec::OpenWorld);

    const QJsonObject coordinate = Schema::integer(QString(), 0, 100000);
    addActionTool(registry, QStringLiteral("desktop"), QStringLiteral("Use a sandbox's desktop"),
        QStringLiteral("For a template with a desktop (HOPX): screenshot (an image; x, y are its "
                       "pixels), click, double_click, move, drag (to_x, to_y), scroll, type "
                       "(text, or key with modifiers)."),
        {{kSandboxId, sandboxId()}, {QStringLiteral("x"), coordinate},
            {QStringLiteral("y"), coordinate}, {QStringLiteral("to_x"), coordinate},
            {QStringLiteral("to_y"), coordinate},
            {QStringLiteral("button"),
                Schema::stringEnum(QString(),
                    {QStringLiteral("left"), QStringLiteral("middle"), QStringLiteral("right")})},
            {QStringLiteral("direction"),
                Schema::stringEnum(QString(),
                    {QStringLiteral("up"), QStringLiteral("down"), QStringLiteral("left"),
                        QStringLiteral("right")})},
            {QStringLiteral("amount"), Schema::integer(QString(), 1, 100)},
            {QStringLiteral("text"), Schema::string(QString())},
            {QStringLiteral("key"), Schema::string(QStringLiteral("e.g. Return, a."))},
            {QStringLiteral("modifiers"),
                QJsonObject {{QStringLiteral("type"), QStringLiteral("array")},
                    {QStringLiteral("items"),
                        Schema::stringEnum(QString(),
                            {QStringLiteral("ctrl"), QStringLiteral("alt"), QStringLiteral("shift"),
                                QStringLiteral("super")})}}},
            {QStringLiteral("delay_ms"), Schema::integer(QString(), 0, 1000)}},
        {kSandboxId}, ToolSpec::NoHints);
}

} // namespace

const QMap<QString, QList<ToolRoute>> &CompactTools::routes()
{
    static const QMap<QString, QList<ToolRoute>> table = makeRoutes();
    return table;
}

const QMap<QString, QString> &CompactTools::equivalents()
{
    static const QMap<QString, QString> table {
        {QStringLiteral("execute_code_isolated"), QStringLiteral("run without sandbox_id")},
        {QStringLiteral("execute_code_persistent"), QStringLiteral("run with sandbox_id")},
        {QStringLiteral("execute_code_rich"),
            QStringLiteral("run with sandbox_id (figures always come back)")},
        {QStringLiteral("run_command"), QStringLiteral("run with language bash")},
        {QStringLiteral("run_command_background"),
            QStringLiteral("run with language bash and background")},
    };
    return table;
}

void registerCompactTools(ToolRegistry &registry, const ToolDeps &deps)
{
    addRun(registry, deps.providerKinds);
    addSandboxTools(registry, deps.providerKinds);
    addFileTools(registry, deps.providerKinds);
    addOtherTools(registry, deps.providerKinds);
}

bool CompactTools::speaksCompact(const ToolCall *call)
{
    return call->toolProfile().isEmpty() || call->toolProfile() == kCompactProfile;
}

QString CompactTools::compactCall(const QString &fullTool)
{
    if (equivalents().contains(fullTool))
        return equivalents().value(fullTool);
    for (auto it = routes().begin(); it != routes().end(); ++it) {
        for (const ToolRoute &route : it.value()) {
            if (route.target != fullTool || it.key() == fullTool)
                continue;
            if (it.key() == QLatin1String("run")) // routed by its arguments, not an action
                return route.action == QLatin1String("wait")
                    ? QStringLiteral("run")
                    : QStringLiteral("run with %1")
                          .arg(route.action == QLatin1String("background")
                                  ? QStringLiteral("background: true")
                                  : route.action);
            return QStringLiteral("%1 (action \"%2\")").arg(it.key(), route.action);
        }
    }
    return {};
}

Mcp::ToolResult CompactTools::inCompactTerms(const Mcp::ToolResult &result)
{
    // Results with images or links stay as they are: only the words of a plain result change.
    // Read without making the result's object: a run's stdout stays bytes unless it changes.
    if (!result.hasStructuredContent() || result.contentCount() != 1)
        return result;
    static const QRegularExpression toolName(QStringLiteral("\\b[a-z]+(?:_[a-z]+)+\\b"));
    QJsonObject object;
    bool changed = false;
    for (const QString &key : {QStringLiteral("error"), QStringLiteral("message"),
             QStringLiteral("_note"), QStringLiteral("note")}) {
        const QString text = result.structuredString(key);
        if (text.isEmpty())
            continue;
        QString out;
        qsizetype last = 0;
        for (auto m = toolName.globalMatch(text); m.hasNext();) {
            const QRegularExpressionMatch match = m.next();
            const QString instead = compactCall(match.captured());
            if (instead.isEmpty())
                continue;
            out += QStringView(text).mid(last, match.capturedStart() - last) + instead;
            last = match.capturedEnd();
        }
        if (last == 0)
            continue;
        out += QStringView(text).mid(last);
        if (!changed)
            object = result.structuredContent();
        object.insert(key, out);
        changed = true;
        // A failed run repeats its message as stderr (hopx-mcp's shape): our words, not a
        // program's, so they name the same tools.
        if (key == QLatin1String("message")
            && result.structuredString(QStringLiteral("stderr")) == text)
            object.insert(QStringLiteral("stderr"), out);
    }
    return changed ? Mcp::ToolResult::structured(object, result.isError()) : result;
}

QStringList compactToolNames()
{
    return CompactTools::routes().keys();
}

} // namespace Hopx::Core::Tools

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// create_sandbox, list_sandboxes, get_sandbox, delete_sandbox, update_sandbox_timeout,
// pause_sandbox, resume_sandbox, list_templates, get_template
#include "McpTools.h"
#include "Schema.h"
#include "ToolArgs.h"
#include "ToolSupport.h"

#include "core/SandboxManager.h"
#include "core/SandboxProvider.h"

#include "protocol/ToolRegistry.h"

#include <memory>

namespace Hopx::Core::Tools {

using Mcp::ToolCall;
using Mcp::ToolResult;

namespace {

QJsonObject sandboxOutput()
{
    return Schema::output({{QStringLiteral("id"), Schema::string(QStringLiteral("sandbox id"))},
        {QStringLiteral("status"),
            Schema::string(QStringLiteral("creating, running, paused, stopped"))},
        {QStringLiteral("provider"), Schema::string(QStringLiteral("local or hopx"))},
        {QStringLiteral("template_name"), Schema::string(QStringLiteral("template"))},
        {QStringLiteral("timeout_seconds"),
            Schema::any(QStringLiteral("seconds until it is deleted"))}});
}

void createSandbox(ToolCall *call, SandboxManager *manager)
{
    const ToolArgs args(call->arguments());
    SandboxProvider *provider =
        providerForNew(call, manager, args.string(QStringLiteral("provider")));
    if (!provider)
        return;
    CreateSpec spec;
    spec.templateId = args.string(QStringLiteral("template_id"));
    spec.templateName = args.string(QStringLiteral("template_name"));
    if (spec.templateId.isEmpty() && spec.templateName.isEmpty())
        spec.templateName = QStringLiteral("code-interpreter");
    spec.region = args.string(QStringLiteral("region"));
    spec.timeoutSeconds =
        args.integer(QStringLiteral("timeout_seconds"), manager->defaultTimeoutSeconds());
    if (args.has(QStringLiteral("internet_access")))
        spec.internetAccess = args.boolean(QStringLiteral("internet_access"));
    spec.envVars = args.env(QStringLiteral("env_vars"));
    auto create = [manager, provider, spec](ToolCall *call) {
        provider->create(spec,
            guarded<SandboxInfo>(call, [manager, spec](ToolCall *call, Result<SandboxInfo> r) {
                if (!r) {
                    finishWithError(call, r.error(),
                        QJsonObject {{QStringLiteral("details"),
                            QJsonObject {{QStringLiteral("template_id"),
                                spec.templateId.isEmpty() ? spec.templateName
                                                          : spec.templateId}}}});
                    return;
                }
                // The log's "sandbox created" row comes from track(); creating counts as
                // activity.
                SandboxInfo info = r.value();
                if (!info.lastActivity.isValid())
                    info.lastActivity = QDateTime::currentDateTime();
                manager->track(info);
                call->finish(ToolResult::structured(sandboxToJson(info)));
            }));
    };
    // Only an explicit request is confirmed: the settings default is the user's own choice,
    // and a HOPX sandbox is always online.
    if (provider->id() == QLatin1String("local") && spec.internetAccess.value_or(false))
        confirmInternetAccess(call, create);
    else
        create(call);
}

void listSandboxes(ToolCall *call, SandboxManager *manager)
{
    const ToolArgs args(call->arguments());
    ListSpec spec;
    spec.limit = args.integer(QStringLiteral("limit"), 100);
    spec.status = args.string(QStringLiteral("status"));
    spec.region = args.string(QStringLiteral("region"));
    const QString only = args.string(QStringLiteral("provider"));

    QList<SandboxProvider *> providers;
    QJsonObject errors;
    for (const QString &kind : {QStringLiteral("local"), QStringLiteral("hopx")}) {
        if (!only.isEmpty() && only != kind)
            continue;
        SandboxProvider *p = manager->provider(kind, call->connectionEnv());
        if (p && p->unavailableReason().isEmpty())
            providers.append(p);
        else if (!only.isEmpty() || kind == QLatin1String("local"))
            errors.insert(kind, p ? p->unavailableReason() : QStringLiteral("not built in"));
    }
    struct State
    {
        int pending = 0;
        QJsonArray data;
        QJsonObject errors;
    };
    auto state = std::make_shared<State>();
    state->pending = providers.size();
    state->errors = errors;
    auto finish = [state, spec](ToolCall *call) {
        QJsonArray data = state->data;
        while (data.size() > spec.limit)
            data.removeLast();
        QJsonObject result {{QStringLiteral("data"), data}, {QStringLiteral("count"), data.size()}};
        if (!state->errors.isEmpty())
            result.insert(QStringLiteral("errors"), state->errors);
        call->finish(ToolResult::structured(result));
    };
    if (providers.isEmpty()) {
        finish(call);
        return;
    }
    for (SandboxProvider *p : providers) {
        const QString kind = p->id();
        p->list(spec,
            guarded<QList<SandboxInfo>>(
                call, [state, kind, finish, manager](ToolCall *call, Result<QList<SandboxInfo>> r) {
                    if (r) {
                        for (const SandboxInfo &info : r.value()) {
                            state->data.append(sandboxToJson(info, QStringLiteral("sandbox_id")));
                            manager->track(info);
                        }
                    } else {
                        state->errors.insert(kind, r.error().message);
                    }
                    if (--state->pending == 0)
                        finish(call);
                }));
    }
}

void getSandbox(ToolCall *call, SandboxManager *manager)
{
    const QString id = ToolArgs(call->arguments()).string(QStringLiteral("id"));
    SandboxProvider *provider = providerFor(call, manager, id);
    if (!provider)
        return;
    provider->get(id, guarded<SandboxInfo>(call, [id](ToolCall *call, Result<SandboxInfo> r) {
        if (!r) {
            finishWithError(call, r.error(), QJsonObject {{QStringLiteral("id"), id}});
            return;
        }
        call->finish(ToolResult::structured(sandboxToJson(r.value())));
    }));
}

void deleteSandbox(ToolCall *call, SandboxManager *manager)
{
    const QString id = ToolArgs(call->arguments()).string(QStringLiteral("id"));
    SandboxProvider *provider = providerFor(call, manager, id);
    if (!provider)
        return;
    provider->destroy(id, guarded<Unit>(call, [id, manager](ToolCall *call, Result<Unit> r) {
        if (!r) {
            finishWithError(call, r.error(), QJsonObject {{QStringLiteral("id"), id}});
            return;
        }
        manager->untrack(id);
        call->finish(ToolResult::structured(QJsonObject {
            {QStringLiteral("status"), QStringLiteral("deleted")}, {QStringLiteral("id"), id}}));
    }));
}

void updateTimeout(ToolCall *call, SandboxManager *manager)
{
    const ToolArgs args(call->arguments());
    const QString id = args.string(QStringLiteral("id"));
    const int seconds = args.integer(QStringLiteral("timeout_seconds"));
    SandboxProvider *provider = providerFor(call, manager, id);
    if (!provider)
        return;
    provider->setTimeout(id, seconds,
        guarded<Unit>(call, [id, seconds, manager, provider](ToolCall *call, Result<Unit> r) {
            if (!r) {
                finishWithError(call, r.error(), QJsonObject {{QStringLiteral("id"), id}});
                return;
            }
            if (auto info = manager->sandbox(id)) {
                info->timeoutSeconds = seconds;
                info->expiresAt = QDateTime::currentDateTime().addSecs(seconds);
                manager->track(*info);
            }
            Q_UNUSED(provider);
            call->finish(ToolResult::structured(QJsonObject {{QStringLiteral("id"), id},
                {QStringLiteral("timeout_seconds"), seconds},
                {QStringLiteral("status"), QStringLiteral("updated")}}));
        }));
}

void pauseOrResume(ToolCall *call, SandboxManager *manager, bool pause)
{
    const QString id = ToolArgs(call->arguments()).string(QStringLiteral("id"));
    SandboxProvider *provider = providerFor(call, manager, id);
    if (!provider)
        return;
    auto done = guarded<SandboxInfo>(call, [id, manager](ToolCall *call, Result<SandboxInfo> r) {
        if (!r) {
            finishWithError(call, r.error(), QJsonObject {{QStringLiteral("id"), id}});
            return;
        }
        manager->track(r.value());
        call->finish(
            ToolResult::structured(sandboxToJson(r.value(), QStringLiteral("sandbox_id"))));
    });
    if (pause)
        provider->pause(id, done);
    else
        provider->resume(id, done);
}

void listTemplates(ToolCall *call, SandboxManager *manager)
{
    const ToolArgs args(call->arguments());
    const int limit = args.integer(QStringLiteral("limit"), 10);
    const QString fields = args.string(
        QStringLiteral("fields"), QStringLiteral("id,name,description,category,language"));
    SandboxProvider *provider =
        providerForNew(call, manager, args.string(QStringLiteral("provider")));
    if (!provider)
        return;
    provider->listTemplates(
        guarded<QJsonArray>(call, [limit, fields](ToolCall *call, Result<QJsonArray> r) {
            if (!r) {
                finishWithError(call, r.error());
                return;
            }
            const QStringList keep = fields == QLatin1String("all")
                ? QStringList()
                : fields.split(QLatin1Char(','), Qt::SkipEmptyParts);
            QJsonArray data;
            for (const QJsonValue &t : r.value()) {
                if (limit > 0 && data.size() >= limit)
                    break;
                QJsonObject item = t.toObject();
                if (!keep.isEmpty()) {
                    QJsonObject filtered;
                    for (const QString &k : keep)
                        if (item.contains(k.trimmed()))
                            filtered.insert(k.trimmed(), item.value(k.trimmed()));
                    item = filtered;
                }
                data.append(item);
            }
            QJsonObject result {{QStringLiteral("data"), data},
                {QStringLiteral("count"), data.size()},
                {QStringLiteral("_fields"),
                    fields == QLatin1String("all") ? QJsonValue(QJsonValue::Null)
                                                   : QJsonValue(fields)},
                {QStringLiteral("_note"),
                    r.value().size() > data.size() ? QJsonValue(
                        QStringLiteral("Showing %1 of %2 templates; raise limit to see more.")
                            .arg(data.size())
                            .arg(r.value().size()))
                                                   : QJsonValue(QJsonValue::Null)}};
            call->finish(ToolResult::structured(result));
        }));
}

void getTemplate(ToolCall *call, SandboxManager *manager)
{
    const ToolArgs args(call->arguments());
    const QString name = args.string(QStringLiteral("name"));
    SandboxProvider *provider =
        providerForNew(call, manager, args.string(QStringLiteral("provider")));
    if (!provider)
        return;
    provider->getTemplate(
        name, guarded<QJsonObject>(call, [name](ToolCall *call, Result<QJsonObject> r) {
            if (!r) {
                finishWithError(
                    call, r.error(), QJsonObject {{QStringLiteral("template_name"), name}});
                return;
            }
            call->finish(ToolResult::structured(r.value()));
        }));
}

} // namespace

void registerSandboxTools(Mcp::ToolRegistry &registry, const ToolDeps &deps)
{
    SandboxManager *m = deps.manager;
    const QJsonObject idOnly =
        Schema::object({{QStringLiteral("id"), sandboxIdSchema()}}, {QStringLiteral("id")});
    const QJsonObject listOutput = Schema::output(
        {{QStringLiteral("data"), QJsonObject {{QStringLiteral("type"), QStringLiteral("array")}}},
            {QStringLiteral("count"),
                QJsonObject {{QStringLiteral("type"), QStringLiteral("integer")}}}});

    registry.add(
        makeSpec(QStringLiteral("create_sandbox"), QStringLiteral("Create sandbox"),
            QStringLiteral(
                "Create a sandbox for multi-step work and return its id. Pass the id as sandbox_id "
                "to execute_code, run_command, file_* and env_* tools; Python state, files, env "
                "and background processes persist in it until delete_sandbox or its timeout. "
                "provider \"local\" runs it on this machine (starts in milliseconds, no network "
                "unless internet_access is true); \"hopx\" in the HOPX cloud. Templates: "
                "list_templates."),
            Schema::object({{QStringLiteral("template_id"),
                                Schema::string(QStringLiteral(
                                    "Template id or name (e.g. \"code-interpreter\"); a numeric id "
                                    "or a name both work."))},
                {QStringLiteral("template_name"),
                    Schema::string(QStringLiteral("Template name; used when template_id is absent. "
                                                  "Default \"code-interpreter\"."))},
                {QStringLiteral("provider"), providerSchema()},
                {QStringLiteral("region"),
                    Schema::string(QStringLiteral("HOPX region (cloud only)."))},
                {QStringLiteral("timeout_seconds"),
                    Schema::integer(QStringLiteral("Delete the sandbox after this many seconds "
                                                   "(default: the app setting, 1 hour)."),
                        1, 7 * 24 * 3600, 3600)},
                {QStringLiteral("internet_access"),
                    Schema::boolean(
                        QStringLiteral("Allow outbound network (local default: off)."))},
                {QStringLiteral("env_vars"),
                    Schema::stringMap(QStringLiteral(
                        "Environment variables for everything run in the sandbox."))}}),
            sandboxOutput(), false, false, false, true),
        [m](ToolCall *call) { createSandbox(call, m); });

    registry.add(
        makeSpec(QStringLiteral("list_sandboxes"), QStringLiteral("List sandboxes"),
            QStringLiteral(
                "List sandboxes of every available provider (or one), newest first. Items use the "
                "key sandbox_id. A provider that cannot be reached is reported under errors."),
            Schema::object(
                {{QStringLiteral("limit"),
                     Schema::integer(QStringLiteral("At most this many."), 1, 10000, 100)},
                    {QStringLiteral("status"),
                        Schema::stringEnum(QStringLiteral("Only sandboxes in this state."),
                            {QStringLiteral("running"), QStringLiteral("stopped"),
                                QStringLiteral("paused"), QStringLiteral("creating")})},
                    {QStringLiteral("region"),
                        Schema::string(QStringLiteral("Only this HOPX region."))},
                    {QStringLiteral("provider"), providerSchema()}}),
            listOutput, true, false, true, true),
        [m](ToolCall *call) { listSandboxes(call, m); });

    registry.add(
        makeSpec(QStringLiteral("get_sandbox"), QStringLiteral("Get sandbox"),
            QStringLiteral("Details of one sandbox: status, template, timeout, creation time."),
            idOnly, sandboxOutput(), true, false, true),
        [m](ToolCall *call) { getSandbox(call, m); });

    registry.add(
        makeSpec(QStringLiteral("delete_sandbox"), QStringLiteral("Delete sandbox"),
            QStringLiteral("Delete a sandbox and everything in it (files, processes, state)."),
            idOnly,
            Schema::output(
                {{QStringLiteral("status"), Schema::string(QStringLiteral("\"deleted\""))},
                    {QStringLiteral("id"), Schema::string(QStringLiteral("sandbox id"))}}),
            false, true, true),
        [m](ToolCall *call) { deleteSandbox(call, m); });

    registry.add(
        makeSpec(QStringLiteral("update_sandbox_timeout"), QStringLiteral("Extend sandbox timeout"),
            QStringLiteral("Set how many seconds from now the sandbox lives before it is deleted."),
            Schema::object({{QStringLiteral("id"), sandboxIdSchema()},
                               {QStringLiteral("timeout_seconds"),
                                   Schema::integer(QStringLiteral("Seconds from now."), 1,
                                       7 * 24 * 3600, 3600)}},
                {QStringLiteral("id"), QStringLiteral("timeout_seconds")}),
            Schema::output({{QStringLiteral("id"), Schema::string(QStringLiteral("sandbox id"))},
                {QStringLiteral("timeout_seconds"),
                    QJsonObject {{QStringLiteral("type"), QStringLiteral("integer")}}},
                {QStringLiteral("status"), Schema::string(QStringLiteral("\"updated\""))}}),
            false, false, true),
        [m](ToolCall *call) { updateTimeout(call, m); });

    registry.add(makeSpec(QStringLiteral("pause_sandbox"), QStringLiteral("Pause sandbox"),
                     QStringLiteral("Freeze every process in the sandbox (it keeps its memory and "
                                    "files) until resume_sandbox."),
                     idOnly, sandboxOutput(), false, false, true),
        [m](ToolCall *call) { pauseOrResume(call, m, true); });
    registry.add(makeSpec(QStringLiteral("resume_sandbox"), QStringLiteral("Resume sandbox"),
                     QStringLiteral("Resume a paused sandbox."), idOnly, sandboxOutput(), false,
                     false, true),
        [m](ToolCall *call) { pauseOrResume(call, m, false); });

    registry.add(
        makeSpec(QStringLiteral("list_templates"), QStringLiteral("List templates"),
            QStringLiteral(
                "Sandbox templates a provider offers, with the languages each really has here. "
                "fields: comma-separated keys to keep, or \"all\"."),
            Schema::object({{QStringLiteral("limit"),
                                Schema::integer(QStringLiteral("At most this many."), 1, 1000, 10)},
                {QStringLiteral("fields"),
                    Schema::string(
                        QStringLiteral("Keys to keep, e.g. \"id,name,language\", or \"all\"."))},
                {QStringLiteral("provider"), providerSchema()}}),
            listOutput, true, false, true, true),
        [m](ToolCall *call) { listTemplates(call, m); });
    registry.add(
        makeSpec(QStringLiteral("get_template"), QStringLiteral("Get template"),
            QStringLiteral("Details of one template by name."),
            Schema::object(
                {{QStringLiteral("name"),
                     Schema::string(QStringLiteral("Template name, e.g. \"code-interpreter\"."))},
                    {QStringLiteral("provider"), providerSchema()}},
                {QStringLiteral("name")}),
            Schema::output(
                {{QStringLiteral("name"), Schema::string(QStringLiteral("template name"))}}),
            true, false, true, true),
        [m](ToolCall *call) { getTemplate(call, m); });
}

} // namespace Hopx::Core::Tools

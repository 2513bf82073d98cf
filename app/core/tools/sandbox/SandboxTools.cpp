// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// create_sandbox, list_sandboxes, get_sandbox, delete_sandbox, update_sandbox_timeout,
// pause_sandbox, resume_sandbox, list_templates, get_template
#include "core/tools/AppApproval.h"
#include "core/tools/McpTools.h"
#include "core/tools/Schema.h"
#include "core/tools/Tool.h"
#include "core/tools/ToolSupport.h"
#include "core/tools/files/HostAccess.h"
#include "core/tools/files/RootUpload.h"
#include "core/tools/sandbox/SecretGrant.h"

#include "core/manager/SandboxManager.h"
#include "core/manager/SandboxProvider.h"
#include "core/settings/Settings.h"

#include <algorithm>
#include <memory>

namespace Hopx::Core::Tools {

using Mcp::ToolCall;
using Mcp::ToolResult;
using Mcp::ToolSpec;

namespace {

//! `idKey`: hopx-mcp's name for the id in that tool's result (pause and resume say sandbox_id).
QJsonObject sandboxOutput(const QString &idKey = QStringLiteral("id"))
{
    return Schema::output({{idKey, Schema::string(QStringLiteral("sandbox id"))},
        {QStringLiteral("status"),
            Schema::string(QStringLiteral("creating, running, paused, stopped"))},
        {QStringLiteral("provider"), Schema::string(QStringLiteral("local or hopx"))},
        {QStringLiteral("template_name"), Schema::string(QStringLiteral("template"))},
        {QStringLiteral("timeout_seconds"),
            Schema::nullable(Schema::typed(QStringLiteral("integer")),
                QStringLiteral("seconds until it is deleted; null: no timeout"))}});
}

QJsonObject networkSchema()
{
    const QJsonObject hosts {{QStringLiteral("type"), QStringLiteral("array")},
        {QStringLiteral("items"), Schema::typed(QStringLiteral("string"))}};
    QJsonObject listed = Schema::object({{QStringLiteral("allow"), hosts},
        {QStringLiteral("packages"),
            Schema::boolean(QStringLiteral("Also allow the package indexes."))}});
    return {{QStringLiteral("description"),
                QStringLiteral(
                    "Egress (local): \"none\" (default), \"packages\" (PyPI, npm, Go modules), "
                    "a list of hosts (\"*.example.com\" for subdomains), {\"allow\": [...], "
                    "\"packages\": true}, or \"full\". Through an HTTP(S) proxy; local "
                    "addresses are never reachable.")},
        {QStringLiteral("anyOf"),
            QJsonArray {
                Schema::stringEnum(QString(),
                    {QStringLiteral("none"), QStringLiteral("packages"), QStringLiteral("full")}),
                hosts, listed}}};
}

QJsonObject secretsSchema(const QString &description)
{
    return {{QStringLiteral("type"), QStringLiteral("array")},
        {QStringLiteral("description"), description}, {QStringLiteral("maxItems"), 16},
        {QStringLiteral("items"),
            QJsonObject {{QStringLiteral("type"), QStringLiteral("string")},
                {QStringLiteral("pattern"), QStringLiteral("^[A-Z_][A-Z0-9_]{0,63}$")}}}};
}

Error cloudSecretsError()
{
    return Error::make(Error::Code::Unsupported,
        QStringLiteral("secrets are not supported by the HOPX cloud: its API has no way to "
                       "swap a value in at the sandbox's network edge, so the value itself "
                       "would have to enter the sandbox. Create a sandbox with provider "
                       "\"local\" for secrets, or pass what the HOPX sandbox needs with "
                       "env_vars yourself."),
        QJsonObject {{QStringLiteral("argument"), QStringLiteral("secrets")}},
        QStringLiteral("Not supported by the HOPX cloud"));
}

/*! `secrets` joins the egress allowlist with the secrets' hosts (the proxy must see the
 *  requests to swap the values in), so it cannot go with "full" network, which bypasses the
 *  proxy. A HOPX sandbox has no egress of ours to do it. */
Result<Unit> secretsNetwork(CreateSpec &spec, const QList<SandboxSecret> &secrets)
{
    if (secrets.isEmpty())
        return Unit {};
    NetworkPolicy policy = spec.network.value_or(NetworkPolicy::none());
    if (policy.mode == NetworkPolicy::Mode::Full || spec.internetAccess.value_or(false))
        return Error::make(Error::Code::InvalidArgument,
            QStringLiteral("secrets need the sandbox's traffic to go through HOPX Desktop's "
                           "egress proxy, which network \"full\" (internet_access) bypasses. "
                           "Pass network as a list of hosts or \"packages\" instead: the "
                           "secrets' own hosts are added to it."),
            QJsonObject {{QStringLiteral("argument"), QStringLiteral("network")}});
    if (policy.mode == NetworkPolicy::Mode::None)
        policy = NetworkPolicy::allowlist({});
    for (const SandboxSecret &s : secrets)
        for (const QString &host : s.hosts)
            policy.add(host);
    spec.network = policy;
    spec.internetAccess.reset();
    spec.secrets = secrets;
    for (const SandboxSecret &s : secrets)
        if (spec.envVars.contains(s.name))
            return Error::make(Error::Code::InvalidArgument,
                QStringLiteral("env_vars sets %1, which is also a secret asked for: the sandbox "
                               "gets a placeholder for it. Leave it out of env_vars.")
                    .arg(s.name),
                QJsonObject {{QStringLiteral("argument"), QStringLiteral("env_vars")}});
    return Unit {};
}

void createSandbox(ToolCall *call, SandboxManager *manager, HostAccess *access, Settings *settings,
    SecretStore *secretStore, const ToolArgs &args)
{
    QStringList names;
    for (const QJsonValue &v : args.value(QStringLiteral("secrets")).toArray())
        names << v.toString();
    // Before the provider is looked up: a HOPX sandbox could never hold one, key or no key.
    const QString requested = args.string(QStringLiteral("provider")).toLower();
    if (!names.isEmpty()
        && !manager
                ->providerKind(requested.isEmpty()
                        ? manager->defaultProviderKind(call->connectionEnv())
                        : requested)
                .holdsSecrets)
        return finishWithError(call, cloudSecretsError());
    SandboxProvider *provider =
        providerForNew(call, manager, args.string(QStringLiteral("provider")));
    if (!provider)
        return;
    CreateSpec spec;
    spec.templateId = args.string(QStringLiteral("template_id"));
    spec.templateName = args.string(QStringLiteral("template_name"));
    if (spec.templateId.isEmpty() && spec.templateName.isEmpty())
        spec.templateName = defaultTemplateName();
    spec.region = args.string(QStringLiteral("region"));
    // The default is the user's setting, so the schema cannot hold it.
    spec.timeoutSeconds = args.given(QStringLiteral("timeout_seconds"))
        ? args.integer(QStringLiteral("timeout_seconds"))
        : manager->defaultTimeoutSeconds();
    if (args.given(QStringLiteral("internet_access")))
        spec.internetAccess = args.boolean(QStringLiteral("internet_access"));
    if (args.given(QStringLiteral("network"))) {
        Result<NetworkPolicy> policy =
            NetworkPolicy::fromJson(args.value(QStringLiteral("network")),
                settings ? settings->packageHosts() : QStringList());
        if (!policy) {
            finishWithError(call, policy.error());
            return;
        }
        if (spec.internetAccess && *spec.internetAccess
            && policy.value().mode != NetworkPolicy::Mode::Full) {
            finishWithError(call,
                Error::make(Error::Code::InvalidArgument,
                    QStringLiteral("internet_access: true means network \"full\"; pass one "
                                   "of the two."),
                    QJsonObject {{QStringLiteral("argument"), QStringLiteral("network")}}));
            return;
        }
        if (settings && policy.value().mode == NetworkPolicy::Mode::Allowlist) {
            for (const QString &host : settings->alwaysAllowedHosts())
                policy.value().add(host);
        }
        spec.network = policy.value();
    }
    spec.envVars = args.env(QStringLiteral("env_vars"));
    // `upload`: the roots to copy in once the sandbox exists (a cloud one cannot mount them).
    // Filled in once the user approved them and the keychain answered.
    auto granted = std::make_shared<QList<SandboxSecret>>();
    auto create = [manager, provider, spec, granted](ToolCall *call, const QList<HostMount> &mounts,
                      std::shared_ptr<RootUpload::Plan> upload = nullptr) {
        CreateSpec withMounts = spec;
        if (Result<Unit> ok = secretsNetwork(withMounts, *granted); !ok)
            return finishWithError(call, ok.error());
        if (!upload)
            withMounts.mounts = mounts;
        provider->create(withMounts,
            onSuccess<SandboxInfo>(call,
                QJsonObject {{QStringLiteral("details"),
                    QJsonObject {{QStringLiteral("template_id"),
                        spec.templateId.isEmpty() ? spec.templateName : spec.templateId}}}},
                [manager, provider, upload](ToolCall *call, const SandboxInfo &created) {
                    const SandboxInfo &info = created;
                    if (!upload) {
                        call->finish(ToolResult::structured(sandboxToJson(info)));
                        return;
                    }
                    auto *copy = new RootUpload(call, provider, info.id, *upload,
                        onSuccess<QJsonArray>(
                            call, {}, [info](ToolCall *call, const QJsonArray &roots) {
                                QJsonObject out = sandboxToJson(info);
                                out.insert(QStringLiteral("uploaded_roots"), roots);
                                call->finish(ToolResult::structured(out));
                            }));
                    copy->start();
                }));
    };
    // Roots are mounted only when asked for, after the user agreed to each.
    // A sandbox on this machine sees them read-only; a cloud one gets a copy, checked for size
    // before it exists.
    const bool mountRoots = args.boolean(QStringLiteral("mount_roots"));
    const bool copyRoots = mountRoots && !provider->kind().mountsHostFolders;
    const qint64 copyCap = qint64(settings ? settings->cloudRootMb() : 256) << 20;
    auto withRoots = [access, mountRoots, copyRoots, copyCap, create](ToolCall *call) {
        if (!mountRoots || !access)
            return create(call, {});
        access->rootMounts(
            call,
            [copyRoots, copyCap, create](ToolCall *call, const QList<HostMount> &mounts) {
                if (!copyRoots)
                    return create(call, mounts);
                Result<RootUpload::Plan> plan = RootUpload::plan(mounts, copyCap);
                if (!plan)
                    return finishWithError(call, plan.error());
                create(call, mounts, std::make_shared<RootUpload::Plan>(std::move(plan.value())));
            },
            copyRoots);
    };
    // Only an explicit request is confirmed: the settings default is the user's own choice,
    // and a HOPX sandbox is always online.
    const bool full = spec.network ? spec.network->mode == NetworkPolicy::Mode::Full
                                   : spec.internetAccess.value_or(false);
    auto withNetwork = [provider, full, access, withRoots](ToolCall *call) {
        if (provider->kind().confirmsFullNetwork && full)
            confirmInternetAccess(call, access ? access->approvals() : nullptr, withRoots);
        else
            withRoots(call);
    };
    if (names.isEmpty())
        return withNetwork(call);
    // Refused before the user is asked anything: a question they cannot usefully answer.
    CreateSpec probe = spec;
    if (Result<Unit> ok = secretsNetwork(probe, {SandboxSecret {}}); !ok)
        return finishWithError(call, ok.error());
    grantSecrets(call, secretStore, access ? access->approvals() : nullptr, names,
        [granted, withNetwork](ToolCall *call, const QList<SandboxSecret> &secrets) {
            *granted = secrets;
            withNetwork(call);
        });
}

void listSandboxes(ToolCall *call, SandboxManager *manager, const ToolArgs &args)
{
    ListSpec spec;
    spec.limit = args.integer(QStringLiteral("limit"));
    spec.status = args.string(QStringLiteral("status"));
    spec.region = args.string(QStringLiteral("region"));
    const QString only = args.string(QStringLiteral("provider"));

    QList<SandboxProvider *> providers;
    QJsonObject errors;
    bool named = only.isEmpty();
    for (SandboxProvider *p : connectionProviders(call, manager)) {
        if (!only.isEmpty() && only != p->id())
            continue;
        named = true;
        if (p->unavailableReason().isEmpty())
            providers.append(p);
        else if (!only.isEmpty() || p->kind().reportedWhenUnavailable)
            errors.insert(p->id(), p->unavailableReason().english());
    }
    if (!named)
        errors.insert(only, QStringLiteral("not built in"));
    struct State
    {
        int pending = 0;
        QList<SandboxInfo> found;
        QJsonObject errors;
    };
    auto state = std::make_shared<State>();
    state->pending = providers.size();
    state->errors = errors;
    auto finish = [state, spec](ToolCall *call) {
        // Providers answer in any order, each newest first: merged the same way before the
        // limit, or `limit` would keep whichever provider answered first. A region names
        // where a cloud sandbox runs; a local one has none and is not in any.
        std::stable_sort(state->found.begin(), state->found.end(),
            [](const SandboxInfo &a, const SandboxInfo &b) { return a.createdAt > b.createdAt; });
        QJsonArray data;
        for (const SandboxInfo &info : std::as_const(state->found)) {
            if (data.size() >= spec.limit)
                break;
            if (spec.region.isEmpty() || info.region == spec.region)
                data.append(sandboxToJson(info, QStringLiteral("sandbox_id")));
        }
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
                        state->found.append(r.value());
                    } else {
                        state->errors.insert(kind, r.error().message);
                    }
                    if (--state->pending == 0)
                        finish(call);
                }));
    }
}

void getSandbox(ToolCall *call, SandboxManager *manager, const ToolArgs &args)
{
    const QString id = args.string(QStringLiteral("id"));
    SandboxProvider *provider = providerFor(call, manager, id);
    if (!provider)
        return;
    onCapability<SandboxLifecycle>(provider, id,
        onSuccess<SandboxInfo>(call, QJsonObject {{QStringLiteral("id"), id}},
            [](ToolCall *call, const SandboxInfo &info) {
                call->finish(ToolResult::structured(sandboxToJson(info)));
            }),
        [](SandboxLifecycle *lifecycle, Callback<SandboxInfo> done) {
            lifecycle->info(std::move(done));
        });
}

void deleteSandbox(ToolCall *call, SandboxManager *manager, const ToolArgs &args)
{
    const QString id = args.string(QStringLiteral("id"));
    SandboxProvider *provider = providerFor(call, manager, id);
    if (!provider)
        return;
    destroySandbox(provider, id,
        onSuccess<Unit>(
            call, QJsonObject {{QStringLiteral("id"), id}}, [id](ToolCall *call, const Unit &) {
                call->finish(ToolResult::structured(
                    QJsonObject {{QStringLiteral("status"), QStringLiteral("deleted")},
                        {QStringLiteral("id"), id}}));
            }));
}

void updateTimeout(ToolCall *call, SandboxManager *manager, const ToolArgs &args)
{
    const QString id = args.string(QStringLiteral("id"));
    const int seconds = args.integer(QStringLiteral("timeout_seconds"));
    SandboxProvider *provider = providerFor(call, manager, id);
    if (!provider)
        return;
    onCapability<SandboxLifecycle>(provider, id,
        onSuccess<Unit>(call, QJsonObject {{QStringLiteral("id"), id}},
            [id, seconds](ToolCall *call, const Unit &) {
                call->finish(ToolResult::structured(QJsonObject {{QStringLiteral("id"), id},
                    {QStringLiteral("timeout_seconds"), seconds},
                    {QStringLiteral("status"), QStringLiteral("updated")}}));
            }),
        [seconds](SandboxLifecycle *lifecycle, Callback<Unit> done) {
            lifecycle->setTimeout(seconds, std::move(done));
        });
}

void pauseOrResume(ToolCall *call, SandboxManager *manager, const ToolArgs &args, bool pause)
{
    const QString id = args.string(QStringLiteral("id"));
    SandboxProvider *provider = providerFor(call, manager, id);
    if (!provider)
        return;
    auto done = onSuccess<SandboxInfo>(call, QJsonObject {{QStringLiteral("id"), id}},
        [](ToolCall *call, const SandboxInfo &info) {
            call->finish(ToolResult::structured(sandboxToJson(info, QStringLiteral("sandbox_id"))));
        });
    onCapability<SandboxLifecycle>(
        provider, id, done, [pause](SandboxLifecycle *lifecycle, Callback<SandboxInfo> done) {
            if (pause)
                lifecycle->pause(std::move(done));
            else
                lifecycle->resume(std::move(done));
        });
}

void listTemplates(ToolCall *call, SandboxManager *manager, const ToolArgs &args)
{
    const int limit = args.integer(QStringLiteral("limit"));
    const QString fields = args.string(QStringLiteral("fields"));
    SandboxProvider *provider =
        providerForNew(call, manager, args.string(QStringLiteral("provider")));
    if (!provider)
        return;
    provider->listTemplates(
        onSuccess<QJsonArray>(call, {}, [limit, fields](ToolCall *call, const QJsonArray &list) {
            const QStringList keep = fields == QLatin1String("all")
                ? QStringList()
                : fields.split(QLatin1Char(','), Qt::SkipEmptyParts);
            QJsonArray data;
            for (const QJsonValue &t : list) {
                if (data.size() >= limit) // the schema keeps limit >= 1
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
                    list.size() > data.size() ? QJsonValue(
                        QStringLiteral("Showing %1 of %2 templates; raise limit to see more.")
                            .arg(data.size())
                            .arg(list.size()))
                                              : QJsonValue(QJsonValue::Null)}};
            call->finish(ToolResult::structured(result));
        }));
}

void getTemplate(ToolCall *call, SandboxManager *manager, const ToolArgs &args)
{
    const QString name = args.string(QStringLiteral("name"));
    SandboxProvider *provider =
        providerForNew(call, manager, args.string(QStringLiteral("provider")));
    if (!provider)
        return;
    provider->getTemplate(name,
        onSuccess<QJsonObject>(call, QJsonObject {{QStringLiteral("template_name"), name}},
            [](ToolCall *call, const QJsonObject &json) {
                call->finish(ToolResult::structured(json));
            }));
}

} // namespace

void registerSandboxTools(Mcp::ToolRegistry &registry, const ToolDeps &deps)
{
    SandboxManager *m = deps.manager;
    const QJsonObject idOnly =
        Schema::object({{QStringLiteral("id"), sandboxIdSchema()}}, {QStringLiteral("id")});
    const QJsonObject listOutput =
        Schema::output({{QStringLiteral("data"), Schema::arrayOf(QStringLiteral("object"))},
            {QStringLiteral("count"), Schema::typed(QStringLiteral("integer"))}});
    const QJsonObject sandboxIdOut = Schema::string(QStringLiteral("sandbox id"));

    Tool(QStringLiteral("create_sandbox"), QStringLiteral("Create sandbox"))
        .description(QStringLiteral(
            "Create a sandbox for multi-step work; pass its id as sandbox_id to later calls. "
            "Python state, files, environment and background processes persist in it until it "
            "is deleted or times out. A local one starts in milliseconds, offline unless "
            "network says otherwise (\"packages\" for pip/npm install)."))
        .input(Schema::object({{QStringLiteral("template_id"),
                                   Schema::string(QStringLiteral(
                                       "Template id or name, e.g. code-interpreter."))},
            {QStringLiteral("template_name"),
                Schema::string(QStringLiteral("Used when template_id is absent."))},
            {QStringLiteral("provider"), providerSchema(deps.providerKinds)},
            {QStringLiteral("region"), Schema::string(QStringLiteral("HOPX region (cloud only)."))},
            {QStringLiteral("timeout_seconds"),
                Schema::integer(QStringLiteral("Seconds until it is deleted (default: the app's "
                                               "setting, 1 hour)."),
                    1, 7 * 24 * 3600)},
            {QStringLiteral("internet_access"),
                Schema::boolean(QStringLiteral("Same as network \"full\"."))},
            {QStringLiteral("network"), networkSchema()},
            {QStringLiteral("env_vars"),
                Schema::stringMap(QStringLiteral("For everything run in the sandbox."))},
            {QStringLiteral("secrets"),
                secretsSchema(QStringLiteral(
                    "Local only: names of the user's stored secrets (API tokens). Each env var "
                    "gets a placeholder that is swapped for the value only in requests to the "
                    "secret's hosts (send it as usual: \"Authorization: Bearer $NAME\"); those "
                    "hosts join the allowlist. The user approves each. Not with network "
                    "\"full\"."))},
            {QStringLiteral("mount_roots"),
                Schema::boolean(
                    QStringLiteral("Show the client's project folders at /project/<name> once "
                                   "the user agrees, read-only (HOPX: a copy at "
                                   "/workspace/project/<name> of what git would commit, up to "
                                   "256 MiB)."),
                    false)}}))
        .output(sandboxOutput())
        .hints(ToolSpec::OpenWorld)
        .handler([m, access = deps.hostAccess, settings = deps.settings, secrets = deps.secrets](
                     ToolCall *call, const ToolArgs &args) {
            createSandbox(call, m, access.get(), settings, secrets, args);
        })
        .addTo(registry);

    Tool(QStringLiteral("list_sandboxes"), QStringLiteral("List sandboxes"))
        .description(QStringLiteral(
            "List sandboxes of every available provider (or one), newest first. Items use the "
            "key sandbox_id. A provider that cannot be reached is reported under errors."))
        .input(Schema::object({{QStringLiteral("limit"),
                                   Schema::integer(
                                       QStringLiteral("At most this many."), 1, 10000, 100)},
            {QStringLiteral("status"),
                Schema::stringEnum(QStringLiteral("Only sandboxes in this state."),
                    {QStringLiteral("running"), QStringLiteral("stopped"), QStringLiteral("paused"),
                        QStringLiteral("creating"), QStringLiteral("unavailable")})},
            {QStringLiteral("region"),
                Schema::string(QStringLiteral(
                    "Only HOPX sandboxes in this region (local sandboxes have none)."))},
            {QStringLiteral("provider"), providerSchema(deps.providerKinds)}}))
        .output(listOutput)
        .hints(ToolSpec::ReadOnly | ToolSpec::Idempotent | ToolSpec::OpenWorld)
        .handler([m](ToolCall *call, const ToolArgs &args) { listSandboxes(call, m, args); })
        .addTo(registry);

    Tool(QStringLiteral("get_sandbox"), QStringLiteral("Get sandbox"))
        .description(
            QStringLiteral("Details of one sandbox: status, template, timeout, creation time."))
        .input(idOnly)
        .output(sandboxOutput())
        .hints(ToolSpec::ReadOnly | ToolSpec::Idempotent)
        .handler([m](ToolCall *call, const ToolArgs &args) { getSandbox(call, m, args); })
        .addTo(registry);

    Tool(QStringLiteral("delete_sandbox"), QStringLiteral("Delete sandbox"))
        .description(
            QStringLiteral("Delete a sandbox and everything in it (files, processes, state)."))
        .input(idOnly)
        .output(Schema::output(
            {{QStringLiteral("status"), Schema::string(QStringLiteral("\"deleted\""))},
                {QStringLiteral("id"), sandboxIdOut}}))
        .hints(ToolSpec::Destructive | ToolSpec::Idempotent)
        .handler([m](ToolCall *call, const ToolArgs &args) { deleteSandbox(call, m, args); })
        .addTo(registry);

    Tool(QStringLiteral("update_sandbox_timeout"), QStringLiteral("Extend sandbox timeout"))
        .description(
            QStringLiteral("Set how many seconds from now the sandbox lives before it is deleted."))
        .input(Schema::object(
            {{QStringLiteral("id"), sandboxIdSchema()},
                {QStringLiteral("timeout_seconds"),
                    Schema::integer(QStringLiteral("Seconds from now."), 1, 7 * 24 * 3600, 3600)}},
            {QStringLiteral("id"), QStringLiteral("timeout_seconds")}))
        .output(Schema::output({{QStringLiteral("id"), sandboxIdOut},
            {QStringLiteral("timeout_seconds"), Schema::typed(QStringLiteral("integer"))},
            {QStringLiteral("status"), Schema::string(QStringLiteral("\"updated\""))}}))
        .hints(ToolSpec::Idempotent)
        .handler([m](ToolCall *call, const ToolArgs &args) { updateTimeout(call, m, args); })
        .addTo(registry);

    Tool(QStringLiteral("pause_sandbox"), QStringLiteral("Pause sandbox"))
        .description(QStringLiteral("Freeze every process in the sandbox (it keeps its memory and "
                                    "files) until resume_sandbox."))
        .input(idOnly)
        .output(sandboxOutput(QStringLiteral("sandbox_id")))
        .hints(ToolSpec::Idempotent)
        .handler([m](ToolCall *call, const ToolArgs &args) { pauseOrResume(call, m, args, true); })
        .addTo(registry);

    Tool(QStringLiteral("resume_sandbox"), QStringLiteral("Resume sandbox"))
        .description(QStringLiteral("Resume a paused sandbox."))
        .input(idOnly)
        .output(sandboxOutput(QStringLiteral("sandbox_id")))
        .hints(ToolSpec::Idempotent)
        .handler([m](ToolCall *call, const ToolArgs &args) { pauseOrResume(call, m, args, false); })
        .addTo(registry);

    Tool(QStringLiteral("list_templates"), QStringLiteral("List templates"))
        .description(QStringLiteral(
            "Sandbox templates a provider offers, with the languages each really has here. "
            "fields: comma-separated keys to keep, or \"all\"."))
        .input(
            Schema::object({{QStringLiteral("limit"),
                                Schema::integer(QStringLiteral("At most this many."), 1, 1000, 10)},
                {QStringLiteral("fields"),
                    Schema::string(
                        QStringLiteral("Keys to keep, e.g. \"id,name,language\", or \"all\"."),
                        QStringLiteral("id,name,description,category,language"))},
                {QStringLiteral("provider"), providerSchema(deps.providerKinds)}}))
        .output(listOutput)
        .hints(ToolSpec::ReadOnly | ToolSpec::Idempotent | ToolSpec::OpenWorld)
        .handler([m](ToolCall *call, const ToolArgs &args) { listTemplates(call, m, args); })
        .addTo(registry);

    Tool(QStringLiteral("get_template"), QStringLiteral("Get template"))
        .description(QStringLiteral("Details of one template by name."))
        .input(Schema::object(
            {{QStringLiteral("name"),
                 Schema::string(QStringLiteral("Template name, e.g. \"code-interpreter\"."))},
                {QStringLiteral("provider"), providerSchema(deps.providerKinds)}},
            {QStringLiteral("name")}))
        .output(Schema::output(
            {{QStringLiteral("name"), Schema::string(QStringLiteral("template name"))}}))
        .hints(ToolSpec::ReadOnly | ToolSpec::Idempotent | ToolSpec::OpenWorld)
        .handler([m](ToolCall *call, const ToolArgs &args) { getTemplate(call, m, args); })
        .addTo(registry);
}

} // namespace Hopx::Core::Tools

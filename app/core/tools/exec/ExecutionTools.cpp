// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// The definitions of execute_code and its mode wrappers, execute_code_async, background
// processes and run_command. How they run: CodeExecution, CommandExecution.
#include "core/tools/McpTools.h"
#include "core/tools/Schema.h"
#include "core/tools/Tool.h"
#include "core/tools/ToolSupport.h"
#include "core/tools/exec/CodeExecution.h"
#include "core/tools/exec/CommandExecution.h"
#include "core/tools/exec/ExecArgs.h"

namespace Hopx::Core::Tools {

using Mcp::ToolCall;
using Mcp::ToolSpec;

namespace {

/*! Runs can outlive any sensible request timeout (up to 300 s, background and async longer), so
 *  a client may call them as tasks and poll; the run belongs to the task, not to the request. */
constexpr ToolSpec::TaskSupport kRunsAsTasks = ToolSpec::TaskSupport::Optional;

const QString kStateNote = QStringLiteral(
    " Python keeps variables and imports between calls in the same sandbox (like a "
    "notebook) and returns the last expression's value as result; matplotlib figures "
    "come back as images. JavaScript, bash and Go run as fresh processes in the sandbox. "
    "With a progressToken, output lines stream as progress notifications while it runs.");

struct ExecInput
{
    bool withMode = false; // execute_code: mode and name
    bool needsSandbox = true;
    int defaultTimeout = 30;
    bool withIsolatedParams = false; // template_name, region, provider
    QJsonObject more = {}; // further properties
    QList<ProviderKind> providers = {}; // with withIsolatedParams: the `provider` choices
};

QJsonObject execInputSchema(const ExecInput &in)
{
    QJsonObject props {
        {QStringLiteral("code"), Schema::string(QStringLiteral("The code to run."))},
        {QStringLiteral("language"),
            Schema::string(
                QStringLiteral("python (default; state persists between calls in a sandbox), "
                               "javascript, bash or go. Aliases: python3, py, js, node, nodejs, "
                               "sh, shell, golang."),
                QStringLiteral("python"))},
        {QStringLiteral("timeout"),
            Schema::integer(
                QStringLiteral(
                    "Seconds before the run is stopped (synchronous runs: at most 300)."),
                1, 86400, in.defaultTimeout)},
        {QStringLiteral("env"),
            Schema::stringMap(QStringLiteral("Extra environment variables for this run only."))},
        {QStringLiteral("working_dir"),
            Schema::string(
                QStringLiteral("Directory to run in (default /workspace; rich: /tmp)."))},
        {QStringLiteral("sandbox_id"), sandboxIdSchema()},
    };
    QStringList required {QStringLiteral("code")};
    if (in.needsSandbox)
        required << QStringLiteral("sandbox_id");
    if (in.withMode) {
        props.insert(QStringLiteral("mode"),
            Schema::stringEnum(
                QStringLiteral("isolated: a fresh sandbox for this call, deleted afterwards "
                               "(default without sandbox_id); persistent: in sandbox_id "
                               "(default with it); rich: persistent, working dir /tmp; "
                               "background: returns a process_id at once."),
                {QStringLiteral("isolated"), QStringLiteral("persistent"), QStringLiteral("rich"),
                    QStringLiteral("background")}));
        props.insert(QStringLiteral("name"),
            Schema::string(QStringLiteral("Name for a background process.")));
    }
    if (in.withIsolatedParams) {
        props.insert(QStringLiteral("template_name"),
            Schema::string(
                QStringLiteral("Template for the fresh sandbox (default code-interpreter)."),
                defaultTemplateName()));
        props.insert(QStringLiteral("region"),
            Schema::string(QStringLiteral("HOPX region for the fresh sandbox.")));
        props.insert(QStringLiteral("provider"), providerSchema(in.providers));
    }
    for (auto it = in.more.begin(); it != in.more.end(); ++it)
        props.insert(it.key(), it.value());
    return QJsonObject {{QStringLiteral("type"), QStringLiteral("object")},
        {QStringLiteral("properties"), props},
        {QStringLiteral("required"), QJsonArray::fromStringList(required)},
        {QStringLiteral("additionalProperties"), false}};
}

QJsonObject execOutputSchema()
{
    return Schema::output(
        {{QStringLiteral("stdout"), Schema::string(QStringLiteral("standard output (capped)"))},
            {QStringLiteral("stderr"), Schema::string(QStringLiteral("standard error (capped)"))},
            {QStringLiteral("exit_code"), Schema::typed(QStringLiteral("integer"))},
            {QStringLiteral("execution_time"), Schema::typed(QStringLiteral("number"))},
            {QStringLiteral("success"), Schema::typed(QStringLiteral("boolean"))},
            {QStringLiteral("sandbox_id"), Schema::string(QStringLiteral("where it ran"))},
            {QStringLiteral("result"),
                Schema::string(QStringLiteral("Python: repr of the last expression"))},
            {QStringLiteral("rich_outputs"), Schema::arrayOf(QStringLiteral("object"))}});
}

QJsonObject startedOutputSchema()
{
    return Schema::output(
        {{QStringLiteral("process_id"), Schema::string(QStringLiteral("id to list or kill it by"))},
            {QStringLiteral("status"), Schema::string(QStringLiteral("running"))}});
}

QJsonObject processListOutputSchema()
{
    return Schema::output({{QStringLiteral("processes"), Schema::arrayOf(QStringLiteral("object"))},
        {QStringLiteral("count"), Schema::typed(QStringLiteral("integer"))}});
}

//! {sandbox_id, max_results}: the process lists.
QJsonObject processListInput(int defaultMax)
{
    return Schema::object({{QStringLiteral("sandbox_id"), sandboxIdSchema()},
                              {QStringLiteral("max_results"),
                                  Schema::integer(QStringLiteral("At most this many (0 = all)."), 0,
                                      100000, defaultMax)}},
        {QStringLiteral("sandbox_id")});
}

//! execute_code and the wrappers that fix its mode: the same output, hints and note. Their
//! results may carry figures, so no outputSchema (ExecutionResult).
void addExecTool(Mcp::ToolRegistry &registry, const ToolDeps &deps, const QString &name,
    const QString &title, const QString &description, const QJsonObject &input,
    const QString &forcedMode)
{
    Tool(name, title)
        .description(description + kStateNote)
        .input(input)
        .textOutput(execOutputSchema())
        .hints(ToolSpec::NoHints)
        .taskSupport(kRunsAsTasks)
        .handler([deps, forcedMode](ToolCall *call, const ToolArgs &args) {
            executeCode(call, deps, args, forcedMode);
        })
        .addTo(registry);
}

void registerCodeTools(Mcp::ToolRegistry &registry, const ToolDeps &deps)
{
    addExecTool(registry, deps, QStringLiteral("execute_code"), QStringLiteral("Execute code"),
        QStringLiteral("Run Python, JavaScript, bash or Go code. Without sandbox_id it runs in a "
                       "fresh sandbox that is deleted afterwards; with sandbox_id it runs in that "
                       "sandbox."),
        execInputSchema({true, false, 30, true, {}, deps.providerKinds}), QString());
    addExecTool(registry, deps, QStringLiteral("execute_code_isolated"),
        QStringLiteral("Execute code (isolated)"),
        QStringLiteral("Run code in a fresh sandbox that is deleted afterwards (given sandbox_id, "
                       "in that sandbox, as hopx-mcp does)."),
        execInputSchema({false, false, 30, true, {}, deps.providerKinds}),
        QStringLiteral("isolated"));
    addExecTool(registry, deps, QStringLiteral("execute_code_persistent"),
        QStringLiteral("Execute code (persistent)"),
        QStringLiteral("Run code in an existing sandbox (sandbox_id)."), execInputSchema({}),
        QStringLiteral("persistent"));
    addExecTool(registry, deps, QStringLiteral("execute_code_rich"),
        QStringLiteral("Execute code (rich output)"),
        QStringLiteral(
            "Run code in a sandbox and capture plots and rich values (working dir /tmp by "
            "default)."),
        execInputSchema({false, true, 30, false,
            QJsonObject {{QStringLiteral("capture_rich"),
                Schema::boolean(QStringLiteral(
                    "Accepted for compatibility; rich output is always captured."))}}}),
        QStringLiteral("rich"));

    Tool(
        QStringLiteral("execute_code_background"), QStringLiteral("Execute code in the background"))
        .description(QStringLiteral(
            "Start code in a sandbox and return its process_id at once; it keeps running (up to "
            "timeout) after the call. See execute_list_processes and execute_kill_process; its "
            "output goes to /tmp/.hopx/jobs/<pid>.log in the sandbox."))
        .input(execInputSchema({false, true, ExecArgs::kBackgroundTimeout, false,
            QJsonObject {{QStringLiteral("name"),
                Schema::string(QStringLiteral("A name to find the process by."))}}}))
        .output(startedOutputSchema())
        .hints(ToolSpec::NoHints)
        .taskSupport(kRunsAsTasks)
        .handler([deps](ToolCall *call, const ToolArgs &args) {
            executeCode(call, deps, args, QStringLiteral("background"));
        })
        .addTo(registry);

    QJsonObject asyncInput = execInputSchema({false, true, 1800, false,
        QJsonObject {
            {QStringLiteral("callback_url"),
                Schema::string(QStringLiteral(
                    "Where the result is POSTed when the run ends: https, or http on loopback."))},
            {QStringLiteral("callback_headers"),
                Schema::stringMap(QStringLiteral("Extra headers for the callback request."))},
            {QStringLiteral("callback_signature_secret"),
                Schema::string(
                    QStringLiteral("If set, the callback carries X-HopX-Signature: "
                                   "sha256=HMAC-SHA256(secret, X-HopX-Timestamp + body)."))}}});
    asyncInput.insert(QStringLiteral("required"),
        QJsonArray {
            QStringLiteral("code"), QStringLiteral("sandbox_id"), QStringLiteral("callback_url")});
    Tool(QStringLiteral("execute_code_async"), QStringLiteral("Execute code with a webhook"))
        .description(QStringLiteral(
            "Start code in a sandbox and return {execution_id, status: \"queued\"} at once; when "
            "it ends the app POSTs the result JSON to callback_url."))
        .input(asyncInput)
        .output(Schema::output(
            {{QStringLiteral("execution_id"), Schema::string(QStringLiteral("id of the run"))},
                {QStringLiteral("status"), Schema::string(QStringLiteral("queued"))}}))
        .hints(ToolSpec::OpenWorld)
        .taskSupport(kRunsAsTasks)
        .handler([deps](ToolCall *call, const ToolArgs &args) { executeAsync(call, deps, args); })
        .addTo(registry);
}

void registerCommandTools(Mcp::ToolRegistry &registry, const ToolDeps &deps)
{
    const QJsonObject workingDir = Schema::string(
        QStringLiteral("Directory (default /workspace)."), QStringLiteral("/workspace"));
    const QJsonObject env = Schema::stringMap(QStringLiteral("Extra environment variables."));

    Tool(QStringLiteral("run_command"), QStringLiteral("Run a shell command"))
        .description(QStringLiteral(
            "Run a bash command line in a sandbox and return stdout, stderr and exit_code. "
            "Output streams as progress notifications while it runs."))
        .input(Schema::object(
            {{QStringLiteral("sandbox_id"), sandboxIdSchema()},
                {QStringLiteral("command"),
                    Schema::string(
                        QStringLiteral("A bash command line, e.g. \"pip list | head\"."))},
                {QStringLiteral("timeout"),
                    Schema::integer(QStringLiteral("Seconds (at most 300)."), 1, 86400, 30)},
                {QStringLiteral("working_dir"), workingDir}, {QStringLiteral("env"), env}},
            {QStringLiteral("sandbox_id"), QStringLiteral("command")}))
        .output(execOutputSchema())
        .hints(ToolSpec::NoHints)
        .taskSupport(kRunsAsTasks)
        .handler([deps](ToolCall *call, const ToolArgs &args) { runCommand(call, deps, args); })
        .addTo(registry);

    Tool(
        QStringLiteral("run_command_background"), QStringLiteral("Run a command in the background"))
        .description(QStringLiteral(
            "Start a bash command (e.g. a server: python -m http.server 8000) and return its "
            "process_id at once. It keeps running after the call and is reachable from later "
            "calls in the same sandbox."))
        .input(Schema::object(
            {{QStringLiteral("sandbox_id"), sandboxIdSchema()},
                {QStringLiteral("command"), Schema::string(QStringLiteral("A bash command line."))},
                {QStringLiteral("timeout"),
                    Schema::integer(
                        QStringLiteral("Seconds before it is stopped."), 1, 7 * 86400, 300)},
                {QStringLiteral("working_dir"), workingDir}, {QStringLiteral("env"), env},
                {QStringLiteral("name"), Schema::string(QStringLiteral("A name to find it by."))}},
            {QStringLiteral("sandbox_id"), QStringLiteral("command")}))
        .output(startedOutputSchema())
        .hints(ToolSpec::NoHints)
        .handler([deps](ToolCall *call, const ToolArgs &args) {
            runCommandBackground(call, deps, args);
        })
        .addTo(registry);

    Tool(QStringLiteral("list_processes"), QStringLiteral("List processes"))
        .description(
            QStringLiteral("Every process running in a sandbox (pid, command, state, memory)."))
        .input(processListInput(200))
        .output(processListOutputSchema())
        .hints(ToolSpec::ReadOnly | ToolSpec::Idempotent)
        .handler([deps](ToolCall *call, const ToolArgs &args) {
            listProcesses(call, deps, args, false);
        })
        .addTo(registry);
}

void registerProcessTools(Mcp::ToolRegistry &registry, const ToolDeps &deps)
{
    Tool(QStringLiteral("execute_list_processes"), QStringLiteral("List background executions"))
        .description(QStringLiteral(
            "Background executions and commands started in a sandbox, with their status."))
        .input(processListInput(100))
        .output(processListOutputSchema())
        .hints(ToolSpec::ReadOnly | ToolSpec::Idempotent)
        .handler(
            [deps](ToolCall *call, const ToolArgs &args) { listProcesses(call, deps, args, true); })
        .addTo(registry);

    Tool(QStringLiteral("execute_kill_process"), QStringLiteral("Kill a background process"))
        .description(QStringLiteral(
            "Stop a background execution or command (and its children) by process_id."))
        .input(Schema::object({{QStringLiteral("sandbox_id"), sandboxIdSchema()},
                                  {QStringLiteral("process_id"),
                                      Schema::string(QStringLiteral(
                                          "From execute_code_background, run_command_background "
                                          "or the process lists."))}},
            {QStringLiteral("sandbox_id"), QStringLiteral("process_id")}))
        .output(
            Schema::output({{QStringLiteral("status"), Schema::string(QStringLiteral("killed"))}}))
        .hints(ToolSpec::Destructive | ToolSpec::Idempotent)
        .handler([deps](ToolCall *call, const ToolArgs &args) { killProcess(call, deps, args); })
        .addTo(registry);
}

} // namespace

void registerExecutionTools(Mcp::ToolRegistry &registry, const ToolDeps &deps)
{
    // tools/list keeps this order: clients and the README show it.
    registerCodeTools(registry, deps);
    registerProcessTools(registry, deps);
    registerCommandTools(registry, deps);
}

} // namespace Hopx::Core::Tools

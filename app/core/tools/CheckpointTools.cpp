// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// checkpoint_sandbox, restore_sandbox, fork_sandbox, list_checkpoints, delete_checkpoint
#include "McpTools.h"
#include "Schema.h"
#include "Tool.h"
#include "ToolSupport.h"

#include "core/SandboxManager.h"
#include "core/SandboxProvider.h"

namespace Hopx::Core::Tools {

using Mcp::ToolCall;
using Mcp::ToolResult;
using Mcp::ToolSpec;

namespace {

QJsonObject checkpointIdSchema()
{
    return Schema::string(QStringLiteral("A checkpoint id from checkpoint_sandbox or "
                                         "list_checkpoints (\"ckpt-…\")."));
}

//! Runs \a run on sandbox_id's checkpoints; a provider without them answers why.
template<typename T, typename Run>
void withCheckpoints(ToolCall *call, SandboxManager *manager, const ToolArgs &args,
    std::function<void(ToolCall *, const T &)> finish, Run run)
{
    const QString id = args.string(QStringLiteral("sandbox_id"));
    SandboxProvider *provider = providerFor(call, manager, id);
    if (!provider)
        return;
    onCapability<SandboxCheckpoints>(provider, id,
        onSuccess<T>(call, QJsonObject {{QStringLiteral("sandbox_id"), id}}, std::move(finish)),
        std::move(run), args.raw());
}

void checkpointSandbox(ToolCall *call, SandboxManager *manager, const ToolArgs &args)
{
    const QString id = args.string(QStringLiteral("sandbox_id"));
    const QString name = args.string(QStringLiteral("name"));
    withCheckpoints<CheckpointInfo>(
        call, manager, args,
        [id](ToolCall *call, const CheckpointInfo &info) {
            QJsonObject out = info.toJson();
            out.insert(QStringLiteral("sandbox_id"), id);
            call->finish(ToolResult::structured(out));
        },
        [name](SandboxCheckpoints *c, Callback<CheckpointInfo> done) {
            c->checkpoint(name, std::move(done));
        });
}

void restoreSandbox(ToolCall *call, SandboxManager *manager, const ToolArgs &args)
{
    const QString id = args.string(QStringLiteral("sandbox_id"));
    const QString checkpoint = args.string(QStringLiteral("checkpoint_id"));
    withCheckpoints<RestoreOutcome>(
        call, manager, args,
        [id, manager](ToolCall *call, const RestoreOutcome &r) {
            manager->noteActivity(id, QStringLiteral("restored %1").arg(r.checkpoint.id));
            QJsonObject out {{QStringLiteral("sandbox_id"), id},
                {QStringLiteral("checkpoint_id"), r.checkpoint.id},
                {QStringLiteral("python_state_restored"), r.pythonStateRestored}};
            if (!r.note.isEmpty())
                out.insert(QStringLiteral("_note"), r.note);
            call->finish(ToolResult::structured(out));
        },
        [checkpoint](SandboxCheckpoints *c, Callback<RestoreOutcome> done) {
            c->restore(checkpoint, std::move(done));
        });
}

void forkSandbox(ToolCall *call, SandboxManager *manager, const ToolArgs &args)
{
    const QString id = args.string(QStringLiteral("sandbox_id"));
    const QString checkpoint = args.string(QStringLiteral("checkpoint_id"));
    withCheckpoints<ForkOutcome>(
        call, manager, args,
        [id, checkpoint, manager](ToolCall *call, const ForkOutcome &r) {
            SandboxInfo info = r.sandbox;
            info.lastActivity = QDateTime::currentDateTime();
            manager->track(info);
            QJsonObject out = sandboxToJson(info, QStringLiteral("sandbox_id"));
            out.insert(QStringLiteral("parent_id"), id);
            out.insert(QStringLiteral("from_checkpoint"),
                checkpoint.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(checkpoint));
            out.insert(QStringLiteral("_note"), r.note);
            call->finish(ToolResult::structured(out));
        },
        [checkpoint](SandboxCheckpoints *c, Callback<ForkOutcome> done) {
            c->fork(checkpoint, std::move(done));
        });
}

void listCheckpoints(ToolCall *call, SandboxManager *manager, const ToolArgs &args)
{
    const QString id = args.string(QStringLiteral("sandbox_id"));
    withCheckpoints<QList<CheckpointInfo>>(
        call, manager, args,
        [id](ToolCall *call, const QList<CheckpointInfo> &list) {
            QJsonArray data;
            for (const CheckpointInfo &c : list)
                data.append(c.toJson());
            call->finish(ToolResult::structured(QJsonObject {{QStringLiteral("sandbox_id"), id},
                {QStringLiteral("checkpoints"), data}, {QStringLiteral("count"), data.size()}}));
        },
        [](SandboxCheckpoints *c, Callback<QList<CheckpointInfo>> done) {
            c->listCheckpoints(std::move(done));
        });
}

void deleteCheckpoint(ToolCall *call, SandboxManager *manager, const ToolArgs &args)
{
    const QString id = args.string(QStringLiteral("sandbox_id"));
    const QString checkpoint = args.string(QStringLiteral("checkpoint_id"));
    withCheckpoints<Unit>(
        call, manager, args,
        [id, checkpoint](ToolCall *call, const Unit &) {
            call->finish(ToolResult::structured(QJsonObject {{QStringLiteral("sandbox_id"), id},
                {QStringLiteral("checkpoint_id"), checkpoint},
                {QStringLiteral("status"), QStringLiteral("deleted")}}));
        },
        [checkpoint](SandboxCheckpoints *c, Callback<Unit> done) {
            c->deleteCheckpoint(checkpoint, std::move(done));
        });
}

} // namespace

void registerCheckpointTools(Mcp::ToolRegistry &registry, const ToolDeps &deps)
{
    SandboxManager *m = deps.manager;
    const QJsonObject idOut = Schema::string(QStringLiteral("sandbox id"));
    const QJsonObject checkpointOut = Schema::output({{QStringLiteral("sandbox_id"), idOut},
        {QStringLiteral("checkpoint_id"), Schema::string(QStringLiteral("checkpoint id"))},
        {QStringLiteral("name"), Schema::string(QStringLiteral("the name given, or empty"))},
        {QStringLiteral("created_at"), Schema::string(QStringLiteral("ISO 8601, UTC"))},
        {QStringLiteral("size_bytes"), Schema::typed(QStringLiteral("integer"))},
        {QStringLiteral("python_state"), Schema::typed(QStringLiteral("boolean"))}});
    const QJsonObject withCheckpoint =
        Schema::object({{QStringLiteral("sandbox_id"), sandboxIdSchema()},
                           {QStringLiteral("checkpoint_id"), checkpointIdSchema()}},
            {QStringLiteral("sandbox_id"), QStringLiteral("checkpoint_id")});

    Tool(QStringLiteral("checkpoint_sandbox"), QStringLiteral("Checkpoint sandbox"))
        .description(QStringLiteral(
            "Save the sandbox's state to go back to later with restore_sandbox, or to start "
            "a fork from: its files (/workspace, /home/user) and, for local sandboxes, its live "
            "Python variables (a stopped copy of the interpreter: any object, no pickling). "
            "Runs wait for it. Checkpoints take space on the sandbox's disk; "
            "delete_checkpoint frees it. The HOPX cloud does not support checkpoints."))
        .input(Schema::object({{QStringLiteral("sandbox_id"), sandboxIdSchema()},
                                  {QStringLiteral("name"),
                                      Schema::string(QStringLiteral(
                                          "A label to recognise it in list_checkpoints."))}},
            {QStringLiteral("sandbox_id")}))
        .output(checkpointOut)
        .handler([m](ToolCall *call, const ToolArgs &args) { checkpointSandbox(call, m, args); })
        .addTo(registry);
    Tool(QStringLiteral("restore_sandbox"), QStringLiteral("Restore sandbox"))
        .description(QStringLiteral(
            "Put the sandbox back to a checkpoint: its files become the checkpoint's (later "
            "changes are lost), and the Python interpreter continues from the checkpoint's "
            "variables when python_state_restored is true (else it starts fresh; _note says "
            "why). Every other process in the sandbox is stopped. The checkpoint stays, so "
            "the same one can be restored again."))
        .input(withCheckpoint)
        .output(Schema::output({{QStringLiteral("sandbox_id"), idOut},
            {QStringLiteral("checkpoint_id"), Schema::string(QStringLiteral("checkpoint id"))},
            {QStringLiteral("python_state_restored"), Schema::typed(QStringLiteral("boolean"))}}))
        .hints(ToolSpec::Destructive | ToolSpec::Idempotent)
        .handler([m](ToolCall *call, const ToolArgs &args) { restoreSandbox(call, m, args); })
        .addTo(registry);
    Tool(QStringLiteral("fork_sandbox"), QStringLiteral("Fork sandbox"))
        .description(QStringLiteral(
            "Create a new sandbox with a copy of this one's files, as they are now or at "
            "checkpoint_id, to try something without touching the original. Template, "
            "timeout, network and environment variables are the parent's. Its Python "
            "interpreter starts fresh (a live interpreter cannot move between sandboxes). "
            "Returns the new sandbox_id."))
        .input(Schema::object({{QStringLiteral("sandbox_id"), sandboxIdSchema()},
                                  {QStringLiteral("checkpoint_id"), checkpointIdSchema()}},
            {QStringLiteral("sandbox_id")}))
        .output(Schema::output(
            {{QStringLiteral("sandbox_id"), Schema::string(QStringLiteral("the new sandbox's id"))},
                {QStringLiteral("parent_id"), idOut}}))
        .handler([m](ToolCall *call, const ToolArgs &args) { forkSandbox(call, m, args); })
        .addTo(registry);
    Tool(QStringLiteral("list_checkpoints"), QStringLiteral("List checkpoints"))
        .description(QStringLiteral(
            "The sandbox's checkpoints, oldest first, with their size and whether they hold "
            "Python state (they hold files only after HOPX Desktop restarted)."))
        .input(Schema::object(
            {{QStringLiteral("sandbox_id"), sandboxIdSchema()}}, {QStringLiteral("sandbox_id")}))
        .output(Schema::output({{QStringLiteral("sandbox_id"), idOut},
            {QStringLiteral("checkpoints"), Schema::arrayOf(QStringLiteral("object"))},
            {QStringLiteral("count"), Schema::typed(QStringLiteral("integer"))}}))
        .hints(ToolSpec::ReadOnly | ToolSpec::Idempotent)
        .handler([m](ToolCall *call, const ToolArgs &args) { listCheckpoints(call, m, args); })
        .addTo(registry);
    Tool(QStringLiteral("delete_checkpoint"), QStringLiteral("Delete checkpoint"))
        .description(QStringLiteral("Delete one checkpoint and free the disk space it takes."))
        .input(withCheckpoint)
        .output(Schema::output({{QStringLiteral("sandbox_id"), idOut},
            {QStringLiteral("checkpoint_id"), Schema::string(QStringLiteral("checkpoint id"))},
            {QStringLiteral("status"), Schema::string(QStringLiteral("\"deleted\""))}}))
        .hints(ToolSpec::Destructive | ToolSpec::Idempotent)
        .handler([m](ToolCall *call, const ToolArgs &args) { deleteCheckpoint(call, m, args); })
        .addTo(registry);
}

} // namespace Hopx::Core::Tools

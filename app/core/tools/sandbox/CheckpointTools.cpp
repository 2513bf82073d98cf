// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// checkpoint_sandbox, restore_sandbox, fork_sandbox, list_checkpoints, delete_checkpoint
#include "core/tools/McpTools.h"
#include "core/tools/Schema.h"
#include "core/tools/Tool.h"
#include "core/tools/ToolSupport.h"

#include "core/manager/SandboxManager.h"
#include "core/manager/SandboxProvider.h"

#include <QHash>

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
                {QStringLiteral("python_state_restored"), r.pythonStateRestored},
                {QStringLiteral("python_variables"), QJsonArray::fromStringList(r.variables)},
                {QStringLiteral("not_restored"), r.notRestored}};
            if (!r.note.isEmpty())
                out.insert(QStringLiteral("_note"), r.note);
            call->finish(ToolResult::structured(out));
        },
        [checkpoint](SandboxCheckpoints *c, Callback<RestoreOutcome> done) {
            c->restore(checkpoint, std::move(done));
        });
}

//! {sandbox_id, checkpoint_id} of the sandbox \a info was forked from; empty if none.
QJsonObject forkedFrom(const SandboxInfo &info)
{
    return info.extra.value(QStringLiteral("forked_from")).toObject();
}

//! One fork_sandbox call's answer: the first child's keys at the top (as for count 1), and
//! every child in "children"; an error only when no child could be made.
void finishFork(ToolCall *call, SandboxManager *manager, const QString &parent,
    const QString &checkpoint, const QList<ForkOutcome> &children)
{
    QJsonArray list;
    const ForkOutcome *first = nullptr;
    qsizetype ok = 0;
    for (const ForkOutcome &c : children) {
        if (c.error) {
            QJsonObject failed = errorDict(*c.error);
            failed.insert(QStringLiteral("sandbox_id"), QJsonValue(QJsonValue::Null));
            list.append(failed);
            continue;
        }
        const SandboxInfo &info = c.sandbox;
        list.append(QJsonObject {{QStringLiteral("sandbox_id"), info.id},
            {QStringLiteral("carried"), QJsonArray::fromStringList(c.carried)},
            {QStringLiteral("not_carried"), c.notCarried}});
        ++ok;
        if (!first)
            first = &c;
    }
    if (!first) {
        finishWithError(call, *children.first().error,
            QJsonObject {
                {QStringLiteral("sandbox_id"), parent}, {QStringLiteral("children"), list}});
        return;
    }
    QJsonObject out = sandboxToJson(first->sandbox, QStringLiteral("sandbox_id"));
    out.insert(QStringLiteral("parent_id"), parent);
    out.insert(QStringLiteral("from_checkpoint"),
        checkpoint.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(checkpoint));
    out.insert(QStringLiteral("carried"), QJsonArray::fromStringList(first->carried));
    out.insert(QStringLiteral("not_carried"), first->notCarried);
    out.insert(QStringLiteral("children"), list);
    out.insert(QStringLiteral("count"), ok);
    QString note = first->note;
    if (children.size() > 1)
        note += QStringLiteral(" This call made %1 forks (children), each its own sandbox with its "
                               "own id, disk cap and timeout; the keys above are the first's.")
                    .arg(ok);
    if (ok < children.size())
        note += QStringLiteral(" %1 of the %2 asked for could not be made: children says why.")
                    .arg(children.size() - ok)
                    .arg(children.size());
    out.insert(QStringLiteral("_note"), note);
    call->finish(ToolResult::structured(out));
}

void forkSandbox(ToolCall *call, SandboxManager *manager, const ToolArgs &args)
{
    const QString id = args.string(QStringLiteral("sandbox_id"));
    const QString checkpoint = args.string(QStringLiteral("checkpoint_id"));
    const int count = args.integer(QStringLiteral("count"));
    withCheckpoints<QList<ForkOutcome>>(
        call, manager, args,
        [id, checkpoint, manager](ToolCall *call, const QList<ForkOutcome> &children) {
            finishFork(call, manager, id, checkpoint, children);
        },
        [checkpoint, count](SandboxCheckpoints *c, Callback<QList<ForkOutcome>> done) {
            c->fork(checkpoint, count, std::move(done));
        });
}

void listCheckpoints(ToolCall *call, SandboxManager *manager, const ToolArgs &args)
{
    const QString id = args.string(QStringLiteral("sandbox_id"));
    withCheckpoints<QList<CheckpointInfo>>(
        call, manager, args,
        [id, manager](ToolCall *call, const QList<CheckpointInfo> &list) {
            // Where each branch came from: this sandbox's parent, and its own forks (of the
            // live sandbox, or of one of its checkpoints), as the app knows its sandboxes.
            QJsonValue from(QJsonValue::Null);
            QHash<QString, QStringList> forks; // checkpoint id ("" = live) -> sandboxes
            for (const SandboxInfo &s : manager->sandboxes()) {
                const QJsonObject parent = forkedFrom(s);
                if (s.id == id && !parent.isEmpty())
                    from = parent;
                if (parent.value(QStringLiteral("sandbox_id")).toString() == id)
                    forks[parent.value(QStringLiteral("checkpoint_id")).toString()] << s.id;
            }
            QJsonArray data;
            for (const CheckpointInfo &c : list) {
                QJsonObject o = c.toJson();
                o.insert(QStringLiteral("forks"), QJsonArray::fromStringList(forks.value(c.id)));
                data.append(o);
            }
            call->finish(ToolResult::structured(QJsonObject {{QStringLiteral("sandbox_id"), id},
                {QStringLiteral("checkpoints"), data}, {QStringLiteral("count"), data.size()},
                {QStringLiteral("forked_from"), from},
                {QStringLiteral("forks"), QJsonArray::fromStringList(forks.value(QString()))}}));
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
        {QStringLiteral("python_state"), Schema::typed(QStringLiteral("boolean"))},
        {QStringLiteral("python_variables"), Schema::arrayOf(QStringLiteral("string"))},
        {QStringLiteral("not_kept"), Schema::typed(QStringLiteral("object"))},
        {QStringLiteral("variables_on_disk"), Schema::typed(QStringLiteral("boolean"))}});
    const QJsonObject names = Schema::arrayOf(QStringLiteral("string"));
    const QJsonObject whyMap = Schema::typed(QStringLiteral("object"));
    const QJsonObject forkedFromOut = Schema::nullable(Schema::typed(QStringLiteral("object")),
        QStringLiteral("{sandbox_id, checkpoint_id} of the sandbox this one was forked from"));
    const QJsonObject withCheckpoint =
        Schema::object({{QStringLiteral("sandbox_id"), sandboxIdSchema()},
                           {QStringLiteral("checkpoint_id"), checkpointIdSchema()}},
            {QStringLiteral("sandbox_id"), QStringLiteral("checkpoint_id")});

    Tool(QStringLiteral("checkpoint_sandbox"), QStringLiteral("Checkpoint sandbox"))
        .description(QStringLiteral(
            "Save the sandbox's state to go back to later with restore_sandbox, or to start "
            "a fork from: its files (/workspace, /home/user) and, for local sandboxes, its live "
            "Python variables: a stopped copy of the interpreter (any object, while HOPX "
            "Desktop runs) and a file of every variable that can be serialized (python_variables; "
            "not_kept says which cannot, e.g. open files), which survives app restarts once "
            "written: large variables are written after the answer (variables_on_disk is false "
            "until list_checkpoints says otherwise). "
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
            "why). After an app restart the variables come from the checkpoint's file: "
            "python_variables names them, not_restored those that could not be kept and why. "
            "Every other process in the sandbox is stopped. The checkpoint stays, so "
            "the same one can be restored again."))
        .input(withCheckpoint)
        .output(Schema::output({{QStringLiteral("sandbox_id"), idOut},
            {QStringLiteral("checkpoint_id"), Schema::string(QStringLiteral("checkpoint id"))},
            {QStringLiteral("python_state_restored"), Schema::typed(QStringLiteral("boolean"))},
            {QStringLiteral("python_variables"), names}, {QStringLiteral("not_restored"), whyMap}}))
        .hints(ToolSpec::Destructive | ToolSpec::Idempotent)
        .handler([m](ToolCall *call, const ToolArgs &args) { restoreSandbox(call, m, args); })
        .addTo(registry);
    Tool(QStringLiteral("fork_sandbox"), QStringLiteral("Fork sandbox"))
        .description(QStringLiteral(
            "Create count new sandboxes (forks) from this one, as it is now or at checkpoint_id, "
            "to try alternatives without touching the original. Each fork gets a copy of the "
            "files in /workspace and /home/user and of the Python variables, imports and "
            "definitions (DataFrames, arrays, fitted models, functions, lambdas, closures and "
            "classes defined in cells, their instances): carried names them, not_carried names "
            "what cannot move to another process (open files, sockets, threads, generators) and "
            "why. Template, timeout, network and environment variables are the parent's; "
            "running processes and /tmp are not carried. Each fork is its own sandbox with its "
            "own id, disk cap and timeout; changing one leaves the parent and the others as "
            "they were. Returns the first fork's sandbox_id, and every fork in children (one "
            "that failed says why there, without failing the others)."))
        .input(Schema::object(
            {{QStringLiteral("sandbox_id"), sandboxIdSchema()},
                {QStringLiteral("checkpoint_id"), checkpointIdSchema()},
                {QStringLiteral("count"),
                    Schema::integer(QStringLiteral("How many forks to make."), 1, 32, 1)}},
            {QStringLiteral("sandbox_id")}))
        .output(Schema::output(
            {{QStringLiteral("sandbox_id"), Schema::string(QStringLiteral("the first fork's id"))},
                {QStringLiteral("parent_id"), idOut}, {QStringLiteral("carried"), names},
                {QStringLiteral("not_carried"), whyMap},
                {QStringLiteral("children"), Schema::arrayOf(QStringLiteral("object"))},
                {QStringLiteral("count"), Schema::typed(QStringLiteral("integer"))}}))
        .handler([m](ToolCall *call, const ToolArgs &args) { forkSandbox(call, m, args); })
        .addTo(registry);
    Tool(QStringLiteral("list_checkpoints"), QStringLiteral("List checkpoints"))
        .description(QStringLiteral(
            "The sandbox's checkpoints, oldest first, with their size, the Python variables "
            "each keeps (python_state: the live interpreter too, until HOPX Desktop restarts) "
            "and the forks made from each; forked_from says where this sandbox came from, "
            "forks which sandboxes were forked from it as it was live."))
        .input(Schema::object(
            {{QStringLiteral("sandbox_id"), sandboxIdSchema()}}, {QStringLiteral("sandbox_id")}))
        .output(Schema::output({{QStringLiteral("sandbox_id"), idOut},
            {QStringLiteral("checkpoints"), Schema::arrayOf(QStringLiteral("object"))},
            {QStringLiteral("count"), Schema::typed(QStringLiteral("integer"))},
            {QStringLiteral("forked_from"), forkedFromOut}, {QStringLiteral("forks"), names}}))
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

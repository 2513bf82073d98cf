// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// file_upload, file_download: host files by path, beneath the client's roots, with consent;
// project_diff: what an analysis changed compared with a mounted root.
#include "core/tools/McpTools.h"
#include "core/tools/Schema.h"
#include "core/tools/Tool.h"
#include "core/tools/ToolSupport.h"
#include "core/tools/files/HostAccess.h"

#include "core/approvals/ConsentWording.h"
#include "core/base/HostPath.h"
#include "core/manager/SandboxManager.h"
#include "core/sandbox/SandboxTransfer.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>

#include <memory>
#include <optional>

namespace Hopx::Core::Tools {

using Mcp::ToolCall;
using Mcp::ToolResult;
using Mcp::ToolSpec;

namespace {

constexpr qint64 kProgressEveryMs = 200;

QString sandboxPath(const QString &path)
{
    return path.startsWith(QLatin1Char('/')) ? path : QStringLiteral("/workspace/") + path;
}

//! notifications/progress at most every kProgressEveryMs, in bytes of `total` (< 0: unknown).
SandboxTransfer::Progress progressOf(ToolCall *call, qint64 total, const QString &what)
{
    QPointer<ToolCall> guard(call);
    auto clock = std::make_shared<QElapsedTimer>();
    clock->start();
    return [guard, clock, total, what](qint64 bytes) {
        if (!guard || guard->isFinished() || clock->elapsed() < kProgressEveryMs)
            return;
        clock->restart();
        guard->reportProgress(double(bytes), total >= 0 ? double(total) : -1,
            QStringLiteral("%1: %2 MiB").arg(what).arg(double(bytes) / (1 << 20), 0, 'f', 1));
    };
}

//! Runs `op` on the call's sandbox's transfer capability; a cancelled call cancels it.
template<typename Op>
void onTransfer(
    ToolCall *call, SandboxProvider *provider, const QString &id, Callback<qint64> done, Op op)
{
    const Cancel cancel = onCapability<SandboxTransfer>(
        provider, id, std::move(done),
        [op](SandboxTransfer *transfer, Callback<qint64> done) {
            return op(transfer, std::move(done));
        },
        call->arguments());
    QObject::connect(call, &ToolCall::cancelled, call, [cancel] { cancel(); });
}

struct HostCall
{
    SandboxProvider *provider = nullptr;
    QString id;
    QString hostPath;
    QString path; // in the sandbox
};

//! The folder `hostPath` may be used from (HostAccess::rootFor), or nullopt after finishing
//! the call.
std::optional<HostRoot> rootOrFinish(
    ToolCall *call, const HostAccess &access, const QList<HostRoot> &roots, const QString &hostPath)
{
    Result<HostRoot> root = access.rootFor(call, roots, hostPath);
    if (!root) {
        finishWithError(call, root.error());
        return std::nullopt;
    }
    return root.value();
}

//! The call's provider, sandbox and both paths (`path` defaults to /workspace/<host file name>),
//! or nullopt after finishing the call.
std::optional<HostCall> hostCallOf(ToolCall *call, SandboxManager *manager, const ToolArgs &args)
{
    HostCall c;
    c.provider = providerForArg(call, manager, args, &c.id);
    if (!c.provider)
        return std::nullopt;
    c.hostPath = args.string(QStringLiteral("host_path"));
    c.path = args.given(QStringLiteral("path"))
        ? sandboxPath(args.string(QStringLiteral("path")))
        : QStringLiteral("/workspace/") + QFileInfo(c.hostPath).fileName();
    return c;
}

void fileUpload(ToolCall *call, SandboxManager *manager, std::shared_ptr<HostAccess> access,
    const ToolArgs &args)
{
    const std::optional<HostCall> found = hostCallOf(call, manager, args);
    if (!found)
        return;
    const HostCall c = *found;
    access->roots(call, [c, access](ToolCall *call, const QList<HostRoot> &roots) {
        const std::optional<HostRoot> root = rootOrFinish(call, *access, roots, c.hostPath);
        if (!root)
            return;
        const HostRoot chosen = *root;
        access->consent(call, chosen, HostAccess::Use::Read,
            ConsentWording::upload(c.hostPath, c.id), [c, chosen](ToolCall *call) {
                Result<std::unique_ptr<QFile>> opened =
                    HostPath::openForReading(chosen.path, c.hostPath);
                if (!opened) {
                    finishWithError(call, opened.error());
                    return;
                }
                std::shared_ptr<QFile> source(std::move(opened.value()));
                const qint64 total = source->size();
                onTransfer(call, c.provider, c.id,
                    onSuccess<qint64>(call, QJsonObject {{QStringLiteral("path"), c.path}},
                        [c, source](ToolCall *call, const qint64 &size) {
                            call->finish(ToolResult::structured(QJsonObject {
                                {QStringLiteral("host_path"), c.hostPath},
                                {QStringLiteral("path"), c.path}, {QStringLiteral("size"), size}}));
                        }),
                    [c, source, progress = progressOf(call, total, QStringLiteral("upload"))](
                        SandboxTransfer *transfer, Callback<qint64> done) {
                        return transfer->upload(source.get(), c.path, progress, std::move(done));
                    });
            });
    });
}

void fileDownload(ToolCall *call, SandboxManager *manager, std::shared_ptr<HostAccess> access,
    const ToolArgs &args)
{
    const std::optional<HostCall> found = hostCallOf(call, manager, args);
    if (!found)
        return;
    const HostCall c = *found;
    const bool overwrite = args.boolean(QStringLiteral("overwrite"));
    access->roots(call, [c, access, overwrite](ToolCall *call, const QList<HostRoot> &roots) {
        const std::optional<HostRoot> root = rootOrFinish(call, *access, roots, c.hostPath);
        if (!root)
            return;
        // Checked before asking, so that an existing file is refused without a question;
        // nothing is created on the host before the answer is yes.
        const Result<Unit> possible = HostTarget::check(root->path, c.hostPath, overwrite);
        if (!possible) {
            finishWithError(call, possible.error());
            return;
        }
        access->consent(call, *root, HostAccess::Use::Write,
            ConsentWording::save(c.path, c.id, c.hostPath),
            [c, rootPath = root->path, overwrite](ToolCall *call) {
                Result<std::unique_ptr<HostTarget>> made =
                    HostTarget::create(rootPath, c.hostPath, overwrite);
                if (!made) {
                    finishWithError(call, made.error());
                    return;
                }
                std::shared_ptr<HostTarget> target(std::move(made.value()));
                onTransfer(call, c.provider, c.id,
                    guarded<qint64>(call,
                        [c, target](ToolCall *call, Result<qint64> r) {
                            if (!r) {
                                target->discard(); // before the answer: nothing is left
                                finishWithError(call, r.error(),
                                    QJsonObject {{QStringLiteral("path"), c.path}});
                                return;
                            }
                            const qint64 size = r.value();
                            const Result<Unit> committed = target->commit();
                            if (!committed) {
                                target->discard();
                                finishWithError(call, committed.error());
                                return;
                            }
                            call->finish(ToolResult::structured(
                                QJsonObject {{QStringLiteral("path"), c.path},
                                    {QStringLiteral("host_path"), target->path()},
                                    {QStringLiteral("size"), size}}));
                        }),
                    [c, target, progress = progressOf(call, -1, QStringLiteral("download"))](
                        SandboxTransfer *transfer, Callback<qint64> done) {
                        return transfer->download(
                            c.path, target->file(), progress, std::move(done));
                    });
            });
    });
}

/*! What differs between two sandbox directories (a mounted root and where an analysis wrote),
 *  from `diff -rq` run in the sandbox: the paths travel as environment variables, so no
 *  quoting can go wrong. */
void projectDiff(ToolCall *call, SandboxManager *manager, const ToolArgs &args)
{
    QString id;
    SandboxProvider *provider = providerForArg(call, manager, args, &id);
    if (!provider)
        return;
    const QString root = QDir::cleanPath(sandboxPath(args.string(QStringLiteral("root"))));
    const QString path = QDir::cleanPath(sandboxPath(args.string(QStringLiteral("path"))));
    CommandSpec spec;
    spec.command =
        QStringLiteral("diff -rq -- \"$HOPX_DIFF_ROOT\" \"$HOPX_DIFF_PATH\"; test $? -le 1");
    spec.env = {{QStringLiteral("HOPX_DIFF_ROOT"), root}, {QStringLiteral("HOPX_DIFF_PATH"), path}};
    spec.timeoutSeconds = 120;
    spec.maxOutputBytes = 4 * 1024 * 1024;
    const QJsonObject about {{QStringLiteral("root"), root}, {QStringLiteral("path"), path}};
    const Cancel cancel = onCapability<SandboxExec>(
        provider, id,
        onSuccess<ExecResult>(call, about,
            [root, path, about](ToolCall *call, const ExecResult &r) {
                if (r.exitCode != 0) {
                    finishWithError(call,
                        Error::make(Error::Code::InvalidArgument,
                            QStringLiteral("Cannot compare %1 with %2: %3")
                                .arg(root, path, QString::fromUtf8(r.stderrData).trimmed()),
                            about, QStringLiteral("Cannot compare")));
                    return;
                }
                QJsonArray added, changed, onlyInRoot;
                const QString onlyIn = QStringLiteral("Only in ");
                for (const QString &line :
                    QString::fromUtf8(r.stdoutData).split(QLatin1Char('\n'))) {
                    if (line.startsWith(onlyIn)) {
                        const qsizetype colon = line.indexOf(QStringLiteral(": "), onlyIn.size());
                        const QString dir = line.mid(onlyIn.size(), colon - onlyIn.size());
                        const QString full = dir + QLatin1Char('/') + line.mid(colon + 2);
                        (dir == path || dir.startsWith(path + QLatin1Char('/')) ? added
                                                                                : onlyInRoot)
                            .append(QDir::cleanPath(full));
                    } else if (line.startsWith(QStringLiteral("Files "))
                        && line.endsWith(QStringLiteral(" differ"))) {
                        const qsizetype and_ = line.indexOf(QStringLiteral(" and ") + path);
                        changed.append(line.mid(and_ + 5, line.size() - 7 - (and_ + 5)));
                    }
                }
                QJsonObject dict = about;
                dict.insert(QStringLiteral("added"), added);
                dict.insert(QStringLiteral("changed"), changed);
                dict.insert(QStringLiteral("only_in_root"), onlyInRoot);
                dict.insert(QStringLiteral("truncated"), r.stdoutTruncated);
                call->finish(ToolResult::structured(dict));
            }),
        [spec](SandboxExec *exec, Callback<ExecResult> done) {
            return exec->runCommand(spec, std::move(done));
        },
        call->arguments());
    QObject::connect(call, &ToolCall::cancelled, call, [cancel] { cancel(); });
}

QJsonObject hostPathSchema(const QString &description)
{
    return Schema::string(description
        + QStringLiteral(" Absolute; it must lie beneath one of the client's roots or a folder "
                         "the user approved in HOPX Desktop (from a client without roots, the "
                         "user is asked about its folder), and symlinks may not lead out."));
}

} // namespace

void registerHostFileTools(Mcp::ToolRegistry &registry, const ToolDeps &deps)
{
    SandboxManager *m = deps.manager;
    const std::shared_ptr<HostAccess> access = deps.hostAccess;
    const QJsonObject transferOut = Schema::output(
        {{QStringLiteral("host_path"), Schema::string(QStringLiteral("the host file"))},
            {QStringLiteral("path"), Schema::string(QStringLiteral("the sandbox file"))},
            {QStringLiteral("size"), Schema::typed(QStringLiteral("integer"))}});

    Tool(QStringLiteral("file_upload"), QStringLiteral("Copy a host file into a sandbox"))
        .description(QStringLiteral(
            "Copy a file from the user's machine (by its path, e.g. a data file in the "
            "project) into a sandbox, streamed, any size; progress notifications while it "
            "copies. Use this instead of file_write for existing files. The first use of a "
            "project folder asks the user."))
        .input(Schema::object(
            {{QStringLiteral("sandbox_id"), sandboxIdSchema()},
                {QStringLiteral("host_path"),
                    hostPathSchema(QStringLiteral("The host file to copy."))},
                {QStringLiteral("path"),
                    Schema::string(QStringLiteral("Where in the sandbox; default /workspace/<file "
                                                  "name>. Relative paths are under /workspace."))}},
            {QStringLiteral("sandbox_id"), QStringLiteral("host_path")}))
        .output(transferOut)
        .hints(ToolSpec::Destructive | ToolSpec::Idempotent)
        .taskSupport(ToolSpec::TaskSupport::Optional)
        .handler([m, access](
                     ToolCall *call, const ToolArgs &args) { fileUpload(call, m, access, args); })
        .addTo(registry);

    Tool(QStringLiteral("project_diff"), QStringLiteral("Compare a project with sandbox files"))
        .description(QStringLiteral(
            "List what differs between a directory the sandbox sees from the user's project (a "
            "mounted root, e.g. /project/analysis) and a sandbox directory (e.g. /workspace): "
            "files added, changed, or only in the project. Nothing reaches the host; copy the "
            "files the user wants back with file_download, which asks them first."))
        .input(Schema::object({{QStringLiteral("sandbox_id"), sandboxIdSchema()},
                                  {QStringLiteral("root"),
                                      Schema::string(QStringLiteral(
                                          "The project directory, e.g. /project/analysis."))},
                                  {QStringLiteral("path"),
                                      Schema::string(QStringLiteral("The sandbox directory to "
                                                                    "compare, default /workspace."),
                                          QStringLiteral("/workspace"))}},
            {QStringLiteral("sandbox_id"), QStringLiteral("root")}))
        .output(
            Schema::output({{QStringLiteral("added"), Schema::arrayOf(QStringLiteral("string"))},
                {QStringLiteral("changed"), Schema::arrayOf(QStringLiteral("string"))},
                {QStringLiteral("only_in_root"), Schema::arrayOf(QStringLiteral("string"))}}))
        .hints(ToolSpec::ReadOnly | ToolSpec::Idempotent)
        .handler([m](ToolCall *call, const ToolArgs &args) { projectDiff(call, m, args); })
        .addTo(registry);

    Tool(QStringLiteral("file_download"), QStringLiteral("Save a sandbox file on the host"))
        .description(QStringLiteral(
            "Copy a file from a sandbox to the user's machine (e.g. results next to the "
            "project's data), streamed, any size, after the user agrees. An existing host file "
            "is kept unless overwrite is true; a failed copy leaves nothing behind."))
        .input(Schema::object(
            {{QStringLiteral("sandbox_id"), sandboxIdSchema()},
                {QStringLiteral("path"),
                    Schema::string(QStringLiteral(
                        "The sandbox file, e.g. /workspace/summary.csv. Relative paths are "
                        "under /workspace."))},
                {QStringLiteral("host_path"),
                    hostPathSchema(
                        QStringLiteral("Where to save it on the host; its directory must exist."))},
                {QStringLiteral("overwrite"),
                    Schema::boolean(
                        QStringLiteral("Replace an existing host file (default false)."), false)}},
            {QStringLiteral("sandbox_id"), QStringLiteral("path"), QStringLiteral("host_path")}))
        .output(transferOut)
        .hints(ToolSpec::Destructive)
        .taskSupport(ToolSpec::TaskSupport::Optional)
        .handler([m, access](
                     ToolCall *call, const ToolArgs &args) { fileDownload(call, m, access, args); })
        .addTo(registry);
}

} // namespace Hopx::Core::Tools

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// file_read, file_write, file_list, file_stat, file_exists, file_remove, file_mkdir
#include "core/tools/McpTools.h"
#include "core/tools/Schema.h"
#include "core/tools/Tool.h"
#include "core/tools/ToolSupport.h"
#include "core/tools/exec/ImageContent.h"

#include "core/manager/SandboxManager.h"
#include "core/manager/SandboxProvider.h"
#include "core/settings/Settings.h"

#include <QDir>
#include <QFileInfo>
#include <QStringDecoder>

namespace Hopx::Core::Tools {

using Mcp::ToolCall;
using Mcp::ToolResult;
using Mcp::ToolSpec;

namespace {

constexpr qint64 kMaxReadBytes = 8 * 1024 * 1024; // the SDK drops stdio messages over 10 MiB
constexpr qint64 kDefaultInlineBytes = 256 * 1024; // Settings::inlineReadBytes() without settings
// file_stat looks its path up in the parent's listing; past this many entries it gives up.
constexpr int kMaxStatScan = 100000;

bool isBase64(const QString &encoding)
{
    return encoding.compare(QLatin1String("base64"), Qt::CaseInsensitive) == 0;
}

struct FileContext
{
    SandboxProvider *provider = nullptr;
    QString id;
    QString path;
};

std::optional<FileContext> fileContext(
    ToolCall *call, SandboxManager *manager, const ToolArgs &args)
{
    FileContext ctx;
    ctx.id = args.string(QStringLiteral("sandbox_id"));
    ctx.path = args.string(QStringLiteral("path"));
    if (!ctx.path.startsWith(QLatin1Char('/')) && !ctx.path.isEmpty())
        ctx.path =
            QStringLiteral("/workspace/") + ctx.path; // relative paths are under the workspace
    ctx.provider = providerFor(call, manager, ctx.id);
    if (!ctx.provider)
        return std::nullopt;
    manager->noteActivity(ctx.id, call->toolName() + QLatin1Char(' ') + ctx.path);
    return ctx;
}

//! A resource_link (MCP 2025-06-18 on) to the file instead of its bytes; older clients get
//! the same in the JSON text only.
void finishAsLink(ToolCall *call, const QString &id, const QString &path, qint64 size,
    const QString &mime, const QString &why)
{
    const QString uri = sandboxFileUri(id, path);
    const QJsonObject dict {{QStringLiteral("path"), path}, {QStringLiteral("size"), size},
        {QStringLiteral("mime_type"), mime}, {QStringLiteral("uri"), uri},
        {QStringLiteral("content"), QJsonValue::Null},
        {QStringLiteral("note"),
            QStringLiteral("%1, so it is not inline. Read it as the resource %2 (up to 4 MiB), "
                           "look at parts with run_command (head, wc, python), or save it on "
                           "the user's machine with file_download.")
                .arg(why, uri)}};
    ToolResult result = ToolResult::structured(dict);
    if (call->protocolVersion() >= QLatin1String("2025-06-18"))
        result.addContent(QJsonObject {{QStringLiteral("type"), QStringLiteral("resource_link")},
            {QStringLiteral("uri"), uri}, {QStringLiteral("name"), QFileInfo(path).fileName()},
            {QStringLiteral("mimeType"), mime}, {QStringLiteral("size"), size},
            {QStringLiteral("description"),
                QStringLiteral("%1 in sandbox %2 (%3 bytes)").arg(path, id).arg(size)}});
    call->finish(result);
}

void finishRead(ToolCall *call, const QString &id, const QString &path, const QString &encoding,
    const QByteArray &bytes, qint64 inlineLimit)
{
    const QString mime = fileMimeType(path, bytes);
    if (bytes.size() > inlineLimit || bytes.size() > kMaxReadBytes) {
        finishAsLink(call, id, path, bytes.size(), mime,
            QStringLiteral("The file is %1 bytes, over the %2 bytes file_read returns inline")
                .arg(bytes.size())
                .arg(std::min(inlineLimit, kMaxReadBytes)));
        return;
    }
    QJsonObject dict {{QStringLiteral("path"), path}, {QStringLiteral("size"), bytes.size()}};
    if (isBase64(encoding)) {
        const QString base64 = QString::fromLatin1(bytes.toBase64());
        dict.insert(QStringLiteral("content"), base64);
        dict.insert(QStringLiteral("encoding"), QStringLiteral("base64"));
        QJsonObject text = dict;
        const QString image = ImageContent::sniff(bytes);
        if (!image.isEmpty())
            text.insert(QStringLiteral("content"),
                QStringLiteral("(%1 bytes of %2, also sent as an image content item)")
                    .arg(bytes.size())
                    .arg(image));
        ToolResult result = ToolResult::structured(dict, text, false);
        if (!image.isEmpty())
            result.addContent(ImageContent::item(base64, image));
        call->finish(result);
        return;
    }
    auto decoder = QStringDecoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    const QString content = decoder.decode(bytes);
    if (decoder.hasError() || bytes.contains('\0')) {
        finishAsLink(call, id, path, bytes.size(), mime,
            QStringLiteral("The file is binary (%1; encoding \"base64\" returns small ones "
                           "inline)")
                .arg(mime));
        return;
    }
    dict.insert(QStringLiteral("content"), content);
    dict.insert(QStringLiteral("encoding"), QStringLiteral("utf-8"));
    call->finish(ToolResult::structured(dict));
}

/*! A file too large for the provider to read whole: its size from the parent's listing, and
 *  a link; `error` when even that fails. */
void linkTooLarge(ToolCall *call, const FileContext &ctx, const Error &error)
{
    const QString path = QDir::cleanPath(ctx.path);
    const QString parent = QFileInfo(path).path();
    const QString id = ctx.id;
    onCapability<SandboxFiles>(ctx.provider, id,
        guarded<FileList>(call,
            [id, path, error](ToolCall *call, Result<FileList> r) {
                if (r) {
                    for (const FileEntry &f : r.value().files) {
                        if (f.path != path && f.name != QFileInfo(path).fileName())
                            continue;
                        finishAsLink(call, id, path, f.size, fileMimeType(path, {}),
                            QStringLiteral("The file is %1 bytes").arg(f.size));
                        return;
                    }
                }
                finishWithError(call, error, QJsonObject {{QStringLiteral("path"), path}});
            }),
        [parent](SandboxFiles *files, Callback<FileList> done) {
            files->listFiles(parent, kMaxStatScan, std::move(done));
        });
}

void fileRead(ToolCall *call, SandboxManager *manager, Settings *settings, const ToolArgs &args)
{
    const auto ctx = fileContext(call, manager, args);
    if (!ctx)
        return;
    const QString encoding = args.string(QStringLiteral("encoding"));
    const QString path = ctx->path;
    const FileContext context = *ctx;
    const qint64 inlineLimit = settings ? settings->inlineReadBytes() : kDefaultInlineBytes;
    onCapability<SandboxFiles>(ctx->provider, ctx->id,
        guarded<QByteArray>(call,
            [context, encoding, inlineLimit](ToolCall *call, Result<QByteArray> r) {
                if (!r && r.error().code == Error::Code::LimitExceeded)
                    return linkTooLarge(call, context, r.error());
                if (!r)
                    return finishWithError(
                        call, r.error(), QJsonObject {{QStringLiteral("path"), context.path}});
                finishRead(call, context.id, context.path, encoding, r.value(), inlineLimit);
            }),
        [path](SandboxFiles *files, Callback<QByteArray> done) {
            files->readFile(path, std::move(done));
        });
}

void fileWrite(ToolCall *call, SandboxManager *manager, const ToolArgs &args)
{
    const QString encoding = args.string(QStringLiteral("encoding"));
    const QString content = args.string(QStringLiteral("content"));
    const QString mode = args.string(QStringLiteral("mode"));
    bool ok = false;
    const int modeBits = mode.toInt(&ok, 8);
    if (!ok || modeBits < 0 || modeBits > 07777) {
        finishWithInvalid(call, QStringLiteral("mode must be octal permissions such as \"0644\""),
            QJsonObject {{QStringLiteral("mode"), mode}});
        return;
    }
    QByteArray bytes;
    if (isBase64(encoding)) {
        const auto decoded = QByteArray::fromBase64Encoding(
            content.toLatin1(), QByteArray::AbortOnBase64DecodingErrors);
        if (!decoded) {
            finishWithInvalid(call, QStringLiteral("content is not valid base64"),
                QJsonObject {{QStringLiteral("encoding"), encoding}});
            return;
        }
        bytes = *decoded;
    } else {
        bytes = content.toUtf8();
    }
    const auto ctx = fileContext(call, manager, args);
    if (!ctx)
        return;
    const QString path = ctx->path;
    const qint64 size = bytes.size();
    onCapability<SandboxFiles>(ctx->provider, ctx->id,
        onSuccess<Unit>(call, QJsonObject {{QStringLiteral("path"), path}},
            [path, size](ToolCall *call, const Unit &) {
                call->finish(ToolResult::structured(
                    QJsonObject {{QStringLiteral("path"), path}, {QStringLiteral("size"), size}}));
            }),
        [path, bytes, mode](SandboxFiles *files, Callback<Unit> done) {
            files->writeFile(path, bytes, mode, std::move(done));
        });
}

QJsonObject fileEntryJson(const FileEntry &f)
{
    return {{QStringLiteral("name"), f.name}, {QStringLiteral("path"), f.path},
        {QStringLiteral("size"), f.size}, {QStringLiteral("is_directory"), f.isDirectory},
        {QStringLiteral("modified_time"), f.modifiedTime.toUTC().toString(Qt::ISODate)},
        {QStringLiteral("permissions"), f.permissions}};
}

void fileList(ToolCall *call, SandboxManager *manager, const ToolArgs &args)
{
    const auto ctx = fileContext(call, manager, args);
    if (!ctx)
        return;
    const QString path = ctx->path;
    const int maxResults = args.integer(QStringLiteral("max_results"));
    onCapability<SandboxFiles>(ctx->provider, ctx->id,
        onSuccess<FileList>(call, QJsonObject {{QStringLiteral("path"), path}},
            [path](ToolCall *call, const FileList &list) {
                QJsonArray files;
                for (const FileEntry &f : list.files)
                    files.append(fileEntryJson(f));
                call->finish(ToolResult::structured(QJsonObject {{QStringLiteral("path"), path},
                    {QStringLiteral("files"), files}, {QStringLiteral("count"), files.size()},
                    {QStringLiteral("truncated"), list.total > files.size()},
                    {QStringLiteral("total_files"), list.total}}));
            }),
        [path, maxResults](SandboxFiles *files, Callback<FileList> done) {
            files->listFiles(path, maxResults, std::move(done));
        });
}

//! One path's entry, found in its parent's listing: both providers list, neither stats.
void fileStat(ToolCall *call, SandboxManager *manager, const ToolArgs &args)
{
    const auto ctx = fileContext(call, manager, args);
    if (!ctx)
        return;
    const QString path = QDir::cleanPath(ctx->path);
    const qsizetype slash = path.lastIndexOf(QLatin1Char('/'));
    const QString name = path.mid(slash + 1);
    if (name.isEmpty()) {
        finishWithInvalid(call,
            QStringLiteral("file_stat describes a path inside a directory; for / itself use "
                           "file_list."),
            QJsonObject {{QStringLiteral("path"), path}});
        return;
    }
    const QString parent = slash == 0 ? QStringLiteral("/") : path.left(slash);
    const auto pathError = [path](const QString &message, Error::Code code, const QString &error) {
        return Error::make(code, message, QJsonObject {{QStringLiteral("path"), path}}, error);
    };
    onCapability<SandboxFiles>(ctx->provider, ctx->id,
        guarded<FileList>(call,
            [path, name, pathError](ToolCall *call, Result<FileList> r) {
                if (!r) {
                    // A missing parent means a missing path: say so of the path that was asked.
                    finishWithError(call,
                        r.error().code == Error::Code::NotFound ? pathError(r.error().message,
                            Error::Code::NotFound, QStringLiteral("File not found"))
                                                                : r.error(),
                        QJsonObject {{QStringLiteral("path"), path}});
                    return;
                }
                for (const FileEntry &f : r.value().files) {
                    if (f.name != name && f.path != path)
                        continue;
                    QJsonObject dict = fileEntryJson(f);
                    dict.insert(QStringLiteral("path"), path);
                    dict.insert(QStringLiteral("type"),
                        f.isDirectory ? QStringLiteral("directory") : QStringLiteral("file"));
                    call->finish(ToolResult::structured(dict));
                    return;
                }
                finishWithError(call,
                    r.value().total > r.value().files.size()
                        ? pathError(QStringLiteral("The directory holds more than %1 entries; stat "
                                                   "the path with run_command (stat %2).")
                                        .arg(kMaxStatScan)
                                        .arg(path),
                            Error::Code::LimitExceeded, QStringLiteral("Directory too large"))
                        : pathError(
                            QStringLiteral("%1 does not exist; file_list shows what is there.")
                                .arg(path),
                            Error::Code::NotFound, QStringLiteral("File not found")));
            }),
        [parent](SandboxFiles *files, Callback<FileList> done) {
            files->listFiles(parent, kMaxStatScan, std::move(done));
        });
}

void fileExists(ToolCall *call, SandboxManager *manager, const ToolArgs &args)
{
    const auto ctx = fileContext(call, manager, args);
    if (!ctx)
        return;
    const QString path = ctx->path;
    onCapability<SandboxFiles>(ctx->provider, ctx->id,
        onSuccess<bool>(call, QJsonObject {{QStringLiteral("path"), path}},
            [path](ToolCall *call, const bool &exists) {
                call->finish(ToolResult::structured(QJsonObject {
                    {QStringLiteral("path"), path}, {QStringLiteral("exists"), exists}}));
            }),
        [path](SandboxFiles *files, Callback<bool> done) {
            files->fileExists(path, std::move(done));
        });
}

using PathOperation = void (SandboxFiles::*)(const QString &, Callback<Unit>);

//! file_remove and file_mkdir: {status, path}.
void fileChange(ToolCall *call, SandboxManager *manager, const ToolArgs &args,
    PathOperation operation, const QString &status)
{
    const auto ctx = fileContext(call, manager, args);
    if (!ctx)
        return;
    const QString path = ctx->path;
    onCapability<SandboxFiles>(ctx->provider, ctx->id,
        onSuccess<Unit>(call, QJsonObject {{QStringLiteral("path"), path}},
            [path, status](ToolCall *call, const Unit &) {
                call->finish(ToolResult::structured(QJsonObject {
                    {QStringLiteral("status"), status}, {QStringLiteral("path"), path}}));
            }),
        [operation, path](SandboxFiles *files, Callback<Unit> done) {
            (files->*operation)(path, std::move(done));
        });
}

QJsonObject pathSchema(
    const QString &description, const QJsonValue &fallback = QJsonValue::Undefined)
{
    return Schema::string(
        description + QStringLiteral(" Relative paths are under /workspace."), fallback);
}

//! {sandbox_id, path} plus `more`; both required.
QJsonObject pathInput(const QString &pathDescription,
    std::initializer_list<std::pair<QString, QJsonObject>> more = {},
    const QStringList &moreRequired = {})
{
    QJsonObject schema = Schema::object(more, moreRequired);
    QJsonObject props = schema.value(QStringLiteral("properties")).toObject();
    props.insert(QStringLiteral("sandbox_id"), sandboxIdSchema());
    props.insert(QStringLiteral("path"), pathSchema(pathDescription));
    schema.insert(QStringLiteral("properties"), props);
    schema.insert(QStringLiteral("required"),
        QJsonArray::fromStringList(
            QStringList {QStringLiteral("sandbox_id"), QStringLiteral("path")} + moreRequired));
    return schema;
}

QJsonObject encodingSchema()
{
    return Schema::stringEnum(QStringLiteral("utf-8 (default) or base64."),
        {QStringLiteral("utf-8"), QStringLiteral("base64")}, QStringLiteral("utf-8"));
}

} // namespace

void registerFileTools(Mcp::ToolRegistry &registry, const ToolDeps &deps)
{
    SandboxManager *m = deps.manager;
    const QJsonObject statusOut =
        Schema::output({{QStringLiteral("status"), Schema::string(QStringLiteral("what happened"))},
            {QStringLiteral("path"), Schema::string(QStringLiteral("the path"))}});
    const QJsonObject pathOut = Schema::string(QStringLiteral("the path"));
    const QJsonObject sizeOut = Schema::typed(QStringLiteral("integer"));

    Tool(QStringLiteral("file_read"), QStringLiteral("Read a file"))
        .description(QStringLiteral(
            "Read a file from a sandbox. Text comes back as UTF-8; use encoding \"base64\" for "
            "small binary files (images also come back as image content). A large or binary "
            "file comes back as a resource_link (sandbox://<id>/<path>, with size and MIME "
            "type) instead of its bytes."))
        .input(pathInput(QStringLiteral("File to read, e.g. /workspace/out.csv."),
            {{QStringLiteral("encoding"), encodingSchema()}}))
        .output(Schema::output({{QStringLiteral("path"), pathOut},
            {QStringLiteral("content"),
                Schema::nullable(Schema::typed(QStringLiteral("string")),
                    QStringLiteral("file content (base64 when asked); null when linked"))},
            {QStringLiteral("size"), sizeOut},
            {QStringLiteral("uri"),
                Schema::string(QStringLiteral("sandbox:// resource of a large or binary file"))},
            {QStringLiteral("mime_type"), Schema::string(QStringLiteral("of a linked file"))}}))
        .hints(ToolSpec::ReadOnly | ToolSpec::Idempotent)
        .handler([m, settings = deps.settings](
                     ToolCall *call, const ToolArgs &args) { fileRead(call, m, settings, args); })
        .addTo(registry);

    Tool(QStringLiteral("file_write"), QStringLiteral("Write a file"))
        .description(QStringLiteral(
            "Create or overwrite a file in a sandbox (parent directories are created). Use "
            "encoding \"base64\" to write binary content byte for byte."))
        .input(pathInput(QStringLiteral("File to write."),
            {{QStringLiteral("content"),
                 Schema::string(QStringLiteral("The content (base64 when encoding is base64)."))},
                {QStringLiteral("encoding"), encodingSchema()},
                {QStringLiteral("mode"),
                    Schema::string(QStringLiteral("Octal permissions, default \"0644\"."),
                        QStringLiteral("0644"))}},
            {QStringLiteral("content")}))
        .output(
            Schema::output({{QStringLiteral("path"), pathOut}, {QStringLiteral("size"), sizeOut}}))
        .hints(ToolSpec::Destructive | ToolSpec::Idempotent)
        .handler([m](ToolCall *call, const ToolArgs &args) { fileWrite(call, m, args); })
        .addTo(registry);

    Tool(QStringLiteral("file_list"), QStringLiteral("List a directory"))
        .description(QStringLiteral("List a directory in a sandbox: name, path, size, "
                                    "is_directory, modified_time, permissions."))
        .input(Schema::object({{QStringLiteral("sandbox_id"), sandboxIdSchema()},
                                  {QStringLiteral("path"),
                                      pathSchema(QStringLiteral("Directory, default /workspace."),
                                          QStringLiteral("/workspace"))},
                                  {QStringLiteral("max_results"),
                                      Schema::integer(QStringLiteral("At most this many entries."),
                                          1, 100000, 1000)}},
            {QStringLiteral("sandbox_id")}))
        .output(
            Schema::output({{QStringLiteral("files"), Schema::arrayOf(QStringLiteral("object"))},
                {QStringLiteral("count"), Schema::typed(QStringLiteral("integer"))}}))
        .hints(ToolSpec::ReadOnly | ToolSpec::Idempotent)
        .handler([m](ToolCall *call, const ToolArgs &args) { fileList(call, m, args); })
        .addTo(registry);

    Tool(QStringLiteral("file_stat"), QStringLiteral("Describe a path"))
        .description(QStringLiteral(
            "Size, type (file or directory), permissions and modification time of one path in "
            "a sandbox, without reading it. An error says when the path does not exist."))
        .input(pathInput(QStringLiteral("File or directory to describe.")))
        .output(Schema::output({{QStringLiteral("path"), pathOut},
            {QStringLiteral("type"), Schema::string(QStringLiteral("\"file\" or \"directory\""))},
            {QStringLiteral("size"), sizeOut},
            {QStringLiteral("permissions"), Schema::string(QStringLiteral("octal, e.g. \"0644\""))},
            {QStringLiteral("modified_time"), Schema::string(QStringLiteral("ISO 8601, UTC"))}}))
        .hints(ToolSpec::ReadOnly | ToolSpec::Idempotent)
        .handler([m](ToolCall *call, const ToolArgs &args) { fileStat(call, m, args); })
        .addTo(registry);

    Tool(QStringLiteral("file_exists"), QStringLiteral("Check a path"))
        .description(QStringLiteral("Whether a file or directory exists in a sandbox."))
        .input(pathInput(QStringLiteral("Path to check.")))
        .output(
            Schema::output({{QStringLiteral("exists"), Schema::typed(QStringLiteral("boolean"))}}))
        .hints(ToolSpec::ReadOnly | ToolSpec::Idempotent)
        .handler([m](ToolCall *call, const ToolArgs &args) { fileExists(call, m, args); })
        .addTo(registry);

    Tool(QStringLiteral("file_remove"), QStringLiteral("Remove a path"))
        .description(
            QStringLiteral("Delete a file, or a directory with everything in it, in a sandbox."))
        .input(pathInput(QStringLiteral("Path to remove.")))
        .output(statusOut)
        .hints(ToolSpec::Destructive | ToolSpec::Idempotent)
        .handler([m](ToolCall *call, const ToolArgs &args) {
            fileChange(call, m, args, &SandboxFiles::removeFile, QStringLiteral("removed"));
        })
        .addTo(registry);

    Tool(QStringLiteral("file_mkdir"), QStringLiteral("Make a directory"))
        .description(QStringLiteral("Create a directory (and its parents) in a sandbox."))
        .input(pathInput(QStringLiteral("Directory to create.")))
        .output(statusOut)
        .hints(ToolSpec::Idempotent)
        .handler([m](ToolCall *call, const ToolArgs &args) {
            fileChange(call, m, args, &SandboxFiles::makeDirectory, QStringLiteral("created"));
        })
        .addTo(registry);
}

} // namespace Hopx::Core::Tools

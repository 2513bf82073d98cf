// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// file_read, file_write, file_list, file_exists, file_remove, file_mkdir
#include "McpTools.h"
#include "Schema.h"
#include "ToolArgs.h"
#include "ToolSupport.h"

#include "core/SandboxManager.h"
#include "core/SandboxProvider.h"

#include "protocol/ToolRegistry.h"

#include <QStringDecoder>

namespace Hopx::Core::Tools {

using Mcp::ToolCall;
using Mcp::ToolResult;

namespace {

constexpr qint64 kMaxReadBytes = 8 * 1024 * 1024; // the SDK drops stdio messages over 10 MiB

QString imageMime(const QByteArray &bytes)
{
    if (bytes.startsWith("\x89PNG\r\n\x1a\n"))
        return QStringLiteral("image/png");
    if (bytes.startsWith("\xff\xd8\xff"))
        return QStringLiteral("image/jpeg");
    if (bytes.startsWith("GIF87a") || bytes.startsWith("GIF89a"))
        return QStringLiteral("image/gif");
    if (bytes.startsWith("RIFF") && bytes.mid(8, 4) == "WEBP")
        return QStringLiteral("image/webp");
    return {};
}

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

std::optional<FileContext> fileContext(ToolCall *call, SandboxManager *manager)
{
    const ToolArgs args(call->arguments());
    FileContext ctx;
    ctx.id = args.string(QStringLiteral("sandbox_id"));
    ctx.path = args.string(QStringLiteral("path"), QStringLiteral("/workspace"));
    if (!ctx.path.startsWith(QLatin1Char('/')) && !ctx.path.isEmpty())
        ctx.path =
            QStringLiteral("/workspace/") + ctx.path; // relative paths are under the workspace
    ctx.provider = providerFor(call, manager, ctx.id);
    if (!ctx.provider)
        return std::nullopt;
    manager->noteActivity(ctx.id, call->toolName() + QLatin1Char(' ') + ctx.path);
    return ctx;
}

void fileRead(ToolCall *call, SandboxManager *manager)
{
    const auto ctx = fileContext(call, manager);
    if (!ctx)
        return;
    const QString encoding =
        ToolArgs(call->arguments()).string(QStringLiteral("encoding"), QStringLiteral("utf-8"));
    const QString path = ctx->path;
    ctx->provider->readFile(ctx->id, path,
        guarded<QByteArray>(call, [path, encoding](ToolCall *call, Result<QByteArray> r) {
            if (!r) {
                finishWithError(call, r.error(), QJsonObject {{QStringLiteral("path"), path}});
                return;
            }
            const QByteArray &bytes = r.value();
            if (bytes.size() > kMaxReadBytes) {
                finishWithError(call,
                    Error::make(Error::Code::LimitExceeded,
                        QStringLiteral(
                            "The file is %1 bytes; file_read returns at most %2. Read a part "
                            "with run_command (e.g. head -c, tail, split).")
                            .arg(bytes.size())
                            .arg(kMaxReadBytes),
                        QJsonObject {
                            {QStringLiteral("path"), path}, {QStringLiteral("size"), bytes.size()}},
                        QStringLiteral("File too large")));
                return;
            }
            QJsonObject dict {
                {QStringLiteral("path"), path}, {QStringLiteral("size"), bytes.size()}};
            if (isBase64(encoding)) {
                dict.insert(QStringLiteral("content"), QString::fromLatin1(bytes.toBase64()));
                dict.insert(QStringLiteral("encoding"), QStringLiteral("base64"));
                QJsonObject text = dict;
                const QString mime = imageMime(bytes);
                if (!mime.isEmpty())
                    text.insert(QStringLiteral("content"),
                        QStringLiteral("(%1 bytes of %2, also sent as an image content item)")
                            .arg(bytes.size())
                            .arg(mime));
                ToolResult result = ToolResult::structured(dict, text, false);
                if (!mime.isEmpty())
                    result.addImage(bytes, mime);
                call->finish(result);
                return;
            }
            auto decoder = QStringDecoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
            const QString content = decoder.decode(bytes);
            if (decoder.hasError()) {
                finishWithError(call,
                    Error::make(Error::Code::InvalidArgument,
                        QStringLiteral(
                            "The file is not UTF-8 text; read it again with encoding \"base64\"."),
                        QJsonObject {
                            {QStringLiteral("path"), path}, {QStringLiteral("size"), bytes.size()}},
                        QStringLiteral("Binary file")));
                return;
            }
            dict.insert(QStringLiteral("content"), content);
            dict.insert(QStringLiteral("encoding"), QStringLiteral("utf-8"));
            call->finish(ToolResult::structured(dict));
        }));
}

void fileWrite(ToolCall *call, SandboxManager *manager)
{
    const ToolArgs args(call->arguments());
    const QString encoding = args.string(QStringLiteral("encoding"), QStringLiteral("utf-8"));
    const QString content = args.string(QStringLiteral("content"));
    QString mode = args.string(QStringLiteral("mode"), QStringLiteral("0644"));
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
    const auto ctx = fileContext(call, manager);
    if (!ctx)
        return;
    const QString path = ctx->path;
    const qint64 size = bytes.size();
    ctx->provider->writeFile(ctx->id, path, bytes, mode,
        guarded<Unit>(call, [path, size](ToolCall *call, Result<Unit> r) {
            if (!r) {
                finishWithError(call, r.error(), QJsonObject {{QStringLiteral("path"), path}});
                return;
            }
            call->finish(ToolResult::structured(
                QJsonObject {{QStringLiteral("path"), path}, {QStringLiteral("size"), size}}));
        }));
}

void fileList(ToolCall *call, SandboxManager *manager)
{
    const auto ctx = fileContext(call, manager);
    if (!ctx)
        return;
    const int max = ToolArgs(call->arguments()).integer(QStringLiteral("max_results"), 1000);
    const QString path = ctx->path;
    ctx->provider->listFiles(
        ctx->id, path, max, guarded<FileList>(call, [path](ToolCall *call, Result<FileList> r) {
            if (!r) {
                finishWithError(call, r.error(), QJsonObject {{QStringLiteral("path"), path}});
                return;
            }
            QJsonArray files;
            for (const FileEntry &f : r.value().files)
                files.append(QJsonObject {{QStringLiteral("name"), f.name},
                    {QStringLiteral("path"), f.path}, {QStringLiteral("size"), f.size},
                    {QStringLiteral("is_directory"), f.isDirectory},
                    {QStringLiteral("modified_time"), f.modifiedTime.toUTC().toString(Qt::ISODate)},
                    {QStringLiteral("permissions"), f.permissions}});
            call->finish(ToolResult::structured(QJsonObject {{QStringLiteral("path"), path},
                {QStringLiteral("files"), files}, {QStringLiteral("count"), files.size()},
                {QStringLiteral("truncated"), r.value().total > files.size()},
                {QStringLiteral("total_files"), r.value().total}}));
        }));
}

void fileSimple(ToolCall *call, SandboxManager *manager, const QString &what)
{
    const auto ctx = fileContext(call, manager);
    if (!ctx)
        return;
    const QString path = ctx->path;
    if (what == QLatin1String("exists")) {
        ctx->provider->fileExists(
            ctx->id, path, guarded<bool>(call, [path](ToolCall *call, Result<bool> r) {
                if (!r) {
                    finishWithError(call, r.error(), QJsonObject {{QStringLiteral("path"), path}});
                    return;
                }
                call->finish(ToolResult::structured(QJsonObject {
                    {QStringLiteral("path"), path}, {QStringLiteral("exists"), r.value()}}));
            }));
        return;
    }
    auto done = guarded<Unit>(call, [path, what](ToolCall *call, Result<Unit> r) {
        if (!r) {
            finishWithError(call, r.error(), QJsonObject {{QStringLiteral("path"), path}});
            return;
        }
        call->finish(ToolResult::structured(
            QJsonObject {{QStringLiteral("status"),
                             what == QLatin1String("remove") ? QStringLiteral("removed")
                                                             : QStringLiteral("created")},
                {QStringLiteral("path"), path}}));
    });
    if (what == QLatin1String("remove"))
        ctx->provider->removeFile(ctx->id, path, done);
    else
        ctx->provider->makeDirectory(ctx->id, path, done);
}

QJsonObject pathSchema(const QString &description)
{
    return Schema::string(description + QStringLiteral(" Relative paths are under /workspace."));
}

} // namespace

void registerFileTools(Mcp::ToolRegistry &registry, const ToolDeps &deps)
{
    SandboxManager *m = deps.manager;
    const QJsonObject statusOut =
        Schema::output({{QStringLiteral("status"), Schema::string(QStringLiteral("what happened"))},
            {QStringLiteral("path"), Schema::string(QStringLiteral("the path"))}});
    registry.add(
        makeSpec(QStringLiteral("file_read"), QStringLiteral("Read a file"),
            QStringLiteral("Read a file from a sandbox. Text comes back as UTF-8; use encoding "
                           "\"base64\" for binary "
                           "files (images also come back as image content)."),
            Schema::object(
                {{QStringLiteral("sandbox_id"), sandboxIdSchema()},
                    {QStringLiteral("path"),
                        pathSchema(QStringLiteral("File to read, e.g. /workspace/out.csv."))},
                    {QStringLiteral("encoding"),
                        Schema::stringEnum(QStringLiteral("utf-8 (default) or base64."),
                            {QStringLiteral("utf-8"), QStringLiteral("base64")})}},
                {QStringLiteral("sandbox_id"), QStringLiteral("path")}),
            Schema::output({{QStringLiteral("path"), Schema::string(QStringLiteral("the path"))},
                {QStringLiteral("content"),
                    Schema::string(QStringLiteral("file content (base64 when asked)"))},
                {QStringLiteral("size"),
                    QJsonObject {{QStringLiteral("type"), QStringLiteral("integer")}}}}),
            true, false, true),
        [m](ToolCall *call) { fileRead(call, m); });
    registry.add(
        makeSpec(QStringLiteral("file_write"), QStringLiteral("Write a file"),
            QStringLiteral("Create or overwrite a file in a sandbox (parent directories are "
                           "created). Use encoding "
                           "\"base64\" to write binary content byte for byte."),
            Schema::object(
                {{QStringLiteral("sandbox_id"), sandboxIdSchema()},
                    {QStringLiteral("path"), pathSchema(QStringLiteral("File to write."))},
                    {QStringLiteral("content"),
                        Schema::string(
                            QStringLiteral("The content (base64 when encoding is base64)."))},
                    {QStringLiteral("encoding"),
                        Schema::stringEnum(QStringLiteral("utf-8 (default) or base64."),
                            {QStringLiteral("utf-8"), QStringLiteral("base64")})},
                    {QStringLiteral("mode"),
                        Schema::string(QStringLiteral("Octal permissions, default \"0644\"."))}},
                {QStringLiteral("sandbox_id"), QStringLiteral("path"), QStringLiteral("content")}),
            Schema::output({{QStringLiteral("path"), Schema::string(QStringLiteral("the path"))},
                {QStringLiteral("size"),
                    QJsonObject {{QStringLiteral("type"), QStringLiteral("integer")}}}}),
            false, true, true),
        [m](ToolCall *call) { fileWrite(call, m); });
    registry.add(
        makeSpec(QStringLiteral("file_list"), QStringLiteral("List a directory"),
            QStringLiteral("List a directory in a sandbox: name, path, size, is_directory, "
                           "modified_time, permissions."),
            Schema::object({{QStringLiteral("sandbox_id"), sandboxIdSchema()},
                               {QStringLiteral("path"),
                                   pathSchema(QStringLiteral("Directory, default /workspace."))},
                               {QStringLiteral("max_results"),
                                   Schema::integer(QStringLiteral("At most this many entries."), 1,
                                       100000, 1000)}},
                {QStringLiteral("sandbox_id")}),
            Schema::output({{QStringLiteral("files"),
                                QJsonObject {{QStringLiteral("type"), QStringLiteral("array")}}},
                {QStringLiteral("count"),
                    QJsonObject {{QStringLiteral("type"), QStringLiteral("integer")}}}}),
            true, false, true),
        [m](ToolCall *call) { fileList(call, m); });
    registry.add(makeSpec(QStringLiteral("file_exists"), QStringLiteral("Check a path"),
                     QStringLiteral("Whether a file or directory exists in a sandbox."),
                     Schema::object({{QStringLiteral("sandbox_id"), sandboxIdSchema()},
                                        {QStringLiteral("path"),
                                            pathSchema(QStringLiteral("Path to check."))}},
                         {QStringLiteral("sandbox_id"), QStringLiteral("path")}),
                     Schema::output({{QStringLiteral("exists"),
                         QJsonObject {{QStringLiteral("type"), QStringLiteral("boolean")}}}}),
                     true, false, true),
        [m](ToolCall *call) { fileSimple(call, m, QStringLiteral("exists")); });
    registry.add(
        makeSpec(QStringLiteral("file_remove"), QStringLiteral("Remove a path"),
            QStringLiteral("Delete a file, or a directory with everything in it, in a sandbox."),
            Schema::object(
                {{QStringLiteral("sandbox_id"), sandboxIdSchema()},
                    {QStringLiteral("path"), pathSchema(QStringLiteral("Path to remove."))}},
                {QStringLiteral("sandbox_id"), QStringLiteral("path")}),
            statusOut, false, true, true),
        [m](ToolCall *call) { fileSimple(call, m, QStringLiteral("remove")); });
    registry.add(makeSpec(QStringLiteral("file_mkdir"), QStringLiteral("Make a directory"),
                     QStringLiteral("Create a directory (and its parents) in a sandbox."),
                     Schema::object({{QStringLiteral("sandbox_id"), sandboxIdSchema()},
                                        {QStringLiteral("path"),
                                            pathSchema(QStringLiteral("Directory to create."))}},
                         {QStringLiteral("sandbox_id"), QStringLiteral("path")}),
                     statusOut, false, false, true),
        [m](ToolCall *call) { fileSimple(call, m, QStringLiteral("mkdir")); });
}

} // namespace Hopx::Core::Tools

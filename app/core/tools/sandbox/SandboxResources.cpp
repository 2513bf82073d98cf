// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// sandbox://{sandbox_id}/{+path}: files inside any sandbox as MCP resources.
#include "core/tools/McpTools.h"
#include "core/tools/ToolSupport.h"

#include "core/manager/SandboxManager.h"
#include "core/manager/SandboxProvider.h"

#include "features/ResourceRegistry.h"
#include "json/JsonRpc.h"

#include <QStringDecoder>

namespace Hopx::Core::Tools {

using Mcp::ResourceRegistry;
using Read = ResourceRegistry::ReadResult;

namespace {

// A resource travels base64-encoded in one JSON line; the SDK drops a line over 10 MiB.
constexpr qint64 kMaxResourceBytes = 4 * 1024 * 1024;

const QString kTemplate = QStringLiteral("sandbox://{sandbox_id}/{+path}");

Read failure(int code, const QString &message)
{
    return Read {{}, code, message};
}

Read fromError(const QString &uri, const Error &error)
{
    // Both an unknown sandbox and a missing file are "resource not found" (-32002, legacy MCP).
    if (error.code == Error::Code::NotFound)
        return failure(Mcp::JsonRpc::ResourceNotFound,
            QStringLiteral("Resource not found: %1 (%2)").arg(uri, error.message));
    if (error.code == Error::Code::InvalidArgument)
        return failure(Mcp::JsonRpc::InvalidParams,
            QStringLiteral("Cannot read %1: %2").arg(uri, error.message));
    return failure(
        Mcp::JsonRpc::InternalError, QStringLiteral("Cannot read %1: %2").arg(uri, error.message));
}

/*! A file over kMaxResourceBytes. MCP's resources/read has no partial reads (a read returns
 *  the whole resource), so the answer says how to get the file instead. */
Read tooLarge(const QString &uri, const QString &path, const QString &size)
{
    return failure(Mcp::JsonRpc::InvalidParams,
        QStringLiteral("%1 is %2, over the %3 MiB that resources/read returns (MCP has no "
                       "partial reads). Save it on the user's machine with the file_download "
                       "tool (path \"%4\"), or read parts of it with run_command (head, tail, "
                       "python).")
            .arg(uri, size)
            .arg(kMaxResourceBytes >> 20)
            .arg(path));
}

bool isUtf8Text(const QByteArray &bytes)
{
    if (bytes.contains('\0'))
        return false;
    QStringDecoder decoder(QStringDecoder::Utf8);
    const QString text = decoder.decode(bytes);
    return !decoder.hasError();
}

Read contents(const QString &uri, const QString &path, const QByteArray &bytes)
{
    const QString mime = fileMimeType(path, bytes);
    if (isUtf8Text(bytes))
        return Read::text(uri,
            mime == QLatin1String("application/octet-stream") ? QStringLiteral("text/plain") : mime,
            QString::fromUtf8(bytes));
    return Read::blob(uri, mime, bytes);
}

void readSandboxFile(SandboxManager *manager, const QString &uri,
    const QHash<QString, QString> &vars, const ResourceRegistry::SessionEnv &env,
    const ResourceRegistry::Reply &reply)
{
    const QString id = vars.value(QStringLiteral("sandbox_id"));
    const QString path = QLatin1Char('/') + vars.value(QStringLiteral("path"));
    SandboxProvider *provider = providerOf(manager, id, env);
    if (!provider || !provider->unavailableReason().isEmpty()) {
        reply(failure(Mcp::JsonRpc::InternalError,
            QStringLiteral("Cannot read %1: %2")
                .arg(uri,
                    provider ? provider->unavailableReason().english()
                             : QStringLiteral("no provider runs sandbox %1").arg(id))));
        return;
    }
    onCapability<SandboxFiles>(provider, id,
        Callback<QByteArray>([uri, path, reply](Result<QByteArray> r) {
            // Larger than the provider reads in one go at all: too large here as well.
            if (!r && r.error().code == Error::Code::LimitExceeded) {
                reply(tooLarge(uri, path, QStringLiteral("larger than the provider reads whole")));
                return;
            }
            if (!r) {
                reply(fromError(uri, r.error()));
                return;
            }
            if (r.value().size() > kMaxResourceBytes) {
                reply(tooLarge(uri, path, QStringLiteral("%1 bytes").arg(r.value().size())));
                return;
            }
            reply(contents(uri, path, r.value()));
        }),
        [path](SandboxFiles *files, Callback<QByteArray> done) {
            files->readFile(path, std::move(done));
        });
}

} // namespace

void registerSandboxResources(Mcp::ResourceRegistry &resources, const ToolDeps &deps)
{
    SandboxManager *manager = deps.manager;
    if (!manager)
        return;
    // resources/list stays empty on purpose: a sandbox holds any number of files that change
    // behind our back, and listing them means walking directories (over the network for
    // HOPX) on every list. The template plus completion is how a client finds them.
    resources.addSessionTemplate(
        {kTemplate, QStringLiteral("sandbox-file"), QStringLiteral("Sandbox file"),
            QStringLiteral("A file inside a sandbox, e.g. "
                           "sandbox://<sandbox_id>/workspace/out.csv. Text comes "
                           "back as text, anything else as base64; at most 4 MiB."),
            {}},
        [manager](const QString &uri, const QHash<QString, QString> &vars,
            const ResourceRegistry::SessionEnv &env, const ResourceRegistry::Reply &reply) {
            readSandboxFile(manager, uri, vars, env, reply);
        },
        // Completion is synchronous, so paths are not offered: listing a directory is a
        // round trip to the sandbox (an HTTP request for HOPX).
        [manager](const QString &argument, const QString &value, const QJsonObject &,
            const ResourceRegistry::SessionEnv &) {
            QStringList ids;
            if (argument != QLatin1String("sandbox_id"))
                return ids;
            for (const SandboxInfo &info : manager->sandboxes())
                if (info.id.startsWith(value) && info.status != SandboxStatus::Dead)
                    ids.append(info.id);
            ids.sort();
            return ids;
        });
}

} // namespace Hopx::Core::Tools

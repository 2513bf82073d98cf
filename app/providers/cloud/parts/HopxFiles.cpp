// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/cloud/parts/HopxFiles.h"

#include "providers/cloud/api/QueuedCallback.h"

#include "providers/cloud/HopxErrors.h"
#include "providers/cloud/HopxJson.h"
#include "providers/cloud/api/AgentPool.h"

#include <QFileInfo>
#include <QHttpMultiPart>
#include <QPointer>

#include <optional>

namespace Hopx::Cloud {

using namespace Core;

namespace {

// `data` decoded when it is exactly the canonical base64 of some bytes (the Python SDK's test
// for a file hopx-ai/hopx#33 stored as its base64 text).
std::optional<QByteArray> canonicalBase64(const QByteArray &data)
{
    if (data.isEmpty() || data.size() % 4 != 0)
        return std::nullopt;
    const auto decoded =
        QByteArray::fromBase64Encoding(data, QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded || decoded.decoded.toBase64() != data)
        return std::nullopt;
    return decoded.decoded;
}

// Bytes no text write produces: only a base64 write (ours, the SDK's write_bytes) made them.
bool looksBinary(const QByteArray &bytes)
{
    return bytes.contains('\0') || !bytes.isValidUtf8();
}

} // namespace

HopxFiles::HopxFiles(AgentChannel agent)
    : m_agent(std::move(agent))
{ }

HopxRequest HopxFiles::pathRequest(
    const QByteArray &method, const QString &endpoint, const QString &path, const QString &what)
{
    HopxRequest req;
    req.method = method;
    req.path = endpoint;
    req.query.addQueryItem(QStringLiteral("path"), path);
    req.what = what;
    return req;
}

void HopxFiles::readFile(const QString &path, Callback<QByteArray> done)
{
    done = queuedCallback(m_agent.answerContext(), std::move(done));
    const AgentChannel agent = m_agent;
    const QString id = agent.sandboxId();
    // /files/download gives the bytes; /files/read squeezes them through a JSON string.
    agent.send(
        pathRequest("GET", QStringLiteral("/files/download"), path, QStringLiteral("read file")),
        [agent, id, path, done](const RestReply *reply, const Error *error) {
            if (error)
                return done(HopxErrors::withSandbox(*error, id));
            if (!reply->isHttpSuccess()) {
                const Error e =
                    HopxErrors::tagged(HopxErrors::fromReply(*reply, HopxErrors::Origin::Agent,
                                           QStringLiteral("read file")),
                        id);
                const bool routeMissing =
                    (reply->status == 404 && HopxErrors::parse(*reply).code.isEmpty())
                    || reply->status == 405 || reply->status == 501;
                if (routeMissing)
                    return readAsJson(agent, path, done);
                return done(e);
            }
            const QByteArray data = reply->body;
            AgentPool *pool = agent.pool();
            if (!pool)
                return done(data);
            // Agents before the fix kept base64 writes as text (hopx-ai/hopx#33). A file this
            // app wrote so is decoded for sure; any other only where this agent is not known to
            // decode such writes, when the download is exactly canonical base64 (the Python
            // SDK's test) and decodes to bytes no text write makes (our addition: the SDK
            // decodes any such download, text included). A text file ends in a newline or
            // holds a space, neither of which base64 has.
            if (pool->storedAsBase64(id, path)) {
                if (const auto bytes = canonicalBase64(data.trimmed()))
                    return done(*bytes);
                return done(data);
            }
            if (pool->base64Writes(id) != AgentPool::Base64Writes::Decoded) {
                const auto bytes = canonicalBase64(data);
                if (bytes && looksBinary(*bytes))
                    return done(*bytes);
            }
            done(data);
        });
}

void HopxFiles::readAsJson(
    const AgentChannel &agent, const QString &path, Callback<QByteArray> done)
{
    agent.sendForObject(
        pathRequest("GET", QStringLiteral("/files/read"), path, QStringLiteral("read file")),
        [done](Result<QJsonObject> r) {
            if (!r.ok())
                return done(r.error());
            const QString content = r.value().value(QStringLiteral("content")).toString();
            if (r.value().value(QStringLiteral("encoding")).toString() == QLatin1String("base64"))
                return done(QByteArray::fromBase64(content.toLatin1()));
            done(content.toUtf8());
        });
}

void HopxFiles::writeFile(
    const QString &path, const QByteArray &content, const QString &mode, Callback<Unit> done)
{
    done = queuedCallback(m_agent.answerContext(), std::move(done));
    const bool binary = !content.isValidUtf8() || content.contains('\0');
    HopxRequest req;
    req.method = "POST";
    req.path = QStringLiteral("/files/write");
    req.body = {{QStringLiteral("path"), path},
        {QStringLiteral("content"),
            binary ? QString::fromLatin1(content.toBase64()) : QString::fromUtf8(content)},
        {QStringLiteral("mode"), mode.isEmpty() ? QStringLiteral("0644") : mode}};
    if (binary)
        req.body.insert(QStringLiteral("encoding"), QStringLiteral("base64"));
    req.hasBody = true;
    req.what = QStringLiteral("write file");
    // Writing the same bytes twice is harmless: retry like a PUT.
    const AgentChannel agent = m_agent;
    const qsizetype bytes = content.size();
    const qsizetype text = QByteArray(content.toBase64()).size();
    agent.sendForObject(req, [agent, path, binary, bytes, text, done](Result<QJsonObject> r) {
        if (!r.ok())
            return done(r.error());
        AgentPool *pool = agent.pool();
        if (pool) {
            pool->noteWritten(agent.sandboxId(), path, binary);
            // FileResponse.size says what the agent stored: the bytes, or their base64 text.
            const qint64 size = r.value().value(QStringLiteral("size")).toInteger(-1);
            if (binary && size == bytes && bytes != text)
                pool->noteBase64Writes(agent.sandboxId(), AgentPool::Base64Writes::Decoded);
            else if (binary && size == text)
                pool->noteBase64Writes(agent.sandboxId(), AgentPool::Base64Writes::KeptAsText);
        }
        done(Unit {});
    });
}

void HopxFiles::listFiles(const QString &path, int maxResults, Callback<FileList> done)
{
    done = queuedCallback(m_agent.answerContext(), std::move(done));
    m_agent.sendJson(
        pathRequest("GET", QStringLiteral("/files/list"),
            path.isEmpty() ? QStringLiteral("/workspace") : path, QStringLiteral("list files")),
        [maxResults, done](Result<QJsonValue> r) {
            if (!r.ok())
                return done(r.error());
            const QJsonArray files = HopxJson::listOf(r.value(), QStringLiteral("files"));
            FileList list;
            list.total = qMax(
                int(files.size()), r.value().toObject().value(QStringLiteral("count")).toInt());
            for (const QJsonValue &v : files) {
                if (maxResults > 0 && list.files.size() >= maxResults)
                    break;
                list.files.append(HopxJson::fileFromJson(v.toObject()));
            }
            done(list);
        });
}

void HopxFiles::fileExists(const QString &path, Callback<bool> done)
{
    done = queuedCallback(m_agent.answerContext(), std::move(done));
    m_agent.sendForObject(
        pathRequest("GET", QStringLiteral("/files/exists"), path, QStringLiteral("check file")),
        [done](Result<QJsonObject> r) {
            if (!r.ok()) {
                // A path the agent will not look at does not exist for the caller (hopx-mcp:
                // false).
                if (r.error().code == Error::Code::NotFound
                    && r.error().error != QLatin1String("Sandbox not found"))
                    return done(false);
                if (r.error().code == Error::Code::InvalidArgument)
                    return done(false);
                return done(r.error());
            }
            done(r.value().value(QStringLiteral("exists")).toBool());
        });
}

void HopxFiles::removeFile(const QString &path, Callback<Unit> done)
{
    done = queuedCallback(m_agent.answerContext(), std::move(done));
    const AgentChannel agent = m_agent;
    agent.sendForUnit(
        pathRequest("DELETE", QStringLiteral("/files/remove"), path, QStringLiteral("remove file")),
        [agent, path, done](Result<Unit> r) {
            if (r.ok() && agent.pool())
                agent.pool()->noteRemoved(agent.sandboxId(), path);
            done(std::move(r));
        });
}

void HopxFiles::makeDirectory(const QString &path, Callback<Unit> done)
{
    done = queuedCallback(m_agent.answerContext(), std::move(done));
    HopxRequest req;
    req.method = "POST";
    req.path = QStringLiteral("/files/mkdir");
    req.body = {{QStringLiteral("path"), path}};
    req.hasBody = true;
    req.what = QStringLiteral("make directory");
    m_agent.sendForUnit(req, std::move(done));
}

void HopxFiles::upload(const QString &path, QIODevice *source, Callback<qint64> done) const
{
    HopxRequest req;
    req.method = "POST";
    req.path = QStringLiteral("/files/upload");
    const QPointer<QIODevice> device(source);
    const QString name = QFileInfo(path).fileName();
    req.multipart = [device, path, name]() -> QHttpMultiPart * {
        auto *parts = new QHttpMultiPart(QHttpMultiPart::FormDataType);
        QHttpPart target;
        target.setHeader(QNetworkRequest::ContentDispositionHeader,
            QByteArrayLiteral("form-data; name=\"path\""));
        target.setBody(path.toUtf8());
        parts->append(target);
        QHttpPart file;
        const QByteArray disposition = QByteArrayLiteral("form-data; name=\"file\"; filename=\"")
            + QUrl::toPercentEncoding(name) + '"';
        file.setHeader(QNetworkRequest::ContentDispositionHeader, disposition);
        file.setHeader(
            QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/octet-stream"));
        if (device && !device->isSequential())
            device->seek(0);
        file.setBodyDevice(device);
        parts->append(file);
        return parts;
    };
    // Half an upload may have landed: never re-sent blindly.
    req.retry = RestRequest::Retry::Never;
    req.what = QStringLiteral("upload file");
    const AgentChannel agent = m_agent;
    agent.sendForObject(req, [agent, path, done](Result<QJsonObject> r) {
        if (!r.ok())
            return done(r.error());
        if (agent.pool())
            agent.pool()->noteWritten(agent.sandboxId(), path, false); // the bytes themselves
        done(r.value().value(QStringLiteral("size")).toInteger(-1));
    });
}

void HopxFiles::download(
    const QString &path, std::function<bool(const QByteArray &)> sink, Callback<qint64> done) const
{
    HopxRequest req = pathRequest(
        "GET", QStringLiteral("/files/download"), path, QStringLiteral("download file"));
    auto count = std::make_shared<qint64>(0);
    req.sink = [sink, count](const QByteArray &chunk) {
        *count += chunk.size();
        return sink(chunk);
    };
    // Chunks already handed over cannot be taken back.
    req.retry = RestRequest::Retry::Never;
    const QString id = m_agent.sandboxId();
    m_agent.send(req, [id, count, done](const RestReply *reply, const Error *error) {
        if (error)
            return done(HopxErrors::withSandbox(*error, id));
        if (!reply->isHttpSuccess())
            return done(HopxErrors::tagged(HopxErrors::fromReply(*reply, HopxErrors::Origin::Agent,
                                               QStringLiteral("download file")),
                id));
        done(*count);
    });
}

} // namespace Hopx::Cloud

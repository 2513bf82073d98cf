// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "McpSession.h"

#include "JsonRpc.h"
#include "JsonSchema.h"
#include "ToolCall.h"
#include "ToolRegistry.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QLoggingCategory>

#include <memory>

Q_LOGGING_CATEGORY(lcSession, "hopx.mcp.session", QtInfoMsg)

namespace Hopx::Mcp {

namespace {

const QStringList kLogLevels{QStringLiteral("debug"),   QStringLiteral("info"),
                             QStringLiteral("notice"),  QStringLiteral("warning"),
                             QStringLiteral("error"),   QStringLiteral("critical"),
                             QStringLiteral("alert"),   QStringLiteral("emergency")};

QString encodeCursor(int offset)
{
    return QString::fromLatin1(QByteArray("o:" + QByteArray::number(offset)).toBase64());
}

std::optional<int> decodeCursor(const QString &cursor)
{
    const QByteArray raw = QByteArray::fromBase64(cursor.toLatin1(),
                                                  QByteArray::AbortOnBase64DecodingErrors);
    if (!raw.startsWith("o:"))
        return std::nullopt;
    bool ok = false;
    const int offset = raw.mid(2).toInt(&ok);
    if (!ok || offset <= 0)
        return std::nullopt;
    return offset;
}

} // namespace

McpSession::McpSession(const ServerConfig &config, ToolRegistry *registry, QObject *parent)
    : QObject(parent)
    , m_config(config)
    , m_registry(registry)
{
}

McpSession::~McpSession()
{
    abortAll();
}

int McpSession::logLevelRank(const QString &level)
{
    return kLogLevels.indexOf(level);
}

void McpSession::abortAll()
{
    const auto inFlight = std::exchange(m_inFlight, {});
    for (const InFlight &f : inFlight) {
        if (f.call) {
            f.call->cancel();
            f.call->deleteLater();
        }
    }
}

void McpSession::send(const QJsonObject &message)
{
    emit outgoing(JsonRpc::serialize(message));
}

void McpSession::record(const QString &method, const QString &tool, const QElapsedTimer &timer,
                        RequestRecord::Outcome outcome, const QString &detail)
{
    emit requestFinished(RequestRecord{method, tool, timer.nsecsElapsed() / 1000, outcome, detail});
}

void McpSession::handleOversizedLine(qsizetype limit)
{
    send(JsonRpc::error(QJsonValue::Null, JsonRpc::ParseError,
                        QStringLiteral("Parse error: message longer than %1 bytes").arg(limit)));
}

void McpSession::handleLine(const QByteArray &line)
{
    if (line.trimmed().isEmpty())
        return; // blank lines carry nothing; answering them would confuse clients
    QJsonParseError parseError{};
    const QJsonDocument doc = QJsonDocument::fromJson(line, &parseError);
    if (parseError.error != QJsonParseError::NoError || doc.isNull()) {
        send(JsonRpc::error(QJsonValue::Null, JsonRpc::ParseError,
                            QStringLiteral("Parse error: %1 at offset %2")
                                .arg(parseError.errorString())
                                .arg(parseError.offset)));
        return;
    }

    if (doc.isArray()) {
        const QJsonArray batch = doc.array();
        // Batches exist only in 2025-03-26 (added there, removed in 2025-06-18).
        if (m_protocolVersion != QLatin1String("2025-03-26")) {
            send(JsonRpc::error(QJsonValue::Null, JsonRpc::InvalidRequest,
                                QStringLiteral("Invalid Request: batches are only allowed with "
                                               "protocol version 2025-03-26")));
            return;
        }
        if (batch.isEmpty()) {
            send(JsonRpc::error(QJsonValue::Null, JsonRpc::InvalidRequest,
                                QStringLiteral("Invalid Request: empty batch")));
            return;
        }
        struct Collector
        {
            int pending = 0;
            QJsonArray responses;
        };
        auto collector = std::make_shared<Collector>();
        collector->pending = batch.size();
        QPointer<McpSession> self(this);
        for (const QJsonValue &item : batch) {
            dispatch(item, [collector, self](std::optional<QJsonObject> response) {
                if (response)
                    collector->responses.append(*response);
                if (--collector->pending == 0 && self && !collector->responses.isEmpty())
                    emit self->outgoing(QJsonDocument(collector->responses).toJson(QJsonDocument::Compact));
            });
        }
        return;
    }

    dispatch(doc.object(), [this](std::optional<QJsonObject> response) {
        if (response)
            send(*response);
    });
}

void McpSession::dispatch(const QJsonValue &message, const Responder &respond)
{
    if (!message.isObject()) {
        respond(JsonRpc::error(QJsonValue::Null, JsonRpc::InvalidRequest,
                               QStringLiteral("Invalid Request: a message must be a JSON object")));
        return;
    }
    const QJsonObject msg = message.toObject();
    const bool hasId = msg.contains(QStringLiteral("id"));
    const QJsonValue id = msg.value(QStringLiteral("id"));
    const QJsonValue replyId = hasId && JsonRpc::isValidId(id) ? id : QJsonValue(QJsonValue::Null);

    if (msg.value(QStringLiteral("jsonrpc")).toString() != QLatin1String("2.0")) {
        respond(JsonRpc::error(replyId, JsonRpc::InvalidRequest,
                               QStringLiteral("Invalid Request: \"jsonrpc\" must be \"2.0\"")));
        return;
    }
    const QJsonValue methodValue = msg.value(QStringLiteral("method"));
    if (!methodValue.isString()) {
        if (!msg.contains(QStringLiteral("method"))
            && (msg.contains(QStringLiteral("result")) || msg.contains(QStringLiteral("error")))) {
            // A response to a server-to-client request; this server sends none it waits for.
            respond(std::nullopt);
            return;
        }
        respond(JsonRpc::error(replyId, JsonRpc::InvalidRequest,
                               QStringLiteral("Invalid Request: \"method\" must be a string")));
        return;
    }
    const QString method = methodValue.toString();
    const QJsonValue paramsValue = msg.value(QStringLiteral("params"));
    if (!paramsValue.isUndefined() && !paramsValue.isObject()) {
        if (!hasId) {
            respond(std::nullopt);
            return;
        }
        respond(JsonRpc::error(replyId, JsonRpc::InvalidParams,
                               QStringLiteral("Invalid params: \"params\" must be an object")));
        return;
    }

    if (!hasId) {
        handleNotification(method, paramsValue.toObject());
        respond(std::nullopt);
        return;
    }
    if (!JsonRpc::isValidId(id)) {
        respond(JsonRpc::error(QJsonValue::Null, JsonRpc::InvalidRequest,
                               QStringLiteral("Invalid Request: \"id\" must be a string or an integer")));
        return;
    }
    if (method.startsWith(QLatin1String("notifications/"))) {
        respond(JsonRpc::error(id, JsonRpc::InvalidRequest,
                               QStringLiteral("Invalid Request: %1 is a notification and must not "
                                              "carry an id").arg(method)));
        return;
    }
    dispatchRequest(msg, id, respond);
}

void McpSession::handleNotification(const QString &method, const QJsonObject &params)
{
    if (method == QLatin1String("notifications/initialized")) {
        if (m_initializeAnswered)
            m_initialized = true;
        return;
    }
    if (method == QLatin1String("notifications/cancelled")) {
        const QJsonValue requestId = params.value(QStringLiteral("requestId"));
        if (!JsonRpc::isValidId(requestId))
            return;
        const auto it = m_inFlight.find(JsonRpc::idKey(requestId));
        if (it == m_inFlight.end())
            return; // finished already, or never existed: ignore, as the spec says
        InFlight entry = it.value();
        m_inFlight.erase(it);
        qCDebug(lcSession) << "cancelled request" << JsonRpc::idKey(requestId);
        if (entry.call) {
            entry.call->cancel();
            entry.call->deleteLater();
        }
        entry.respond(std::nullopt);
        return;
    }
    // Other notifications (progress, roots/list_changed, …) need nothing from us.
}

void McpSession::dispatchRequest(const QJsonObject &msg, const QJsonValue &id,
                                 const Responder &respond)
{
    const QString method = msg.value(QStringLiteral("method")).toString();
    const QJsonObject params = msg.value(QStringLiteral("params")).toObject();
    QElapsedTimer timer;
    timer.start();

    auto fail = [&](int code, const QString &message) {
        respond(JsonRpc::error(id, code, message));
        record(method, {}, timer, RequestRecord::Outcome::ProtocolError, message);
    };
    auto succeed = [&](const QJsonObject &result) {
        respond(JsonRpc::response(id, result));
        record(method, {}, timer, RequestRecord::Outcome::Ok);
    };

    if (m_inFlight.contains(JsonRpc::idKey(id))) {
        fail(JsonRpc::InvalidRequest,
             QStringLiteral("Invalid Request: id %1 is already in use by a request in flight")
                 .arg(id.isString() ? id.toString() : QString::number(id.toInteger())));
        return;
    }
    if (method == QLatin1String("ping")) {
        succeed({});
        return;
    }
    if (method == QLatin1String("initialize")) {
        if (m_initializeAnswered) {
            fail(JsonRpc::InvalidRequest, QStringLiteral("Invalid Request: already initialized"));
            return;
        }
        if (!params.value(QStringLiteral("protocolVersion")).isString()) {
            fail(JsonRpc::InvalidParams,
                 QStringLiteral("Invalid params: initialize needs \"protocolVersion\" (a string)"));
            return;
        }
        succeed(initializeResult(params));
        return;
    }
    if (!m_initializeAnswered) {
        fail(JsonRpc::InvalidRequest,
             QStringLiteral("Invalid Request: the session is not initialized; send \"initialize\" first"));
        return;
    }
    if (method == QLatin1String("tools/list")) {
        bool ok = true;
        const QJsonObject result = toolsListResult(params, id, &ok);
        if (ok)
            succeed(result);
        else
            fail(JsonRpc::InvalidParams, QStringLiteral("Invalid params: unknown or malformed cursor"));
        return;
    }
    if (method == QLatin1String("tools/call")) {
        callTool(params, id, respond);
        return;
    }
    if (method == QLatin1String("logging/setLevel")) {
        const int rank = logLevelRank(params.value(QStringLiteral("level")).toString());
        if (rank < 0) {
            fail(JsonRpc::InvalidParams,
                 QStringLiteral("Invalid params: level must be one of %1").arg(kLogLevels.join(QStringLiteral(", "))));
            return;
        }
        m_logLevel = rank;
        succeed({});
        return;
    }
    fail(JsonRpc::MethodNotFound, QStringLiteral("Method not found: %1").arg(method));
}

QJsonObject McpSession::initializeResult(const QJsonObject &params)
{
    const QString requested = params.value(QStringLiteral("protocolVersion")).toString();
    m_protocolVersion = m_config.protocolVersions.contains(requested) ? requested
                                                                      : m_config.protocolVersions.first();
    m_clientInfo = params.value(QStringLiteral("clientInfo")).toObject();
    m_clientCapabilities = params.value(QStringLiteral("capabilities")).toObject();
    m_initializeAnswered = true;
    emit clientIdentified(m_clientInfo, m_protocolVersion);

    // Capabilities declared = capabilities implemented.
    const QJsonObject capabilities{
        {QStringLiteral("tools"), QJsonObject{{QStringLiteral("listChanged"), true}}},
        {QStringLiteral("logging"), QJsonObject{}},
    };
    QJsonObject serverInfo{{QStringLiteral("name"), m_config.name},
                           {QStringLiteral("version"), m_config.version}};
    if (m_protocolVersion >= QLatin1String("2025-06-18"))
        serverInfo.insert(QStringLiteral("title"), m_config.title);
    QJsonObject result{{QStringLiteral("protocolVersion"), m_protocolVersion},
                       {QStringLiteral("capabilities"), capabilities},
                       {QStringLiteral("serverInfo"), serverInfo}};
    if (!m_config.instructions.isEmpty())
        result.insert(QStringLiteral("instructions"), m_config.instructions);
    qCInfo(lcSession).noquote() << "client" << m_clientInfo.value(QStringLiteral("name")).toString()
                                << m_clientInfo.value(QStringLiteral("version")).toString()
                                << "speaks" << m_protocolVersion;
    return result;
}

QJsonObject McpSession::toolsListResult(const QJsonObject &params, const QJsonValue &, bool *ok)
{
    const QList<ToolSpec> specs = m_registry ? m_registry->specs() : QList<ToolSpec>{};
    int offset = 0;
    const QJsonValue cursor = params.value(QStringLiteral("cursor"));
    if (!cursor.isUndefined() && !cursor.isNull()) {
        const auto decoded = cursor.isString() ? decodeCursor(cursor.toString()) : std::nullopt;
        if (!decoded || *decoded > specs.size()) {
            *ok = false;
            return {};
        }
        offset = *decoded;
    }
    QJsonArray tools;
    const int end = std::min<int>(specs.size(), offset + std::max(1, m_config.pageSize));
    for (int i = offset; i < end; ++i)
        tools.append(specs.at(i).toJson());
    QJsonObject result{{QStringLiteral("tools"), tools}};
    if (end < specs.size())
        result.insert(QStringLiteral("nextCursor"), encodeCursor(end));
    return result;
}

void McpSession::callTool(const QJsonObject &params, const QJsonValue &id, const Responder &respond)
{
    QElapsedTimer timer;
    timer.start();
    const QString method = QStringLiteral("tools/call");
    const QJsonValue nameValue = params.value(QStringLiteral("name"));
    if (!nameValue.isString()) {
        const QString message = QStringLiteral("Invalid params: tools/call needs \"name\" (a string)");
        respond(JsonRpc::error(id, JsonRpc::InvalidParams, message));
        record(method, {}, timer, RequestRecord::Outcome::ProtocolError, message);
        return;
    }
    const QString name = nameValue.toString();
    const ToolRegistry::Entry *entry = m_registry ? m_registry->find(name) : nullptr;
    if (!entry) {
        const QString message = QStringLiteral("Unknown tool: %1 (tools/list names the tools)").arg(name);
        respond(JsonRpc::error(id, JsonRpc::InvalidParams, message));
        record(method, name, timer, RequestRecord::Outcome::ProtocolError, message);
        return;
    }
    const QJsonValue argsValue = params.value(QStringLiteral("arguments"));
    if (!argsValue.isUndefined() && !argsValue.isNull() && !argsValue.isObject()) {
        const QString message = QStringLiteral("Invalid params: \"arguments\" must be an object");
        respond(JsonRpc::error(id, JsonRpc::InvalidParams, message));
        record(method, name, timer, RequestRecord::Outcome::ProtocolError, message);
        return;
    }
    const QJsonObject arguments = argsValue.toObject();

    // Bad argument values are execution errors (2025-11-25): the model reads them and retries.
    const QString invalid = JsonSchema::validate(entry->spec.inputSchema, arguments);
    if (!invalid.isEmpty()) {
        const ToolResult result = ToolResult::error(
            QStringLiteral("Invalid arguments for %1: %2").arg(name, invalid),
            QJsonObject{{QStringLiteral("message"), invalid}});
        respond(JsonRpc::response(id, result.toJson()));
        record(method, name, timer, RequestRecord::Outcome::ToolError, invalid);
        return;
    }

    const QJsonValue token = params.value(QStringLiteral("_meta")).toObject().value(QStringLiteral("progressToken"));
    const bool tokenValid = token.isString() || JsonRpc::isValidId(token);
    auto *call = new ToolCall(name, arguments, tokenValid ? token : QJsonValue(QJsonValue::Undefined),
                              m_connectionEnv, this);
    call->setSessionInfo(m_protocolVersion, m_clientInfo);
    const QString key = JsonRpc::idKey(id);
    m_inFlight.insert(key, InFlight{call, respond});

    connect(call, &ToolCall::progressNotification, this, [this](const QJsonObject &p) {
        send(JsonRpc::notification(QStringLiteral("notifications/progress"), p));
    });
    connect(call, &ToolCall::logNotification, this, [this, name](const QString &level, const QJsonValue &data) {
        sendLog(level, name, data);
    });
    connect(call, &ToolCall::finished, this, [this, key, call, id, name, timer](const ToolResult &result) {
        const auto it = m_inFlight.find(key);
        if (it == m_inFlight.end() || it->call != call)
            return;
        const Responder reply = it->respond;
        m_inFlight.erase(it);
        reply(JsonRpc::response(id, result.toJson()));
        record(QStringLiteral("tools/call"), name, timer,
               result.isError() ? RequestRecord::Outcome::ToolError : RequestRecord::Outcome::Ok,
               result.isError() ? result.structuredContent().value(QStringLiteral("error")).toString() : QString());
        call->deleteLater();
    });
    connect(call, &ToolCall::cancelled, this, [this, name, timer]() {
        record(QStringLiteral("tools/call"), name, timer, RequestRecord::Outcome::Cancelled);
    });

    entry->handler(call);
}

void McpSession::sendLog(const QString &level, const QString &logger, const QJsonValue &data)
{
    const int rank = logLevelRank(level);
    if (rank < 0 || rank < m_logLevel || !m_initializeAnswered)
        return;
    QJsonObject params{{QStringLiteral("level"), level}, {QStringLiteral("data"), data}};
    if (!logger.isEmpty())
        params.insert(QStringLiteral("logger"), logger);
    send(JsonRpc::notification(QStringLiteral("notifications/message"), params));
}

} // namespace Hopx::Mcp

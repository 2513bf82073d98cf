// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "McpSession.h"

#include "JsonRpc.h"
#include "JsonSchema.h"
#include "PromptRegistry.h"
#include "ResourceRegistry.h"
#include "ToolCall.h"
#include "ToolRegistry.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QTimer>

#include <memory>

Q_LOGGING_CATEGORY(lcSession, "hopx.mcp.session", QtInfoMsg)

namespace Hopx::Mcp {

namespace {

const QStringList kLogLevels {QStringLiteral("debug"), QStringLiteral("info"),
    QStringLiteral("notice"), QStringLiteral("warning"), QStringLiteral("error"),
    QStringLiteral("critical"), QStringLiteral("alert"), QStringLiteral("emergency")};

const QString kRelatedTask = QStringLiteral("io.modelcontextprotocol/related-task");
constexpr int kMaxCompletionValues = 100; // the spec's cap per response

QString encodeCursor(int offset)
{
    return QString::fromLatin1(QByteArray("o:" + QByteArray::number(offset)).toBase64());
}

std::optional<int> decodeCursor(const QString &cursor)
{
    const QByteArray raw =
        QByteArray::fromBase64(cursor.toLatin1(), QByteArray::AbortOnBase64DecodingErrors);
    if (!raw.startsWith("o:"))
        return std::nullopt;
    bool ok = false;
    const int offset = raw.mid(2).toInt(&ok);
    if (!ok || offset <= 0)
        return std::nullopt;
    return offset;
}

//! One page of `items` under `key`; false when the cursor is not one we handed out.
/*! Answers a list request with the page of \a items its cursor asks for (under \a key, with
 *  nextCursor when more follow), or -32602 for a cursor this server never gave. */
template<typename Succeed, typename Fail>
void answerPage(const QJsonArray &items, const QJsonObject &params, const QString &key,
    int pageSize, Succeed succeed, Fail fail)
{
    int offset = 0;
    const QJsonValue cursor = params.value(QStringLiteral("cursor"));
    if (!cursor.isUndefined() && !cursor.isNull()) {
        const auto decoded = cursor.isString() ? decodeCursor(cursor.toString()) : std::nullopt;
        if (!decoded || *decoded > items.size()) {
            fail(JsonRpc::InvalidParams,
                QStringLiteral("Invalid params: unknown or malformed cursor"));
            return;
        }
        offset = *decoded;
    }
    QJsonArray page;
    const int end = std::min<int>(items.size(), offset + std::max(1, pageSize));
    for (int i = offset; i < end; ++i)
        page.append(items.at(i));
    QJsonObject result {{key, page}};
    if (end < items.size())
        result.insert(QStringLiteral("nextCursor"), encodeCursor(end));
    succeed(result);
}

QJsonObject relatedTaskMeta(const QString &taskId)
{
    return QJsonObject {{kRelatedTask, QJsonObject {{QStringLiteral("taskId"), taskId}}}};
}

QString firstText(const ToolResult &result)
{
    for (const QJsonValue &block : result.content())
        if (block.toObject().value(QStringLiteral("type")).toString() == QLatin1String("text"))
            return block.toObject().value(QStringLiteral("text")).toString().left(500);
    return {};
}

} // namespace

McpSession::McpSession(const ServerConfig &config, ToolRegistry *registry, QObject *parent)
    : McpSession(config, ServerContext {registry, nullptr, nullptr, nullptr}, parent)
{ }

McpSession::McpSession(const ServerConfig &config, const ServerContext &context, QObject *parent)
    : QObject(parent)
    , m_config(config)
    , m_registry(context.tools)
    , m_resources(context.resources)
    , m_prompts(context.prompts)
    , m_tasks(context.tasks)
{
    // list_changed only for capabilities declared with listChanged, and only once initialized.
    auto listChanged = [this](const char *capability, const QString &method) {
        if (m_initialized && m_serverCapabilities.contains(QLatin1String(capability)))
            send(JsonRpc::notification(method));
    };
    if (m_registry)
        connect(m_registry.data(), &ToolRegistry::changed, this,
            [=]() { listChanged("tools", QStringLiteral("notifications/tools/list_changed")); });
    if (m_resources) {
        connect(m_resources.data(), &ResourceRegistry::listChanged, this, [=]() {
            listChanged("resources", QStringLiteral("notifications/resources/list_changed"));
        });
        connect(m_resources.data(), &ResourceRegistry::updated, this, [this](const QString &uri) {
            if (m_initialized && m_subscriptions.contains(uri))
                send(JsonRpc::notification(QStringLiteral("notifications/resources/updated"),
                    QJsonObject {{QStringLiteral("uri"), uri}}));
        });
    }
    if (m_prompts)
        connect(m_prompts.data(), &PromptRegistry::listChanged, this, [=]() {
            listChanged("prompts", QStringLiteral("notifications/prompts/list_changed"));
        });
    if (m_tasks)
        connect(m_tasks.data(), &TaskStore::statusChanged, this, &McpSession::handleTaskChanged);
}

McpSession::~McpSession()
{
    abortAll();
    // Requests made by tasks that outlive us: their tools must hear that nobody will answer,
    // on the next turn of the loop (not from inside a destructor).
    const auto outgoing = std::exchange(m_outgoing, {});
    for (const OutgoingRequest &o : outgoing) {
        if (!o.call || o.call->isCancelled() || o.call->isFinished())
            continue;
        if (!o.taskId.isEmpty() && m_tasks)
            m_tasks->setStatus(o.taskId, TaskStore::Status::Working);
        QPointer<ToolCall> call = o.call;
        const ToolCall::ClientCallback callback = o.callback;
        QTimer::singleShot(0, call.data(), [call, callback]() {
            if (call && !call->isCancelled() && !call->isFinished())
                callback(ToolCall::ClientReply {
                    false, {}, JsonRpc::InternalError, QStringLiteral("The client session ended")});
        });
    }
}

int McpSession::logLevelRank(const QString &level)
{
    return kLogLevels.indexOf(level);
}

bool McpSession::tasksOffered() const
{
    if (!m_tasks || !m_registry)
        return false;
    for (const ToolSpec &spec : m_registry->specs())
        if (spec.taskSupport != ToolSpec::TaskSupport::Forbidden)
            return true;
    return false;
}

void McpSession::abortAll()
{
    const auto inFlight = std::exchange(m_inFlight, {});
    for (const InFlight &f : inFlight) {
        if (f.call) {
            cancelClientRequestsOf(f.call, false);
            m_callKeys.remove(f.call);
            f.call->cancel();
            f.call->deleteLater();
        }
    }
}

void McpSession::send(const QJsonObject &message, const QString &relatedKey)
{
    emit outgoing(JsonRpc::serialize(message), relatedKey);
}

void McpSession::record(const QString &method, const QString &tool, const QElapsedTimer &timer,
    RequestRecord::Outcome outcome, const QString &detail)
{
    emit requestFinished(
        RequestRecord {method, tool, timer.nsecsElapsed() / 1000, outcome, detail});
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
    QJsonParseError parseError {};
    const QJsonDocument doc = QJsonDocument::fromJson(line, &parseError);
    if (parseError.error != QJsonParseError::NoError || doc.isNull()) {
        send(JsonRpc::error(QJsonValue::Null, JsonRpc::ParseError,
            QStringLiteral("Parse error: %1 at offset %2")
                .arg(parseError.errorString())
                .arg(parseError.offset)));
        return;
    }
    handleJson(doc.isArray() ? QJsonValue(doc.array()) : QJsonValue(doc.object()));
}

void McpSession::handleJson(const QJsonValue &message)
{
    if (message.isArray()) {
        const QJsonArray batch = message.toArray();
        // The first request's key: the whole batch answers on that one's stream.
        QString batchKey;
        for (const QJsonValue &item : batch) {
            const QJsonObject o = item.toObject();
            if (o.value(QStringLiteral("method")).isString()
                && JsonRpc::isValidId(o.value(QStringLiteral("id")))) {
                batchKey = JsonRpc::idKey(o.value(QStringLiteral("id")));
                break;
            }
        }
        // Batches exist only in 2025-03-26 (added there, removed in 2025-06-18).
        if (m_protocolVersion != QLatin1String("2025-03-26")) {
            send(JsonRpc::error(QJsonValue::Null, JsonRpc::InvalidRequest,
                     QStringLiteral("Invalid Request: batches are only allowed with "
                                    "protocol version 2025-03-26")),
                batchKey);
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
            QString key;
        };
        auto collector = std::make_shared<Collector>();
        collector->pending = batch.size();
        collector->key = batchKey;
        QPointer<McpSession> self(this);
        for (const QJsonValue &item : batch) {
            dispatch(item, [collector, self](std::optional<QJsonObject> response) {
                if (response)
                    collector->responses.append(*response);
                if (--collector->pending == 0 && self) {
                    if (!collector->responses.isEmpty())
                        emit self->outgoing(
                            QJsonDocument(collector->responses).toJson(QJsonDocument::Compact),
                            collector->key);
                    else if (!collector->key.isEmpty())
                        emit self->requestDropped(collector->key);
                }
            });
        }
        return;
    }

    const QJsonObject object = message.toObject();
    const QJsonValue id = object.value(QStringLiteral("id"));
    const QString key = object.value(QStringLiteral("method")).isString() && JsonRpc::isValidId(id)
        ? JsonRpc::idKey(id)
        : QString();
    dispatch(message, [this, key](std::optional<QJsonObject> response) {
        if (response)
            send(*response, key);
        else if (!key.isEmpty())
            emit requestDropped(key);
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
            // A response to one of our requests (or to nothing: then it is ignored).
            handleClientResponse(msg);
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
                           "carry an id")
                .arg(method)));
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
            cancelClientRequestsOf(entry.call, false);
            m_callKeys.remove(entry.call);
            entry.call->cancel();
            entry.call->deleteLater();
        }
        entry.respond(std::nullopt);
        return;
    }
    // Other notifications (progress, roots/list_changed, …) need nothing from us.
}

void McpSession::handleClientResponse(const QJsonObject &msg)
{
    const QJsonValue id = msg.value(QStringLiteral("id"));
    if (!JsonRpc::isValidId(id))
        return;
    const auto it = m_outgoing.find(JsonRpc::idKey(id));
    if (it == m_outgoing.end())
        return; // late (timed out, cancelled) or bogus: the spec says ignore it
    const OutgoingRequest request = it.value();
    m_outgoing.erase(it);
    if (request.timer)
        request.timer->deleteLater();
    if (!request.taskId.isEmpty() && m_tasks)
        m_tasks->setStatus(request.taskId, TaskStore::Status::Working);
    if (request.call.isNull() || request.call->isCancelled() || request.call->isFinished())
        return;
    ToolCall::ClientReply reply;
    if (msg.contains(QStringLiteral("result"))) {
        reply.ok = true;
        reply.result = msg.value(QStringLiteral("result")).toObject();
    } else {
        const QJsonObject error = msg.value(QStringLiteral("error")).toObject();
        reply.errorCode = error.value(QStringLiteral("code")).toInt(JsonRpc::InternalError);
        reply.errorMessage = error.value(QStringLiteral("message")).toString();
    }
    request.callback(reply);
}

void McpSession::dispatchRequest(
    const QJsonObject &msg, const QJsonValue &id, const Responder &respond)
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
            QStringLiteral(
                "Invalid Request: the session is not initialized; send \"initialize\" first"));
        return;
    }
    if (method == QLatin1String("tools/list")) {
        QJsonArray tools;
        for (const ToolSpec &spec : m_registry ? m_registry->specs() : QList<ToolSpec> {})
            tools.append(spec.toJson());
        answerPage(tools, params, QStringLiteral("tools"), m_config.pageSize, succeed, fail);
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
                QStringLiteral("Invalid params: level must be one of %1")
                    .arg(kLogLevels.join(QStringLiteral(", "))));
            return;
        }
        m_logLevel = rank;
        succeed({});
        return;
    }

    // Resources: answered whenever the app gave us a registry, even an empty one (an empty
    // list is the truth); the capability itself is declared only when something is registered.
    if (method.startsWith(QLatin1String("resources/")) && m_resources) {
        if (method == QLatin1String("resources/list")
            || method == QLatin1String("resources/templates/list")) {
            const bool templates = method == QLatin1String("resources/templates/list");
            QJsonArray items;
            if (templates) {
                for (const ResourceRegistry::Template &t : m_resources->templates())
                    items.append(t.toJson());
            } else {
                for (const ResourceRegistry::Resource &r : m_resources->resources())
                    items.append(r.toJson());
            }
            answerPage(items, params,
                templates ? QStringLiteral("resourceTemplates") : QStringLiteral("resources"),
                m_config.pageSize, succeed, fail);
            return;
        }
        if (method == QLatin1String("resources/read")) {
            readResource(params, id, respond);
            return;
        }
        if (method == QLatin1String("resources/subscribe")
            || method == QLatin1String("resources/unsubscribe")) {
            const QJsonValue uri = params.value(QStringLiteral("uri"));
            if (!uri.isString() || uri.toString().isEmpty()) {
                fail(JsonRpc::InvalidParams,
                    QStringLiteral("Invalid params: %1 needs \"uri\" (a string)").arg(method));
                return;
            }
            // Any URI may be watched, registered or not yet: updates are announced by URI.
            if (method == QLatin1String("resources/subscribe"))
                m_subscriptions.insert(uri.toString());
            else
                m_subscriptions.remove(uri.toString());
            succeed({});
            return;
        }
    }

    if (method.startsWith(QLatin1String("prompts/")) && m_prompts) {
        if (method == QLatin1String("prompts/list")) {
            QJsonArray items;
            for (const PromptRegistry::Prompt &p : m_prompts->prompts())
                items.append(p.toJson());
            answerPage(items, params, QStringLiteral("prompts"), m_config.pageSize, succeed, fail);
            return;
        }
        if (method == QLatin1String("prompts/get")) {
            const QJsonValue name = params.value(QStringLiteral("name"));
            if (!name.isString()) {
                fail(JsonRpc::InvalidParams,
                    QStringLiteral("Invalid params: prompts/get needs \"name\" (a string)"));
                return;
            }
            const PromptRegistry::Entry *entry = m_prompts->find(name.toString());
            if (!entry) {
                fail(JsonRpc::InvalidParams,
                    QStringLiteral("Unknown prompt: %1 (prompts/list names the prompts)")
                        .arg(name.toString()));
                return;
            }
            const QJsonValue argsValue = params.value(QStringLiteral("arguments"));
            if (!argsValue.isUndefined() && !argsValue.isNull() && !argsValue.isObject()) {
                fail(JsonRpc::InvalidParams,
                    QStringLiteral("Invalid params: \"arguments\" must be an object"));
                return;
            }
            QMap<QString, QString> arguments;
            const QJsonObject args = argsValue.toObject();
            for (auto it = args.begin(); it != args.end(); ++it) {
                if (!it.value().isString()) {
                    fail(JsonRpc::InvalidParams,
                        QStringLiteral("Invalid params: prompt argument %1 must be a string")
                            .arg(it.key()));
                    return;
                }
                arguments.insert(it.key(), it.value().toString());
            }
            for (const PromptRegistry::Argument &a : entry->prompt.arguments) {
                if (a.required && !arguments.contains(a.name)) {
                    fail(JsonRpc::InvalidParams,
                        QStringLiteral("Invalid params: prompt %1 needs argument %2")
                            .arg(entry->prompt.name, a.name));
                    return;
                }
            }
            const QJsonObject result = entry->getter(arguments);
            if (!result.value(QStringLiteral("messages")).isArray()) {
                fail(JsonRpc::InternalError,
                    QStringLiteral("Prompt %1 produced no messages").arg(entry->prompt.name));
                return;
            }
            succeed(result);
            return;
        }
    }

    if (method == QLatin1String("completion/complete")
        && m_serverCapabilities.contains(QLatin1String("completions"))) {
        const QJsonObject ref = params.value(QStringLiteral("ref")).toObject();
        const QJsonObject argument = params.value(QStringLiteral("argument")).toObject();
        const QString type = ref.value(QStringLiteral("type")).toString();
        if (!argument.value(QStringLiteral("name")).isString()
            || !argument.value(QStringLiteral("value")).isString()) {
            fail(JsonRpc::InvalidParams,
                QStringLiteral(
                    "Invalid params: completion/complete needs argument {name, value} (strings)"));
            return;
        }
        const QString argName = argument.value(QStringLiteral("name")).toString();
        const QString argValue = argument.value(QStringLiteral("value")).toString();
        const QJsonObject context = params.value(QStringLiteral("context"))
                                        .toObject()
                                        .value(QStringLiteral("arguments"))
                                        .toObject();
        std::optional<QStringList> values;
        if (type == QLatin1String("ref/prompt") && m_prompts) {
            const PromptRegistry::Entry *entry =
                m_prompts->find(ref.value(QStringLiteral("name")).toString());
            bool known = false;
            if (entry)
                for (const PromptRegistry::Argument &a : entry->prompt.arguments)
                    known = known || a.name == argName;
            if (known)
                values = entry->completer ? entry->completer(argName, argValue, context)
                                          : QStringList {};
        } else if (type == QLatin1String("ref/resource") && m_resources) {
            values = m_resources->complete(ref.value(QStringLiteral("uri")).toString(), argName,
                argValue, context, m_connectionEnv);
        }
        if (!values) {
            fail(JsonRpc::InvalidParams,
                QStringLiteral("Invalid params: nothing to complete for %1 argument %2")
                    .arg(type, argName));
            return;
        }
        QJsonObject completion {
            {QStringLiteral("values"),
                QJsonArray::fromStringList(values->mid(0, kMaxCompletionValues))},
            {QStringLiteral("total"), int(values->size())},
            {QStringLiteral("hasMore"), values->size() > kMaxCompletionValues}};
        succeed(QJsonObject {{QStringLiteral("completion"), completion}});
        return;
    }

    if (method.startsWith(QLatin1String("tasks/"))
        && m_serverCapabilities.contains(QLatin1String("tasks"))) {
        taskRequest(method, params, id, respond);
        return;
    }
    fail(JsonRpc::MethodNotFound, QStringLiteral("Method not found: %1").arg(method));
}

QJsonObject McpSession::initializeResult(const QJsonObject &params)
{
    const QString requested = params.value(QStringLiteral("protocolVersion")).toString();
    m_protocolVersion = m_config.protocolVersions.contains(requested)
        ? requested
        : m_config.protocolVersions.first();
    m_clientInfo = params.value(QStringLiteral("clientInfo")).toObject();
    m_clientCapabilities = params.value(QStringLiteral("capabilities")).toObject();
    m_initializeAnswered = true;
    emit clientIdentified(m_clientInfo, m_protocolVersion);

    // Capabilities declared = capabilities implemented (and something to offer).
    QJsonObject capabilities {
        {QStringLiteral("tools"), QJsonObject {{QStringLiteral("listChanged"), true}}},
        {QStringLiteral("logging"), QJsonObject {}},
    };
    if (m_resources && !m_resources->isEmpty())
        capabilities.insert(QStringLiteral("resources"),
            QJsonObject {
                {QStringLiteral("subscribe"), true}, {QStringLiteral("listChanged"), true}});
    if (m_prompts && !m_prompts->isEmpty())
        capabilities.insert(
            QStringLiteral("prompts"), QJsonObject {{QStringLiteral("listChanged"), true}});
    if ((m_prompts && !m_prompts->isEmpty()) || (m_resources && m_resources->hasTemplates()))
        capabilities.insert(QStringLiteral("completions"), QJsonObject {});
    // Tasks are a 2025-11-25 feature: older clients would not know what to do with them.
    if (tasksOffered() && m_protocolVersion >= QLatin1String("2025-11-25"))
        capabilities.insert(QStringLiteral("tasks"),
            QJsonObject {{QStringLiteral("list"), QJsonObject {}},
                {QStringLiteral("cancel"), QJsonObject {}},
                {QStringLiteral("requests"),
                    QJsonObject {{QStringLiteral("tools"),
                        QJsonObject {{QStringLiteral("call"), QJsonObject {}}}}}}});
    m_serverCapabilities = capabilities;

    QJsonObject serverInfo {
        {QStringLiteral("name"), m_config.name}, {QStringLiteral("version"), m_config.version}};
    if (m_protocolVersion >= QLatin1String("2025-06-18"))
        serverInfo.insert(QStringLiteral("title"), m_config.title);
    QJsonObject result {{QStringLiteral("protocolVersion"), m_protocolVersion},
        {QStringLiteral("capabilities"), capabilities}, {QStringLiteral("serverInfo"), serverInfo}};
    if (!m_config.instructions.isEmpty())
        result.insert(QStringLiteral("instructions"), m_config.instructions);
    qCInfo(lcSession).noquote() << "client" << m_clientInfo.value(QStringLiteral("name")).toString()
                                << m_clientInfo.value(QStringLiteral("version")).toString()
                                << "speaks" << m_protocolVersion;
    return result;
}

void McpSession::callTool(const QJsonObject &params, const QJsonValue &id, const Responder &respond)
{
    QElapsedTimer timer;
    timer.start();
    const QString method = QStringLiteral("tools/call");
    const QJsonValue nameValue = params.value(QStringLiteral("name"));
    if (!nameValue.isString()) {
        const QString message =
            QStringLiteral("Invalid params: tools/call needs \"name\" (a string)");
        respond(JsonRpc::error(id, JsonRpc::InvalidParams, message));
        record(method, {}, timer, RequestRecord::Outcome::ProtocolError, message);
        return;
    }
    const QString name = nameValue.toString();
    const ToolRegistry::Entry *entry = m_registry ? m_registry->find(name) : nullptr;
    if (!entry) {
        const QString message =
            QStringLiteral("Unknown tool: %1 (tools/list names the tools)").arg(name);
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

    // Receivers that did not declare tasks MUST ignore params.task (tasks spec).
    const bool tasksDeclared = m_serverCapabilities.contains(QLatin1String("tasks"));
    const QJsonValue taskValue = params.value(QStringLiteral("task"));
    const bool asTask = tasksDeclared && taskValue.isObject();
    if (tasksDeclared) {
        QString refusal;
        if (asTask && entry->spec.taskSupport == ToolSpec::TaskSupport::Forbidden)
            refusal = QStringLiteral("Tool %1 does not support task-augmented calls").arg(name);
        else if (!asTask && entry->spec.taskSupport == ToolSpec::TaskSupport::Required)
            refusal = QStringLiteral("Tool %1 must be called as a task (params.task)").arg(name);
        if (!refusal.isEmpty()) {
            respond(JsonRpc::error(id, JsonRpc::MethodNotFound, refusal));
            record(method, name, timer, RequestRecord::Outcome::ProtocolError, refusal);
            return;
        }
    }

    // Bad argument values are execution errors (2025-11-25): the model reads them and retries.
    const QString invalid = JsonSchema::validate(entry->spec.inputSchema, arguments);
    std::optional<ToolResult> invalidResult;
    if (!invalid.isEmpty()) {
        invalidResult =
            ToolResult::error(QStringLiteral("Invalid arguments for %1: %2").arg(name, invalid),
                QJsonObject {{QStringLiteral("message"), invalid}});
        if (!asTask) {
            respond(JsonRpc::response(id, invalidResult->toJson()));
            record(method, name, timer, RequestRecord::Outcome::ToolError, invalid);
            return;
        }
    }

    const QJsonValue token =
        params.value(QStringLiteral("_meta")).toObject().value(QStringLiteral("progressToken"));
    const bool tokenValid = token.isString() || JsonRpc::isValidId(token);
    auto *call = new ToolCall(name, arguments,
        tokenValid ? token : QJsonValue(QJsonValue::Undefined), m_connectionEnv, this);
    call->setSessionInfo(m_protocolVersion, m_clientInfo);
    call->setClientCapabilities(m_clientCapabilities);
    QPointer<McpSession> self(this);
    call->setClientRequester([self](ToolCall *c, const QString &m, const QJsonObject &p,
                                 const ToolCall::ClientCallback &cb) {
        if (self) {
            self->sendClientRequest(c, m, p, cb);
            return;
        }
        QPointer<ToolCall> guard(c);
        QTimer::singleShot(0, c, [guard, cb]() {
            if (guard && !guard->isCancelled())
                cb(ToolCall::ClientReply {
                    false, {}, JsonRpc::InternalError, QStringLiteral("The client session ended")});
        });
    });

    if (asTask) {
        startTask(*entry, call, taskValue.toObject(), id, respond, invalidResult);
        record(method, name, timer, RequestRecord::Outcome::Ok, QStringLiteral("task created"));
        return;
    }

    const QString key = JsonRpc::idKey(id);
    m_inFlight.insert(key, InFlight {call, respond, {}});
    m_callKeys.insert(call, key);

    connect(call, &ToolCall::progressNotification, this, [this, key](const QJsonObject &p) {
        send(JsonRpc::notification(QStringLiteral("notifications/progress"), p), key);
    });
    connect(call, &ToolCall::logNotification, this,
        [this, name, key](
            const QString &level, const QJsonValue &data) { emitLog(level, name, data, key, {}); });
    connect(call, &ToolCall::finished, this,
        [this, key, call, id, name, timer](const ToolResult &result) {
            m_callKeys.remove(call);
            cancelClientRequestsOf(call, false);
            const auto it = m_inFlight.find(key);
            if (it == m_inFlight.end() || it->call != call)
                return;
            const Responder reply = it->respond;
            m_inFlight.erase(it);
            reply(JsonRpc::response(id, result.toJson()));
            record(QStringLiteral("tools/call"), name, timer,
                result.isError() ? RequestRecord::Outcome::ToolError : RequestRecord::Outcome::Ok,
                result.isError()
                    ? result.structuredContent().value(QStringLiteral("error")).toString()
                    : QString());
            call->deleteLater();
        });
    connect(call, &ToolCall::cancelled, this, [this, name, timer, call]() {
        m_callKeys.remove(call);
        record(QStringLiteral("tools/call"), name, timer, RequestRecord::Outcome::Cancelled);
    });

    entry->handler(call);
}

void McpSession::startTask(const ToolRegistry::Entry &entry, ToolCall *call,
    const QJsonObject &taskParams, const QJsonValue &id, const Responder &respond,
    const std::optional<ToolResult> &early)
{
    std::optional<qint64> ttl;
    const QJsonValue ttlValue = taskParams.value(QStringLiteral("ttl"));
    if (ttlValue.isDouble() && ttlValue.toDouble() > 0)
        ttl = qint64(ttlValue.toDouble());
    const auto task = m_tasks->create(m_authContext, ttl);
    if (!task) {
        delete call;
        respond(JsonRpc::error(id, JsonRpc::InternalError,
            QStringLiteral("Too many unfinished tasks (%1); wait for some to finish or cancel them")
                .arg(m_config.maxTasks)));
        return;
    }
    const QString taskId = task->id;
    m_ownTasks.insert(taskId);
    call->setTaskId(taskId);
    m_tasks->attach(taskId, call); // the store owns it now: it outlives this request and session

    // Progress keeps the original token until the task ends; where it goes is decided per message.
    connect(
        call, &ToolCall::progressNotification, this, [this, call, taskId](const QJsonObject &p) {
            QJsonObject params = p;
            params.insert(QStringLiteral("_meta"), relatedTaskMeta(taskId));
            send(JsonRpc::notification(QStringLiteral("notifications/progress"), params),
                relatedKeyFor(call));
        });
    const QString name = entry.spec.name;
    connect(call, &ToolCall::logNotification, this,
        [this, call, name, taskId](const QString &level, const QJsonValue &data) {
            emitLog(level, name, data, relatedKeyFor(call), taskId);
        });
    // The store, not the session, is the receiver: the result is kept even if we are gone.
    QPointer<TaskStore> store = m_tasks;
    connect(call, &ToolCall::finished, m_tasks.data(), [store, taskId](const ToolResult &result) {
        if (!store)
            return;
        const QString message = result.isError() ? firstText(result) : QString();
        store->finish(taskId,
            result.isError() ? TaskStore::Status::Failed : TaskStore::Status::Completed,
            QJsonObject {{QStringLiteral("result"), result.toJson()}}, message);
    });
    connect(
        call, &ToolCall::cancelled, this, [this, call]() { cancelClientRequestsOf(call, false); });

    QJsonObject created {{QStringLiteral("task"), task->toJson()}};
    respond(JsonRpc::response(id, created));
    qCDebug(lcSession) << "tool" << name << "runs as a task";

    if (early) {
        call->finish(*early);
        return;
    }
    entry.handler(call);
}

void McpSession::taskRequest(const QString &method, const QJsonObject &params, const QJsonValue &id,
    const Responder &respond)
{
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
    if (!m_tasks) {
        fail(JsonRpc::InternalError, QStringLiteral("Tasks are not available"));
        return;
    }
    if (method == QLatin1String("tasks/list")) {
        QJsonArray items;
        for (const TaskStore::Task &t : m_tasks->list(m_authContext))
            items.append(t.toJson());
        answerPage(items, params, QStringLiteral("tasks"), m_config.pageSize, succeed, fail);
        return;
    }
    const bool known = method == QLatin1String("tasks/get")
        || method == QLatin1String("tasks/result") || method == QLatin1String("tasks/cancel");
    if (!known) {
        fail(JsonRpc::MethodNotFound, QStringLiteral("Method not found: %1").arg(method));
        return;
    }
    const QJsonValue taskIdValue = params.value(QStringLiteral("taskId"));
    if (!taskIdValue.isString()) {
        fail(JsonRpc::InvalidParams,
            QStringLiteral("Invalid params: %1 needs \"taskId\" (a string)").arg(method));
        return;
    }
    // Another context's task is reported exactly like a missing one: no existence oracle.
    const auto task = m_tasks->find(taskIdValue.toString(), m_authContext);
    if (!task) {
        fail(JsonRpc::InvalidParams,
            QStringLiteral("Task not found (unknown, expired or not yours)"));
        return;
    }
    if (method == QLatin1String("tasks/get")) {
        succeed(task->toJson());
        return;
    }
    if (method == QLatin1String("tasks/cancel")) {
        if (task->isTerminal()) {
            fail(JsonRpc::InvalidParams,
                QStringLiteral("Cannot cancel task: already in terminal status '%1'")
                    .arg(TaskStore::statusName(task->status)));
            return;
        }
        m_tasks->cancel(task->id, QStringLiteral("The task was cancelled by request."));
        const auto cancelled = m_tasks->find(task->id, m_authContext);
        succeed(cancelled ? cancelled->toJson() : task->toJson());
        return;
    }
    // tasks/result: answer now if terminal, else wait (a request in flight like any other).
    if (task->isTerminal()) {
        answerTaskResult(*task, id, respond);
        record(method, {}, timer, RequestRecord::Outcome::Ok);
        return;
    }
    m_inFlight.insert(JsonRpc::idKey(id), InFlight {nullptr, respond, task->id});
}

void McpSession::answerTaskResult(
    const TaskStore::Task &task, const QJsonValue &id, const Responder &respond)
{
    if (task.outcome.contains(QStringLiteral("result"))) {
        QJsonObject result = task.outcome.value(QStringLiteral("result")).toObject();
        QJsonObject meta = result.value(QStringLiteral("_meta")).toObject();
        meta.insert(kRelatedTask, QJsonObject {{QStringLiteral("taskId"), task.id}});
        result.insert(QStringLiteral("_meta"), meta);
        respond(JsonRpc::response(id, result));
        return;
    }
    const QJsonObject error = task.outcome.value(QStringLiteral("error")).toObject();
    respond(JsonRpc::error(id, error.value(QStringLiteral("code")).toInt(JsonRpc::InternalError),
        error.value(QStringLiteral("message"))
            .toString(QStringLiteral("The task ended without a result")),
        relatedTaskMeta(task.id)));
}

void McpSession::handleTaskChanged(const TaskStore::Task &task)
{
    if (task.context != m_authContext)
        return;
    if (m_ownTasks.contains(task.id) && m_initialized)
        send(JsonRpc::notification(QStringLiteral("notifications/tasks/status"), task.toJson()));
    if (!task.isTerminal())
        return;
    m_ownTasks.remove(task.id);
    QList<QString> waiting;
    for (auto it = m_inFlight.cbegin(); it != m_inFlight.cend(); ++it)
        if (it->taskId == task.id)
            waiting.append(it.key());
    for (const QString &key : waiting) {
        const InFlight entry = m_inFlight.take(key);
        // The request id is only needed to build the response: recover it from the key.
        const QJsonValue id = key.startsWith(QLatin1String("s:"))
            ? QJsonValue(key.mid(2))
            : QJsonValue(key.mid(2).toLongLong());
        answerTaskResult(task, id, entry.respond);
    }
}

void McpSession::readResource(
    const QJsonObject &params, const QJsonValue &id, const Responder &respond)
{
    QElapsedTimer timer;
    timer.start();
    const QJsonValue uri = params.value(QStringLiteral("uri"));
    if (!uri.isString() || uri.toString().isEmpty()) {
        const QString message =
            QStringLiteral("Invalid params: resources/read needs \"uri\" (a string)");
        respond(JsonRpc::error(id, JsonRpc::InvalidParams, message));
        record(QStringLiteral("resources/read"), {}, timer, RequestRecord::Outcome::ProtocolError,
            message);
        return;
    }
    const QString key = JsonRpc::idKey(id);
    // In flight like a tool call, so that a cancellation suppresses a late answer.
    m_inFlight.insert(key, InFlight {nullptr, respond, {}});
    auto answered = std::make_shared<bool>(false);
    QPointer<McpSession> self(this);
    auto onRead = [self, key, id, timer, answered](const ResourceRegistry::ReadResult &r) {
        if (!self || *answered)
            return;
        *answered = true;
        const auto it = self->m_inFlight.find(key);
        if (it == self->m_inFlight.end() || it->call || !it->taskId.isEmpty())
            return; // cancelled meanwhile
        const Responder reply = it->respond;
        self->m_inFlight.erase(it);
        if (r.ok())
            reply(JsonRpc::response(id, QJsonObject {{QStringLiteral("contents"), r.contents}}));
        else
            reply(JsonRpc::error(id, r.errorCode, r.errorMessage));
        self->record(QStringLiteral("resources/read"), {}, timer,
            r.ok() ? RequestRecord::Outcome::Ok : RequestRecord::Outcome::ProtocolError,
            r.errorMessage);
    };
    // The reader may depend on this client's own credentials (a sandbox in its HOPX account).
    m_resources->read(uri.toString(), onRead, m_connectionEnv);
}

QString McpSession::relatedKeyFor(ToolCall *call) const
{
    if (!call)
        return {};
    const auto it = m_callKeys.constFind(call);
    if (it != m_callKeys.constEnd())
        return *it;
    if (!call->taskId().isEmpty()) {
        // A task's messages ride on a tasks/result that waits for it, if there is one.
        for (auto f = m_inFlight.cbegin(); f != m_inFlight.cend(); ++f)
            if (f->taskId == call->taskId())
                return f.key();
    }
    return {};
}

void McpSession::sendClientRequest(ToolCall *call, const QString &method, const QJsonObject &params,
    const ToolCall::ClientCallback &callback)
{
    auto failLater = [call, callback](int code, const QString &message) {
        QPointer<ToolCall> guard(call);
        QTimer::singleShot(0, call, [guard, callback, code, message]() {
            if (guard && !guard->isCancelled())
                callback(ToolCall::ClientReply {false, {}, code, message});
        });
    };
    // The server may only use what the client declared (lifecycle: negotiated capabilities).
    QString capability;
    if (method == QLatin1String("sampling/createMessage"))
        capability = QStringLiteral("sampling");
    else if (method == QLatin1String("elicitation/create"))
        capability = QStringLiteral("elicitation");
    else if (method == QLatin1String("roots/list"))
        capability = QStringLiteral("roots");
    if (!capability.isEmpty() && !m_clientCapabilities.contains(capability)) {
        failLater(JsonRpc::MethodNotFound,
            QStringLiteral("The client did not declare the %1 capability (needed for %2)")
                .arg(capability, method));
        return;
    }
    if (method == QLatin1String("elicitation/create")
        && params.value(QStringLiteral("mode")).toString() == QLatin1String("url")
        && !m_clientCapabilities.value(QStringLiteral("elicitation"))
                .toObject()
                .contains(QStringLiteral("url"))) {
        failLater(
            JsonRpc::MethodNotFound, QStringLiteral("The client did not declare URL elicitation"));
        return;
    }
    if (!m_initialized) {
        failLater(
            JsonRpc::InvalidRequest, QStringLiteral("The client has not finished initialization"));
        return;
    }

    // Ids are never reused within the session (JSON-RPC, and the spec's "never reused" rule).
    const qint64 number = m_nextOutgoingId++;
    const QJsonValue id(number);
    const QString key = JsonRpc::idKey(id);
    QJsonObject p = params;
    const QString taskId = call->taskId();
    if (!taskId.isEmpty()) {
        QJsonObject meta = p.value(QStringLiteral("_meta")).toObject();
        meta.insert(kRelatedTask, QJsonObject {{QStringLiteral("taskId"), taskId}});
        p.insert(QStringLiteral("_meta"), meta);
        if (m_tasks)
            m_tasks->setStatus(taskId, TaskStore::Status::InputRequired,
                QStringLiteral("Waiting for the client to answer %1").arg(method));
    }
    auto *timer = new QTimer(this);
    timer->setSingleShot(true);
    timer->setInterval(m_config.clientRequestTimeoutMs);
    connect(timer, &QTimer::timeout, this, [this, key, number, method]() {
        const auto it = m_outgoing.find(key);
        if (it == m_outgoing.end())
            return;
        const OutgoingRequest request = it.value();
        m_outgoing.erase(it);
        request.timer->deleteLater();
        send(JsonRpc::notification(QStringLiteral("notifications/cancelled"),
            QJsonObject {{QStringLiteral("requestId"), number},
                {QStringLiteral("reason"), QStringLiteral("timed out")}}));
        if (!request.taskId.isEmpty() && m_tasks)
            m_tasks->setStatus(request.taskId, TaskStore::Status::Working);
        if (request.call && !request.call->isCancelled())
            request.callback(ToolCall::ClientReply {false, {}, JsonRpc::InternalError,
                QStringLiteral("The client did not answer %1 in time").arg(method)});
    });
    m_outgoing.insert(key, OutgoingRequest {callback, call, timer, taskId});
    timer->start();
    send(JsonRpc::request(id, method, p), relatedKeyFor(call));
}

void McpSession::cancelClientRequestsOf(ToolCall *call, bool notifyCallbacks)
{
    QList<QString> keys;
    for (auto it = m_outgoing.cbegin(); it != m_outgoing.cend(); ++it)
        if (it->call == call)
            keys.append(it.key());
    for (const QString &key : keys) {
        const OutgoingRequest request = m_outgoing.take(key);
        if (request.timer)
            request.timer->deleteLater();
        // Tell the client to stop asking its user: nobody waits for the answer any more.
        send(JsonRpc::notification(QStringLiteral("notifications/cancelled"),
            QJsonObject {{QStringLiteral("requestId"), key.mid(2).toLongLong()},
                {QStringLiteral("reason"), QStringLiteral("the tool call ended")}}));
        if (notifyCallbacks && request.call)
            request.callback(ToolCall::ClientReply {
                false, {}, JsonRpc::InternalError, QStringLiteral("cancelled")});
    }
}

void McpSession::emitLog(const QString &level, const QString &logger, const QJsonValue &data,
    const QString &relatedKey, const QString &taskId)
{
    const int rank = logLevelRank(level);
    if (rank < 0 || rank < m_logLevel || !m_initializeAnswered)
        return;
    QJsonObject params {{QStringLiteral("level"), level}, {QStringLiteral("data"), data}};
    if (!logger.isEmpty())
        params.insert(QStringLiteral("logger"), logger);
    if (!taskId.isEmpty())
        params.insert(QStringLiteral("_meta"), relatedTaskMeta(taskId));
    send(JsonRpc::notification(QStringLiteral("notifications/message"), params), relatedKey);
}

void McpSession::sendLog(const QString &level, const QString &logger, const QJsonValue &data)
{
    emitLog(level, logger, data, {}, {});
}

} // namespace Hopx::Mcp

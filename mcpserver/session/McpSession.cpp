// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "session/McpSession.h"

#include "features/PromptRegistry.h"
#include "features/ResourceRegistry.h"
#include "session/SessionFeatures.h"
#include "session/SessionObserver.h"
#include "tools/ToolRegistry.h"
#include "json/JsonRpc.h"
#include "json/JsonWriter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcSession, "hopx.mcp.session", QtInfoMsg)

namespace Hopx::Mcp {

//! The answers to one 2025-03-26 batch, sent together once every member is done.
struct BatchCollector
{
    int pending = 0;
    QByteArrayList responses;
    QString key; // the first request's: the whole batch answers on that one's stream
    QStringList opened; // members requestOpened() named: closed once the batch is answered
};

namespace {

bool isBlank(const QByteArray &line)
{
    for (const char c : line)
        if (c != ' ' && c != '\t' && c != '\r' && c != '\n' && c != '\v' && c != '\f')
            return false;
    return true;
}

} // namespace

McpSession::McpSession(const ServerConfig &config, ToolRegistry *registry, QObject *parent)
    : McpSession(config, ServerContext {registry, nullptr, nullptr, nullptr}, parent)
{ }

McpSession::McpSession(const ServerConfig &config, const ServerContext &context, QObject *parent)
    : QObject(parent)
    , m_config(config)
    , m_context(context)
    , m_caller(std::make_shared<Caller>())
    , m_modern(
          config.modernProtocolVersions,
          QJsonObject {{QStringLiteral("name"), config.name},
              {QStringLiteral("title"), config.title}, {QStringLiteral("version"), config.version}},
          [this](const Caller &caller) { return declareCapabilities(caller); },
          [this](const Caller &caller) {
              logClient(caller, caller.protocolVersion);
              if (m_context.observer && m_observerId)
                  m_context.observer->identified(
                      m_observerId, caller.clientInfo, caller.protocolVersion, caller.toolProfile);
          })
{
    registerLifecycle();
    m_features = SessionFeatures::create(*this, context);
    for (const auto &feature : m_features)
        feature->registerMethods(m_methods);
    // What 2026-07-28 callers are told depends only on what the server offers.
    const auto forget = [this]() { m_modern.forgetCapabilities(); };
    if (context.tools)
        connect(context.tools, &ToolRegistry::changed, this, forget);
    if (context.resources)
        connect(context.resources, &ResourceRegistry::listChanged, this, forget);
    if (context.prompts)
        connect(context.prompts, &PromptRegistry::listChanged, this, forget);
}

McpSession::~McpSession()
{
    abortAll();
    // Users first: each feature may use those made before it.
    while (!m_features.empty())
        m_features.pop_back();
}

void McpSession::registerLifecycle()
{
    MethodTable::Method initialize;
    initialize.handler = [this](const McpRequest &request) { this->initialize(request); };
    initialize.beforeInitialize = true;
    initialize.eras = MethodTable::Legacy;
    m_methods.add(QStringLiteral("initialize"), initialize);
    MethodTable::Method ping;
    ping.handler = [](const McpRequest &request) { request.succeed({}); };
    ping.beforeInitialize = true;
    ping.eras = MethodTable::Legacy; // 2026-07-28 removed it
    m_methods.add(QStringLiteral("ping"), ping);
    MethodTable::Method discover;
    discover.handler = [this](const McpRequest &request) { this->discover(request); };
    discover.eras = MethodTable::Modern;
    m_methods.add(QStringLiteral("server/discover"), discover);
    m_methods.addNotification(
        QStringLiteral("notifications/initialized"), [this](const QJsonObject &) {
            if (m_initializeAnswered)
                m_initialized = true;
        });
    m_methods.addNotification(QStringLiteral("notifications/cancelled"),
        [this](const QJsonObject &params) { cancelled(params); });
}

void McpSession::updateCaller(const std::function<void(Caller &)> &change)
{
    // Callers are shared by the requests that hold them: change a copy.
    auto caller = std::make_shared<Caller>(*m_caller);
    change(*caller);
    m_caller = caller;
    m_modern.forgetCallers(); // made from the old one's env, profile and auth context
}

void McpSession::setConnectionEnv(const QMap<QString, QString> &env)
{
    updateCaller([&env](Caller &c) { c.connectionEnv = env; });
}

void McpSession::setToolProfile(const QString &profile)
{
    updateCaller([&profile](Caller &c) { c.toolProfile = profile; });
}

void McpSession::setAuthContext(const QString &context)
{
    updateCaller([&context](Caller &c) { c.authContext = context; });
}

const Caller *McpSession::listener() const
{
    return m_initialized ? m_caller.get() : nullptr;
}

void McpSession::send(const QJsonObject &notification, const QString &relatedKey)
{
    emit outgoing(
        JsonRpc::serialize(notification), Outgoing {Outgoing::Kind::Notification, relatedKey});
}

void McpSession::sendRequest(const QJsonObject &request, const QString &relatedKey)
{
    emit outgoing(JsonRpc::serialize(request), Outgoing {Outgoing::Kind::Request, relatedKey});
}

void McpSession::sendError(int code, const QString &message, const QString &relatedKey)
{
    emit outgoing(JsonRpc::serialize(JsonRpc::error(QJsonValue::Null, code, message)),
        Outgoing {Outgoing::Kind::Response, relatedKey, code});
}

void McpSession::abortAll()
{
    const auto inFlight = std::exchange(m_inFlight, {});
    for (const auto &state : inFlight)
        cancel(*state);
}

void McpSession::cancelRequest(const QString &key)
{
    const auto state = m_inFlight.take(key);
    if (!state)
        return;
    cancel(*state);
    noReply(state->batch, key);
}

void McpSession::endStreams()
{
    for (const auto &feature : m_features)
        feature->endStreams();
}

void McpSession::handleOversizedLine(qsizetype limit)
{
    sendError(JsonRpc::ParseError,
        QStringLiteral("Parse error: message longer than %1 bytes").arg(limit));
}

void McpSession::handleLine(const QByteArray &line)
{
    if (isBlank(line))
        return; // blank lines carry nothing; answering them would confuse clients
    if (const auto call = m_reader.read(line)) {
        handleCall(*call);
        return;
    }
    QJsonParseError parseError {};
    const QJsonDocument doc = QJsonDocument::fromJson(line, &parseError);
    if (parseError.error != QJsonParseError::NoError || doc.isNull()) {
        if (JsonRpc::isScalarJson(line)) {
            sendError(JsonRpc::InvalidRequest,
                QStringLiteral("Invalid Request: a JSON-RPC message is an object"));
            return;
        }
        sendError(JsonRpc::ParseError,
            QStringLiteral("Parse error: %1 at offset %2")
                .arg(parseError.errorString())
                .arg(parseError.offset));
        return;
    }
    if (doc.isArray())
        handleBatch(doc.array());
    else
        dispatch(doc.object(), nullptr);
}

void McpSession::handleJson(const QJsonValue &message, const QString &keyPrefix)
{
    if (message.isArray())
        handleBatch(message.toArray());
    else
        dispatch(message, nullptr, keyPrefix);
}

void McpSession::handleCall(const JsonRpcReader::Call &call, const QString &keyPrefix)
{
    dispatchCall(call.id, call.method, call.params,
        call.id.isUndefined() ? QString() : keyPrefix + JsonRpc::idKey(call.id), nullptr);
}

void McpSession::handleBatch(const QJsonArray &items)
{
    auto batch = std::make_shared<BatchCollector>();
    for (const QJsonValue &item : items) {
        const QJsonObject o = item.toObject();
        const QJsonValue id = o.value(QLatin1String("id"));
        if (o.value(QLatin1String("method")).isString() && JsonRpc::isValidId(id)) {
            batch->key = JsonRpc::idKey(id);
            break;
        }
    }
    // Batches exist only in 2025-03-26 (added there, removed in 2025-06-18).
    if (m_caller->protocolVersion != QLatin1String("2025-03-26")) {
        sendError(JsonRpc::InvalidRequest,
            QStringLiteral("Invalid Request: batches are only allowed with "
                           "protocol version 2025-03-26"),
            batch->key);
        return;
    }
    if (items.isEmpty()) {
        sendError(JsonRpc::InvalidRequest, QStringLiteral("Invalid Request: empty batch"));
        return;
    }
    batch->pending = int(items.size());
    for (const QJsonValue &item : items)
        dispatch(item, batch);
}

void McpSession::reply(
    const Batch &batch, const JsonParts &message, const QString &key, int errorCode, bool opened)
{
    if (!batch) {
        emit outgoing(message, Outgoing {Outgoing::Kind::Response, key, errorCode});
        if (opened)
            emit requestClosed(key);
        return;
    }
    batch->responses.append(message.toByteArray());
    if (opened)
        batch->opened.append(key);
    batchMemberDone(batch);
}

void McpSession::refuse(
    const Batch &batch, const QJsonValue &id, int code, const QString &text, const QString &key)
{
    reply(batch, JsonRpc::serialize(JsonRpc::error(id, code, text)), key, code);
}

void McpSession::noReply(const Batch &batch, const QString &key)
{
    if (!batch) {
        if (!key.isEmpty())
            emit requestClosed(key);
        return;
    }
    if (!key.isEmpty())
        batch->opened.append(key);
    batchMemberDone(batch);
}

void McpSession::batchMemberDone(const Batch &batch)
{
    if (--batch->pending > 0)
        return;
    if (!batch->responses.isEmpty())
        emit outgoing(QByteArray('[' + batch->responses.join(',') + ']'),
            Outgoing {Outgoing::Kind::Response, batch->key});
    for (const QString &key : std::as_const(batch->opened))
        emit requestClosed(key);
}

void McpSession::dispatch(const QJsonValue &message, const Batch &batch, const QString &keyPrefix)
{
    if (!message.isObject()) {
        refuse(batch, QJsonValue::Null, JsonRpc::InvalidRequest,
            QStringLiteral("Invalid Request: a message must be a JSON object"));
        return;
    }
    const QJsonObject msg = message.toObject();
    const QJsonValue id = msg.value(QLatin1String("id"));
    const bool hasId = !id.isUndefined();
    const bool validId = hasId && JsonRpc::isValidId(id);
    const QJsonValue replyId = validId ? id : QJsonValue(QJsonValue::Null);
    const QJsonValue methodValue = msg.value(QLatin1String("method"));
    const QString key =
        methodValue.isString() && validId ? keyPrefix + JsonRpc::idKey(id) : QString();

    const QJsonValue version = msg.value(QLatin1String("jsonrpc"));
    if (!version.isString() || version.toString() != QLatin1String("2.0")) {
        refuse(batch, replyId, JsonRpc::InvalidRequest,
            QStringLiteral("Invalid Request: \"jsonrpc\" must be \"2.0\""), key);
        return;
    }
    if (!methodValue.isString()) {
        if (methodValue.isUndefined()
            && (msg.contains(QLatin1String("result")) || msg.contains(QLatin1String("error")))) {
            // A response to one of our requests (or to nothing: then it is ignored).
            if (const auto &handler = m_methods.responseHandler())
                handler(msg);
            noReply(batch, key);
            return;
        }
        refuse(batch, replyId, JsonRpc::InvalidRequest,
            QStringLiteral("Invalid Request: \"method\" must be a string"), key);
        return;
    }
    const QString method = methodValue.toString();
    const QJsonValue paramsValue = msg.value(QLatin1String("params"));
    if (!paramsValue.isUndefined() && !paramsValue.isObject()) {
        if (hasId)
            refuse(batch, replyId, JsonRpc::InvalidParams,
                QStringLiteral("Invalid params: \"params\" must be an object"), key);
        else
            noReply(batch, key);
        return;
    }
    if (hasId && !validId) {
        refuse(batch, QJsonValue::Null, JsonRpc::InvalidRequest,
            QStringLiteral("Invalid Request: \"id\" must be a string or an integer"), key);
        return;
    }
    dispatchCall(id, method, paramsValue.toObject(), key, batch);
}

void McpSession::dispatchCall(const QJsonValue &id, const QString &method,
    const QJsonObject &params, const QString &key, const Batch &batch)
{
    if (id.isUndefined()) {
        // Other notifications (progress, roots/list_changed, …) need nothing from us.
        if (const auto *handler = m_methods.findNotification(method))
            (*handler)(params);
        noReply(batch, key);
        return;
    }
    if (method.startsWith(QLatin1String("notifications/"))) {
        refuse(batch, id, JsonRpc::InvalidRequest,
            QStringLiteral("Invalid Request: %1 is a notification and must not carry an id")
                .arg(method),
            key);
        return;
    }
    dispatchRequest(method, params, id, key, batch);
}

QJsonObject McpSession::declareCapabilities(const Caller &caller) const
{
    // Capabilities declared = capabilities implemented (and something to offer).
    QJsonObject capabilities;
    for (const auto &feature : m_features)
        feature->declare(capabilities, caller);
    return capabilities;
}

void McpSession::dispatchRequest(const QString &method, const QJsonObject &params,
    const QJsonValue &id, const QString &key, const Batch &batch)
{
    auto state = std::make_shared<RequestState>();
    state->timer.start();
    state->session = this;
    state->method = method;
    state->params = params;
    state->batch = batch;
    CallerPtr caller = m_modern.cached(params.value(QLatin1String("_meta")).toObject());
    const bool modern = caller || m_stateless || method == QLatin1String("server/discover")
        || RequestEnvelope::namesVersion(params);
    RequestEnvelope::Error envelopeError;
    if (!caller)
        caller = modern ? m_modern.make(params, *m_caller, &envelopeError) : m_caller;
    state->context = RequestContext {caller ? caller : m_caller, id, key};
    const McpRequest request(state);
    if (!caller) {
        request.fail(envelopeError.code, envelopeError.message, envelopeError.data);
        return;
    }
    const MethodTable::Method *entry = nullptr;
    if (!admit(request, method, modern, &entry))
        return;
    if (entry->subject.size())
        state->subject = params.value(entry->subject).toString();
    state->reportCancellation = entry->reportCancellation;
    if (m_context.observer && m_observerId)
        m_context.observer->requestStarted(m_observerId, method, state->subject, key);

    entry->handler(request);

    if (state->answered || state->cancelled)
        return;
    // Not answered yet: in flight until it is, or until the client cancels it.
    state->inFlight = true;
    m_inFlight.insert(key, state);
    QByteArray idJson;
    JsonWriter::append(idJson, id);
    emit requestOpened(key, idJson);
}

bool McpSession::admit(const McpRequest &request, const QString &method, bool modern,
    const MethodTable::Method **found)
{
    const QJsonValue &id = request.context().id;
    if (m_inFlight.contains(request.context().key)) {
        request.fail(JsonRpc::InvalidRequest,
            QStringLiteral("Invalid Request: id %1 is already in use by a request in flight")
                .arg(id.isString() ? id.toString() : QString::number(id.toInteger())));
        return false;
    }
    const MethodTable::Method *entry =
        m_methods.find(method, modern ? MethodTable::Modern : MethodTable::Legacy);
    if (modern && !entry) {
        request.fail(JsonRpc::MethodNotFound,
            QStringLiteral("Method not found: %1 (not in protocol version %2)")
                .arg(method, request.caller().protocolVersion));
        return false;
    }
    if (!modern && (!entry || !entry->beforeInitialize) && !m_initializeAnswered) {
        request.fail(JsonRpc::InvalidRequest,
            QStringLiteral(
                "Invalid Request: the session is not initialized; send \"initialize\" first"));
        return false;
    }
    if (!entry || (entry->capability.size() && !request.caller().declared(entry->capability))) {
        request.fail(JsonRpc::MethodNotFound, QStringLiteral("Method not found: %1").arg(method));
        return false;
    }
    *found = entry;
    return true;
}

void McpSession::discover(const McpRequest &request)
{
    // server/discover: the versions, capabilities and identity initialize used to carry.
    QJsonObject result {{QStringLiteral("supportedVersions"),
                            QJsonArray::fromStringList(m_config.modernProtocolVersions)},
        {QStringLiteral("capabilities"), request.caller().serverCapabilities},
        {QStringLiteral("ttlMs"), double(m_config.listTtlMs)},
        {QStringLiteral("cacheScope"), QStringLiteral("public")}};
    if (!m_config.instructions.isEmpty())
        result.insert(QStringLiteral("instructions"), m_config.instructions);
    request.succeed(result);
}

void McpSession::initialize(const McpRequest &request)
{
    if (m_initializeAnswered) {
        request.fail(
            JsonRpc::InvalidRequest, QStringLiteral("Invalid Request: already initialized"));
        return;
    }
    const auto requested = request.stringParam(QLatin1String("protocolVersion"));
    if (!requested)
        return;
    const QJsonObject &params = request.params();
    // A version we do not speak gets our newest, never an error (the client may then leave).
    const QString version = m_config.protocolVersions.contains(*requested)
        ? *requested
        : m_config.protocolVersions.first();
    updateCaller([&](Caller &c) {
        c.protocolVersion = version;
        c.clientInfo = params.value(QLatin1String("clientInfo")).toObject();
        c.clientCapabilities = params.value(QLatin1String("capabilities")).toObject();
        c.serverCapabilities = declareCapabilities(c);
    });
    m_initializeAnswered = true;
    if (m_context.observer && m_observerId)
        m_context.observer->identified(
            m_observerId, m_caller->clientInfo, version, m_caller->toolProfile);

    QJsonObject serverInfo {
        {QStringLiteral("name"), m_config.name}, {QStringLiteral("version"), m_config.version}};
    if (version >= QLatin1String("2025-06-18"))
        serverInfo.insert(QStringLiteral("title"), m_config.title);
    QJsonObject result {{QStringLiteral("protocolVersion"), version},
        {QStringLiteral("capabilities"), m_caller->serverCapabilities},
        {QStringLiteral("serverInfo"), serverInfo}};
    if (!m_config.instructions.isEmpty())
        result.insert(QStringLiteral("instructions"), m_config.instructions);
    logClient(*m_caller, version);
    request.succeed(result);
}

void McpSession::logClient(const Caller &caller, const QString &version) const
{
    qCInfo(lcSession).noquote() << "client"
                                << caller.clientInfo.value(QLatin1String("name")).toString()
                                << caller.clientInfo.value(QLatin1String("version")).toString()
                                << "speaks" << version;
}

void McpSession::cancelled(const QJsonObject &params)
{
    const QJsonValue requestId = params.value(QLatin1String("requestId"));
    if (!JsonRpc::isValidId(requestId))
        return;
    const auto state = m_inFlight.take(JsonRpc::idKey(requestId));
    if (!state)
        return; // finished already, or never existed: ignore, as the spec says
    qCDebug(lcSession) << "cancelled request" << state->context.key;
    cancel(*state);
    noReply(state->batch, state->context.key);
}

void McpSession::cancel(RequestState &state)
{
    state.inFlight = false;
    state.cancelled = true;
    if (const auto hook = std::exchange(state.onCancel, nullptr))
        hook();
    if (state.reportCancellation)
        record(state, RequestRecord::Outcome::Cancelled, {});
}

void McpSession::deliver(RequestState &state, const JsonParts &message,
    RequestRecord::Outcome outcome, const QString &detail, int errorCode)
{
    const bool opened = state.inFlight;
    if (opened) {
        state.inFlight = false;
        m_inFlight.remove(state.context.key);
    }
    reply(state.batch, message, state.context.key, errorCode, opened);
    record(state, outcome, detail);
}

void McpSession::record(
    const RequestState &state, RequestRecord::Outcome outcome, const QString &detail)
{
    if (m_context.observer && m_observerId)
        m_context.observer->requestFinished(m_observerId,
            RequestRecord {
                state.method, state.subject, state.timer.nsecsElapsed() / 1000, outcome, detail});
}

} // namespace Hopx::Mcp

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "features/ClientRequestsFeature.h"

#include "session/FeatureHost.h"
#include "session/MethodTable.h"
#include "session/ServerConfig.h"
#include "tasks/RelatedTask.h"
#include "tasks/TaskStore.h"
#include "json/JsonRpc.h"

#include <QTimer>

namespace Hopx::Mcp {

namespace {

//! The callback hears `code`/`message` on the next turn of the loop (never from inside).
void failLater(
    ToolCall *call, const ToolCall::ClientCallback &callback, int code, const QString &message)
{
    call->failLater(callback, code, message);
}

QString sessionEnded()
{
    return QStringLiteral("The client session ended");
}

} // namespace

ClientRequestsFeature::ClientRequestsFeature(FeatureHost &host, TaskStore *tasks, QObject *parent)
    : McpFeature(parent)
    , m_host(host)
    , m_tasks(tasks)
{ }

ClientRequestsFeature::~ClientRequestsFeature()
{
    // Requests made by tasks that outlive the session: their tools must hear that nobody will
    // answer. (Plain calls were cancelled before, with their requests.)
    const auto outgoing = std::exchange(m_outgoing, {});
    for (const Outgoing &o : outgoing) {
        if (!o.call || o.call->isCancelled() || o.call->isFinished())
            continue;
        if (!o.taskId.isEmpty() && m_tasks)
            m_tasks->setStatus(o.taskId, TaskStore::Status::Working);
        failLater(o.call, o.callback, JsonRpc::InternalError, sessionEnded());
    }
}

void ClientRequestsFeature::registerMethods(MethodTable &table)
{
    table.setResponseHandler([this](const QJsonObject &message) { handleResponse(message); });
}

void ClientRequestsFeature::bind(ToolCall *call, std::function<QString()> relatedKey)
{
    QPointer<ClientRequestsFeature> self(this);
    // The key names a question in 2026-07-28 input rounds; a request of our own needs an id.
    call->setClientRequester(
        [self, relatedKey](ToolCall *c, const QString &method, const QJsonObject &params,
            const ToolCall::ClientCallback &cb, const QString &) {
            if (self)
                self->send(c, method, params, cb, relatedKey());
            else
                failLater(c, cb, JsonRpc::InternalError, sessionEnded());
        });
}

void ClientRequestsFeature::send(ToolCall *call, const QString &method, const QJsonObject &params,
    const ToolCall::ClientCallback &callback, const QString &relatedKey)
{
    // The server may only use what this caller declared (lifecycle: negotiated capabilities).
    const Caller &caller = *call->context().caller;
    QString capability;
    if (method == QLatin1String("sampling/createMessage"))
        capability = QStringLiteral("sampling");
    else if (method == QLatin1String("elicitation/create"))
        capability = QStringLiteral("elicitation");
    else if (method == QLatin1String("roots/list"))
        capability = QStringLiteral("roots");
    if (!capability.isEmpty() && !caller.clientSupports(capability)) {
        failLater(call, callback, JsonRpc::MethodNotFound,
            QStringLiteral("The client did not declare the %1 capability (needed for %2)")
                .arg(capability, method));
        return;
    }
    if (method == QLatin1String("elicitation/create")
        && params.value(QLatin1String("mode")).toString() == QLatin1String("url")
        && !caller.clientCapabilities.value(QLatin1String("elicitation"))
                .toObject()
                .contains(QLatin1String("url"))) {
        failLater(call, callback, JsonRpc::MethodNotFound,
            QStringLiteral("The client did not declare URL elicitation"));
        return;
    }
    if (!m_host.listener()) {
        failLater(call, callback, JsonRpc::InvalidRequest,
            QStringLiteral("The client has not finished initialization"));
        return;
    }

    // Ids are never reused within the session (JSON-RPC, and the spec's "never reused" rule).
    const qint64 number = m_nextId++;
    const QJsonValue id(number);
    const QString key = JsonRpc::idKey(id);
    QJsonObject p = params;
    const QString taskId = call->taskId();
    if (!taskId.isEmpty()) {
        RelatedTask::addTo(p, taskId);
        if (m_tasks)
            m_tasks->setStatus(taskId, TaskStore::Status::InputRequired,
                QStringLiteral("Waiting for the client to answer %1").arg(method));
    }
    auto *timer = new QTimer(this);
    timer->setSingleShot(true);
    timer->setInterval(m_host.config().clientRequestTimeoutMs);
    connect(timer, &QTimer::timeout, this,
        [this, key, number, method]() { timeOut(key, number, method); });
    m_outgoing.insert(key, Outgoing {callback, call, timer, taskId});
    timer->start();
    m_host.sendRequest(JsonRpc::request(id, method, p), relatedKey);
}

void ClientRequestsFeature::timeOut(const QString &key, qint64 number, const QString &method)
{
    const auto it = m_outgoing.find(key);
    if (it == m_outgoing.end())
        return;
    const Outgoing request = it.value();
    m_outgoing.erase(it);
    request.timer->deleteLater();
    m_host.send(JsonRpc::notification(QStringLiteral("notifications/cancelled"),
        QJsonObject {{QStringLiteral("requestId"), number},
            {QStringLiteral("reason"), QStringLiteral("timed out")}}));
    if (!request.taskId.isEmpty() && m_tasks)
        m_tasks->setStatus(request.taskId, TaskStore::Status::Working);
    if (request.call && !request.call->isCancelled())
        request.callback(ToolCall::ClientReply {false, {}, JsonRpc::InternalError,
            QStringLiteral("The client did not answer %1 in time").arg(method)});
}

void ClientRequestsFeature::handleResponse(const QJsonObject &message)
{
    const QJsonValue id = message.value(QLatin1String("id"));
    if (!JsonRpc::isValidId(id))
        return;
    const auto it = m_outgoing.find(JsonRpc::idKey(id));
    if (it == m_outgoing.end())
        return; // late (timed out, cancelled) or bogus: the spec says ignore it
    const Outgoing request = it.value();
    m_outgoing.erase(it);
    if (request.timer)
        request.timer->deleteLater();
    if (!request.taskId.isEmpty() && m_tasks)
        m_tasks->setStatus(request.taskId, TaskStore::Status::Working);
    if (request.call.isNull() || request.call->isCancelled() || request.call->isFinished())
        return;
    ToolCall::ClientReply reply;
    if (message.contains(QLatin1String("result"))) {
        reply.ok = true;
        reply.result = message.value(QLatin1String("result")).toObject();
    } else {
        const QJsonObject error = message.value(QLatin1String("error")).toObject();
        reply.errorCode = error.value(QLatin1String("code")).toInt(JsonRpc::InternalError);
        reply.errorMessage = error.value(QLatin1String("message")).toString();
    }
    request.callback(reply);
}

void ClientRequestsFeature::cancelRequestsOf(ToolCall *call)
{
    QList<QString> keys;
    for (auto it = m_outgoing.cbegin(); it != m_outgoing.cend(); ++it)
        if (it->call == call)
            keys.append(it.key());
    for (const QString &key : keys) {
        const Outgoing request = m_outgoing.take(key);
        if (request.timer)
            request.timer->deleteLater();
        m_host.send(JsonRpc::notification(QStringLiteral("notifications/cancelled"),
            QJsonObject {{QStringLiteral("requestId"), key.mid(2).toLongLong()},
                {QStringLiteral("reason"), QStringLiteral("the tool call ended")}}));
    }
}

} // namespace Hopx::Mcp

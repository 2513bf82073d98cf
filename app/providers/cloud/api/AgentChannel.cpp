// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/cloud/api/AgentChannel.h"

#include "providers/cloud/HopxErrors.h"
#include "providers/cloud/api/AgentPool.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>

namespace Hopx::Cloud {

using namespace Core;

struct AgentChannel::Call
{
    QPointer<AgentPool> pool;
    QString id;
    HopxRequest req;
    RawDone done;
    bool refreshed = false;
    bool finished = false;
    std::function<void()> abort;

    void finish(const RestReply *reply, const Error *error)
    {
        if (finished)
            return;
        finished = true;
        abort = nullptr;
        done(reply, error);
    }
};

AgentChannel::AgentChannel(AgentPool *pool, const QString &sandboxId)
    : m_pool(pool)
    , m_id(sandboxId)
{ }

AgentPool *AgentChannel::pool() const
{
    return m_pool;
}

QObject *AgentChannel::context() const
{
    return m_pool;
}

QObject *AgentChannel::answerContext() const
{
    if (m_pool)
        return m_pool;
    return QCoreApplication::instance();
}

const HopxOptions &AgentChannel::options() const
{
    // Without a pool every send() ends Cancelled at once: any options do for building it.
    static const HopxOptions defaults;
    return m_pool ? m_pool->options() : defaults;
}

void AgentChannel::whenReady(std::function<void(const AgentEndpoint *, const Error *)> ready) const
{
    if (!m_pool) {
        const Error e = HopxErrors::cancelled(QStringLiteral("connect to the sandbox"));
        return ready(nullptr, &e);
    }
    QPointer<AgentPool> pool = m_pool;
    const QString id = m_id;
    m_pool->ensure(id, [pool, id, ready](const Error *error) {
        if (!pool)
            return;
        if (error)
            return ready(nullptr, error);
        ready(pool->endpoint(id), nullptr);
    });
}

Cancel AgentChannel::send(const HopxRequest &req, RawDone done) const
{
    auto call = std::make_shared<Call>();
    call->pool = m_pool;
    call->id = m_id;
    call->req = req;
    call->done = std::move(done);
    if (!m_pool) {
        const Error e = HopxErrors::cancelled(req.what);
        call->finish(nullptr, &e);
        return [] {};
    }
    m_pool->ensure(m_id, [call](const Error *error) {
        if (!call->pool || call->finished)
            return;
        if (error)
            return call->finish(nullptr, error);
        sendNow(call);
    });
    return [call] {
        if (call->finished || !call->pool)
            return;
        if (call->abort) {
            call->abort(); // the reply comes back cancelled
            return;
        }
        // Still connecting: answer now, the connection stays cached for the next call.
        QMetaObject::invokeMethod(
            call->pool.data(),
            [call] {
                const Error e = HopxErrors::cancelled(call->req.what);
                call->finish(nullptr, &e);
            },
            Qt::QueuedConnection);
    };
}

void AgentChannel::sendNow(const std::shared_ptr<Call> &call)
{
    const AgentEndpoint *endpoint = call->pool->endpoint(call->id);
    if (!endpoint) {
        const Error e = HopxErrors::sandboxNotFound(call->id);
        return call->finish(nullptr, &e);
    }
    RestRequest r;
    r.method = call->req.method;
    r.url = endpoint->url(call->req.path, call->req.query);
    r.headers.append({"Authorization", "Bearer " + endpoint->token.toUtf8()});
    if (call->req.hasBody)
        r.body = QJsonDocument(call->req.body).toJson(QJsonDocument::Compact);
    r.multipart = call->req.multipart;
    r.sink = call->req.sink;
    r.retry = call->req.retry;
    r.timeoutMs =
        call->req.timeoutMs > 0 ? call->req.timeoutMs : call->pool->options().agentTimeoutMs;
    call->abort = call->pool->rest()->send(r, [call](const RestReply &reply) {
        call->abort = nullptr;
        if (!call->pool || call->finished)
            return;
        if (reply.status == 401 && !call->refreshed) {
            // Tokens expire or get rotated: refresh once, then re-send (a 401 ran nothing).
            call->refreshed = true;
            call->pool->refreshToken(call->id, [call](const Error *e) {
                if (!call->pool || call->finished)
                    return;
                if (e)
                    return call->finish(nullptr, e);
                sendNow(call);
            });
            return;
        }
        if ((reply.status == 0 && !reply.cancelled) || reply.status == 502 || reply.status == 504) {
            // The agent may have gone away (sandbox paused, expired, moved): next time ask the
            // control plane where and how it is before waiting for /health again.
            call->pool->markUnreachable(call->id);
        }
        call->finish(&reply, nullptr);
    });
}

Cancel AgentChannel::sendJson(const HopxRequest &req, Callback<QJsonValue> done) const
{
    const QString id = m_id;
    return send(req, [id, req, done](const RestReply *reply, const Error *error) {
        if (error)
            return done(HopxErrors::withSandbox(*error, id));
        if (!reply->isHttpSuccess())
            return done(HopxErrors::tagged(
                HopxErrors::fromReply(*reply, HopxErrors::Origin::Agent, req.what), id));
        if (reply->body.trimmed().isEmpty())
            return done(QJsonValue(QJsonObject {}));
        bool ok = false;
        const QJsonDocument doc = reply->json(&ok);
        if (!ok)
            return done(HopxErrors::tagged(HopxErrors::malformed(*reply, req.what), id));
        done(doc.isArray() ? QJsonValue(doc.array()) : QJsonValue(doc.object()));
    });
}

Cancel AgentChannel::sendForObject(const HopxRequest &req, Callback<QJsonObject> done) const
{
    return sendJson(req,
        [done](Result<QJsonValue> r) { r.ok() ? done(r.value().toObject()) : done(r.error()); });
}

Cancel AgentChannel::sendForUnit(const HopxRequest &req, Callback<Unit> done) const
{
    return sendJson(
        req, [done](Result<QJsonValue> r) { r.ok() ? done(Unit {}) : done(r.error()); });
}

} // namespace Hopx::Cloud

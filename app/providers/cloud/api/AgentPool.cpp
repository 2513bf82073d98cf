// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/cloud/api/AgentPool.h"

#include "providers/cloud/HopxErrors.h"
#include "providers/cloud/HopxJson.h"
#include "providers/cloud/HopxLogging.h"
#include "providers/cloud/api/AgentChannel.h"
#include "providers/cloud/api/ControlPlane.h"
#include "providers/cloud/api/RestClient.h"

#include <QTimer>

namespace Hopx::Cloud {

using namespace Core;

namespace {

// Statuses after which a sandbox never runs again (docs' data model, HOPX CLI). Any other that
// is not "running" (creating, a resume still under way, a name no source lists) is waited out.
bool isFinal(const QString &status)
{
    static const QStringList final {QStringLiteral("stopped"), QStringLiteral("error"),
        QStringLiteral("deleted"), QStringLiteral("killed"), QStringLiteral("failed"),
        QStringLiteral("expired"), QStringLiteral("terminated")};
    return final.contains(status.toLower());
}

} // namespace

AgentPool::AgentPool(
    ControlPlane *control, RestClient *rest, const HopxOptions &options, QObject *parent)
    : QObject(parent)
    , m_control(control)
    , m_rest(rest)
    , m_options(options)
{ }

AgentChannel AgentPool::channel(const QString &id)
{
    return AgentChannel(this, id);
}

const AgentEndpoint *AgentPool::endpoint(const QString &id) const
{
    const auto it = m_entries.constFind(id);
    return it == m_entries.constEnd() ? nullptr : &it->endpoint;
}

void AgentPool::update(const QJsonObject &sandbox)
{
    const SandboxInfo info = HopxJson::sandboxFromJson(sandbox);
    if (info.id.isEmpty())
        return;
    QString host = sandbox.value(QStringLiteral("public_host")).toString();
    if (host.isEmpty())
        host = sandbox.value(QStringLiteral("direct_url")).toString();
    Entry &a = m_entries[info.id];
    const QUrl base = AgentEndpoint::hostUrl(host);
    if (!host.isEmpty() && base != a.endpoint.base) {
        a.endpoint.base = base;
        a.ready = false;
    }
    if (!host.isEmpty())
        a.endpoint.publicHost = host;
    if (!info.region.isEmpty())
        a.endpoint.region = info.region;
    const QString token = sandbox.value(QStringLiteral("auth_token")).toString();
    if (!token.isEmpty()) {
        a.endpoint.token = token;
        a.endpoint.tokenExpires =
            HopxJson::parseTime(sandbox.value(QStringLiteral("token_expires_at")));
    }
    if (info.status != Core::SandboxStatus::Running)
        a.ready = false;
}

void AgentPool::updateIfTracked(const QString &id, const QJsonObject &sandbox)
{
    if (m_entries.contains(id))
        update(sandbox);
}

void AgentPool::drop(const QString &id, const Error &why)
{
    const auto it = m_entries.find(id);
    if (it == m_entries.end())
        return;
    const auto waiters = it->waiters;
    m_entries.erase(it);
    for (const auto &w : waiters)
        w(&why);
}

void AgentPool::dropAll(const Error &why)
{
    const QList<QString> ids = m_entries.keys();
    for (const QString &id : ids)
        drop(id, why);
}

void AgentPool::markUnreachable(const QString &id)
{
    const auto a = m_entries.find(id);
    if (a != m_entries.end() && !a->connecting) {
        a->ready = false;
        a->endpoint.base.clear();
    }
}

void AgentPool::markRestarted(const QString &id)
{
    const auto a = m_entries.find(id);
    if (a != m_entries.end())
        a->ready = false;
}

void AgentPool::ensure(const QString &id, Ready ready)
{
    Entry &a = m_entries[id];
    const bool fresh = a.endpoint.token.isEmpty() ? false
                                                  : !a.endpoint.tokenExpires.isValid()
            || QDateTime::currentDateTimeUtc().secsTo(a.endpoint.tokenExpires)
                > m_options.tokenRefreshMarginSecs;
    if (a.ready && fresh)
        return ready(nullptr);
    a.waiters.append(std::move(ready));
    if (a.connecting)
        return;
    a.connecting = true;
    if (a.ready) {
        // Only the token is about to expire: refresh it, no need to wait for /health.
        refreshToken(id, [this, id](const Error *e) { finishConnect(id, e); });
        return;
    }
    connectAgent(id, 0, false);
}

void AgentPool::connectAgent(const QString &id, int waitPolls, bool resumed)
{
    const auto it = m_entries.constFind(id);
    if (it == m_entries.constEnd())
        return;
    const auto afterToken = [this, id](const Error *e) {
        if (e)
            return finishConnect(id, e);
        pollHealth(id, QDateTime::currentMSecsSinceEpoch() + m_options.healthMaxWaitMs);
    };
    if (!it->endpoint.base.isEmpty() && !it->endpoint.token.isEmpty()) {
        afterToken(nullptr);
        return;
    }
    m_control->getSandbox(id, [this, id, waitPolls, resumed, afterToken](Result<QJsonObject> r) {
        if (!m_entries.contains(id))
            return;
        if (!r.ok())
            return finishConnect(id, &r.error());
        const QJsonObject sandbox = r.value();
        update(sandbox);
        const QString status = sandbox.value(QStringLiteral("status")).toString();
        if (status == QLatin1String("paused") && !resumed) {
            // hopx-mcp's connect resumes a paused sandbox; do the same, once: a sandbox still
            // shown paused right after is waited for below, not resumed again.
            m_control->lifecycle(id, "resume", [this, id, waitPolls](Result<QJsonObject> rr) {
                if (!rr.ok())
                    return finishConnect(id, &rr.error());
                if (m_entries.contains(id))
                    m_entries[id].endpoint.base.clear(); // re-read host and status after it
                connectAgent(id, waitPolls + 1, true);
            });
            return;
        }
        const bool waiting = !status.isEmpty() && status != QLatin1String("running");
        if (waiting && !isFinal(status)
            && waitPolls * m_options.healthIntervalMs < m_options.healthMaxWaitMs) {
            QTimer::singleShot(m_options.healthIntervalMs, this, [this, id, waitPolls, resumed] {
                if (m_entries.contains(id)) {
                    m_entries[id].endpoint.base.clear();
                    connectAgent(id, waitPolls + 1, resumed);
                }
            });
            return;
        }
        if (waiting) {
            const Error e = Error::make(Error::Code::SandboxDead,
                isFinal(status)
                    ? QStringLiteral("Sandbox %1 is %2, so it cannot run anything; create a new "
                                     "sandbox.")
                          .arg(id, status)
                    : QStringLiteral("Sandbox %1 is still %2 after %3 s; try again in a moment, "
                                     "or create a new sandbox.")
                          .arg(id, status)
                          .arg(m_options.healthMaxWaitMs / 1000),
                {{QStringLiteral("id"), id}, {QStringLiteral("status"), status}});
            return finishConnect(id, &e);
        }
        const AgentEndpoint &endpoint = m_entries[id].endpoint;
        if (endpoint.base.isEmpty()) {
            const Error e = Error::make(Error::Code::Internal,
                QStringLiteral("HOPX gave no agent address for sandbox %1.").arg(id),
                {{QStringLiteral("id"), id}});
            return finishConnect(id, &e);
        }
        if (endpoint.token.isEmpty())
            refreshToken(id, afterToken);
        else
            afterToken(nullptr);
    });
}

void AgentPool::refreshToken(const QString &id, Ready done)
{
    m_control->refreshToken(id, [this, id, done](Result<QJsonObject> r) {
        if (!r.ok())
            return done(&r.error());
        const QString token = r.value().value(QStringLiteral("auth_token")).toString();
        if (token.isEmpty()) {
            const Error e = Error::make(Error::Code::Internal,
                QStringLiteral("HOPX refreshed the token of sandbox %1 but sent none.").arg(id));
            return done(&e);
        }
        if (!m_entries.contains(id)) {
            const Error e =
                Error::make(Error::Code::Cancelled, QStringLiteral("The sandbox was dropped."));
            return done(&e);
        }
        AgentEndpoint &endpoint = m_entries[id].endpoint;
        endpoint.token = token;
        endpoint.tokenExpires =
            HopxJson::parseTime(r.value().value(QStringLiteral("token_expires_at")));
        done(nullptr);
    });
}

void AgentPool::pollHealth(const QString &id, qint64 deadlineMs)
{
    const auto it = m_entries.constFind(id);
    if (it == m_entries.constEnd())
        return;
    RestRequest r;
    r.url = it->endpoint.url(QStringLiteral("/health"));
    r.retry = RestRequest::Retry::Never; // this loop is the retry
    r.timeoutMs = m_options.healthTimeoutMs;
    m_rest->send(r, [this, id, deadlineMs](const RestReply &reply) {
        if (!m_entries.contains(id))
            return;
        const QString status = reply.json().object().value(QStringLiteral("status")).toString();
        if (reply.isHttpSuccess()
            && (status == QLatin1String("healthy") || status == QLatin1String("ok")))
            return finishConnect(id, nullptr);
        if (QDateTime::currentMSecsSinceEpoch() + m_options.healthIntervalMs > deadlineMs) {
            // As the Python SDK: after its probes it goes ahead, "the agent will usually work
            // anyway". A call that then fails says why itself, and marks the agent unreachable.
            qCInfo(lcCloud) << "agent of" << id << "never said healthy; trying it anyway";
            return finishConnect(id, nullptr);
        }
        QTimer::singleShot(m_options.healthIntervalMs, this,
            [this, id, deadlineMs] { pollHealth(id, deadlineMs); });
    });
}

void AgentPool::finishConnect(const QString &id, const Error *error)
{
    const auto it = m_entries.find(id);
    if (it == m_entries.end())
        return;
    it->connecting = false;
    it->ready = error == nullptr;
    const auto waiters = std::exchange(it->waiters, {});
    if (error)
        qCDebug(lcCloud) << "agent of" << id << "not usable:" << error->message;
    if (error && HopxErrors::isGone(*error))
        m_entries.erase(it); // nothing worth caching about an id HOPX does not know
    for (const auto &w : waiters)
        w(error);
}

void AgentPool::host(
    const QString &id, std::function<void(const AgentEndpoint *, const Error *)> done)
{
    const auto it = m_entries.constFind(id);
    if (it != m_entries.constEnd() && !it->endpoint.publicHost.isEmpty())
        return done(&it->endpoint, nullptr);
    m_control->getSandbox(id, [this, id, done](Result<QJsonObject> r) {
        if (!r.ok())
            return done(nullptr, &r.error());
        update(r.value());
        const AgentEndpoint endpoint = m_entries.value(id).endpoint;
        if (endpoint.publicHost.isEmpty()) {
            const Error e = Error::make(Error::Code::Internal,
                QStringLiteral("HOPX gave no public host for sandbox %1.").arg(id));
            return done(nullptr, &e);
        }
        done(&endpoint, nullptr);
    });
}

bool AgentPool::storedAsBase64(const QString &id, const QString &path) const
{
    return m_entries.value(id).base64Paths.contains(path);
}

void AgentPool::noteWritten(const QString &id, const QString &path, bool base64)
{
    const auto it = m_entries.find(id);
    if (it == m_entries.end())
        return;
    if (base64)
        it->base64Paths.insert(path);
    else
        it->base64Paths.remove(path);
}

void AgentPool::noteRemoved(const QString &id, const QString &path)
{
    noteWritten(id, path, false);
}

AgentPool::Base64Writes AgentPool::base64Writes(const QString &id) const
{
    return m_entries.value(id).base64Writes;
}

void AgentPool::noteBase64Writes(const QString &id, Base64Writes how)
{
    const auto it = m_entries.find(id);
    if (it != m_entries.end())
        it->base64Writes = how;
}

} // namespace Hopx::Cloud

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "HopxProvider.h"

#include "ExecuteStream.h"
#include "HopxErrors.h"
#include "HopxJson.h"
#include "HopxLogging.h"

#include "core/KeyStore.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QTimer>

#include <algorithm>

namespace Hopx::Cloud {

using namespace Core;
using Origin = HopxErrors::Origin;

namespace {

QString enc(const QString &segment)
{
    return QString::fromLatin1(QUrl::toPercentEncoding(segment));
}

bool isDigits(const QString &s)
{
    if (s.isEmpty())
        return false;
    for (const QChar c : s) {
        if (!c.isDigit())
            return false;
    }
    return true;
}

QUrl normalizedHost(const QString &host)
{
    if (host.isEmpty())
        return {};
    return QUrl(host.contains(QLatin1String("://")) ? host : QStringLiteral("https://") + host);
}

QJsonObject objectOf(const QJsonValue &v)
{
    return v.toObject();
}

// The payload of a list reply: `data` (which may be null), a bare array, or `key`.
QJsonArray arrayOf(const QJsonValue &v, const QString &key)
{
    if (v.isArray())
        return v.toArray();
    const QJsonObject o = v.toObject();
    const QJsonValue inner = o.value(key);
    if (inner.isArray())
        return inner.toArray();
    return o.value(QStringLiteral("data")).toArray();
}

// After a create that got no clear answer: did the request possibly create a sandbox?
bool ambiguous(const Error &e)
{
    if (e.code == Error::Code::Timeout && !e.details.contains(QStringLiteral("status")))
        return true;
    if (e.code == Error::Code::Network) {
        const int n = e.details.value(QStringLiteral("network_error")).toInt();
        return n != QNetworkReply::ConnectionRefusedError && n != QNetworkReply::HostNotFoundError;
    }
    const int status = e.details.value(QStringLiteral("status")).toInt();
    return status == 502 || status == 504;
}

// Agent-side failures name the sandbox, so a tool can say which one failed.
Error tagged(const Error &e, const QString &id)
{
    Error out = e;
    out.details.insert(QStringLiteral("sandbox_id"), id);
    return out;
}

Error withSandbox(const Error &e, const QString &id)
{
    if (e.code == Error::Code::NotFound && e.error.isEmpty())
        return HopxErrors::sandboxNotFound(id);
    Error out = e;
    out.details.insert(QStringLiteral("sandbox_id"), id);
    return out;
}

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(HopxProvider)
};

void markTimedOut(ExecResult &result, int timeoutSeconds)
{
    result.timedOut = true;
    result.exitCode = 124;
    result.note = Tr::tr("execution timed out after %1 s").arg(timeoutSeconds);
}

} // namespace

struct HopxProvider::AgentCall
{
    QString id;
    Req req;
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

HopxProvider::HopxProvider(
    QNetworkAccessManager *nam, const QUrl &baseUrl, const Options &options, QObject *parent)
    : SandboxProvider(parent)
    , m_nam(nam)
    , m_baseUrl(baseUrl.isValid() && !baseUrl.isEmpty() ? baseUrl : defaultBaseUrl())
    , m_options(options)
    , m_rest(new RestClient(nam, options.retry, this))
{ }

HopxProvider::HopxProvider(QNetworkAccessManager *nam, const QUrl &baseUrl, QObject *parent)
    : HopxProvider(nam, baseUrl, Options {}, parent)
{ }

HopxProvider::~HopxProvider() = default;

void HopxProvider::setApiKey(const QString &key)
{
    if (key == m_fixedKey)
        return;
    m_fixedKey = key;
    forgetAgents();
    emit unavailableReasonChanged();
}

void HopxProvider::setKeyStore(KeyStore *store)
{
    if (m_keyStore)
        disconnect(m_keyStore, nullptr, this, nullptr);
    m_keyStore = store;
    m_storeKeyLoaded = false;
    m_storeKey.clear();
    m_keyProblem.clear();
    if (!store)
        return;
    connect(store, &KeyStore::keyChanged, this, [this](const QString &name) {
        if (name != KeyStore::apiKeyName())
            return;
        m_storeKeyLoaded = false;
        m_storeKey.clear();
        if (m_fixedKey.isEmpty())
            forgetAgents();
        // Re-read now so unavailableReason() is current for the UI.
        withKey([](const QString *, const Error *) {});
    });
    if (m_fixedKey.isEmpty())
        withKey([](const QString *, const Error *) {});
}

void HopxProvider::setOptions(const Options &options)
{
    m_options = options;
    m_rest->setPolicy(options.retry);
}

void HopxProvider::forgetAgents()
{
    const QList<QString> ids = m_agents.keys();
    for (const QString &id : ids) {
        dropAgent(id,
            Error::make(Error::Code::Cancelled,
                Tr::tr("The HOPX connection was reset (the API key changed).")));
    }
}

QString HopxProvider::unavailableReason() const
{
    if (!m_fixedKey.isEmpty())
        return {};
    if (!m_keyStore)
        return HopxErrors::unauthorized().message;
    if (m_storeKeyLoaded && !m_storeKey.isEmpty())
        return {};
    return m_keyProblem;
}

QString HopxProvider::previewUrlFor(
    const QString &publicHost, const QString &id, const QString &region, int port)
{
    const QUrl url = normalizedHost(publicHost);
    const QString host = url.host();
    if (host.startsWith(QLatin1String("7777-")))
        return QStringLiteral("https://%1-%2/").arg(port).arg(host.mid(5));
    if (!region.isEmpty())
        return QStringLiteral("https://%1-%2.%3.vms.hopx.dev/").arg(port).arg(id, region);
    return {};
}

template<typename T>
Callback<T> HopxProvider::later(Callback<T> done)
{
    // The interface promises never to call back from inside the call; some failures (no key,
    // a cached answer) are known at once, so every public callback goes through the loop.
    QPointer<HopxProvider> self(this);
    return [self, done](Result<T> result) {
        if (!self)
            return;
        QMetaObject::invokeMethod(
            self.data(), [done, result] { done(result); }, Qt::QueuedConnection);
    };
}

// --- key, control plane -------------------------------------------------------------------------

void HopxProvider::withKey(std::function<void(const QString *, const Error *)> next)
{
    if (!m_fixedKey.isEmpty())
        return next(&m_fixedKey, nullptr);
    if (m_storeKeyLoaded && !m_storeKey.isEmpty())
        return next(&m_storeKey, nullptr);
    if (!m_keyStore) {
        const Error e = HopxErrors::unauthorized();
        return next(nullptr, &e);
    }
    QPointer<HopxProvider> self(this);
    m_keyStore->read([self, next](Result<QString> key) {
        if (!self)
            return;
        const QString before = self->m_keyProblem;
        if (key.ok() && !key.value().trimmed().isEmpty()) {
            self->m_storeKey = key.value().trimmed();
            self->m_storeKeyLoaded = true;
            self->m_keyProblem.clear();
        } else {
            self->m_storeKeyLoaded = false;
            // A keychain that cannot be reached says so; a missing key gets the 401 sentence.
            self->m_keyProblem = !key.ok() && key.error().code == Error::Code::Unavailable
                ? key.error().message
                : HopxErrors::unauthorized().message;
        }
        if (before != self->m_keyProblem)
            emit self->unavailableReasonChanged();
        if (self->m_storeKeyLoaded)
            return next(&self->m_storeKey, nullptr);
        const Error e = !key.ok() && key.error().code == Error::Code::Unavailable
            ? key.error()
            : HopxErrors::unauthorized();
        next(nullptr, &e);
    });
}

QUrl HopxProvider::controlUrl(const QString &path, const QUrlQuery &query) const
{
    QUrl url = m_baseUrl;
    QString base = url.path();
    while (base.endsWith(QLatin1Char('/')))
        base.chop(1);
    url.setPath(base + path, QUrl::TolerantMode);
    url.setQuery(query);
    return url;
}

void HopxProvider::control(const Req &req, RawDone done)
{
    QPointer<HopxProvider> self(this);
    withKey([self, req, done](const QString *key, const Error *error) {
        if (!self)
            return;
        if (error)
            return done(nullptr, error);
        RestRequest r;
        r.method = req.method;
        r.url = self->controlUrl(req.path, req.query);
        r.headers.append({"X-API-Key", key->toUtf8()});
        if (req.hasBody)
            r.body = QJsonDocument(req.body).toJson(QJsonDocument::Compact);
        r.retry = req.retry;
        r.timeoutMs = req.timeoutMs > 0 ? req.timeoutMs : self->m_options.controlTimeoutMs;
        self->m_rest->send(r, [self, req, done](const RestReply &reply) {
            if (!self)
                return;
            done(&reply, nullptr);
        });
    });
}

void HopxProvider::controlJson(const Req &req, Callback<QJsonValue> done)
{
    control(req, [req, done](const RestReply *reply, const Error *error) {
        if (error)
            return done(*error);
        // A DELETE whose first answer was lost finds nothing the second time: that is success.
        if (reply->status == 404 && req.method == "DELETE" && reply->attempts > 1)
            return done(QJsonValue(QJsonObject {}));
        if (!reply->isHttpSuccess())
            return done(HopxErrors::fromReply(*reply, Origin::ControlPlane, req.what));
        if (reply->body.trimmed().isEmpty())
            return done(QJsonValue(QJsonObject {}));
        bool ok = false;
        const QJsonDocument doc = reply->json(&ok);
        if (!ok)
            return done(HopxErrors::malformed(*reply, req.what));
        done(doc.isArray() ? QJsonValue(doc.array()) : QJsonValue(doc.object()));
    });
}

// --- agent connection ---------------------------------------------------------------------------

void HopxProvider::updateAgent(const QJsonObject &sandbox)
{
    const SandboxInfo info = HopxJson::sandboxFromJson(sandbox);
    if (info.id.isEmpty())
        return;
    m_knownIds.insert(info.id);
    QString host = sandbox.value(QStringLiteral("public_host")).toString();
    if (host.isEmpty())
        host = sandbox.value(QStringLiteral("direct_url")).toString();
    Agent &a = m_agents[info.id];
    const QUrl base = normalizedHost(host);
    if (!host.isEmpty() && base != a.base) {
        a.base = base;
        a.ready = false;
    }
    if (!host.isEmpty())
        a.publicHost = host;
    if (!info.region.isEmpty())
        a.region = info.region;
    const QString token = sandbox.value(QStringLiteral("auth_token")).toString();
    if (!token.isEmpty()) {
        a.token = token;
        a.tokenExpires = HopxJson::parseTime(sandbox.value(QStringLiteral("token_expires_at")));
    }
    if (info.status != QLatin1String("running"))
        a.ready = false;
}

void HopxProvider::dropAgent(const QString &id, const Error &why)
{
    const auto it = m_agents.find(id);
    if (it == m_agents.end())
        return;
    const auto waiters = it->waiters;
    m_agents.erase(it);
    for (const auto &w : waiters)
        w(&why);
}

void HopxProvider::ensureAgent(const QString &id, std::function<void(const Error *)> ready)
{
    Agent &a = m_agents[id];
    const bool fresh = a.token.isEmpty() ? false
                                         : !a.tokenExpires.isValid()
            || QDateTime::currentDateTimeUtc().secsTo(a.tokenExpires)
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
    connectAgent(id, 0);
}

void HopxProvider::connectAgent(const QString &id, int creatingPolls)
{
    const auto it = m_agents.constFind(id);
    if (it == m_agents.constEnd())
        return;
    const auto afterToken = [this, id](const Error *e) {
        if (e)
            return finishConnect(id, e);
        pollHealth(id, QDateTime::currentMSecsSinceEpoch() + m_options.healthMaxWaitMs);
    };
    if (!it->base.isEmpty() && !it->token.isEmpty()) {
        afterToken(nullptr);
        return;
    }
    Req req;
    req.path = QStringLiteral("/v1/sandboxes/") + enc(id);
    req.what = QStringLiteral("get sandbox");
    controlJson(req, [this, id, creatingPolls, afterToken](Result<QJsonValue> r) {
        if (!m_agents.contains(id))
            return;
        if (!r.ok()) {
            const Error e = withSandbox(r.error(), id);
            return finishConnect(id, &e);
        }
        const QJsonObject sandbox = objectOf(r.value());
        updateAgent(sandbox);
        const QString status = sandbox.value(QStringLiteral("status")).toString();
        if (status == QLatin1String("paused")) {
            // hopx-mcp's connect resumes a paused sandbox; do the same.
            Req resume;
            resume.method = "POST";
            resume.path = QStringLiteral("/v1/sandboxes/") + enc(id) + QStringLiteral("/resume");
            resume.retry = RestRequest::Retry::OnlyIfNotProcessed;
            resume.what = QStringLiteral("resume sandbox");
            controlJson(resume, [this, id, creatingPolls](Result<QJsonValue> rr) {
                if (!rr.ok()) {
                    const Error e = withSandbox(rr.error(), id);
                    return finishConnect(id, &e);
                }
                if (m_agents.contains(id))
                    m_agents[id].base.clear(); // re-read host and status after the resume
                connectAgent(id, creatingPolls + 1);
            });
            return;
        }
        if (status == QLatin1String("creating")
            && creatingPolls * m_options.healthIntervalMs < m_options.healthMaxWaitMs) {
            QTimer::singleShot(m_options.healthIntervalMs, this, [this, id, creatingPolls] {
                if (m_agents.contains(id)) {
                    m_agents[id].base.clear();
                    connectAgent(id, creatingPolls + 1);
                }
            });
            return;
        }
        if (status != QLatin1String("running") && !status.isEmpty()) {
            const Error e = Error::make(Error::Code::SandboxDead,
                Tr::tr("Sandbox %1 is %2, so it cannot run anything; create a new sandbox.")
                    .arg(id, status),
                {{QStringLiteral("id"), id}, {QStringLiteral("status"), status}});
            return finishConnect(id, &e);
        }
        if (m_agents.value(id).base.isEmpty()) {
            const Error e = Error::make(Error::Code::Internal,
                Tr::tr("HOPX gave no agent address for sandbox %1.").arg(id),
                {{QStringLiteral("id"), id}});
            return finishConnect(id, &e);
        }
        if (m_agents.value(id).token.isEmpty())
            refreshToken(id, afterToken);
        else
            afterToken(nullptr);
    });
}

void HopxProvider::refreshToken(const QString &id, std::function<void(const Error *)> done)
{
    Req req;
    req.method = "POST";
    req.path = QStringLiteral("/v1/sandboxes/") + enc(id) + QStringLiteral("/token/refresh");
    req.what = QStringLiteral("refresh sandbox token");
    // A second refresh only issues another token: safe to repeat.
    req.retry = RestRequest::Retry::Idempotent;
    controlJson(req, [this, id, done](Result<QJsonValue> r) {
        if (!r.ok()) {
            const Error e = withSandbox(r.error(), id);
            return done(&e);
        }
        const QJsonObject o = objectOf(r.value());
        const QString token = o.value(QStringLiteral("auth_token")).toString();
        if (token.isEmpty()) {
            const Error e = Error::make(Error::Code::Internal,
                Tr::tr("HOPX refreshed the token of sandbox %1 but sent none.").arg(id));
            return done(&e);
        }
        if (!m_agents.contains(id)) {
            const Error e = Error::make(Error::Code::Cancelled, Tr::tr("The sandbox was dropped."));
            return done(&e);
        }
        Agent &a = m_agents[id];
        a.token = token;
        a.tokenExpires = HopxJson::parseTime(o.value(QStringLiteral("token_expires_at")));
        done(nullptr);
    });
}

void HopxProvider::pollHealth(const QString &id, qint64 deadlineMs)
{
    const auto it = m_agents.constFind(id);
    if (it == m_agents.constEnd())
        return;
    RestRequest r;
    r.url = it->base;
    r.url.setPath(it->base.path() + QStringLiteral("/health"), QUrl::TolerantMode);
    r.retry = RestRequest::Retry::Never; // this loop is the retry
    r.timeoutMs = m_options.healthTimeoutMs;
    m_rest->send(r, [this, id, deadlineMs](const RestReply &reply) {
        if (!m_agents.contains(id))
            return;
        const QString status = reply.json().object().value(QStringLiteral("status")).toString();
        if (reply.isHttpSuccess()
            && (status == QLatin1String("healthy") || status == QLatin1String("ok")))
            return finishConnect(id, nullptr);
        if (QDateTime::currentMSecsSinceEpoch() + m_options.healthIntervalMs > deadlineMs) {
            const Error e = Error::make(Error::Code::SandboxDead,
                Tr::tr("The agent of sandbox %1 did not become ready within %2 s; the sandbox may "
                       "have failed to start. Try again, or create a new sandbox.")
                    .arg(id)
                    .arg(m_options.healthMaxWaitMs / 1000),
                {{QStringLiteral("id"), id}});
            return finishConnect(id, &e);
        }
        QTimer::singleShot(m_options.healthIntervalMs, this,
            [this, id, deadlineMs] { pollHealth(id, deadlineMs); });
    });
}

void HopxProvider::finishConnect(const QString &id, const Error *error)
{
    const auto it = m_agents.find(id);
    if (it == m_agents.end())
        return;
    it->connecting = false;
    it->ready = error == nullptr;
    const auto waiters = std::exchange(it->waiters, {});
    if (error)
        qCDebug(lcCloud) << "agent of" << id << "not usable:" << error->message;
    if (error && error->error == QLatin1String("Sandbox not found"))
        m_agents.erase(it); // nothing worth caching about an id HOPX does not know
    for (const auto &w : waiters)
        w(error);
}

Cancel HopxProvider::agent(const QString &id, const Req &req, RawDone done)
{
    auto call = std::make_shared<AgentCall>();
    call->id = id;
    call->req = req;
    call->done = std::move(done);
    QPointer<HopxProvider> self(this);
    ensureAgent(id, [self, call](const Error *error) {
        if (!self || call->finished)
            return;
        if (error)
            return call->finish(nullptr, error);
        self->sendAgent(call);
    });
    return [self, call] {
        if (call->finished || !self)
            return;
        if (call->abort) {
            call->abort(); // the reply comes back cancelled
            return;
        }
        // Still connecting: answer now, the connection stays cached for the next call.
        QMetaObject::invokeMethod(
            self.data(),
            [call] {
                const Error e = Error::make(
                    Error::Code::Cancelled, Tr::tr("\"%1\" was cancelled.").arg(call->req.what));
                call->finish(nullptr, &e);
            },
            Qt::QueuedConnection);
    };
}

void HopxProvider::sendAgent(const std::shared_ptr<AgentCall> &call)
{
    const auto it = m_agents.constFind(call->id);
    if (it == m_agents.constEnd()) {
        const Error e = HopxErrors::sandboxNotFound(call->id);
        return call->finish(nullptr, &e);
    }
    RestRequest r;
    r.method = call->req.method;
    r.url = it->base;
    r.url.setPath(it->base.path() + call->req.path, QUrl::TolerantMode);
    r.url.setQuery(call->req.query);
    r.headers.append({"Authorization", "Bearer " + it->token.toUtf8()});
    if (call->req.hasBody)
        r.body = QJsonDocument(call->req.body).toJson(QJsonDocument::Compact);
    r.retry = call->req.retry;
    r.timeoutMs = call->req.timeoutMs > 0 ? call->req.timeoutMs : m_options.agentTimeoutMs;
    QPointer<HopxProvider> self(this);
    call->abort = m_rest->send(r, [self, call](const RestReply &reply) {
        call->abort = nullptr;
        if (!self || call->finished)
            return;
        if (reply.status == 401 && !call->refreshed) {
            // Tokens expire or get rotated: refresh once, then re-send (a 401 ran nothing).
            call->refreshed = true;
            self->refreshToken(call->id, [self, call](const Error *e) {
                if (!self || call->finished)
                    return;
                if (e)
                    return call->finish(nullptr, e);
                self->sendAgent(call);
            });
            return;
        }
        if ((reply.status == 0 && !reply.cancelled) || reply.status == 502 || reply.status == 504) {
            // The agent may have gone away (sandbox paused, expired, moved): next time ask the
            // control plane where and how it is before waiting for /health again.
            const auto a = self->m_agents.find(call->id);
            if (a != self->m_agents.end() && !a->connecting) {
                a->ready = false;
                a->base.clear();
            }
        }
        call->finish(&reply, nullptr);
    });
}

Cancel HopxProvider::agentJson(const QString &id, const Req &req, Callback<QJsonValue> done)
{
    return agent(id, req, [id, req, done](const RestReply *reply, const Error *error) {
        if (error)
            return done(withSandbox(*error, id));
        if (!reply->isHttpSuccess())
            return done(tagged(HopxErrors::fromReply(*reply, Origin::Agent, req.what), id));
        if (reply->body.trimmed().isEmpty())
            return done(QJsonValue(QJsonObject {}));
        bool ok = false;
        const QJsonDocument doc = reply->json(&ok);
        if (!ok)
            return done(tagged(HopxErrors::malformed(*reply, req.what), id));
        done(doc.isArray() ? QJsonValue(doc.array()) : QJsonValue(doc.object()));
    });
}

// --- templates ----------------------------------------------------------------------------------

void HopxProvider::listTemplates(Callback<QJsonArray> done)
{
    listTemplatePage({}, std::make_shared<QJsonArray>(), 0, later(std::move(done)));
}

void HopxProvider::listTemplatePage(const QString &cursor, const std::shared_ptr<QJsonArray> &acc,
    int page, Callback<QJsonArray> done)
{
    Req req;
    req.path = QStringLiteral("/v1/templates");
    if (!cursor.isEmpty())
        req.query.addQueryItem(QStringLiteral("cursor"), cursor);
    req.what = QStringLiteral("list templates");
    controlJson(req, [this, acc, page, done](Result<QJsonValue> r) {
        if (!r.ok())
            return done(r.error());
        for (const QJsonValue &v : arrayOf(r.value(), QStringLiteral("templates")))
            acc->append(v);
        const QJsonObject o = objectOf(r.value());
        const QString next = o.value(QStringLiteral("next_cursor")).toString();
        if (o.value(QStringLiteral("has_more")).toBool() && !next.isEmpty() && page < 50)
            return listTemplatePage(next, acc, page + 1, done);
        done(*acc);
    });
}

void HopxProvider::getTemplate(const QString &name, Callback<QJsonObject> done)
{
    done = later(std::move(done));
    Req req;
    req.path = QStringLiteral("/v1/templates/") + enc(name);
    req.what = QStringLiteral("get template");
    controlJson(req, [this, name, done](Result<QJsonValue> r) {
        if (r.ok())
            return done(objectOf(r.value()));
        if (r.error().code != Error::Code::NotFound)
            return done(r.error());
        explainTemplate(name, r.error(), [done](const Error &e) { done(e); });
    });
}

void HopxProvider::explainTemplate(
    const QString &templ, const Error &original, std::function<void(const Error &)> done)
{
    listTemplatePage(
        {}, std::make_shared<QJsonArray>(), 0, [templ, original, done](Result<QJsonArray> r) {
            if (!r.ok())
                return done(original);
            QStringList names;
            for (const QJsonValue &v : r.value()) {
                const QJsonObject t = v.toObject();
                const QString name = t.value(QStringLiteral("name")).toString();
                if (name == templ || HopxJson::idString(t.value(QStringLiteral("id"))) == templ)
                    return done(original); // it exists: the failure was something else
                names.append(name);
            }
            QJsonObject details = original.details;
            details.insert(QStringLiteral("template_id"), templ);
            details.insert(QStringLiteral("error_type"), QStringLiteral("TemplateNotFoundError"));
            details.insert(
                QStringLiteral("available_templates"), QJsonArray::fromStringList(names));
            done(Error::make(Error::Code::NotFound,
                Tr::tr("Template \"%1\" does not exist in HOPX. Available "
                       "templates: %2.")
                    .arg(templ,
                        names.isEmpty() ? Tr::tr("(none)") : names.join(QStringLiteral(", "))),
                details, QStringLiteral("Template not found")));
        });
}

// --- sandboxes ----------------------------------------------------------------------------------

void HopxProvider::create(const CreateSpec &spec, Callback<SandboxInfo> done)
{
    done = later(std::move(done));
    QString templ = spec.templateId.isEmpty() ? spec.templateName : spec.templateId;
    if (templ.isEmpty())
        templ = QStringLiteral("code-interpreter");
    QJsonObject body;
    // Exactly as the SDK: digits are a template id, anything else a template name.
    body.insert(
        isDigits(templ) ? QStringLiteral("template_id") : QStringLiteral("template_name"), templ);
    if (!spec.region.isEmpty())
        body.insert(QStringLiteral("region"), spec.region);
    if (spec.timeoutSeconds > 0)
        body.insert(QStringLiteral("timeout_seconds"), spec.timeoutSeconds);
    if (spec.internetAccess)
        body.insert(QStringLiteral("internet_access"), *spec.internetAccess);
    if (!spec.envVars.isEmpty())
        body.insert(QStringLiteral("env_vars"), HopxJson::envToJson(spec.envVars));

    Req req;
    req.method = "POST";
    req.path = QStringLiteral("/v1/sandboxes");
    req.body = body;
    req.hasBody = true;
    // Never re-sent after it may have reached HOPX: a second POST is a second sandbox.
    req.retry = RestRequest::Retry::OnlyIfNotProcessed;
    req.what = QStringLiteral("create sandbox");
    const QDateTime started = QDateTime::currentDateTimeUtc();
    const QSet<QString> before = m_knownIds;
    const EnvMap env = spec.envVars;
    controlJson(req, [this, templ, started, before, env, done](Result<QJsonValue> r) {
        if (r.ok()) {
            const QJsonObject sandbox = objectOf(r.value());
            if (HopxJson::sandboxFromJson(sandbox).id.isEmpty())
                return done(Error::make(Error::Code::Internal,
                    Tr::tr("HOPX accepted the create request but sent no sandbox "
                           "id; check list_sandboxes before creating another.")));
            return createdSandbox(sandbox, env, done);
        }
        const Error &e = r.error();
        if (ambiguous(e)) {
            qCInfo(lcCloud)
                << "create got no clear answer; looking for the sandbox instead of re-sending";
            return lookUpCreated(templ, started, before, e, 0, env, done);
        }
        const int status = e.details.value(QStringLiteral("status")).toInt();
        // An unknown template comes back as 400/404, or as a bare 500 (hopx-ai/hopx#6).
        if (status == 400 || status == 404 || status == 422 || status == 500) {
            return explainTemplate(templ, e, [done](const Error &err) { done(err); });
        }
        done(e);
    });
}

void HopxProvider::createdSandbox(
    const QJsonObject &sandbox, const EnvMap &env, Callback<SandboxInfo> done)
{
    updateAgent(sandbox);
    const SandboxInfo info = HopxJson::sandboxFromJson(sandbox);
    if (env.isEmpty()) {
        // Warm the agent while the caller thinks: the first call then skips most of the wait.
        ensureAgent(info.id, [](const Error *) {});
        return done(info);
    }
    // env_vars in the create body are not applied at runtime (SDK 0.2.9): push them to the agent.
    Req req;
    req.method = "PATCH";
    req.path = QStringLiteral("/env");
    req.body = {
        {QStringLiteral("env_vars"), HopxJson::envToJson(env)}, {QStringLiteral("merge"), true}};
    req.hasBody = true;
    req.what = QStringLiteral("set environment");
    agentJson(info.id, req, [this, info, done](Result<QJsonValue> r) {
        if (r.ok())
            return done(info);
        // A create that failed leaves nothing behind.
        Req del;
        del.method = "DELETE";
        del.path = QStringLiteral("/v1/sandboxes/") + enc(info.id);
        del.what = QStringLiteral("delete sandbox");
        controlJson(del, [](Result<QJsonValue>) {});
        dropAgent(info.id, r.error());
        Error e = r.error();
        e.message = Tr::tr("The sandbox was created but its environment variables could not be set "
                           "(%1), so it was deleted again.")
                        .arg(e.message);
        done(e);
    });
}

void HopxProvider::lookUpCreated(const QString &templ, const QDateTime &started,
    const QSet<QString> &before, const Error &original, int attempt, const EnvMap &env,
    Callback<SandboxInfo> done)
{
    ListSpec spec;
    spec.limit = 0;
    listPage(
        spec, {}, std::make_shared<QList<SandboxInfo>>(), 0, [=](Result<QList<SandboxInfo>> r) {
            QList<SandboxInfo> candidates;
            if (r.ok()) {
                const QDateTime from = started.addSecs(-m_options.createLookupWindowSecs);
                for (const SandboxInfo &s : r.value()) {
                    if (before.contains(s.id) || m_adoptedIds.contains(s.id))
                        continue;
                    if (s.templateName != templ && s.templateId != templ)
                        continue;
                    if (!s.createdAt.isValid() || s.createdAt < from)
                        continue;
                    if (s.status == QLatin1String("deleted") || s.status == QLatin1String("error"))
                        continue;
                    candidates.append(s);
                }
            }
            if (candidates.size() == 1) {
                const SandboxInfo &found = candidates.first();
                qCInfo(lcCloud) << "found the sandbox the unanswered create made:" << found.id;
                m_adoptedIds.insert(found.id);
                return createdSandbox(found.extra, env, done);
            }
            if (candidates.size() > 1) {
                QStringList ids;
                for (const SandboxInfo &s : candidates)
                    ids.append(s.id);
                return done(Error::make(original.code,
                    Tr::tr("HOPX did not answer the create request (%1). It was not re-sent; "
                           "%2 new sandboxes of this template appeared meanwhile (%3), so which "
                           "one is this request's cannot be told. Use one of them or delete them.")
                        .arg(original.message)
                        .arg(candidates.size())
                        .arg(ids.join(QStringLiteral(", "))),
                    {{QStringLiteral("candidates"), QJsonArray::fromStringList(ids)}}));
            }
            if (attempt + 1 < m_options.createLookupAttempts) {
                QTimer::singleShot(m_options.createLookupDelayMs, this, [=] {
                    lookUpCreated(templ, started, before, original, attempt + 1, env, done);
                });
                return;
            }
            Error e = original;
            e.message = Tr::tr("HOPX did not answer the create request (%1). It was not re-sent, "
                               "and no new sandbox appeared in the sandbox list, so none was left "
                               "running; try again.")
                            .arg(original.message);
            done(e);
        });
}

void HopxProvider::list(const ListSpec &spec, Callback<QList<SandboxInfo>> done)
{
    listPage(spec, {}, std::make_shared<QList<SandboxInfo>>(), 0, later(std::move(done)));
}

void HopxProvider::listPage(const ListSpec &spec, const QString &cursor,
    const std::shared_ptr<QList<SandboxInfo>> &acc, int page, Callback<QList<SandboxInfo>> done)
{
    const int remaining = spec.limit > 0 ? spec.limit - int(acc->size()) : 100;
    Req req;
    req.path = QStringLiteral("/v1/sandboxes");
    req.query.addQueryItem(QStringLiteral("limit"), QString::number(qBound(1, remaining, 100)));
    if (!spec.status.isEmpty())
        req.query.addQueryItem(QStringLiteral("status"), spec.status);
    if (!spec.region.isEmpty())
        req.query.addQueryItem(QStringLiteral("region"), spec.region);
    if (!cursor.isEmpty())
        req.query.addQueryItem(QStringLiteral("cursor"), cursor);
    req.what = QStringLiteral("list sandboxes");
    controlJson(req, [this, spec, acc, page, done](Result<QJsonValue> r) {
        if (!r.ok())
            return done(r.error());
        for (const QJsonValue &v : arrayOf(r.value(), QStringLiteral("sandboxes"))) {
            const SandboxInfo info = HopxJson::sandboxFromJson(v.toObject());
            if (info.id.isEmpty())
                continue;
            m_knownIds.insert(info.id);
            acc->append(info);
            if (spec.limit > 0 && acc->size() >= spec.limit)
                return done(*acc);
        }
        const QJsonObject o = objectOf(r.value());
        const QString next = o.value(QStringLiteral("next_cursor")).toString();
        if (o.value(QStringLiteral("has_more")).toBool() && !next.isEmpty() && page < 100)
            return listPage(spec, next, acc, page + 1, done);
        done(*acc);
    });
}

void HopxProvider::get(const QString &id, Callback<SandboxInfo> done)
{
    done = later(std::move(done));
    Req req;
    req.path = QStringLiteral("/v1/sandboxes/") + enc(id);
    req.what = QStringLiteral("get sandbox");
    controlJson(req, [this, id, done](Result<QJsonValue> r) {
        if (!r.ok()) {
            if (r.error().code == Error::Code::NotFound)
                dropAgent(id, HopxErrors::sandboxNotFound(id));
            return done(withSandbox(r.error(), id));
        }
        const QJsonObject o = objectOf(r.value());
        if (m_agents.contains(id))
            updateAgent(o);
        else
            m_knownIds.insert(id);
        done(HopxJson::sandboxFromJson(o));
    });
}

void HopxProvider::destroy(const QString &id, Callback<Unit> done)
{
    done = later(std::move(done));
    Req req;
    req.method = "DELETE";
    req.path = QStringLiteral("/v1/sandboxes/") + enc(id);
    req.what = QStringLiteral("delete sandbox");
    controlJson(req, [this, id, done](Result<QJsonValue> r) {
        if (!r.ok())
            return done(withSandbox(r.error(), id));
        dropAgent(id, HopxErrors::sandboxNotFound(id));
        done(Unit {});
    });
}

void HopxProvider::setTimeout(const QString &id, int seconds, Callback<Unit> done)
{
    done = later(std::move(done));
    Req req;
    req.method = "PUT";
    req.path = QStringLiteral("/v1/sandboxes/") + enc(id) + QStringLiteral("/timeout");
    req.body = {{QStringLiteral("timeout_seconds"), seconds}};
    req.hasBody = true;
    req.what = QStringLiteral("update sandbox timeout");
    controlJson(req, [id, done](Result<QJsonValue> r) {
        if (!r.ok())
            return done(withSandbox(r.error(), id));
        done(Unit {});
    });
}

void HopxProvider::pause(const QString &id, Callback<SandboxInfo> done)
{
    lifecycle(id, "pause", later(std::move(done)));
}

void HopxProvider::resume(const QString &id, Callback<SandboxInfo> done)
{
    lifecycle(id, "resume", later(std::move(done)));
}

void HopxProvider::lifecycle(
    const QString &id, const QByteArray &action, Callback<SandboxInfo> done)
{
    Req req;
    req.method = "POST";
    req.path =
        QStringLiteral("/v1/sandboxes/") + enc(id) + QLatin1Char('/') + QString::fromLatin1(action);
    req.retry = RestRequest::Retry::OnlyIfNotProcessed;
    req.what = QString::fromLatin1(action) + QStringLiteral(" sandbox");
    controlJson(req, [this, id, done](Result<QJsonValue> r) {
        if (!r.ok())
            return done(withSandbox(r.error(), id));
        // A paused or freshly resumed VM must pass /health again before agent calls.
        if (m_agents.contains(id))
            m_agents[id].ready = false;
        // The reply is "an object": use it only when it is a whole Sandbox, else ask.
        const QJsonObject o = objectOf(r.value());
        if (o.value(QStringLiteral("object")).toString() == QLatin1String("sandbox")
            && !o.value(QStringLiteral("status")).toString().isEmpty()
            && !HopxJson::sandboxFromJson(o).id.isEmpty()) {
            if (m_agents.contains(id))
                updateAgent(o);
            return done(HopxJson::sandboxFromJson(o));
        }
        Req getReq;
        getReq.path = QStringLiteral("/v1/sandboxes/") + enc(id);
        getReq.what = QStringLiteral("get sandbox");
        controlJson(getReq, [this, id, done](Result<QJsonValue> g) {
            if (!g.ok())
                return done(withSandbox(g.error(), id));
            if (m_agents.contains(id))
                updateAgent(objectOf(g.value()));
            done(HopxJson::sandboxFromJson(objectOf(g.value())));
        });
    });
}

// --- execution ----------------------------------------------------------------------------------

Cancel HopxProvider::runExec(const QString &id, const Req &req, int timeoutSeconds,
    qint64 maxOutput, const OutputSink &sink, bool commandReply, Callback<ExecResult> done)
{
    QPointer<HopxProvider> self(this);
    return agent(id, req,
        [self, id, req, timeoutSeconds, maxOutput, sink, commandReply, done](
            const RestReply *reply, const Error *error) {
            if (error)
                return done(withSandbox(*error, id));
            bool ok = false;
            const QJsonObject o = reply->json(&ok).object();
            const bool hasOutput = ok
                && (o.contains(QStringLiteral("stdout"))
                    || o.contains(QStringLiteral("exit_code")));
            const QString code = HopxErrors::parse(*reply).code.toUpper();
            const bool timedOut =
                reply->status == 408 || code == QLatin1String("EXECUTION_TIMEOUT");
            // /commands/run answers 500 with its normal body when the command fails (agent docs).
            const bool failedCommand = commandReply && reply->status == 500 && hasOutput;
            if (!reply->isHttpSuccess() && !timedOut && !failedCommand)
                return done(tagged(HopxErrors::fromReply(*reply, Origin::Agent, req.what), id));
            if (reply->isHttpSuccess() && !ok)
                return done(tagged(HopxErrors::malformed(*reply, req.what), id));
            ExecResult result = HopxJson::execFromJson(o, maxOutput);
            if (timedOut)
                markTimedOut(result, timeoutSeconds);
            // Plain HTTP: the whole output arrives with the reply (streamExec is the live path).
            for (const auto &[stream, data] :
                {std::pair {QStringLiteral("stdout"), result.stdoutData},
                    std::pair {QStringLiteral("stderr"), result.stderrData}}) {
                if (data.isEmpty())
                    continue;
                if (sink)
                    sink(stream, data);
                if (self)
                    emit self->output(id, stream, data);
            }
            done(result);
        });
}

Cancel HopxProvider::execute(const QString &id, const ExecSpec &spec, Callback<ExecResult> done)
{
    done = later(std::move(done));
    // The agent's ExecuteRequest takes 1..300 s and answers 400 to anything longer, so a run
    // asked for more (execute_code_async defaults to 1800 s) is capped at the agent's limit
    // instead of failing outright; if it hits the cap it reports a timeout after 300 s.
    static constexpr int kAgentMaxTimeoutSeconds = 300;
    const int timeout = std::clamp(spec.timeoutSeconds, 1, kAgentMaxTimeoutSeconds);
    Req req;
    req.method = "POST";
    req.path = QStringLiteral("/execute");
    // `workdir`, not `working_dir`: the agent silently ignores the latter (SDK 0.3.3).
    req.body = {{QStringLiteral("code"), spec.code}, {QStringLiteral("language"), spec.language},
        {QStringLiteral("timeout"), timeout},
        {QStringLiteral("workdir"),
            spec.workingDir.isEmpty() ? QStringLiteral("/workspace") : spec.workingDir}};
    if (!spec.env.isEmpty())
        req.body.insert(QStringLiteral("env"), HopxJson::envToJson(spec.env));
    req.hasBody = true;
    req.retry = RestRequest::Retry::OnlyIfNotProcessed; // never run code twice
    req.timeoutMs = timeout * 1000 + m_options.execGraceMs;
    req.what = QStringLiteral("execute code");
    if (spec.liveOutput)
        return streamExec(id, req, timeout, spec.maxOutputBytes, spec.onOutput, done);
    return runExec(id, req, timeout, spec.maxOutputBytes, spec.onOutput, false, done);
}

Cancel HopxProvider::streamExec(const QString &id, const Req &req, int timeoutSeconds,
    qint64 maxOutput, const OutputSink &sink, Callback<ExecResult> done)
{
    // Which of the three owns the run right now: the agent connection, the stream, or the
    // POST it fell back to. `answered` keeps done() to exactly one call.
    struct State
    {
        bool answered = false;
        QPointer<ExecuteStream> stream;
        Cancel fallback;
    };
    auto state = std::make_shared<State>();
    auto finish = [state, done](Result<ExecResult> r) {
        if (std::exchange(state->answered, true))
            return;
        done(std::move(r));
    };
    QPointer<HopxProvider> self(this);
    const OutputSink live = [self, id, sink](const QString &stream, const QByteArray &chunk) {
        if (sink)
            sink(stream, chunk);
        if (self)
            emit self->output(id, stream, chunk);
    };
    ensureAgent(id,
        [self, id, req, timeoutSeconds, maxOutput, sink, live, state, finish](const Error *error) {
            if (!self || state->answered)
                return;
            if (error)
                return finish(withSandbox(*error, id));
            const Agent &a = self->m_agents[id];
            auto onOutcome = [self, id, req, timeoutSeconds, maxOutput, sink, state, finish](
                                 const ExecuteStream::Outcome &o) {
                using Kind = ExecuteStream::Outcome::Kind;
                if (!self || state->answered)
                    return;
                switch (o.kind) {
                case Kind::Finished:
                    return finish(HopxJson::execFromJson(o.reply, maxOutput));
                case Kind::NotStarted:
                    // Nothing ran: the plain POST still can (an agent without the stream endpoint).
                    qCInfo(lcCloud) << "output stream unavailable for" << id << "(" << o.error
                                    << "), using POST /execute";
                    state->fallback =
                        self->runExec(id, req, timeoutSeconds, maxOutput, sink, false, finish);
                    return;
                case Kind::TimedOut: {
                    ExecResult result = HopxJson::execFromJson(o.reply, maxOutput);
                    markTimedOut(result, timeoutSeconds);
                    return finish(result);
                }
                case Kind::Cancelled:
                    return finish(Error::make(
                        Error::Code::Cancelled, Tr::tr("\"execute code\" was cancelled.")));
                case Kind::Failed:
                    if (o.code.compare(QLatin1String("EXECUTION_TIMEOUT"), Qt::CaseInsensitive)
                        == 0) {
                        ExecResult result = HopxJson::execFromJson(o.reply, maxOutput);
                        markTimedOut(result, timeoutSeconds);
                        return finish(result);
                    }
                    return finish(
                        tagged(Error::make(Error::Code::Network,
                                   Tr::tr("The HOPX agent's output stream failed: %1. The "
                                          "code may have run; check before running it again.")
                                       .arg(o.error)),
                            id));
                }
            };
            auto *stream = new ExecuteStream(
                a.base, a.token, req.body, req.timeoutMs, maxOutput, live, onOutcome, self);
            state->stream = stream;
            stream->start();
        });
    return [self, state, finish] {
        if (state->answered)
            return;
        if (state->stream)
            return state->stream->cancel();
        if (state->fallback)
            return state->fallback();
        // Still connecting to the agent: answer now, from the event loop.
        if (self)
            QMetaObject::invokeMethod(
                self.data(),
                [finish] {
                    finish(Error::make(
                        Error::Code::Cancelled, Tr::tr("\"execute code\" was cancelled.")));
                },
                Qt::QueuedConnection);
    };
}

Cancel HopxProvider::runCommand(
    const QString &id, const CommandSpec &spec, Callback<ExecResult> done)
{
    done = later(std::move(done));
    Req req;
    req.method = "POST";
    req.path = QStringLiteral("/commands/run");
    // A bare shell string makes the agent look for an executable named after the whole string.
    req.body = {{QStringLiteral("command"), QStringLiteral("bash")},
        {QStringLiteral("args"), QJsonArray {QStringLiteral("-c"), spec.command}},
        {QStringLiteral("timeout"), spec.timeoutSeconds},
        {QStringLiteral("workdir"),
            spec.workingDir.isEmpty() ? QStringLiteral("/workspace") : spec.workingDir}};
    if (!spec.env.isEmpty())
        req.body.insert(QStringLiteral("env"), HopxJson::envToJson(spec.env));
    req.hasBody = true;
    req.retry = RestRequest::Retry::OnlyIfNotProcessed;
    req.timeoutMs = spec.timeoutSeconds * 1000 + m_options.execGraceMs;
    req.what = QStringLiteral("run command");
    return runExec(id, req, spec.timeoutSeconds, spec.maxOutputBytes, spec.onOutput, true, done);
}

void HopxProvider::startBackground(
    const QString &id, const BackgroundSpec &spec, Callback<ProcessStarted> done)
{
    done = later(std::move(done));
    Req req;
    req.method = "POST";
    if (!spec.command.isEmpty()) {
        req.path = QStringLiteral("/commands/background");
        req.body = {{QStringLiteral("command"), QStringLiteral("bash")},
            {QStringLiteral("args"), QJsonArray {QStringLiteral("-c"), spec.command}},
            {QStringLiteral("timeout"), spec.timeoutSeconds},
            {QStringLiteral("workdir"),
                spec.workingDir.isEmpty() ? QStringLiteral("/workspace") : spec.workingDir}};
        req.what = QStringLiteral("run command in background");
    } else {
        // No workdir: the agent runs background code in /tmp/hopx-exec (SDK dropped the field).
        req.path = QStringLiteral("/execute/background");
        req.body = {{QStringLiteral("code"), spec.code},
            {QStringLiteral("language"), spec.language},
            {QStringLiteral("timeout"), spec.timeoutSeconds}};
        if (!spec.name.isEmpty())
            req.body.insert(QStringLiteral("name"), spec.name);
        req.what = QStringLiteral("execute code in background");
    }
    if (!spec.env.isEmpty())
        req.body.insert(QStringLiteral("env"), HopxJson::envToJson(spec.env));
    req.hasBody = true;
    req.retry = RestRequest::Retry::OnlyIfNotProcessed;
    const QString name = spec.name;
    agentJson(id, req, [done, name](Result<QJsonValue> r) {
        if (!r.ok())
            return done(r.error());
        ProcessStarted p = HopxJson::processFromJson(objectOf(r.value()));
        if (p.name.isEmpty())
            p.name = name;
        if (p.processId.isEmpty())
            return done(Error::make(Error::Code::Internal,
                Tr::tr("The agent started the process but sent no process id: %1").arg(p.message)));
        done(p);
    });
}

void HopxProvider::listExecutions(const QString &id, Callback<QJsonArray> done)
{
    done = later(std::move(done));
    Req req;
    req.path = QStringLiteral("/execute/processes");
    req.what = QStringLiteral("list executions");
    agentJson(id, req, [done](Result<QJsonValue> r) {
        if (!r.ok())
            return done(r.error());
        done(arrayOf(r.value(), QStringLiteral("processes")));
    });
}

void HopxProvider::listProcesses(const QString &id, Callback<QJsonArray> done)
{
    done = later(std::move(done));
    Req req;
    req.path = QStringLiteral("/processes");
    req.what = QStringLiteral("list processes");
    agentJson(id, req, [done](Result<QJsonValue> r) {
        if (!r.ok())
            return done(r.error());
        done(arrayOf(r.value(), QStringLiteral("processes")));
    });
}

void HopxProvider::killProcess(const QString &id, const QString &processId, Callback<Unit> done)
{
    killWithForm(id, processId, 0, later(std::move(done)));
}

// Four documented forms (spec §3.4), none confirmed live; the SDK's own form answers success
// without killing (hopx-ai/hopx#30). So: try them in turn and believe only the process list.
void HopxProvider::killWithForm(
    const QString &id, const QString &processId, int form, Callback<Unit> done)
{
    static constexpr int kForms = 4;
    if (form >= kForms)
        return done(Error::make(Error::Code::Internal,
            Tr::tr("Process %1 is still running: the agent acknowledged every "
                   "kill request it understands but did not stop it.")
                .arg(processId),
            {{QStringLiteral("process_id"), processId}}));
    Req req;
    req.what = QStringLiteral("kill process");
    req.retry = RestRequest::Retry::OnlyIfNotProcessed;
    const QJsonObject body {{QStringLiteral("process_id"), processId}};
    switch (form) {
    case 0: // [AGENT-DEC]
        req.method = "POST";
        req.path = QStringLiteral("/execute/kill");
        req.body = body;
        req.hasBody = true;
        break;
    case 1: // [AGENT] main, hopx-mcp 0.1
        req.method = "DELETE";
        req.path = QStringLiteral("/execute/kill");
        req.query.addQueryItem(QStringLiteral("process_id"), processId);
        break;
    case 2: // docs
        req.method = "DELETE";
        req.path = QStringLiteral("/execute/kill");
        req.body = body;
        req.hasBody = true;
        break;
    default: // SDKs, hopx-mcp 0.2
        req.method = "POST";
        req.path = QStringLiteral("/execute/kill/") + enc(processId);
        break;
    }
    agent(id, req, [this, id, processId, form, done](const RestReply *reply, const Error *error) {
        if (error)
            return done(withSandbox(*error, id));
        if (reply->isHttpSuccess())
            return verifyKilled(id, processId, form, false, done);
        const Error e = tagged(
            HopxErrors::fromReply(*reply, Origin::Agent, QStringLiteral("kill process")), id);
        if (e.error == QLatin1String("Process not found"))
            return done(Error::make(Error::Code::NotFound,
                Tr::tr("No process %1 in sandbox %2.").arg(processId, id),
                {{QStringLiteral("process_id"), processId}}, QStringLiteral("Process not found")));
        // This agent does not know this form (no route, wrong method, wants another body).
        const int s = reply->status;
        if (s == 400 || s == 404 || s == 405 || s == 501)
            return killWithForm(id, processId, form + 1, done);
        done(e);
    });
}

void HopxProvider::verifyKilled(
    const QString &id, const QString &processId, int form, bool again, Callback<Unit> done)
{
    Req req;
    req.path = QStringLiteral("/execute/processes");
    req.what = QStringLiteral("list executions");
    agentJson(id, req, [this, id, processId, form, again, done](Result<QJsonValue> r) {
        if (!r.ok())
            return done(r.error());
        for (const QJsonValue &v : arrayOf(r.value(), QStringLiteral("processes"))) {
            const QJsonObject p = v.toObject();
            if (p.value(QStringLiteral("process_id")).toString() != processId
                && p.value(QStringLiteral("execution_id")).toString() != processId)
                continue;
            const QString status = p.value(QStringLiteral("status")).toString();
            if (status != QLatin1String("running") && status != QLatin1String("queued"))
                return done(Unit {});
            if (!again) {
                // A signal takes a moment to land; look once more before trying another form.
                QTimer::singleShot(m_options.killVerifyDelayMs, this,
                    [=] { verifyKilled(id, processId, form, true, done); });
                return;
            }
            qCInfo(lcCloud) << "kill form" << form << "acknowledged but" << processId
                            << "still runs";
            return killWithForm(id, processId, form + 1, done);
        }
        done(Unit {}); // gone from the list (or never listed, as background commands are)
    });
}

// --- files --------------------------------------------------------------------------------------

void HopxProvider::readFile(const QString &id, const QString &path, Callback<QByteArray> done)
{
    done = later(std::move(done));
    Req req;
    req.path = QStringLiteral("/files/download");
    req.query.addQueryItem(QStringLiteral("path"), path);
    req.what = QStringLiteral("read file");
    // /files/download gives the bytes; /files/read squeezes them through a JSON string.
    agent(id, req, [this, id, path, done](const RestReply *reply, const Error *error) {
        if (error)
            return done(withSandbox(*error, id));
        if (!reply->isHttpSuccess()) {
            const Error e = tagged(
                HopxErrors::fromReply(*reply, Origin::Agent, QStringLiteral("read file")), id);
            const bool routeMissing =
                (reply->status == 404 && HopxErrors::parse(*reply).code.isEmpty())
                || reply->status == 405 || reply->status == 501;
            if (routeMissing)
                return readFileFallback(id, path, done);
            return done(e);
        }
        QByteArray data = reply->body;
        if (m_agents.value(id).base64Paths.contains(path)) {
            // Agents before the fix kept base64 writes as text (hopx-ai/hopx#33).
            const auto decoded = QByteArray::fromBase64Encoding(
                data.trimmed(), QByteArray::AbortOnBase64DecodingErrors);
            if (decoded && decoded.decoded.toBase64() == data.trimmed())
                data = decoded.decoded;
        }
        done(data);
    });
}

void HopxProvider::readFileFallback(
    const QString &id, const QString &path, Callback<QByteArray> done)
{
    Req req;
    req.path = QStringLiteral("/files/read");
    req.query.addQueryItem(QStringLiteral("path"), path);
    req.what = QStringLiteral("read file");
    agentJson(id, req, [done](Result<QJsonValue> r) {
        if (!r.ok())
            return done(r.error());
        const QJsonObject o = objectOf(r.value());
        const QString content = o.value(QStringLiteral("content")).toString();
        if (o.value(QStringLiteral("encoding")).toString() == QLatin1String("base64"))
            return done(QByteArray::fromBase64(content.toLatin1()));
        done(content.toUtf8());
    });
}

void HopxProvider::writeFile(const QString &id, const QString &path, const QByteArray &content,
    const QString &mode, Callback<Unit> done)
{
    done = later(std::move(done));
    const bool binary = !content.isValidUtf8() || content.contains('\0');
    Req req;
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
    agentJson(id, req, [this, id, path, binary, done](Result<QJsonValue> r) {
        if (!r.ok())
            return done(r.error());
        if (m_agents.contains(id)) {
            if (binary)
                m_agents[id].base64Paths.insert(path);
            else
                m_agents[id].base64Paths.remove(path);
        }
        done(Unit {});
    });
}

void HopxProvider::listFiles(
    const QString &id, const QString &path, int maxResults, Callback<FileList> done)
{
    done = later(std::move(done));
    Req req;
    req.path = QStringLiteral("/files/list");
    req.query.addQueryItem(
        QStringLiteral("path"), path.isEmpty() ? QStringLiteral("/workspace") : path);
    req.what = QStringLiteral("list files");
    agentJson(id, req, [maxResults, done](Result<QJsonValue> r) {
        if (!r.ok())
            return done(r.error());
        const QJsonArray files = arrayOf(r.value(), QStringLiteral("files"));
        FileList list;
        list.total =
            qMax(int(files.size()), objectOf(r.value()).value(QStringLiteral("count")).toInt());
        for (const QJsonValue &v : files) {
            if (maxResults > 0 && list.files.size() >= maxResults)
                break;
            list.files.append(HopxJson::fileFromJson(v.toObject()));
        }
        done(list);
    });
}

void HopxProvider::fileExists(const QString &id, const QString &path, Callback<bool> done)
{
    done = later(std::move(done));
    Req req;
    req.path = QStringLiteral("/files/exists");
    req.query.addQueryItem(QStringLiteral("path"), path);
    req.what = QStringLiteral("check file");
    agentJson(id, req, [done](Result<QJsonValue> r) {
        if (!r.ok()) {
            // A path the agent will not look at does not exist for the caller (hopx-mcp: false).
            if (r.error().code == Error::Code::NotFound
                && r.error().error != QLatin1String("Sandbox not found"))
                return done(false);
            if (r.error().code == Error::Code::InvalidArgument)
                return done(false);
            return done(r.error());
        }
        done(objectOf(r.value()).value(QStringLiteral("exists")).toBool());
    });
}

void HopxProvider::removeFile(const QString &id, const QString &path, Callback<Unit> done)
{
    done = later(std::move(done));
    Req req;
    req.method = "DELETE";
    req.path = QStringLiteral("/files/remove");
    req.query.addQueryItem(QStringLiteral("path"), path);
    req.what = QStringLiteral("remove file");
    agentJson(id, req, [this, id, path, done](Result<QJsonValue> r) {
        if (!r.ok())
            return done(r.error());
        if (m_agents.contains(id))
            m_agents[id].base64Paths.remove(path);
        done(Unit {});
    });
}

void HopxProvider::makeDirectory(const QString &id, const QString &path, Callback<Unit> done)
{
    done = later(std::move(done));
    Req req;
    req.method = "POST";
    req.path = QStringLiteral("/files/mkdir");
    req.body = {{QStringLiteral("path"), path}};
    req.hasBody = true;
    req.what = QStringLiteral("make directory");
    agentJson(id, req, [done](Result<QJsonValue> r) {
        if (!r.ok())
            return done(r.error());
        done(Unit {});
    });
}

// --- env, info ----------------------------------------------------------------------------------

void HopxProvider::getEnv(const QString &id, Callback<EnvMap> done)
{
    done = later(std::move(done));
    Req req;
    req.path = QStringLiteral("/env");
    req.what = QStringLiteral("get environment");
    agentJson(id, req, [done](Result<QJsonValue> r) {
        if (!r.ok())
            return done(r.error());
        EnvMap env;
        const QJsonObject vars = objectOf(r.value()).value(QStringLiteral("env_vars")).toObject();
        for (auto it = vars.begin(); it != vars.end(); ++it)
            env.insert(it.key(), it.value().toString());
        done(env);
    });
}

void HopxProvider::setEnv(const QString &id, const EnvMap &vars, bool merge, Callback<Unit> done)
{
    done = later(std::move(done));
    Req req;
    req.method = merge ? "PATCH" : "PUT";
    req.path = QStringLiteral("/env");
    req.body = {{QStringLiteral("env_vars"), HopxJson::envToJson(vars)}};
    if (merge)
        req.body.insert(QStringLiteral("merge"), true);
    req.hasBody = true;
    req.what = QStringLiteral("set environment");
    agentJson(id, req, [done](Result<QJsonValue> r) {
        if (!r.ok())
            return done(r.error());
        done(Unit {});
    });
}

void HopxProvider::clearEnv(const QString &id, Callback<Unit> done)
{
    // hopx-mcp's env_clear: PUT an empty map (not DELETE /env).
    setEnv(id, {}, false, std::move(done));
}

void HopxProvider::systemMetrics(const QString &id, Callback<QJsonObject> done)
{
    done = later(std::move(done));
    Req req;
    req.path = QStringLiteral("/metrics/snapshot"); // hopx-mcp's call; /system has cpu/memory/disk
    req.what = QStringLiteral("get system metrics");
    agentJson(id, req,
        [done](Result<QJsonValue> r) { r.ok() ? done(objectOf(r.value())) : done(r.error()); });
}

void HopxProvider::vmInfo(const QString &id, Callback<QJsonObject> done)
{
    done = later(std::move(done));
    Req req;
    req.path = QStringLiteral("/info");
    req.what = QStringLiteral("get VM info");
    agentJson(id, req,
        [done](Result<QJsonValue> r) { r.ok() ? done(objectOf(r.value())) : done(r.error()); });
}

void HopxProvider::cacheClear(const QString &id, Callback<QJsonObject> done)
{
    done = later(std::move(done));
    Req req;
    req.method = "POST";
    req.path = QStringLiteral("/cache/clear");
    req.what = QStringLiteral("clear cache");
    agentJson(id, req,
        [done](Result<QJsonValue> r) { r.ok() ? done(objectOf(r.value())) : done(r.error()); });
}

void HopxProvider::cacheStats(const QString &id, Callback<QJsonObject> done)
{
    done = later(std::move(done));
    Req req;
    req.path = QStringLiteral("/cache/stats");
    req.what = QStringLiteral("get cache stats");
    agentJson(id, req,
        [done](Result<QJsonValue> r) { r.ok() ? done(objectOf(r.value())) : done(r.error()); });
}

void HopxProvider::sandboxHost(
    const QString &id, std::function<void(const Agent *, const Error *)> done)
{
    const auto it = m_agents.constFind(id);
    if (it != m_agents.constEnd() && !it->publicHost.isEmpty())
        return done(&*it, nullptr);
    Req req;
    req.path = QStringLiteral("/v1/sandboxes/") + enc(id);
    req.what = QStringLiteral("get sandbox");
    controlJson(req, [this, id, done](Result<QJsonValue> r) {
        if (!r.ok()) {
            const Error e = withSandbox(r.error(), id);
            return done(nullptr, &e);
        }
        updateAgent(objectOf(r.value()));
        const Agent a = m_agents.value(id);
        if (a.publicHost.isEmpty()) {
            const Error e = Error::make(
                Error::Code::Internal, Tr::tr("HOPX gave no public host for sandbox %1.").arg(id));
            return done(nullptr, &e);
        }
        done(&a, nullptr);
    });
}

void HopxProvider::previewUrl(const QString &id, int port, Callback<QString> done)
{
    done = later(std::move(done));
    sandboxHost(id, [id, port, done](const Agent *a, const Error *e) {
        if (e)
            return done(*e);
        const QString url = previewUrlFor(a->publicHost, id, a->region, port);
        if (url.isEmpty())
            return done(Error::make(Error::Code::Unsupported,
                Tr::tr("Cannot derive a preview URL from the host %1.").arg(a->publicHost)));
        done(url);
    });
}

void HopxProvider::agentUrl(const QString &id, Callback<QString> done)
{
    done = later(std::move(done));
    sandboxHost(id, [done](const Agent *a, const Error *e) {
        if (e)
            return done(*e);
        done(normalizedHost(a->publicHost).toString());
    });
}

} // namespace Hopx::Cloud

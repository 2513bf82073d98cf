// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/cloud/api/ControlPlane.h"

#include "providers/cloud/HopxApiKey.h"
#include "providers/cloud/HopxErrors.h"
#include "providers/cloud/HopxJson.h"
#include "providers/cloud/HopxLogging.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QPointer>
#include <QTimer>

namespace Hopx::Cloud {

using namespace Core;

namespace {

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

HopxRequest sandboxRequest(
    const QByteArray &method, const QString &id, const QString &what, const QString &action = {})
{
    HopxRequest req;
    req.method = method;
    req.path = QStringLiteral("/v1/sandboxes/") + HopxRequest::segment(id);
    if (!action.isEmpty())
        req.path += QLatin1Char('/') + action;
    req.what = what;
    return req;
}

} // namespace

ControlPlane::ControlPlane(RestClient *rest, HopxApiKey *key, const QUrl &baseUrl,
    const HopxOptions &options, QObject *parent)
    : QObject(parent)
    , m_rest(rest)
    , m_key(key)
    , m_baseUrl(baseUrl)
    , m_options(options)
{ }

QUrl ControlPlane::urlFor(const QString &path, const QUrlQuery &query) const
{
    QUrl url = m_baseUrl;
    QString base = url.path();
    while (base.endsWith(QLatin1Char('/')))
        base.chop(1);
    url.setPath(base + path, QUrl::TolerantMode);
    url.setQuery(query);
    return url;
}

void ControlPlane::send(const HopxRequest &req, RawDone done)
{
    QPointer<ControlPlane> self(this);
    m_key->withKey([self, req, done](const QString *key, const Error *error) {
        if (!self)
            return;
        if (error)
            return done(nullptr, error);
        RestRequest r;
        r.method = req.method;
        r.url = self->urlFor(req.path, req.query);
        r.headers.append({"X-API-Key", key->toUtf8()});
        if (req.hasBody)
            r.body = QJsonDocument(req.body).toJson(QJsonDocument::Compact);
        r.retry = req.retry;
        r.timeoutMs = req.timeoutMs > 0 ? req.timeoutMs : self->m_options.controlTimeoutMs;
        self->m_rest->send(r, [self, done](const RestReply &reply) {
            if (!self)
                return;
            done(&reply, nullptr);
        });
    });
}

void ControlPlane::sendJson(const HopxRequest &req, Callback<QJsonValue> done)
{
    send(req, [req, done](const RestReply *reply, const Error *error) {
        if (error)
            return done(*error);
        // A DELETE whose first answer was lost finds nothing the second time: that is success.
        if (reply->status == 404 && req.method == "DELETE" && reply->attempts > 1)
            return done(QJsonValue(QJsonObject {}));
        if (!reply->isHttpSuccess())
            return done(HopxErrors::fromReply(*reply, HopxErrors::Origin::ControlPlane, req.what));
        if (reply->body.trimmed().isEmpty())
            return done(QJsonValue(QJsonObject {}));
        bool ok = false;
        const QJsonDocument doc = reply->json(&ok);
        if (!ok)
            return done(HopxErrors::malformed(*reply, req.what));
        done(doc.isArray() ? QJsonValue(doc.array()) : QJsonValue(doc.object()));
    });
}

void ControlPlane::sandboxCall(
    const QString &id, const HopxRequest &req, Callback<QJsonObject> done)
{
    sendJson(req, [id, done](Result<QJsonValue> r) {
        if (!r.ok())
            return done(HopxErrors::withSandbox(r.error(), id));
        done(r.value().toObject());
    });
}

// --- templates ----------------------------------------------------------------------------------

void ControlPlane::listTemplates(Callback<QJsonArray> done)
{
    listTemplatePage({}, std::make_shared<QJsonArray>(), 0, std::move(done));
}

void ControlPlane::listTemplatePage(const QString &cursor, const std::shared_ptr<QJsonArray> &acc,
    int page, Callback<QJsonArray> done)
{
    HopxRequest req;
    req.path = QStringLiteral("/v1/templates");
    if (!cursor.isEmpty())
        req.query.addQueryItem(QStringLiteral("cursor"), cursor);
    req.what = QStringLiteral("list templates");
    sendJson(req, [this, acc, page, done](Result<QJsonValue> r) {
        if (!r.ok())
            return done(r.error());
        for (const QJsonValue &v : HopxJson::listOf(r.value(), QStringLiteral("templates")))
            acc->append(v);
        const QJsonObject o = r.value().toObject();
        const QString next = o.value(QStringLiteral("next_cursor")).toString();
        if (o.value(QStringLiteral("has_more")).toBool() && !next.isEmpty() && page < 50)
            return listTemplatePage(next, acc, page + 1, done);
        done(*acc);
    });
}

void ControlPlane::getTemplate(const QString &name, Callback<QJsonObject> done)
{
    HopxRequest req;
    req.path = QStringLiteral("/v1/templates/") + HopxRequest::segment(name);
    req.what = QStringLiteral("get template");
    sendJson(req, [this, name, done](Result<QJsonValue> r) {
        if (r.ok())
            return done(r.value().toObject());
        if (r.error().code != Error::Code::NotFound)
            return done(r.error());
        explainTemplate(name, r.error(), [done](const Error &e) { done(e); });
    });
}

void ControlPlane::explainTemplate(
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
                QStringLiteral("Template \"%1\" does not exist in HOPX. Available templates: %2.")
                    .arg(templ,
                        names.isEmpty() ? QStringLiteral("(none)")
                                        : names.join(QStringLiteral(", "))),
                details, QStringLiteral("Template not found")));
        });
}

// --- sandboxes ----------------------------------------------------------------------------------

void ControlPlane::create(const CreateSpec &spec, Callback<QJsonObject> done)
{
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

    HopxRequest req;
    req.method = "POST";
    req.path = QStringLiteral("/v1/sandboxes");
    req.body = body;
    req.hasBody = true;
    // Never re-sent after it may have reached HOPX: a second POST is a second sandbox.
    req.retry = RestRequest::Retry::OnlyIfNotProcessed;
    req.timeoutMs = m_options.createTimeoutMs;
    req.what = QStringLiteral("create sandbox");
    const QDateTime started = QDateTime::currentDateTimeUtc();
    const QSet<QString> before = m_knownIds;
    sendJson(req, [this, templ, started, before, done](Result<QJsonValue> r) {
        if (r.ok()) {
            const QJsonObject sandbox = r.value().toObject();
            const QString id = HopxJson::sandboxFromJson(sandbox).id;
            if (id.isEmpty())
                return done(Error::make(Error::Code::Internal,
                    QStringLiteral("HOPX accepted the create request but sent no sandbox id; "
                                   "check list_sandboxes before creating another.")));
            m_knownIds.insert(id);
            return done(sandbox);
        }
        const Error &e = r.error();
        if (ambiguous(e)) {
            qCInfo(lcCloud)
                << "create got no clear answer; looking for the sandbox instead of re-sending";
            const QDateTime until =
                QDateTime::currentDateTimeUtc().addMSecs(m_options.createLookupMs);
            return lookUpCreated(templ, started, before, e, until, done);
        }
        const int status = e.details.value(QStringLiteral("status")).toInt();
        // An unknown template comes back as 400/404, or as a bare 500 (hopx-ai/hopx#6).
        if (status == 400 || status == 404 || status == 422 || status == 500) {
            return explainTemplate(templ, e, [done](const Error &err) { done(err); });
        }
        done(e);
    });
}

void ControlPlane::lookUpCreated(const QString &templ, const QDateTime &started,
    const QSet<QString> &before, const Error &original, const QDateTime &until,
    Callback<QJsonObject> done)
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
                    if (s.status == Core::SandboxStatus::Deleted
                        || s.status == Core::SandboxStatus::Failed)
                        continue;
                    candidates.append(s);
                }
            }
            if (candidates.size() == 1) {
                const SandboxInfo &found = candidates.first();
                qCInfo(lcCloud) << "found the sandbox the unanswered create made:" << found.id;
                m_adoptedIds.insert(found.id);
                return done(found.extra);
            }
            if (candidates.size() > 1) {
                QStringList ids;
                for (const SandboxInfo &s : candidates)
                    ids.append(s.id);
                return done(Error::make(original.code,
                    QStringLiteral(
                        "HOPX did not answer the create request (%1). It was not re-sent; %2 new "
                        "sandboxes of this template appeared meanwhile (%3), so which one is this "
                        "request's cannot be told. Use one of them or delete them.")
                        .arg(original.message)
                        .arg(candidates.size())
                        .arg(ids.join(QStringLiteral(", "))),
                    {{QStringLiteral("candidates"), QJsonArray::fromStringList(ids)}}));
            }
            // A create still under way may show up only later: keep looking as long as a create
            // can take, then say what is known, not that nothing is running.
            if (QDateTime::currentDateTimeUtc().addMSecs(m_options.createLookupDelayMs) < until) {
                QTimer::singleShot(m_options.createLookupDelayMs, this,
                    [=] { lookUpCreated(templ, started, before, original, until, done); });
                return;
            }
            Error e = original;
            e.message = QStringLiteral("HOPX did not answer the create request (%1). It was not "
                                       "re-sent, and no new sandbox of this template appeared in "
                                       "the sandbox list within %2 s. HOPX may still create it: "
                                       "check list_sandboxes before creating another, and delete "
                                       "one you do not use.")
                            .arg(original.message)
                            .arg(m_options.createLookupMs / 1000);
            done(e);
        });
}

void ControlPlane::list(const ListSpec &spec, Callback<QList<SandboxInfo>> done)
{
    listPage(spec, {}, std::make_shared<QList<SandboxInfo>>(), 0, std::move(done));
}

void ControlPlane::listPage(const ListSpec &spec, const QString &cursor,
    const std::shared_ptr<QList<SandboxInfo>> &acc, int page, Callback<QList<SandboxInfo>> done)
{
    const int remaining = spec.limit > 0 ? spec.limit - int(acc->size()) : 100;
    HopxRequest req;
    req.path = QStringLiteral("/v1/sandboxes");
    req.query.addQueryItem(QStringLiteral("limit"), QString::number(qBound(1, remaining, 100)));
    if (!spec.status.isEmpty())
        req.query.addQueryItem(QStringLiteral("status"), spec.status);
    if (!spec.region.isEmpty())
        req.query.addQueryItem(QStringLiteral("region"), spec.region);
    if (!cursor.isEmpty())
        req.query.addQueryItem(QStringLiteral("cursor"), cursor);
    req.what = QStringLiteral("list sandboxes");
    sendJson(req, [this, spec, acc, page, done](Result<QJsonValue> r) {
        if (!r.ok())
            return done(r.error());
        for (const QJsonValue &v : HopxJson::listOf(r.value(), QStringLiteral("sandboxes"))) {
            const SandboxInfo info = HopxJson::sandboxFromJson(v.toObject());
            if (info.id.isEmpty())
                continue;
            m_knownIds.insert(info.id);
            acc->append(info);
            if (spec.limit > 0 && acc->size() >= spec.limit)
                return done(*acc);
        }
        const QJsonObject o = r.value().toObject();
        const QString next = o.value(QStringLiteral("next_cursor")).toString();
        if (o.value(QStringLiteral("has_more")).toBool() && !next.isEmpty() && page < 100)
            return listPage(spec, next, acc, page + 1, done);
        done(*acc);
    });
}

void ControlPlane::getSandbox(const QString &id, Callback<QJsonObject> done)
{
    sandboxCall(id, sandboxRequest("GET", id, QStringLiteral("get sandbox")),
        [this, id, done](Result<QJsonObject> r) {
            if (r.ok())
                m_knownIds.insert(id);
            done(std::move(r));
        });
}

void ControlPlane::deleteSandbox(const QString &id, Callback<Unit> done)
{
    sandboxCall(id, sandboxRequest("DELETE", id, QStringLiteral("delete sandbox")),
        [done](Result<QJsonObject> r) { r.ok() ? done(Unit {}) : done(r.error()); });
}

void ControlPlane::setTimeout(const QString &id, int seconds, Callback<Unit> done)
{
    HopxRequest req = sandboxRequest(
        "PUT", id, QStringLiteral("update sandbox timeout"), QStringLiteral("timeout"));
    req.body = {{QStringLiteral("timeout_seconds"), seconds}};
    req.hasBody = true;
    sandboxCall(
        id, req, [done](Result<QJsonObject> r) { r.ok() ? done(Unit {}) : done(r.error()); });
}

void ControlPlane::lifecycle(
    const QString &id, const QByteArray &action, Callback<QJsonObject> done)
{
    const QString name = QString::fromLatin1(action);
    HopxRequest req = sandboxRequest("POST", id, name + QStringLiteral(" sandbox"), name);
    req.retry = RestRequest::Retry::OnlyIfNotProcessed;
    sandboxCall(id, req, std::move(done));
}

void ControlPlane::refreshToken(const QString &id, Callback<QJsonObject> done)
{
    HopxRequest req = sandboxRequest(
        "POST", id, QStringLiteral("refresh sandbox token"), QStringLiteral("token/refresh"));
    // A second refresh only issues another token: safe to repeat.
    req.retry = RestRequest::Retry::Idempotent;
    sandboxCall(id, req, std::move(done));
}

} // namespace Hopx::Cloud

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/cloud/HopxProvider.h"

#include "providers/cloud/HopxApiKey.h"
#include "providers/cloud/HopxErrors.h"
#include "providers/cloud/HopxJson.h"
#include "providers/cloud/HopxSandbox.h"
#include "providers/cloud/api/AgentChannel.h"
#include "providers/cloud/api/AgentPool.h"
#include "providers/cloud/api/ControlPlane.h"
#include "providers/cloud/api/QueuedCallback.h"
#include "providers/cloud/api/RestClient.h"
#include "providers/cloud/parts/HopxEnv.h"

namespace Hopx::Cloud {

using namespace Core;

HopxProvider::HopxProvider(
    QNetworkAccessManager *nam, const QUrl &baseUrl, const Options &options, QObject *parent)
    : SandboxProvider(parent)
    , m_options(options)
    , m_key(new HopxApiKey(this))
    , m_rest(new RestClient(nam, options.retry, this))
    , m_control(new ControlPlane(m_rest, m_key,
          baseUrl.isValid() && !baseUrl.isEmpty() ? baseUrl : defaultBaseUrl(), options, this))
    , m_pool(new AgentPool(m_control, m_rest, options, this))
{
    // Tokens and agent connections were obtained with the old key: none of them may serve the new.
    connect(m_key, &HopxApiKey::replaced, this, &HopxProvider::forgetAgents);
    // What was last announced of each sandbox: a new timeout changes only its expiry.
    connect(this, &SandboxProvider::sandboxChanged, this,
        [this](const SandboxInfo &info) { m_known.insert(info.id, info); });
    connect(this, &SandboxProvider::sandboxRemoved, this,
        [this](const QString &id) { m_known.remove(id); });
    connect(m_key, &HopxApiKey::unavailableReasonChanged, this,
        &SandboxProvider::unavailableReasonChanged);
}

HopxProvider::HopxProvider(QNetworkAccessManager *nam, const QUrl &baseUrl, QObject *parent)
    : HopxProvider(nam, baseUrl, Options {}, parent)
{ }

HopxProvider::~HopxProvider() = default;

void HopxProvider::setApiKey(const QString &key)
{
    m_key->setFixedKey(key);
}

void HopxProvider::setKeyStore(KeyStore *store)
{
    m_key->setKeyStore(store);
}

QUrl HopxProvider::baseUrl() const
{
    return m_control->baseUrl();
}

void HopxProvider::setOptions(const Options &options)
{
    m_options = options;
    m_rest->setPolicy(options.retry);
    m_control->setOptions(options);
    m_pool->setOptions(options);
}

Core::ProviderKind HopxProvider::describe()
{
    Core::ProviderKind k;
    k.id = QStringLiteral("hopx");
    k.summary = QStringLiteral("the HOPX cloud, with an API key");
    k.displayName =
        QString::fromLatin1(QT_TRANSLATE_NOOP("Hopx::Core::SandboxListModel", "HOPX cloud"));
    return k; // folders are copied in; its sandboxes are always online
}

void HopxProvider::forgetAgents()
{
    m_pool->dropAll(Error::make(Error::Code::Cancelled,
        QStringLiteral("The HOPX connection was reset (the API key changed).")));
}

Wording HopxProvider::unavailableReason() const
{
    // The key's problems are the keychain's own message or the model's 401 sentence; the app
    // shows the missing key as its own state, not as this reason.
    return m_key->unavailableReason();
}

QString HopxProvider::previewUrlFor(
    const QString &publicHost, const QString &id, const QString &region, int port)
{
    const QString host = AgentEndpoint::hostUrl(publicHost).host();
    if (host.startsWith(QLatin1String("7777-")))
        return QStringLiteral("https://%1-%2/").arg(port).arg(host.mid(5));
    if (!region.isEmpty())
        return QStringLiteral("https://%1-%2.%3.vms.hopx.dev/").arg(port).arg(id, region);
    return {};
}

template<typename T>
Callback<T> HopxProvider::later(Callback<T> done)
{
    return queuedCallback(this, std::move(done));
}

OutputSink HopxProvider::echo(const QString &id)
{
    QPointer<HopxProvider> self(this);
    return [self, id](const QString &stream, const QByteArray &chunk) {
        if (self)
            emit self->output(id, stream, chunk);
    };
}

void HopxProvider::listTemplates(Callback<QJsonArray> done)
{
    m_control->listTemplates(later(std::move(done)));
}

void HopxProvider::getTemplate(const QString &name, Callback<QJsonObject> done)
{
    m_control->getTemplate(name, later(std::move(done)));
}

void HopxProvider::create(const CreateSpec &request, Callback<SandboxInfo> done)
{
    done = announcing(later(std::move(done)));
    // HOPX has internet_access on or off: "none" and "full" map onto it; an allowlist it
    // cannot enforce, and creating the sandbox open instead would be a silent widening.
    CreateSpec spec = request;
    if (spec.network) {
        if (spec.network->mode == NetworkPolicy::Mode::Allowlist) {
            done(Error::make(Error::Code::Unsupported,
                QStringLiteral("HOPX sandboxes have network on or off only: a domain allowlist "
                               "(%1) cannot be enforced there. Use network \"full\" or "
                               "\"none\" with provider \"hopx\", or provider \"local\" "
                               "for an allowlist.")
                    .arg(spec.network->allow.join(QStringLiteral(", "))),
                QJsonObject {{QStringLiteral("argument"), QStringLiteral("network")}},
                QStringLiteral("Network allowlist not supported by HOPX")));
            return;
        }
        spec.internetAccess = spec.network->mode == NetworkPolicy::Mode::Full;
    }
    const EnvMap env = spec.envVars;
    m_control->create(spec, [this, env, done](Result<QJsonObject> r) {
        if (!r.ok())
            return done(r.error());
        createdSandbox(r.value(), env, done);
    });
}

void HopxProvider::createdSandbox(
    const QJsonObject &sandbox, const EnvMap &env, Callback<SandboxInfo> done)
{
    m_pool->update(sandbox);
    const SandboxInfo info = HopxJson::sandboxFromJson(sandbox);
    if (env.isEmpty()) {
        // Warm the agent while the caller thinks: the first call then skips most of the wait.
        m_pool->ensure(info.id, [](const Error *) {});
        return done(info);
    }
    // env_vars in the create body are not applied at runtime (SDK 0.2.9): push them to the agent.
    HopxEnv(m_pool->channel(info.id)).setEnv(env, true, [this, info, done](Result<Unit> r) {
        if (r.ok())
            return done(info);
        // A create that failed leaves nothing behind.
        m_control->deleteSandbox(info.id, [](Result<Unit>) {});
        m_pool->drop(info.id, r.error());
        Error e = r.error();
        e.message = QStringLiteral("The sandbox was created but its environment variables could "
                                   "not be set (%1), so it was deleted again.")
                        .arg(e.message);
        done(e);
    });
}

void HopxProvider::list(const ListSpec &spec, Callback<QList<SandboxInfo>> done)
{
    // Whatever a listing finds is announced: sandboxes made elsewhere (other machines, the web
    // dashboard) appear. Only a complete listing can tell that one has gone.
    const bool complete = spec.limit <= 0 && spec.status.isEmpty() && spec.region.isEmpty();
    // "unavailable" is the app's word for a local sandbox it cannot start; the HOPX API knows no
    // such status (creating, running, stopped, paused, error, deleted), so it is not asked.
    if (spec.status == QLatin1String("unavailable")) {
        later<QList<SandboxInfo>>(std::move(done))(QList<SandboxInfo> {});
        return;
    }
    QPointer<HopxProvider> self(this);
    m_control->list(spec,
        later<QList<SandboxInfo>>(
            [self, complete, done = std::move(done)](Result<QList<SandboxInfo>> r) {
                if (r && self)
                    self->announceListing(r.value(), complete);
                done(std::move(r));
            }));
}

void HopxProvider::announceListing(const QList<SandboxInfo> &listed, bool complete)
{
    QSet<QString> now;
    for (const SandboxInfo &info : listed) {
        if (info.id.isEmpty() || info.status == Core::SandboxStatus::Deleted)
            continue;
        now.insert(info.id);
        emit sandboxChanged(info);
    }
    if (!complete)
        return;
    // Only what an earlier complete listing held: a sandbox whose create is still in flight
    // (or that a connection with its own key made) is never declared gone.
    const QSet<QString> gone = m_listed - now;
    m_listed = now;
    for (const QString &id : gone)
        forget(id);
}

SandboxProvider::Claim HopxProvider::claims(const QString &sandboxId) const
{
    return sandboxId.trimmed().isEmpty() ? Claim::No : Claim::Maybe;
}

Result<Sandbox *> HopxProvider::sandbox(const QString &id)
{
    QPointer<HopxSandbox> &handle = m_sandboxes[id];
    if (!handle)
        handle = new HopxSandbox(id, this, m_control, m_pool, echo(id));
    return handle.data();
}

void HopxProvider::timeoutChanged(const QString &id, int seconds)
{
    auto it = m_known.find(id);
    if (it == m_known.end())
        return;
    it->timeoutSeconds = seconds;
    it->expiresAt = QDateTime::currentDateTime().addSecs(seconds);
    emit sandboxChanged(*it);
}

void HopxProvider::forget(const QString &id)
{
    if (HopxSandbox *handle = m_sandboxes.take(id))
        handle->deleteLater();
    m_listed.remove(id);
    emit sandboxRemoved(id);
}

} // namespace Hopx::Cloud

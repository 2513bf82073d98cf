// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "HopxProvider.h"

#include "AgentChannel.h"
#include "AgentPool.h"
#include "ControlPlane.h"
#include "HopxApiKey.h"
#include "HopxEnv.h"
#include "HopxErrors.h"
#include "HopxExec.h"
#include "HopxFiles.h"
#include "HopxJson.h"
#include "HopxMetrics.h"
#include "HopxProcesses.h"
#include "QueuedCallback.h"
#include "RestClient.h"

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

void HopxProvider::forgetAgents()
{
    m_pool->dropAll(Error::make(Error::Code::Cancelled,
        QStringLiteral("The HOPX connection was reset (the API key changed).")));
}

QString HopxProvider::unavailableReason() const
{
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

AgentChannel HopxProvider::agent(const QString &id) const
{
    return m_pool->channel(id);
}

OutputSink HopxProvider::echo(const QString &id)
{
    QPointer<HopxProvider> self(this);
    return [self, id](const QString &stream, const QByteArray &chunk) {
        if (self)
            emit self->output(id, stream, chunk);
    };
}

// --- templates, sandboxes: the control plane, and what its answers mean for the agent pool -----

void HopxProvider::listTemplates(Callback<QJsonArray> done)
{
    m_control->listTemplates(later(std::move(done)));
}

void HopxProvider::getTemplate(const QString &name, Callback<QJsonObject> done)
{
    m_control->getTemplate(name, later(std::move(done)));
}

void HopxProvider::create(const CreateSpec &spec, Callback<SandboxInfo> done)
{
    done = later(std::move(done));
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
    HopxEnv(agent(info.id)).set(env, true, [this, info, done](Result<Unit> r) {
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
    m_control->list(spec, later(std::move(done)));
}

void HopxProvider::get(const QString &id, Callback<SandboxInfo> done)
{
    done = later(std::move(done));
    m_control->getSandbox(id, [this, id, done](Result<QJsonObject> r) {
        if (!r.ok()) {
            if (r.error().code == Error::Code::NotFound)
                m_pool->drop(id, HopxErrors::sandboxNotFound(id));
            return done(r.error());
        }
        m_pool->updateIfTracked(id, r.value());
        done(HopxJson::sandboxFromJson(r.value()));
    });
}

void HopxProvider::destroy(const QString &id, Callback<Unit> done)
{
    done = later(std::move(done));
    m_control->deleteSandbox(id, [this, id, done](Result<Unit> r) {
        if (r.ok())
            m_pool->drop(id, HopxErrors::sandboxNotFound(id));
        done(std::move(r));
    });
}

void HopxProvider::setTimeout(const QString &id, int seconds, Callback<Unit> done)
{
    m_control->setTimeout(id, seconds, later(std::move(done)));
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
    m_control->lifecycle(id, action, [this, id, done](Result<QJsonObject> r) {
        if (!r.ok())
            return done(r.error());
        // A paused or freshly resumed VM must pass /health again before agent calls.
        m_pool->markRestarted(id);
        // The reply is "an object": use it only when it is a whole Sandbox, else ask.
        const QJsonObject o = r.value();
        if (o.value(QStringLiteral("object")).toString() == QLatin1String("sandbox")
            && !o.value(QStringLiteral("status")).toString().isEmpty()
            && !HopxJson::sandboxFromJson(o).id.isEmpty()) {
            m_pool->updateIfTracked(id, o);
            return done(HopxJson::sandboxFromJson(o));
        }
        m_control->getSandbox(id, [this, id, done](Result<QJsonObject> g) {
            if (!g.ok())
                return done(g.error());
            m_pool->updateIfTracked(id, g.value());
            done(HopxJson::sandboxFromJson(g.value()));
        });
    });
}

// --- operations on the sandbox's agent ----------------------------------------------------------

Cancel HopxProvider::execute(const QString &id, const ExecSpec &spec, Callback<ExecResult> done)
{
    return HopxExec(agent(id), echo(id)).execute(spec, later(std::move(done)));
}

Cancel HopxProvider::runCommand(
    const QString &id, const CommandSpec &spec, Callback<ExecResult> done)
{
    return HopxExec(agent(id), echo(id)).runCommand(spec, later(std::move(done)));
}

void HopxProvider::startBackground(
    const QString &id, const BackgroundSpec &spec, Callback<ProcessStarted> done)
{
    HopxProcesses(agent(id)).start(spec, later(std::move(done)));
}

void HopxProvider::listExecutions(const QString &id, Callback<QJsonArray> done)
{
    HopxProcesses(agent(id)).listExecutions(later(std::move(done)));
}

void HopxProvider::listProcesses(const QString &id, Callback<QJsonArray> done)
{
    HopxProcesses(agent(id)).listProcesses(later(std::move(done)));
}

void HopxProvider::killProcess(const QString &id, const QString &processId, Callback<Unit> done)
{
    HopxProcesses(agent(id)).kill(processId, later(std::move(done)));
}

void HopxProvider::readFile(const QString &id, const QString &path, Callback<QByteArray> done)
{
    HopxFiles(agent(id)).read(path, later(std::move(done)));
}

void HopxProvider::writeFile(const QString &id, const QString &path, const QByteArray &content,
    const QString &mode, Callback<Unit> done)
{
    HopxFiles(agent(id)).write(path, content, mode, later(std::move(done)));
}

void HopxProvider::listFiles(
    const QString &id, const QString &path, int maxResults, Callback<FileList> done)
{
    HopxFiles(agent(id)).list(path, maxResults, later(std::move(done)));
}

void HopxProvider::fileExists(const QString &id, const QString &path, Callback<bool> done)
{
    HopxFiles(agent(id)).exists(path, later(std::move(done)));
}

void HopxProvider::removeFile(const QString &id, const QString &path, Callback<Unit> done)
{
    HopxFiles(agent(id)).remove(path, later(std::move(done)));
}

void HopxProvider::makeDirectory(const QString &id, const QString &path, Callback<Unit> done)
{
    HopxFiles(agent(id)).makeDirectory(path, later(std::move(done)));
}

void HopxProvider::getEnv(const QString &id, Callback<EnvMap> done)
{
    HopxEnv(agent(id)).get(later(std::move(done)));
}

void HopxProvider::setEnv(const QString &id, const EnvMap &vars, bool merge, Callback<Unit> done)
{
    HopxEnv(agent(id)).set(vars, merge, later(std::move(done)));
}

void HopxProvider::clearEnv(const QString &id, Callback<Unit> done)
{
    HopxEnv(agent(id)).clear(later(std::move(done)));
}

void HopxProvider::systemMetrics(const QString &id, Callback<QJsonObject> done)
{
    HopxMetrics(agent(id)).systemMetrics(later(std::move(done)));
}

void HopxProvider::vmInfo(const QString &id, Callback<QJsonObject> done)
{
    HopxMetrics(agent(id)).vmInfo(later(std::move(done)));
}

void HopxProvider::cacheClear(const QString &id, Callback<QJsonObject> done)
{
    HopxMetrics(agent(id)).cacheClear(later(std::move(done)));
}

void HopxProvider::cacheStats(const QString &id, Callback<QJsonObject> done)
{
    HopxMetrics(agent(id)).cacheStats(later(std::move(done)));
}

void HopxProvider::previewUrl(const QString &id, int port, Callback<QString> done)
{
    done = later(std::move(done));
    m_pool->host(id, [id, port, done](const AgentEndpoint *a, const Error *e) {
        if (e)
            return done(*e);
        const QString url = previewUrlFor(a->publicHost, id, a->region, port);
        if (url.isEmpty())
            return done(Error::make(Error::Code::Unsupported,
                QStringLiteral("Cannot derive a preview URL from the host %1.")
                    .arg(a->publicHost)));
        done(url);
    });
}

void HopxProvider::agentUrl(const QString &id, Callback<QString> done)
{
    done = later(std::move(done));
    m_pool->host(id, [done](const AgentEndpoint *a, const Error *e) {
        if (e)
            return done(*e);
        done(AgentEndpoint::hostUrl(a->publicHost).toString());
    });
}

} // namespace Hopx::Cloud

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "HopxOptions.h"

#include "core/SandboxProvider.h"

#include <QUrl>

class QNetworkAccessManager;

namespace Hopx::Core {
class KeyStore;
}

namespace Hopx::Cloud {

class AgentChannel;
class AgentPool;
class ControlPlane;
class HopxApiKey;
class RestClient;

/*! \brief SandboxProvider for HOPX cloud sandboxes (specs/hopx-api.md): a facade over
 *
 * - HopxApiKey: which API key, and why there is none;
 * - ControlPlane: `/v1/sandboxes…` and `/v1/templates…` with `X-API-Key`, create and its recovery;
 * - AgentPool: each sandbox's agent URL and token, cached after the first use (which waits for
 *   `/health`), so a warm call is one HTTP request; AgentChannel reaches one agent through it;
 * - the operations on an agent, each a value bound to an AgentChannel: HopxExec, HopxProcesses,
 *   HopxFiles, HopxEnv, HopxMetrics.
 *
 * The facade tells the pool what control-plane calls learnt (a sandbox created, paused, gone)
 * and answers every call from the event loop. One provider speaks for one key: the manager makes
 * one provider per distinct key and shares the QNetworkAccessManager. Requests that are safe to
 * repeat are retried on 429/5xx/timeouts within a bounded budget; a create is never re-sent.
 */
class HopxProvider final : public Core::SandboxProvider
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HopxProvider)
public:
    using Options = HopxOptions;

    static QUrl defaultBaseUrl() { return QUrl(QStringLiteral("https://api.hopx.dev")); }

    HopxProvider(QNetworkAccessManager *nam, const QUrl &baseUrl, const Options &options,
        QObject *parent = nullptr);
    HopxProvider(QNetworkAccessManager *nam, const QUrl &baseUrl, QObject *parent = nullptr);
    ~HopxProvider() override;

    //! A fixed key: HOPX_API_KEY or a connection's own key. Empty = use the KeyStore, if any.
    void setApiKey(const QString &key);
    //! Where the key lives when setApiKey() gave none; not owned.
    void setKeyStore(Core::KeyStore *store);
    QUrl baseUrl() const;
    const Options &options() const { return m_options; }
    void setOptions(const Options &options);
    //! Drops every cached agent URL and token; the next call per sandbox reconnects.
    void forgetAgents();

    //! `https://<port>-<id>.<region>.vms.hopx.dev/` from a `public_host` such as
    //! `https://7777-<id>.<region>.vms.hopx.dev` (hopx-mcp's get_preview_url).
    static QString previewUrlFor(
        const QString &publicHost, const QString &id, const QString &region, int port);

    QString id() const override { return QStringLiteral("hopx"); }
    QString unavailableReason() const override;

    void listTemplates(Core::Callback<QJsonArray> done) override;
    void getTemplate(const QString &name, Core::Callback<QJsonObject> done) override;

    void create(const Core::CreateSpec &spec, Core::Callback<Core::SandboxInfo> done) override;
    void list(const Core::ListSpec &spec, Core::Callback<QList<Core::SandboxInfo>> done) override;
    void get(const QString &id, Core::Callback<Core::SandboxInfo> done) override;
    void destroy(const QString &id, Core::Callback<Core::Unit> done) override;
    void setTimeout(const QString &id, int seconds, Core::Callback<Core::Unit> done) override;
    void pause(const QString &id, Core::Callback<Core::SandboxInfo> done) override;
    void resume(const QString &id, Core::Callback<Core::SandboxInfo> done) override;

    Core::Cancel execute(const QString &id, const Core::ExecSpec &spec,
        Core::Callback<Core::ExecResult> done) override;
    Core::Cancel runCommand(const QString &id, const Core::CommandSpec &spec,
        Core::Callback<Core::ExecResult> done) override;
    void startBackground(const QString &id, const Core::BackgroundSpec &spec,
        Core::Callback<Core::ProcessStarted> done) override;
    void listExecutions(const QString &id, Core::Callback<QJsonArray> done) override;
    void listProcesses(const QString &id, Core::Callback<QJsonArray> done) override;
    void killProcess(
        const QString &id, const QString &processId, Core::Callback<Core::Unit> done) override;

    void readFile(const QString &id, const QString &path, Core::Callback<QByteArray> done) override;
    void writeFile(const QString &id, const QString &path, const QByteArray &content,
        const QString &mode, Core::Callback<Core::Unit> done) override;
    void listFiles(const QString &id, const QString &path, int maxResults,
        Core::Callback<Core::FileList> done) override;
    void fileExists(const QString &id, const QString &path, Core::Callback<bool> done) override;
    void removeFile(
        const QString &id, const QString &path, Core::Callback<Core::Unit> done) override;
    void makeDirectory(
        const QString &id, const QString &path, Core::Callback<Core::Unit> done) override;

    void getEnv(const QString &id, Core::Callback<Core::EnvMap> done) override;
    void setEnv(const QString &id, const Core::EnvMap &vars, bool merge,
        Core::Callback<Core::Unit> done) override;
    void clearEnv(const QString &id, Core::Callback<Core::Unit> done) override;

    void systemMetrics(const QString &id, Core::Callback<QJsonObject> done) override;
    void vmInfo(const QString &id, Core::Callback<QJsonObject> done) override;
    void cacheClear(const QString &id, Core::Callback<QJsonObject> done) override;
    void cacheStats(const QString &id, Core::Callback<QJsonObject> done) override;
    void previewUrl(const QString &id, int port, Core::Callback<QString> done) override;
    void agentUrl(const QString &id, Core::Callback<QString> done) override;

private:
    template<typename T>
    Core::Callback<T> later(Core::Callback<T> done);
    AgentChannel agent(const QString &id) const;
    //! Mirrors a sandbox's output to the output() signal.
    Core::OutputSink echo(const QString &id);

    void createdSandbox(const QJsonObject &sandbox, const Core::EnvMap &env,
        Core::Callback<Core::SandboxInfo> done);
    void lifecycle(
        const QString &id, const QByteArray &action, Core::Callback<Core::SandboxInfo> done);

    Options m_options;
    HopxApiKey *m_key;
    RestClient *m_rest;
    ControlPlane *m_control;
    AgentPool *m_pool;
};

} // namespace Hopx::Cloud

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "RestClient.h"

#include "core/SandboxProvider.h"

#include <QDateTime>
#include <QHash>
#include <QPointer>
#include <QSet>
#include <QUrl>
#include <QUrlQuery>

class QNetworkAccessManager;

namespace Hopx::Core {
class KeyStore;
}

namespace Hopx::Cloud {

/*! \brief SandboxProvider for HOPX cloud sandboxes: the control plane (`X-API-Key`) plus each
 *  sandbox's agent (`Authorization: Bearer <sandbox JWT>`), per the HOPX API notes
 * (specs/hopx-api.md).
 *
 * The API key comes from setApiKey() (HOPX_API_KEY, or a per-connection key) or, when none is
 * set, from a KeyStore read lazily and re-read after keyChanged(). One provider speaks for one
 * key: the manager makes one provider per distinct key and shares the QNetworkAccessManager.
 *
 * Each sandbox's agent URL and token are cached after the first use (which waits for
 * `/health`), so a warm call is one HTTP request. Requests that are safe to repeat are retried
 * on 429/5xx/timeouts within a bounded budget; a create is never re-sent: after an ambiguous
 * failure the provider looks the new sandbox up in the list instead.
 */
class HopxProvider final : public Core::SandboxProvider
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HopxProvider)
public:
    struct Options
    {
        int controlTimeoutMs = 30000; // one control-plane attempt
        int agentTimeoutMs = 60000; // one agent attempt (files, env, …)
        int execGraceMs = 30000; // added to an execution's own timeout (SDK: +30 s)
        int healthTimeoutMs = 5000; // one /health probe
        int healthIntervalMs = 1500; // between probes (SDK: 1.5 s)
        int healthMaxWaitMs = 45000; // give up waiting for a new agent after this
        int tokenRefreshMarginSecs = 300;
        int createLookupAttempts = 3; // list calls after an unanswered create
        int createLookupDelayMs = 2000;
        int createLookupWindowSecs = 120; // clock skew allowed when matching created_at
        int killVerifyDelayMs = 300;
        RestClient::Policy retry;
    };

    static QUrl defaultBaseUrl() { return QUrl(QStringLiteral("https://api.hopx.dev")); }

    HopxProvider(QNetworkAccessManager *nam, const QUrl &baseUrl, const Options &options,
        QObject *parent = nullptr);
    HopxProvider(QNetworkAccessManager *nam, const QUrl &baseUrl, QObject *parent = nullptr);
    ~HopxProvider() override;

    //! A fixed key: HOPX_API_KEY or a connection's own key. Empty = use the KeyStore, if any.
    void setApiKey(const QString &key);
    //! Where the key lives when setApiKey() gave none; not owned.
    void setKeyStore(Core::KeyStore *store);
    QUrl baseUrl() const { return m_baseUrl; }
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
    // What one sandbox's agent needs; `ready` once /health said healthy with this token.
    struct Agent
    {
        QUrl base;
        QString publicHost;
        QString region;
        QString token;
        QDateTime tokenExpires;
        bool ready = false;
        bool connecting = false;
        QList<std::function<void(const Core::Error *)>> waiters;
        QSet<QString> base64Paths; // written as base64: the agent may store the text (issue #33)
    };
    struct AgentCall;
    struct Req
    {
        QByteArray method = "GET";
        QString path;
        QUrlQuery query;
        QJsonObject body;
        bool hasBody = false;
        RestRequest::Retry retry = RestRequest::Retry::Idempotent;
        int timeoutMs = 0; // 0 = the default for the plane
        QString what; // names the operation in error messages
    };
    using RawDone = std::function<void(const RestReply *reply, const Core::Error *error)>;

    template<typename T>
    Core::Callback<T> later(Core::Callback<T> done);

    void withKey(std::function<void(const QString *key, const Core::Error *error)> next);
    void control(const Req &req, RawDone done);
    void controlJson(const Req &req, Core::Callback<QJsonValue> done);
    Core::Cancel agent(const QString &id, const Req &req, RawDone done);
    Core::Cancel agentJson(const QString &id, const Req &req, Core::Callback<QJsonValue> done);
    void sendAgent(const std::shared_ptr<AgentCall> &call);

    void ensureAgent(const QString &id, std::function<void(const Core::Error *)> ready);
    void connectAgent(const QString &id, int creatingPolls);
    void refreshToken(const QString &id, std::function<void(const Core::Error *)> done);
    void pollHealth(const QString &id, qint64 deadlineMs);
    void finishConnect(const QString &id, const Core::Error *error);
    void updateAgent(const QJsonObject &sandbox);
    void dropAgent(const QString &id, const Core::Error &why);

    void createdSandbox(const QJsonObject &sandbox, const Core::EnvMap &env,
        Core::Callback<Core::SandboxInfo> done);
    void lookUpCreated(const QString &templ, const QDateTime &started, const QSet<QString> &before,
        const Core::Error &original, int attempt, const Core::EnvMap &env,
        Core::Callback<Core::SandboxInfo> done);
    void explainTemplate(const QString &templ, const Core::Error &original,
        std::function<void(const Core::Error &)> done);
    void listPage(const Core::ListSpec &spec, const QString &cursor,
        const std::shared_ptr<QList<Core::SandboxInfo>> &acc, int page,
        Core::Callback<QList<Core::SandboxInfo>> done);
    void listTemplatePage(const QString &cursor, const std::shared_ptr<QJsonArray> &acc, int page,
        Core::Callback<QJsonArray> done);
    void lifecycle(
        const QString &id, const QByteArray &action, Core::Callback<Core::SandboxInfo> done);
    void killWithForm(
        const QString &id, const QString &processId, int form, Core::Callback<Core::Unit> done);
    void verifyKilled(const QString &id, const QString &processId, int form, bool again,
        Core::Callback<Core::Unit> done);
    void readFileFallback(const QString &id, const QString &path, Core::Callback<QByteArray> done);
    void sandboxHost(
        const QString &id, std::function<void(const Agent *, const Core::Error *)> done);
    Core::Cancel runExec(const QString &id, const Req &req, int timeoutSeconds, qint64 maxOutput,
        const Core::OutputSink &sink, bool commandReply, Core::Callback<Core::ExecResult> done);
    //! The same run over the agent's /execute/stream, output to `sink` as it comes.
    Core::Cancel streamExec(const QString &id, const Req &req, int timeoutSeconds, qint64 maxOutput,
        const Core::OutputSink &sink, Core::Callback<Core::ExecResult> done);

    QUrl controlUrl(const QString &path, const QUrlQuery &query) const;

    QNetworkAccessManager *m_nam;
    QUrl m_baseUrl;
    Options m_options;
    RestClient *m_rest;
    QString m_fixedKey;
    QPointer<Core::KeyStore> m_keyStore;
    QString m_storeKey;
    bool m_storeKeyLoaded = false;
    QString m_keyProblem; // why no key could be found, for unavailableReason()
    QHash<QString, Agent> m_agents;
    QSet<QString> m_knownIds; // seen in a list/get/create: never mistaken for a new sandbox
    QSet<QString> m_adoptedIds;
};

} // namespace Hopx::Cloud

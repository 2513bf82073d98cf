// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "providers/cloud/HopxOptions.h"

#include "core/manager/SandboxProvider.h"

#include <QHash>
#include <QPointer>
#include <QSet>
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
class HopxSandbox;
class RestClient;

/*! \brief SandboxProvider for HOPX cloud sandboxes (specs/hopx-api.md): a facade over
 *
 * - HopxApiKey: which API key, and why there is none;
 * - ControlPlane: `/v1/sandboxes…` and `/v1/templates…` with `X-API-Key`, create and its recovery;
 * - AgentPool: each sandbox's agent URL and token, cached after the first use (which waits for
 *   `/health`), so a warm call is one HTTP request; AgentChannel reaches one agent through it;
 * - HopxSandbox: the handle of one sandbox (lifecycle, URLs) holding the operations on its
 *   agent, each bound to an AgentChannel: HopxExec, HopxProcesses, HopxFiles, HopxEnv, HopxMetrics.
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

    //! What a HOPX sandbox is, for the tools' schemas (also when no provider runs).
    static Core::ProviderKind describe();
    QString id() const override { return describe().id; }
    Core::ProviderKind kind() const override { return describe(); }
    Core::Wording unavailableReason() const override;

    void listTemplates(Core::Callback<QJsonArray> done) override;
    void getTemplate(const QString &name, Core::Callback<QJsonObject> done) override;

    void create(const Core::CreateSpec &spec, Core::Callback<Core::SandboxInfo> done) override;
    void list(const Core::ListSpec &spec, Core::Callback<QList<Core::SandboxInfo>> done) override;

    //! Cloud ids are opaque: any id may be one of ours, only the control plane can tell.
    Claim claims(const QString &sandboxId) const override;
    //! A HopxSandbox for \a id, made on first use; whether it exists shows on the first call.
    Core::Result<Core::Sandbox *> sandbox(const QString &id) override;
    //! A sandbox's timeout was set to \a seconds from now: announces its new expiry.
    void timeoutChanged(const QString &id, int seconds);
    //! Drops the handle of a sandbox that was deleted or found gone, and says it is gone.
    void forget(const QString &id);

private:
    template<typename T>
    Core::Callback<T> later(Core::Callback<T> done);
    //! Mirrors a sandbox's output to the output() signal.
    Core::OutputSink echo(const QString &id);

    void announceListing(const QList<Core::SandboxInfo> &listed, bool complete);
    void createdSandbox(const QJsonObject &sandbox, const Core::EnvMap &env,
        Core::Callback<Core::SandboxInfo> done);

    Options m_options;
    HopxApiKey *m_key;
    RestClient *m_rest;
    ControlPlane *m_control;
    AgentPool *m_pool;
    QHash<QString, QPointer<HopxSandbox>> m_sandboxes; // handles, owned as QObject children
    QSet<QString> m_listed; // what the last complete listing held
    QHash<QString, Core::SandboxInfo> m_known; // what was last announced of each sandbox
};

} // namespace Hopx::Cloud

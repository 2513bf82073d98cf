// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "providers/cloud/HopxOptions.h"
#include "providers/cloud/api/HopxRequest.h"

#include "core/base/Result.h"
#include "core/sandbox/SandboxTypes.h"

#include <QDateTime>
#include <QObject>
#include <QSet>

namespace Hopx::Cloud {

class HopxApiKey;
class RestClient;

/*! \brief The HOPX control plane (`X-API-Key`, specs/hopx-api.md §2): sandboxes and templates.
 *
 * Knows nothing about agents: AgentPool asks it where a sandbox's agent is and for its token,
 * HopxProvider tells the pool what the replies here said. Every sandbox-specific failure names
 * its sandbox (HopxErrors::withSandbox()).
 *
 * A create is never re-sent: after a failure that may have reached HOPX it looks the new sandbox
 * up in the list instead, and to do so it remembers every sandbox id a reply has named.
 */
class ControlPlane final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ControlPlane)
public:
    //! `rest` and `key` are not owned.
    ControlPlane(RestClient *rest, HopxApiKey *key, const QUrl &baseUrl, const HopxOptions &options,
        QObject *parent = nullptr);

    QUrl baseUrl() const { return m_baseUrl; }
    void setOptions(const HopxOptions &options) { m_options = options; }

    //! One request with the API key; `done` gets the reply whatever its status.
    void send(const HopxRequest &req, RawDone done);
    //! The reply's JSON (`{}` for an empty body), or the error a non-2xx status means.
    void sendJson(const HopxRequest &req, Core::Callback<QJsonValue> done);

    void listTemplates(Core::Callback<QJsonArray> done);
    //! An unknown template's error lists the ones that exist.
    void getTemplate(const QString &name, Core::Callback<QJsonObject> done);

    //! The new sandbox as HOPX describes it (`Sandbox`), found in the list if the create was
    //! not answered.
    void create(const Core::CreateSpec &spec, Core::Callback<QJsonObject> done);
    void list(const Core::ListSpec &spec, Core::Callback<QList<Core::SandboxInfo>> done);
    void getSandbox(const QString &id, Core::Callback<QJsonObject> done);
    void deleteSandbox(const QString &id, Core::Callback<Core::Unit> done);
    void setTimeout(const QString &id, int seconds, Core::Callback<Core::Unit> done);
    //! `POST /v1/sandboxes/{id}/{action}` for "pause" and "resume"; the reply as it came.
    void lifecycle(const QString &id, const QByteArray &action, Core::Callback<QJsonObject> done);
    //! A new agent token: `{auth_token, token_expires_at}`.
    void refreshToken(const QString &id, Core::Callback<QJsonObject> done);

private:
    QUrl urlFor(const QString &path, const QUrlQuery &query) const;
    void sandboxCall(const QString &id, const HopxRequest &req, Core::Callback<QJsonObject> done);
    void listPage(const Core::ListSpec &spec, const QString &cursor,
        const std::shared_ptr<QList<Core::SandboxInfo>> &acc, int page,
        Core::Callback<QList<Core::SandboxInfo>> done);
    void listTemplatePage(const QString &cursor, const std::shared_ptr<QJsonArray> &acc, int page,
        Core::Callback<QJsonArray> done);
    void explainTemplate(const QString &templ, const Core::Error &original,
        std::function<void(const Core::Error &)> done);
    void lookUpCreated(const QString &templ, const QDateTime &started, const QSet<QString> &before,
        const Core::Error &original, const QDateTime &until, Core::Callback<QJsonObject> done);

    RestClient *m_rest;
    HopxApiKey *m_key;
    QUrl m_baseUrl;
    HopxOptions m_options;
    QSet<QString> m_knownIds; // seen in a reply: never mistaken for a new sandbox
    QSet<QString> m_adoptedIds; // found after an unanswered create: never found again
};

} // namespace Hopx::Cloud

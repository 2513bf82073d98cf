// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "providers/cloud/HopxOptions.h"
#include "providers/cloud/api/AgentEndpoint.h"

#include "core/base/Error.h"

#include <QHash>
#include <QObject>
#include <QSet>

#include <functional>

namespace Hopx::Cloud {

class AgentChannel;
class ControlPlane;
class RestClient;

/*! \brief Every sandbox agent a provider talks to: its URL and token, and whether it is ready.
 *
 * The first use of a sandbox asks the control plane where its agent is (resuming a paused
 * sandbox, waiting out `creating`), gets a token if the sandbox came without one and waits for
 * `/health`; after that the endpoint is cached, so a warm call is one HTTP request to the agent.
 * A token close to expiry is refreshed without a new health wait. Concurrent first uses share
 * one connection attempt. An agent that stops answering is looked up again on the next use.
 *
 * Operations reach an agent through an AgentChannel; HopxProvider feeds the pool what the
 * control plane says about sandboxes (update(), markRestarted(), drop()).
 */
class AgentPool final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AgentPool)
public:
    //! With the error that stopped it, or nullptr when the agent is ready.
    using Ready = std::function<void(const Core::Error *error)>;

    //! `control` and `rest` are not owned.
    AgentPool(ControlPlane *control, RestClient *rest, const HopxOptions &options,
        QObject *parent = nullptr);

    const HopxOptions &options() const { return m_options; }
    void setOptions(const HopxOptions &options) { m_options = options; }
    RestClient *rest() const { return m_rest; }
    AgentChannel channel(const QString &id);

    //! `ready` runs once the agent of `id` is ready with a fresh token: at once when it is warm.
    void ensure(const QString &id, Ready ready);
    //! What the pool knows about `id`'s agent; nullptr when it tracks no such sandbox.
    const AgentEndpoint *endpoint(const QString &id) const;
    //! Asks the control plane for a new token of a tracked sandbox and keeps it.
    void refreshToken(const QString &id, Ready done);
    //! The agent stopped answering (moved, paused, expired): ask the control plane next time.
    void markUnreachable(const QString &id);
    //! Paused or resumed: the VM must pass `/health` again before the next agent call.
    void markRestarted(const QString &id);

    //! What a control-plane `Sandbox` says about its agent; tracks the sandbox from now on.
    void update(const QJsonObject &sandbox);
    //! As update(), only for a sandbox the pool already tracks.
    void updateIfTracked(const QString &id, const QJsonObject &sandbox);
    //! Forgets `id`; calls waiting for its agent fail with `why`.
    void drop(const QString &id, const Core::Error &why);
    void dropAll(const Core::Error &why);

    //! The endpoint with its public host, from the cache or from one `GET /v1/sandboxes/{id}`.
    void host(const QString &id,
        std::function<void(const AgentEndpoint *endpoint, const Core::Error *error)> done);

    //! Paths written as base64: agents before hopx-ai/hopx#33 store such a write as its text.
    bool storedAsBase64(const QString &id, const QString &path) const;
    void noteWritten(const QString &id, const QString &path, bool base64);
    void noteRemoved(const QString &id, const QString &path);
    //! What an agent does with a base64 write, as the `size` of a write reply told it.
    enum class Base64Writes { Unknown, Decoded, KeptAsText };
    Base64Writes base64Writes(const QString &id) const;
    void noteBase64Writes(const QString &id, Base64Writes how);

private:
    struct Entry
    {
        AgentEndpoint endpoint;
        bool ready = false; // /health said healthy with this token
        bool connecting = false;
        QList<Ready> waiters;
        QSet<QString> base64Paths;
        Base64Writes base64Writes = Base64Writes::Unknown;
    };

    //! `waitPolls` status polls so far; `resumed` once this attempt resumed the sandbox.
    void connectAgent(const QString &id, int waitPolls, bool resumed);
    void pollHealth(const QString &id, qint64 deadlineMs);
    void finishConnect(const QString &id, const Core::Error *error);

    ControlPlane *m_control;
    RestClient *m_rest;
    HopxOptions m_options;
    QHash<QString, Entry> m_entries;
};

} // namespace Hopx::Cloud

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "providers/cloud/api/HopxRequest.h"

#include "core/base/Result.h"
#include "core/sandbox/SandboxTypes.h"

#include <QPointer>

namespace Hopx::Cloud {

class AgentPool;
struct AgentEndpoint;
struct HopxOptions;

/*! \brief One sandbox's agent as the operations use it (`Authorization: Bearer <sandbox JWT>`).
 *
 * A cheap value (the pool and the sandbox id): each request goes to the URL and token the pool
 * holds for the sandbox at that moment, so a channel never goes stale when the pool reconnects.
 * The pool waits for the agent first (AgentPool::ensure()); a 401 gets one token refresh and
 * the same request again (a 401 ran nothing); an agent that stopped answering is marked so that
 * the next call asks the control plane where it is. Calls made after the pool is gone end with
 * Cancelled at once; replies and timers live and die with the pool.
 */
class AgentChannel
{
public:
    AgentChannel() = default;
    AgentChannel(AgentPool *pool, const QString &sandboxId);

    const QString &sandboxId() const { return m_id; }
    AgentPool *pool() const;
    //! Context for timers and queued answers of this sandbox's operations.
    QObject *context() const;
    /*! Where the capabilities queue their answers: the pool, or once it is gone the application,
     *  so that a call on a handle that outlived its pool still answers (Cancelled), never from
     *  inside the call. */
    QObject *answerContext() const;
    //! The pool's options (the defaults once the pool is gone).
    const HopxOptions &options() const;

    //! For what does not go through send() (the `/execute/stream` WebSocket): the endpoint
    //! once the agent is ready, or why it is not.
    void whenReady(
        std::function<void(const AgentEndpoint *endpoint, const Core::Error *error)> ready) const;
    //! One request; `done` gets the agent's reply whatever its status, or why there is none.
    Core::Cancel send(const HopxRequest &req, RawDone done) const;
    //! The reply's JSON (`{}` for an empty body), or the error a non-2xx status means; every
    //! error names the sandbox.
    Core::Cancel sendJson(const HopxRequest &req, Core::Callback<QJsonValue> done) const;
    //! sendJson() for calls whose answer is one object (or nothing: `{}`).
    Core::Cancel sendForObject(const HopxRequest &req, Core::Callback<QJsonObject> done) const;
    //! sendJson() for calls whose answer is only success.
    Core::Cancel sendForUnit(const HopxRequest &req, Core::Callback<Core::Unit> done) const;

private:
    struct Call;
    static void sendNow(const std::shared_ptr<Call> &call);

    QPointer<AgentPool> m_pool;
    QString m_id;
};

} // namespace Hopx::Cloud

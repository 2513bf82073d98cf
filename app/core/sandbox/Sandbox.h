// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"
#include "core/sandbox/SandboxCheckpoints.h"
#include "core/sandbox/SandboxDesktop.h"
#include "core/sandbox/SandboxEndpoints.h"
#include "core/sandbox/SandboxEnv.h"
#include "core/sandbox/SandboxExec.h"
#include "core/sandbox/SandboxFiles.h"
#include "core/sandbox/SandboxJobs.h"
#include "core/sandbox/SandboxLifecycle.h"
#include "core/sandbox/SandboxMetrics.h"
#include "core/sandbox/SandboxNetwork.h"
#include "core/sandbox/SandboxTransfer.h"

#include <QObject>

namespace Hopx::Core {

class SandboxProvider;

/*! \brief One sandbox, as a handle made of capabilities: lifecycle (every sandbox), exec,
 *  jobs, files, env, metrics and endpoints where the provider offers them.
 *
 * A tool asks for what it needs: `sandbox->require<SandboxFiles>()` gives the capability or
 * the error to answer with (Error::Code::Unsupported, saying which provider lacks what). A new
 * capability (checkpoints, host files, …) is one interface, one virtual accessor here that
 * returns nullptr by default, and one pick() overload; providers that offer it override the
 * accessor, the others need no change.
 *
 * Lifetime: the provider owns its Sandbox objects (they are its QObject children) and deletes
 * one when the sandbox ends (destroyed, expired, died). A pointer from
 * SandboxProvider::sandbox() is good for the current call: across an asynchronous step keep a
 * QPointer<Sandbox> and check it, or look the id up again. Capability pointers live exactly as
 * long as their sandbox. Every operation answers exactly once, never synchronously, while its
 * sandbox lives; when the sandbox is deleted mid-operation the provider fails what it can (the
 * local Python kernel fails its runs), so a caller that must end regardless keeps the Cancel or
 * its own end (a tool call's cancellation).
 */
class Sandbox : public QObject
{
    Q_OBJECT
public:
    Sandbox(const QString &id, SandboxProvider *provider);
    ~Sandbox() override;

    QString id() const { return m_id; }
    SandboxProvider *provider() const { return m_provider; }

    virtual SandboxLifecycle *lifecycle() = 0;
    virtual SandboxExec *exec() { return nullptr; }
    virtual SandboxJobs *jobs() { return nullptr; }
    virtual SandboxFiles *files() { return nullptr; }
    virtual SandboxEnv *env() { return nullptr; }
    virtual SandboxMetrics *metrics() { return nullptr; }
    virtual SandboxEndpoints *endpoints() { return nullptr; }
    virtual SandboxCheckpoints *checkpoints() { return nullptr; }
    virtual SandboxDesktop *desktop() { return nullptr; }
    virtual SandboxTransfer *transfer() { return nullptr; }
    virtual SandboxNetwork *network() { return nullptr; }
    /*! The host process every process of this sandbox descends from (a local sandbox's outer
     *  bubblewrap), or -1 when it runs elsewhere: the Sandboxes view sums the memory of that
     *  whole tree, which the sandbox's own process list cannot see (its agent, bubblewrap). */
    virtual qint64 hostProcessId() const { return -1; }

    //! The capability, or nullptr when this sandbox's provider does not offer it.
    template<class Capability>
    Capability *get()
    {
        Capability *capability = nullptr;
        pick(capability);
        return capability;
    }
    /*! The capability, or the error a tool answers with when it is missing; \a request (the
     *  tool's arguments) lets that error name what was asked. */
    template<class Capability>
    Result<Capability *> require(const QJsonObject &request = {})
    {
        if (Capability *capability = get<Capability>())
            return capability;
        return unsupported(QString::fromLatin1(Capability::kName), request);
    }
    //! Error::Code::Unsupported for a missing \a capability (a kName).
    Error unsupported(const QString &capability, const QJsonObject &request = {}) const
    {
        return explainUnsupported(capability, request);
    }

protected:
    //! Providers override this to say how to get the same thing another way.
    virtual Error explainUnsupported(const QString &capability, const QJsonObject &request) const;

private:
    void pick(SandboxLifecycle *&c) { c = lifecycle(); }
    void pick(SandboxExec *&c) { c = exec(); }
    void pick(SandboxJobs *&c) { c = jobs(); }
    void pick(SandboxFiles *&c) { c = files(); }
    void pick(SandboxEnv *&c) { c = env(); }
    void pick(SandboxMetrics *&c) { c = metrics(); }
    void pick(SandboxEndpoints *&c) { c = endpoints(); }
    void pick(SandboxCheckpoints *&c) { c = checkpoints(); }
    void pick(SandboxDesktop *&c) { c = desktop(); }
    void pick(SandboxTransfer *&c) { c = transfer(); }
    void pick(SandboxNetwork *&c) { c = network(); }

    QString m_id;
    SandboxProvider *m_provider;
};

} // namespace Hopx::Core

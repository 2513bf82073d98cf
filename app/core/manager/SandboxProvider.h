// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"
#include "core/base/Wording.h"
#include "core/manager/ProviderKind.h"
#include "core/sandbox/Sandbox.h"
#include "core/sandbox/SandboxTypes.h"

#include <QJsonArray>
#include <QObject>
#include <QPointer>

namespace Hopx::Core {

/*! \brief One kind of sandbox (local bubblewrap, HOPX cloud): creates, finds and lists its
 *  sandboxes; the Sandbox handles do the work.
 *
 * Every operation is asynchronous and ends with exactly one call of its callback, on the
 * thread that owns the provider, never synchronously from inside the call (callers may
 * rely on that to finish their own set-up first). The same holds for every capability of a
 * Sandbox. Operations that run user code return a Cancel: after it is called the callback
 * still fires once, with Error::Code::Cancelled or the result that crossed the cancellation.
 *
 * Providers know nothing about MCP or about each other: each says which sandbox ids are its
 * own (claims()), SandboxManager asks them, and the tools in core/tools shape results into
 * hopx-mcp dicts.
 */
class SandboxProvider : public QObject
{
    Q_OBJECT
public:
    //! How sure a provider is that a sandbox id is one of its own.
    enum class Claim {
        No,
        Maybe, // the id could be ours; only the service can tell (a cloud's opaque ids)
        Yes, // ours by construction (e.g. the provider mints ids with its own prefix)
    };

    using QObject::QObject;
    ~SandboxProvider() override;

    //! The name tools and settings use for this provider ("provider": "…").
    virtual QString id() const = 0;
    //! What this kind of provider is and can do (ProviderKind); the default knows the id only.
    virtual ProviderKind kind() const;
    //! Empty when usable; otherwise a sentence saying why not and how to fix it: English for the
    //! model and the log, translated for the app's windows.
    virtual Wording unavailableReason() const = 0;
    //! Facts the health tool adds to this provider's entry (model-facing English). Fixed for
    //! the provider's lifetime: health rebuilds its answer only when a reason changes.
    virtual QJsonObject healthDetails() const { return {}; }
    //! Whether \a sandboxId belongs to this provider. A provider that cannot tell answers Maybe.
    virtual Claim claims(const QString &sandboxId) const = 0;
    /*! The app itself runs this provider's sandboxes: the manager expires them at their timeout
     *  and destroys them when the app quits (a cloud expires its own). */
    virtual bool hostedByApp() const { return false; }

    /*! The handle for sandbox \a id, or the error to answer with (Error::Code::NotFound with
     *  what to do). See Sandbox for how long the pointer may be kept. */
    virtual Result<Sandbox *> sandbox(const QString &id) = 0;

    virtual void listTemplates(Callback<QJsonArray> done) = 0;
    virtual void getTemplate(const QString &name, Callback<QJsonObject> done) = 0;
    virtual void create(const CreateSpec &spec, Callback<SandboxInfo> done) = 0;
    virtual void list(const ListSpec &spec, Callback<QList<SandboxInfo>> done) = 0;

    /*! Deletes what is left of sandbox \a id, listed as unavailable (it cannot be used here:
     *  a newer version's, a damaged record), and announces sandboxRemoved(). Only the user
     *  asks for this, in the app, after confirming: no tool does, since such a sandbox may
     *  hold work that a newer version can still open. NotFound when \a id is not such a
     *  sandbox of this provider (the default: a provider that lists none). Synchronous, as
     *  sandbox(id) is: it only forgets the sandbox here, and its files go on a thread of the
     *  provider's own (a provider whose deletion waits on a network lists no such sandbox). */
    virtual Result<Unit> discardUnusable(const QString &id);

    /*! \a done, after announcing (sandboxChanged) the sandbox it delivers, with its last
     *  activity now: how a provider's create, fork, pause and resume report to SandboxManager,
     *  so that no caller has to. */
    Callback<SandboxInfo> announcing(Callback<SandboxInfo> done);

signals:
    /*! A sandbox appeared or changed: created, forked, paused, its timeout moved, found by a
     *  listing, its agent died. SandboxManager learns of sandboxes only from this and
     *  sandboxRemoved(). */
    void sandboxChanged(const Hopx::Core::SandboxInfo &info);
    //! A sandbox is gone: deleted through a tool, the GUI or elsewhere (a cloud's listing).
    void sandboxRemoved(const QString &id);
    //! Output of a background process or an execution, for the GUI's log.
    void output(const QString &sandboxId, const QString &stream, const QByteArray &chunk);
    //! A background process ended: the end of a run whose start had `background` set.
    void backgroundFinished(const Hopx::Core::ExecutionRecord &record);
    //! Something went wrong with a sandbox outside any call (e.g. its disk stayed mounted
    //! after its deletion): a sentence for the user, with what happens next, worded so that
    //! the app shows it in the user's language.
    void problem(const QString &sandboxId, const Hopx::Core::Wording &message);
    void unavailableReasonChanged();
};

} // namespace Hopx::Core

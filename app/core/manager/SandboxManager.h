// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"
#include "core/base/Wording.h"
#include "core/manager/ProviderKind.h"
#include "core/sandbox/SandboxTypes.h"

#include <QHash>
#include <QMap>
#include <QObject>
#include <QPointer>
#include <QSet>

class QTimer;

namespace Hopx::Core {

class ProviderPolicy;
class Sandbox;
class SandboxProvider;
class Settings;

/*! \brief Owns the app's view of every sandbox, whatever provider runs it.
 *
 * Routes sandbox ids to the provider that claims them (SandboxProvider::claims(): a sure
 * claim wins over a "maybe"), asks the ProviderPolicy which provider serves a connection and
 * which one makes new sandboxes (without a policy: the providers by id, the first one by
 * default), expires the sandboxes the app hosts when their timeout passes, and emits the
 * events the GUI and logs show. It names no provider. Its list of sandboxes has one source:
 * what each provider announces (SandboxProvider::sandboxChanged and sandboxRemoved), so no
 * tool or view reports a sandbox by hand.
 */
class SandboxManager : public QObject
{
    Q_OBJECT
public:
    explicit SandboxManager(Settings *settings, QObject *parent = nullptr);
    ~SandboxManager() override;

    //! Registers a provider; the manager does not take ownership.
    void addProvider(SandboxProvider *provider);
    //! Chooses per-connection and default providers; not owned.
    void setPolicy(ProviderPolicy *policy);

    QList<SandboxProvider *> providers() const;
    //! What the provider with this id is (just the id when none is registered).
    ProviderKind providerKind(const QString &id) const;
    SandboxProvider *provider(
        const QString &kind, const QMap<QString, QString> &connectionEnv = {}) const;
    //! The provider kind to use when a tool names none.
    QString defaultProviderKind(const QMap<QString, QString> &connectionEnv = {}) const;
    //! The provider that claims this sandbox id (nullptr if none does).
    SandboxProvider *providerForSandbox(
        const QString &sandboxId, const QMap<QString, QString> &connectionEnv = {}) const;
    //! The handle of a sandbox, from the provider that claims it, or why there is none.
    Result<Sandbox *> sandboxHandle(
        const QString &sandboxId, const QMap<QString, QString> &connectionEnv = {}) const;
    QList<SandboxInfo> sandboxes() const;
    std::optional<SandboxInfo> sandbox(const QString &id) const;
    //! Notes activity (for the GUI's "last activity") with a short description.
    void noteActivity(const QString &id, const QString &what);
    //! Notes an execution starting or ending: activity, and the code and outcome for the log.
    void noteExecution(const ExecutionRecord &record);
    int defaultTimeoutSeconds() const;

    //! Destroys every sandbox the app hosts (app shutdown).
    void shutdown();

    //! The longest a sandbox's expiry timer runs before it looks at expiresAt again.
    static constexpr int kMaxExpiryStepMs = 3600 * 1000;

signals:
    void sandboxAdded(const Hopx::Core::SandboxInfo &info);
    void sandboxChanged(const Hopx::Core::SandboxInfo &info);
    void sandboxRemoved(const QString &id, const QString &reason);
    void activity(const QString &id, const QString &what);
    void execution(const Hopx::Core::ExecutionRecord &record);
    void output(const QString &sandboxId, const QString &stream, const QByteArray &chunk);
    void problem(const QString &sandboxId, const Hopx::Core::Wording &message);

private:
    //! Records what a provider announced (sandboxChanged) and arms its expiry.
    void track(const SandboxInfo &info);
    void untrack(const QString &id);
    void touch(const QString &id);
    void expire(const QString &id);
    //! The expiry timer fired: expires \a id, or waits on if its expiresAt is still ahead.
    void onExpiryTimer(const QString &id);
    void armExpiry(const SandboxInfo &info);
    void watch(SandboxProvider *provider);
    SandboxProvider *registered(const QString &kind) const;
    bool hostedByApp(const SandboxInfo &info) const;

    QPointer<Settings> m_settings;
    QPointer<ProviderPolicy> m_policy;
    QList<QPointer<SandboxProvider>> m_providers;
    QHash<QString, SandboxInfo> m_sandboxes;
    QHash<QString, QTimer *> m_expiry;
    QSet<QString> m_expiring; // being deleted at their timeout
};

} // namespace Hopx::Core

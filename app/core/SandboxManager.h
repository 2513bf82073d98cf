// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "Result.h"
#include "SandboxTypes.h"

#include <QHash>
#include <QMap>
#include <QObject>
#include <QPointer>

#include <functional>

class QTimer;

namespace Hopx::Core {

class SandboxProvider;
class Settings;

/*! \brief Owns the app's view of every sandbox, whatever provider runs it.
 *
 * Routes sandbox ids to providers ("local-…" → local, anything else → hopx), picks the
 * provider for new sandboxes (argument, then HOPX_PROVIDER of the connection or the app,
 * then settings; "auto" = hopx when an API key is available, else local), expires sandboxes
 * whose timeout passed, and emits the events the GUI and logs show.
 */
class SandboxManager : public QObject
{
    Q_OBJECT
public:
    //! Makes a provider for a connection-specific HOPX key/base URL (from the bridge's hello).
    using ProviderFactory =
        std::function<SandboxProvider *(const QMap<QString, QString> &connectionEnv)>;

    explicit SandboxManager(Settings *settings, QObject *parent = nullptr);
    ~SandboxManager() override;

    //! Registers a provider; the manager does not take ownership.
    void addProvider(SandboxProvider *provider);
    //! Used for connections whose env carries HOPX_API_KEY/HOPX_BASE_URL.
    void setConnectionProviderFactory(ProviderFactory factory) { m_factory = std::move(factory); }
    //! Whether an API key is available to the app itself (keychain or environment).
    void setApiKeyAvailable(bool available) { m_apiKeyAvailable = available; }

    QList<SandboxProvider *> providers() const;
    SandboxProvider *provider(
        const QString &kind, const QMap<QString, QString> &connectionEnv = {}) const;
    //! The provider kind to use when a tool names none.
    QString defaultProviderKind(const QMap<QString, QString> &connectionEnv = {}) const;
    //! The provider that owns this sandbox id.
    SandboxProvider *providerForSandbox(
        const QString &sandboxId, const QMap<QString, QString> &connectionEnv = {}) const;
    static QString kindForSandbox(const QString &sandboxId);

    QList<SandboxInfo> sandboxes() const;
    std::optional<SandboxInfo> sandbox(const QString &id) const;
    //! Records a sandbox (created, found by a list) and arms its expiry.
    void track(const SandboxInfo &info);
    void untrack(const QString &id);
    //! Notes activity (for the GUI's "last activity") with a short description.
    void noteActivity(const QString &id, const QString &what);
    //! Notes an execution starting or ending: activity, and the code and outcome for the log.
    void noteExecution(const ExecutionRecord &record);
    int defaultTimeoutSeconds() const;

    //! Destroys every local sandbox (app shutdown).
    void shutdown();

signals:
    void sandboxAdded(const Hopx::Core::SandboxInfo &info);
    void sandboxChanged(const Hopx::Core::SandboxInfo &info);
    void sandboxRemoved(const QString &id, const QString &reason);
    void activity(const QString &id, const QString &what);
    void execution(const Hopx::Core::ExecutionRecord &record);
    void output(const QString &sandboxId, const QString &stream, const QByteArray &chunk);

private:
    void touch(const QString &id);
    void expire(const QString &id);
    void armExpiry(const SandboxInfo &info);

    QPointer<Settings> m_settings;
    QList<QPointer<SandboxProvider>> m_providers;
    ProviderFactory m_factory;
    mutable QHash<QString, QPointer<SandboxProvider>> m_connectionProviders; // by env digest
    QHash<QString, SandboxInfo> m_sandboxes;
    QHash<QString, QTimer *> m_expiry;
    bool m_apiKeyAvailable = false;
};

} // namespace Hopx::Core

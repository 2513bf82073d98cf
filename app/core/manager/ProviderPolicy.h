// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QHash>
#include <QMap>
#include <QObject>
#include <QPointer>
#include <QUrl>

#include <functional>

namespace Hopx::Core {

class KeyStore;
class SandboxProvider;
class Settings;

/*! \brief Which provider serves a request, and with which cloud key: the one place that reads
 *  HOPX_API_KEY, HOPX_BASE_URL and HOPX_PROVIDER.
 *
 * - The app's cloud account: the key from HOPX_API_KEY, else the KeyStore (read lazily by the
 *   provider); the base URL from HOPX_BASE_URL, then the settings, then the cloud's default.
 * - A connection whose environment (the bridge's hello) carries HOPX_API_KEY or HOPX_BASE_URL
 *   gets a cloud provider of its own, made once per distinct key and URL and owned here, so
 *   one IDE's key never serves another's calls.
 * - The default provider for a new sandbox: HOPX_PROVIDER of the connection, then of the app,
 *   then the settings; "auto" (or anything else) means the cloud when an API key is
 *   available, else the local provider.
 *
 * Providers are given by role (local, cloud), not by name: their ids come from themselves.
 */
class ProviderPolicy : public QObject
{
    Q_OBJECT
public:
    using ConnectionEnv = QMap<QString, QString>;
    //! What a cloud provider is made with. An empty apiKey means: read it from keyStore.
    struct CloudAccount
    {
        QUrl baseUrl;
        QString apiKey;
        KeyStore *keyStore = nullptr;
    };
    using CloudFactory = std::function<SandboxProvider *(const CloudAccount &account)>;

    //! The environment variable that holds the cloud API key (for messages that name it).
    static QString apiKeyVariable();
    //! Whether that variable is set: it then wins over the keychain.
    static bool apiKeyInEnvironment();
    //! The cloud's base URL: HOPX_BASE_URL, else the setting, else \a fallback.
    static QUrl cloudBaseUrl(const Settings *settings, const QUrl &fallback);

    ProviderPolicy(Settings *settings, KeyStore *keyStore, const QUrl &defaultCloudUrl,
        QObject *parent = nullptr);
    ~ProviderPolicy() override;

    //! The account of the app's own cloud provider.
    CloudAccount appCloudAccount() const;
    /*! The providers by role; \a factory makes per-connection cloud providers (with the
     *  account of appCloudAccount() for the app's own). Not owned; any may be null. */
    void setProviders(SandboxProvider *local, SandboxProvider *cloud, CloudFactory factory);

    /*! The cloud provider of a connection that brings its own key or base URL (made on first
     *  use), when \a kind names the cloud; otherwise nullptr (use the app's providers). */
    SandboxProvider *connectionProvider(const QString &kind, const ConnectionEnv &env);
    //! The provider id to use when a tool names none.
    QString defaultKind(const ConnectionEnv &env) const;
    //! Whether \a provider is the cloud (its missing key is a state to offer, not an error).
    bool isCloud(const SandboxProvider *provider) const;
    //! Whether an API key is available to the app itself (environment or KeyStore).
    bool apiKeyAvailable() const;

signals:
    //! A per-connection provider was made; whoever tracks sandboxes watches it from now on.
    void providerCreated(Hopx::Core::SandboxProvider *provider);

private:
    void refreshKeyState();

    QPointer<Settings> m_settings;
    QPointer<KeyStore> m_keyStore;
    QUrl m_defaultCloudUrl;
    QPointer<SandboxProvider> m_local;
    QPointer<SandboxProvider> m_cloud;
    CloudFactory m_factory;
    QHash<QString, QPointer<SandboxProvider>> m_connectionProviders; // by key+URL digest
    bool m_storedKey = false; // the KeyStore holds a key
};

} // namespace Hopx::Core

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/manager/ProviderPolicy.h"

#include "core/manager/SandboxProvider.h"
#include "core/secrets/KeyStore.h"
#include "core/settings/Settings.h"

#include <QCryptographicHash>

namespace Hopx::Core {

namespace {
// The names as C strings for the process environment (health and every create read it:
// no conversion per call), as QStrings for a connection's environment.
constexpr char kApiKeyName[] = "HOPX_API_KEY";
constexpr char kBaseUrlName[] = "HOPX_BASE_URL";
constexpr char kProviderName[] = "HOPX_PROVIDER";
const QString kApiKey = QLatin1String(kApiKeyName);
const QString kBaseUrl = QLatin1String(kBaseUrlName);
const QString kProvider = QLatin1String(kProviderName);
} // namespace

QString ProviderPolicy::apiKeyVariable()
{
    return kApiKey;
}

bool ProviderPolicy::apiKeyInEnvironment()
{
    return !qEnvironmentVariableIsEmpty(kApiKeyName);
}

bool ProviderPolicy::isCloud(const SandboxProvider *provider) const
{
    return provider && m_cloud && provider->id() == m_cloud->id();
}

QUrl ProviderPolicy::cloudBaseUrl(const Settings *settings, const QUrl &fallback)
{
    for (const QString &candidate :
        {qEnvironmentVariable(kBaseUrlName), settings ? settings->hopxBaseUrl() : QString()})
        if (!candidate.isEmpty())
            return QUrl(candidate);
    return fallback;
}

ProviderPolicy::ProviderPolicy(
    Settings *settings, KeyStore *keyStore, const QUrl &defaultCloudUrl, QObject *parent)
    : QObject(parent)
    , m_settings(settings)
    , m_keyStore(keyStore)
    , m_defaultCloudUrl(defaultCloudUrl)
{
    if (keyStore) {
        connect(keyStore, &KeyStore::keyChanged, this, &ProviderPolicy::refreshKeyState);
        refreshKeyState();
    }
}

ProviderPolicy::~ProviderPolicy() = default;

void ProviderPolicy::refreshKeyState()
{
    if (!m_keyStore)
        return;
    QPointer<ProviderPolicy> self(this);
    m_keyStore->read([self](Result<QString> r) {
        if (self)
            self->m_storedKey = r && !r.value().isEmpty();
    });
}

bool ProviderPolicy::apiKeyAvailable() const
{
    return m_storedKey || apiKeyInEnvironment();
}

ProviderPolicy::CloudAccount ProviderPolicy::appCloudAccount() const
{
    CloudAccount account;
    account.baseUrl = cloudBaseUrl(m_settings, m_defaultCloudUrl);
    account.apiKey = qEnvironmentVariable(kApiKeyName);
    account.keyStore = m_keyStore;
    return account;
}

void ProviderPolicy::setProviders(
    SandboxProvider *local, SandboxProvider *cloud, CloudFactory factory)
{
    m_local = local;
    m_cloud = cloud;
    m_factory = std::move(factory);
}

SandboxProvider *ProviderPolicy::connectionProvider(const QString &kind, const ConnectionEnv &env)
{
    if (!m_cloud || kind != m_cloud->id() || !m_factory
        || (!env.contains(kApiKey) && !env.contains(kBaseUrl)))
        return nullptr;
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(env.value(kApiKey).toUtf8());
    hash.addData("\n");
    hash.addData(env.value(kBaseUrl).toUtf8());
    const QString digest = QString::fromLatin1(hash.result().toHex());
    QPointer<SandboxProvider> &provider = m_connectionProviders[digest];
    if (!provider) {
        CloudAccount account = appCloudAccount();
        if (!env.value(kBaseUrl).isEmpty())
            account.baseUrl = QUrl(env.value(kBaseUrl));
        // The connection's key, else the app's from the environment, else the KeyStore's.
        account.apiKey = env.value(kApiKey, account.apiKey);
        if (!account.apiKey.isEmpty())
            account.keyStore = nullptr;
        provider = m_factory(account);
        if (!provider)
            return nullptr;
        provider->setParent(this);
        emit providerCreated(provider);
    }
    return provider;
}

QString ProviderPolicy::defaultKind(const ConnectionEnv &env) const
{
    QString choice = env.value(kProvider);
    if (choice.isEmpty())
        choice = qEnvironmentVariable(kProviderName);
    if (choice.isEmpty() && m_settings)
        choice = m_settings->defaultProvider();
    choice = choice.trimmed().toLower();
    const QString local = m_local ? m_local->id() : QString();
    const QString cloud = m_cloud ? m_cloud->id() : QString();
    if (!choice.isEmpty() && (choice == local || choice == cloud))
        return choice;
    const bool keyAvailable = apiKeyAvailable() || env.contains(kApiKey);
    return keyAvailable && m_cloud ? cloud : local;
}

} // namespace Hopx::Core

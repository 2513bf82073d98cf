// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "SandboxManager.h"

#include "SandboxProvider.h"
#include "Settings.h"

#include <QCryptographicHash>
#include <QLoggingCategory>
#include <QTimer>

Q_LOGGING_CATEGORY(lcManager, "hopx.core.manager", QtInfoMsg)

namespace Hopx::Core {

SandboxManager::SandboxManager(Settings *settings, QObject *parent)
    : QObject(parent)
    , m_settings(settings)
{ }

SandboxManager::~SandboxManager() = default;

void SandboxManager::addProvider(SandboxProvider *provider)
{
    m_providers.append(provider);
    connect(provider, &SandboxProvider::sandboxChanged, this, [this](const SandboxInfo &info) {
        if (m_sandboxes.contains(info.id) || info.status != QLatin1String("dead"))
            track(info);
    });
    connect(provider, &SandboxProvider::sandboxRemoved, this,
        [this](const QString &id) { untrack(id); });
    connect(provider, &SandboxProvider::output, this, &SandboxManager::output);
}

QList<SandboxProvider *> SandboxManager::providers() const
{
    QList<SandboxProvider *> out;
    for (const auto &p : m_providers)
        if (p)
            out.append(p);
    return out;
}

SandboxProvider *SandboxManager::provider(
    const QString &kind, const QMap<QString, QString> &connectionEnv) const
{
    // A connection that brings its own key (or base URL) gets a provider of its own, so one
    // IDE's key never serves another's calls.
    if (kind == QLatin1String("hopx") && m_factory
        && (connectionEnv.contains(QStringLiteral("HOPX_API_KEY"))
            || connectionEnv.contains(QStringLiteral("HOPX_BASE_URL")))) {
        QCryptographicHash hash(QCryptographicHash::Sha256);
        hash.addData(connectionEnv.value(QStringLiteral("HOPX_API_KEY")).toUtf8());
        hash.addData("\n");
        hash.addData(connectionEnv.value(QStringLiteral("HOPX_BASE_URL")).toUtf8());
        const QString digest = QString::fromLatin1(hash.result().toHex());
        auto it = m_connectionProviders.find(digest);
        if (it == m_connectionProviders.end() || !it.value()) {
            SandboxProvider *p = m_factory(connectionEnv);
            if (!p)
                return nullptr;
            auto *self = const_cast<SandboxManager *>(this);
            p->setParent(self);
            connect(p, &SandboxProvider::sandboxChanged, self,
                [self](const SandboxInfo &info) { self->track(info); });
            connect(p, &SandboxProvider::sandboxRemoved, self,
                [self](const QString &id) { self->untrack(id); });
            connect(p, &SandboxProvider::output, self, &SandboxManager::output);
            it = m_connectionProviders.insert(digest, p);
        }
        return it.value();
    }
    for (const auto &p : m_providers)
        if (p && p->id() == kind)
            return p;
    return nullptr;
}

QString SandboxManager::defaultProviderKind(const QMap<QString, QString> &connectionEnv) const
{
    QString choice = connectionEnv.value(QStringLiteral("HOPX_PROVIDER"));
    if (choice.isEmpty())
        choice = qEnvironmentVariable("HOPX_PROVIDER");
    if (choice.isEmpty() && m_settings)
        choice = m_settings->defaultProvider();
    choice = choice.trimmed().toLower();
    if (choice == QLatin1String("local") || choice == QLatin1String("hopx"))
        return choice;
    const bool keyAvailable = m_apiKeyAvailable
        || connectionEnv.contains(QStringLiteral("HOPX_API_KEY"))
        || !qEnvironmentVariableIsEmpty("HOPX_API_KEY");
    return keyAvailable && provider(QStringLiteral("hopx")) ? QStringLiteral("hopx")
                                                            : QStringLiteral("local");
}

QString SandboxManager::kindForSandbox(const QString &sandboxId)
{
    return sandboxId.startsWith(QLatin1String("local-")) ? QStringLiteral("local")
                                                         : QStringLiteral("hopx");
}

SandboxProvider *SandboxManager::providerForSandbox(
    const QString &sandboxId, const QMap<QString, QString> &connectionEnv) const
{
    return provider(kindForSandbox(sandboxId), connectionEnv);
}

QList<SandboxInfo> SandboxManager::sandboxes() const
{
    return m_sandboxes.values();
}

std::optional<SandboxInfo> SandboxManager::sandbox(const QString &id) const
{
    const auto it = m_sandboxes.find(id);
    if (it == m_sandboxes.end())
        return std::nullopt;
    return it.value();
}

int SandboxManager::defaultTimeoutSeconds() const
{
    return m_settings ? m_settings->defaultSandboxTimeoutSeconds() : 3600;
}

void SandboxManager::track(const SandboxInfo &info)
{
    if (info.id.isEmpty())
        return;
    const bool known = m_sandboxes.contains(info.id);
    SandboxInfo merged = info;
    if (known && !merged.lastActivity.isValid())
        merged.lastActivity = m_sandboxes.value(info.id).lastActivity;
    m_sandboxes.insert(info.id, merged);
    armExpiry(merged);
    if (known)
        emit sandboxChanged(merged);
    else
        emit sandboxAdded(merged);
}

void SandboxManager::untrack(const QString &id)
{
    delete m_expiry.take(id);
    if (m_sandboxes.remove(id))
        emit sandboxRemoved(id, QString());
}

void SandboxManager::touch(const QString &id)
{
    auto it = m_sandboxes.find(id);
    if (it != m_sandboxes.end()) {
        it->lastActivity = QDateTime::currentDateTime();
        emit sandboxChanged(*it);
    }
}

void SandboxManager::noteActivity(const QString &id, const QString &what)
{
    touch(id);
    emit activity(id, what);
}

void SandboxManager::noteExecution(const ExecutionRecord &record)
{
    touch(record.sandboxId);
    emit execution(record);
}

void SandboxManager::armExpiry(const SandboxInfo &info)
{
    // The HOPX cloud expires its own sandboxes; the manager does it for local ones.
    if (info.provider != QLatin1String("local"))
        return;
    QTimer *timer = m_expiry.value(info.id);
    if (!info.expiresAt.isValid()) {
        delete m_expiry.take(info.id);
        return;
    }
    if (!timer) {
        timer = new QTimer(this);
        timer->setSingleShot(true);
        const QString id = info.id;
        connect(timer, &QTimer::timeout, this, [this, id]() { expire(id); });
        m_expiry.insert(info.id, timer);
    }
    const qint64 ms = std::max<qint64>(0, QDateTime::currentDateTime().msecsTo(info.expiresAt));
    timer->start(int(std::min<qint64>(ms, std::numeric_limits<int>::max())));
}

void SandboxManager::expire(const QString &id)
{
    SandboxProvider *p = providerForSandbox(id);
    if (!p)
        return;
    qCInfo(lcManager).noquote() << "sandbox" << id << "reached its timeout; deleting it";
    p->destroy(id, [this, id](Result<Unit>) {
        delete m_expiry.take(id);
        if (m_sandboxes.remove(id))
            emit sandboxRemoved(id, QStringLiteral("timeout"));
    });
}

void SandboxManager::shutdown()
{
    for (const SandboxInfo &info : m_sandboxes.values())
        if (info.provider == QLatin1String("local"))
            if (SandboxProvider *p = provider(info.provider))
                p->destroy(info.id, [](Result<Unit>) {});
}

} // namespace Hopx::Core

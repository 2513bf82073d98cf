// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/manager/SandboxManager.h"

#include "core/manager/ProviderPolicy.h"
#include "core/manager/SandboxProvider.h"
#include "core/settings/Settings.h"

#include <QLoggingCategory>
#include <QTimer>

Q_LOGGING_CATEGORY(lcManager, "hopx.core.manager", QtInfoMsg)

namespace Hopx::Core {

namespace {

bool sameSandbox(const SandboxInfo &a, const SandboxInfo &b)
{
    return a.status == b.status && a.templateName == b.templateName && a.templateId == b.templateId
        && a.region == b.region && a.createdAt == b.createdAt && a.expiresAt == b.expiresAt
        && a.timeoutSeconds == b.timeoutSeconds && a.internetAccess == b.internetAccess
        && a.lastActivity == b.lastActivity && a.extra == b.extra;
}

} // namespace

SandboxManager::SandboxManager(Settings *settings, QObject *parent)
    : QObject(parent)
    , m_settings(settings)
{ }

SandboxManager::~SandboxManager() = default;

void SandboxManager::addProvider(SandboxProvider *provider)
{
    m_providers.append(provider);
    watch(provider);
}

void SandboxManager::setPolicy(ProviderPolicy *policy)
{
    m_policy = policy;
    connect(policy, &ProviderPolicy::providerCreated, this, &SandboxManager::watch);
}

void SandboxManager::watch(SandboxProvider *provider)
{
    connect(provider, &SandboxProvider::sandboxChanged, this, [this](const SandboxInfo &info) {
        if (m_sandboxes.contains(info.id) || info.status != SandboxStatus::Dead)
            track(info);
    });
    connect(provider, &SandboxProvider::sandboxRemoved, this,
        [this](const QString &id) { untrack(id); });
    connect(provider, &SandboxProvider::output, this, &SandboxManager::output);
    connect(provider, &SandboxProvider::backgroundFinished, this, &SandboxManager::noteExecution);
    connect(provider, &SandboxProvider::problem, this, &SandboxManager::problem);
}

QList<SandboxProvider *> SandboxManager::providers() const
{
    QList<SandboxProvider *> out;
    for (const auto &p : m_providers)
        if (p)
            out.append(p);
    return out;
}

ProviderKind SandboxManager::providerKind(const QString &id) const
{
    if (const SandboxProvider *p = registered(id))
        return p->kind();
    ProviderKind unknown;
    unknown.id = id;
    unknown.displayName = id;
    return unknown;
}

SandboxProvider *SandboxManager::registered(const QString &kind) const
{
    for (const auto &p : m_providers)
        if (p && p->id() == kind)
            return p;
    return nullptr;
}

SandboxProvider *SandboxManager::provider(
    const QString &kind, const QMap<QString, QString> &connectionEnv) const
{
    if (m_policy)
        if (SandboxProvider *own = m_policy->connectionProvider(kind, connectionEnv))
            return own;
    return registered(kind);
}

QString SandboxManager::defaultProviderKind(const QMap<QString, QString> &connectionEnv) const
{
    if (m_policy)
        return m_policy->defaultKind(connectionEnv);
    const QList<SandboxProvider *> all = providers();
    return all.isEmpty() ? QString() : all.first()->id();
}

SandboxProvider *SandboxManager::providerForSandbox(
    const QString &sandboxId, const QMap<QString, QString> &connectionEnv) const
{
    // A connection with its own cloud key asks its own provider, in the place of the app's.
    SandboxProvider *maybe = nullptr;
    for (SandboxProvider *p : providers()) {
        SandboxProvider *candidate = provider(p->id(), connectionEnv);
        if (!candidate)
            continue;
        const SandboxProvider::Claim claim = candidate->claims(sandboxId);
        if (claim == SandboxProvider::Claim::Yes)
            return candidate;
        if (claim == SandboxProvider::Claim::Maybe && !maybe)
            maybe = candidate;
    }
    return maybe;
}

Result<Sandbox *> SandboxManager::sandboxHandle(
    const QString &sandboxId, const QMap<QString, QString> &connectionEnv) const
{
    SandboxProvider *p = providerForSandbox(sandboxId, connectionEnv);
    if (!p)
        return Error::make(Error::Code::NotFound,
            QStringLiteral("No provider of this app knows sandbox %1; list_sandboxes shows the "
                           "ones that exist.")
                .arg(sandboxId),
            QJsonObject {{QStringLiteral("id"), sandboxId}}, QStringLiteral("Sandbox not found"));
    return p->sandbox(sandboxId);
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
    // A cloud's listing repeats every sandbox every 30 s: only a change is news.
    if (known && sameSandbox(m_sandboxes.value(info.id), merged))
        return;
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
    // The provider says a sandbox is gone while the manager is deleting it at its timeout.
    const QString reason = m_expiring.remove(id) ? QStringLiteral("timeout") : QString();
    if (m_sandboxes.remove(id))
        emit sandboxRemoved(id, reason);
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

bool SandboxManager::hostedByApp(const SandboxInfo &info) const
{
    const SandboxProvider *p = registered(info.provider);
    return p && p->hostedByApp();
}

void SandboxManager::armExpiry(const SandboxInfo &info)
{
    // A cloud expires its own sandboxes; the manager does it for those the app hosts.
    if (!hostedByApp(info))
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
        connect(timer, &QTimer::timeout, this, [this, id]() { onExpiryTimer(id); });
        m_expiry.insert(info.id, timer);
    }
    const qint64 ms = std::max<qint64>(0, QDateTime::currentDateTime().msecsTo(info.expiresAt));
    // Waited for in steps of at most an hour (onExpiryTimer re-arms until expiresAt has come): a
    // QTimer counts at most INT_MAX ms (24.8 days), less than the settings file allows, and a
    // coarse timer may fire 5% of its interval late, which a short last step keeps to minutes.
    timer->start(int(std::min<qint64>(ms, kMaxExpiryStepMs)));
}

void SandboxManager::onExpiryTimer(const QString &id)
{
    const auto info = m_sandboxes.constFind(id);
    if (info == m_sandboxes.constEnd())
        return;
    if (info->expiresAt.isValid() && QDateTime::currentDateTime() < info->expiresAt)
        armExpiry(*info); // one step of a timeout longer than a timer can count
    else
        expire(id);
}

void SandboxManager::expire(const QString &id)
{
    const Result<Sandbox *> sandbox = sandboxHandle(id);
    if (!sandbox)
        return;
    qCInfo(lcManager).noquote() << "sandbox" << id << "reached its timeout; deleting it";
    QPointer<SandboxManager> self(this);
    m_expiring.insert(id);
    sandbox.value()->lifecycle()->destroy([self, id](Result<Unit>) {
        // A provider that did not say the sandbox is gone: it is, for the manager.
        if (self && self->m_expiring.contains(id))
            self->untrack(id);
    });
}

void SandboxManager::shutdown()
{
    for (const SandboxInfo &info : m_sandboxes.values())
        if (hostedByApp(info))
            if (const Result<Sandbox *> sandbox = sandboxHandle(info.id))
                sandbox.value()->lifecycle()->destroy([](Result<Unit>) {});
}

} // namespace Hopx::Core

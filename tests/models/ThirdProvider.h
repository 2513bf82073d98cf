// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/manager/SandboxProvider.h"

#include <QDateTime>
#include <QTimer>

/*! \brief The least a provider needs: an id, a kind, claims, create and list, and announcing
 *  what it makes and deletes. It has no capabilities (its handle is refused), which is allowed:
 *  tools then say the capability is not supported. Used to show that core needs no change for
 *  a provider it has never heard of (docs/ARCHITECTURE.md, "a new provider").
 */
class ThirdProvider final : public Hopx::Core::SandboxProvider
{
    Q_OBJECT
public:
    template<typename T>
    using Callback = Hopx::Core::Callback<T>;
    using SandboxInfo = Hopx::Core::SandboxInfo;
    using Error = Hopx::Core::Error;

    using SandboxProvider::SandboxProvider;

    static Hopx::Core::ProviderKind describe()
    {
        Hopx::Core::ProviderKind k;
        k.id = QStringLiteral("third");
        k.summary = QStringLiteral("a provider core has never heard of");
        k.displayName = QStringLiteral("Third");
        return k;
    }
    QString id() const override { return describe().id; }
    Hopx::Core::ProviderKind kind() const override { return describe(); }
    Hopx::Core::Wording unavailableReason() const override { return {}; }
    Claim claims(const QString &sandboxId) const override
    {
        return sandboxId.startsWith(QLatin1String("third-")) ? Claim::Yes : Claim::No;
    }
    Hopx::Core::Result<Hopx::Core::Sandbox *> sandbox(const QString &id) override
    {
        return Error::make(Error::Code::NotFound, QStringLiteral("No sandbox %1.").arg(id));
    }
    void listTemplates(Callback<QJsonArray> done) override
    {
        answer<QJsonArray>(done, QJsonArray {});
    }
    void getTemplate(const QString &, Callback<QJsonObject> done) override
    {
        answer<QJsonObject>(
            done, Error::make(Error::Code::NotFound, QStringLiteral("No templates.")));
    }
    void create(const Hopx::Core::CreateSpec &, Callback<SandboxInfo> done) override
    {
        SandboxInfo s;
        s.id = QStringLiteral("third-%1").arg(++m_next);
        s.provider = id();
        s.status = Hopx::Core::SandboxStatus::Running;
        s.createdAt = QDateTime::currentDateTime();
        m_made << s;
        answer<SandboxInfo>(announcing(done), s);
    }
    void list(const Hopx::Core::ListSpec &, Callback<QList<SandboxInfo>> done) override
    {
        answer<QList<SandboxInfo>>(done, m_made);
    }
    void remove(const QString &id)
    {
        m_made.removeIf([&id](const SandboxInfo &s) { return s.id == id; });
        emit sandboxRemoved(id);
    }

private:
    // Never synchronously (SandboxProvider's contract).
    template<typename T>
    void answer(Callback<T> done, Hopx::Core::Result<T> r)
    {
        QTimer::singleShot(0, this, [done, r]() { done(r); });
    }

    int m_next = 0;
    QList<SandboxInfo> m_made;
};

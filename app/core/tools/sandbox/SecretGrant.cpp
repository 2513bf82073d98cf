// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/tools/sandbox/SecretGrant.h"

#include "core/tools/AppApproval.h"
#include "core/tools/ToolSupport.h"

#include "core/approvals/ConsentWording.h"
#include "core/secrets/SecretStore.h"

#include <QJsonArray>
#include <QLoggingCategory>
#include <QPointer>

#include <algorithm>
#include <memory>

Q_DECLARE_LOGGING_CATEGORY(lcTools) // WebhookClient.cpp: the tools' category

namespace Hopx::Core::Tools {

using Mcp::ToolCall;

namespace {

struct GrantState
{
    QPointer<SecretStore> store;
    QPointer<ApprovalBroker> broker;
    QList<SecretStore::Entry> pending;
    QList<SandboxSecret> granted;
    std::function<void(ToolCall *, QList<SandboxSecret>)> next;
};

void grantNext(ToolCall *call, std::shared_ptr<GrantState> state);

void fetchValue(ToolCall *call, std::shared_ptr<GrantState> state, const SecretStore::Entry &e)
{
    if (!state->store)
        return finishWithError(call,
            Error::make(Error::Code::Unavailable, QStringLiteral("The secrets store is gone.")));
    state->store->readValue(
        e.name, guarded<QString>(call, [state, e](ToolCall *call, Result<QString> value) {
            if (!value)
                return finishWithError(call,
                    Error::make(value.error().code,
                        QStringLiteral("The value of secret %1 could not be read from the "
                                       "keychain: %2 Nothing was created.")
                            .arg(e.name, value.error().message),
                        QJsonObject {{QStringLiteral("secret"), e.name}}));
            state->granted.append({e.name, e.hosts, value.value(), e.inQuery, e.inBody});
            grantNext(call, state);
        }));
}

void grantNext(ToolCall *call, std::shared_ptr<GrantState> state)
{
    if (state->pending.isEmpty()) {
        state->next(call, state->granted);
        return;
    }
    const SecretStore::Entry e = state->pending.takeFirst();
    if (e.alwaysAllow)
        return fetchValue(call, state, e);
    const QString hosts = e.hosts.join(QStringLiteral(", "));
    const UserQuestion question {
        QStringLiteral("Let a new sandbox use your secret %1? Code in it sees only a "
                       "placeholder; HOPX Desktop puts the real value into its requests to %2 "
                       "and nowhere else.")
            .arg(e.name, hosts),
        QStringLiteral("Allow secret %1").arg(e.name),
        QStringLiteral("Requests to %1 from this sandbox carry the secret.").arg(hosts)};
    // The same path as a folder: the client's user when the client can ask, else the app's
    // own window (which also offers "Always for this secret"), else a refusal saying how.
    const ApprovalBroker::Request request {
        ApprovalBroker::kSecret, {}, e.name, ConsentWording::secret(hosts)};
    const auto decide = [state, e](
                            ToolCall *call, ApprovalBroker::Answer answer, const QString &why) {
        if (answer == ApprovalBroker::Answer::AllowAlways && state->store) {
            // Only the yes is kept, in the secret's own settings; never its value.
            SecretStore::Entry always = e;
            always.alwaysAllow = true;
            if (Result<Unit> saved = state->store->update(always); !saved)
                qCWarning(lcTools).noquote()
                    << "secret" << e.name << "allowed, but not for good:" << saved.error().message;
        }
        if (answer != ApprovalBroker::Answer::Deny)
            return fetchValue(call, state, e);
        finishWithError(call,
            Error::make(Error::Code::Cancelled,
                QStringLiteral("The secret %1 was not allowed for a new sandbox (%2); nothing "
                               "was created. Create the sandbox without it, or ask the user to "
                               "allow it: when HOPX Desktop asks, or for every sandbox in HOPX "
                               "Desktop's Settings → Secrets (\"Always allow\"), or headless "
                               "by setting it again with hopx-desktop --set-secret %1 --hosts "
                               "%3 --secret-always-allow.")
                    .arg(e.name, why.isEmpty() ? QStringLiteral("denied in HOPX Desktop") : why,
                        e.hosts.join(QLatin1Char(','))),
                QJsonObject {{QStringLiteral("secret"), e.name}},
                QStringLiteral("Secret not approved")));
    };
    askForConsent(call, state->broker, question, request, decide);
}

} // namespace

void grantSecrets(ToolCall *call, SecretStore *store, ApprovalBroker *broker,
    const QStringList &names, std::function<void(ToolCall *, QList<SandboxSecret>)> next)
{
    auto state = std::make_shared<GrantState>();
    state->store = store;
    state->broker = broker;
    state->next = std::move(next);
    QStringList known;
    if (store)
        for (const SecretStore::Entry &e : store->list())
            known << e.name;
    for (const QString &name : names) {
        const std::optional<SecretStore::Entry> e = store ? store->find(name) : std::nullopt;
        if (!e)
            return finishWithError(call,
                Error::make(Error::Code::InvalidArgument,
                    QStringLiteral("There is no secret named \"%1\". Secrets the user stored: "
                                   "%2. The user adds one in HOPX Desktop's Settings → Secrets "
                                   "or with hopx-desktop --set-secret.")
                        .arg(name,
                            known.isEmpty() ? QStringLiteral("none")
                                            : known.join(QStringLiteral(", "))),
                    QJsonObject {{QStringLiteral("secret"), name},
                        {QStringLiteral("available"), QJsonArray::fromStringList(known)}},
                    QStringLiteral("Unknown secret")));
        if (!std::any_of(state->pending.cbegin(), state->pending.cend(),
                [&](const SecretStore::Entry &p) { return p.name == name; }))
            state->pending.append(*e);
    }
    grantNext(call, state);
}

} // namespace Hopx::Core::Tools

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/tools/sandbox/SecretGrant.h"

#include "core/tools/ToolSupport.h"

#include "core/secrets/SecretStore.h"

#include <QJsonArray>
#include <QPointer>

#include <algorithm>
#include <memory>

namespace Hopx::Core::Tools {

using Mcp::ToolCall;

namespace {

struct GrantState
{
    QPointer<SecretStore> store;
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
    if (!call->clientSupports(QStringLiteral("elicitation")))
        return finishWithError(call,
            Error::make(Error::Code::Cancelled,
                QStringLiteral("The secret %1 needs the user's yes for each sandbox, and this "
                               "client cannot ask its user (no elicitation). Nothing was "
                               "created. The user can allow the secret for every sandbox in "
                               "HOPX Desktop's Settings → Secrets (\"Always allow\"), or create "
                               "the sandbox without it.")
                    .arg(e.name),
                QJsonObject {{QStringLiteral("secret"), e.name}},
                QStringLiteral("Secret not approved")));
    const UserQuestion question {
        QStringLiteral("Let a new sandbox use your secret %1? Code in it sees only a "
                       "placeholder; HOPX Desktop puts the real value into its requests to %2 "
                       "and nowhere else.")
            .arg(e.name, hosts),
        QStringLiteral("Allow secret %1").arg(e.name),
        QStringLiteral("Requests to %1 from this sandbox carry the secret.").arg(hosts)};
    askUser(call, question, [state, e](ToolCall *call, bool allowed, const QString &why) {
        if (allowed)
            return fetchValue(call, state, e);
        finishWithError(call,
            Error::make(Error::Code::Cancelled,
                QStringLiteral("The user did not allow the secret %1 for a new sandbox (%2); "
                               "nothing was created. Create it without that secret, or ask "
                               "the user.")
                    .arg(e.name, why),
                QJsonObject {{QStringLiteral("secret"), e.name}},
                QStringLiteral("Secret declined")));
    });
}

} // namespace

void grantSecrets(ToolCall *call, SecretStore *store, const QStringList &names,
    std::function<void(ToolCall *, QList<SandboxSecret>)> next)
{
    auto state = std::make_shared<GrantState>();
    state->store = store;
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

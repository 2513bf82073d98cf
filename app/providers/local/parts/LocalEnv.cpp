// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/parts/LocalEnv.h"

#include "providers/local/LocalSandbox.h"
#include "providers/local/agentlink/AgentClient.h"
#include "providers/local/egress/EgressProxy.h"

#include <QPointer>

namespace Hopx::Local {

using Core::Callback;
using Core::Result;
using Core::Unit;

namespace {

/*! The placeholders of the sandbox's secrets, which a clear keeps: without its variable the
 *  code cannot use the secret any more, and nothing but create_sandbox can give it back. */
Core::EnvMap secretPlaceholders(LocalSandbox *sandbox)
{
    Core::EnvMap kept;
    if (EgressProxy *egress = sandbox->egress())
        for (const SecretBindings::Binding &b : egress->secrets().bindings())
            kept.insert(b.name, QString::fromLatin1(b.placeholder));
    return kept;
}

} // namespace

LocalEnv::LocalEnv(LocalSandbox *sandbox)
    : m_sandbox(sandbox)
{ }

void LocalEnv::getEnv(Callback<Core::EnvMap> done)
{
    if (m_sandbox->refuseIfUnusable(done))
        return;
    m_sandbox->agent()->getEnv(std::move(done));
}

void LocalEnv::setEnv(const Core::EnvMap &given, bool merge, Callback<Unit> done)
{
    if (m_sandbox->refuseIfUnusable(done))
        return;
    // Replacing everything keeps the secrets' placeholders, unless a variable of that name is
    // given (the caller chose it).
    Core::EnvMap vars = merge ? Core::EnvMap() : secretPlaceholders(m_sandbox);
    for (auto it = given.cbegin(); it != given.cend(); ++it)
        vars.insert(it.key(), it.value());
    QPointer<LocalSandbox> self(m_sandbox);
    auto apply = [self, vars, done]() {
        if (!self)
            return;
        if (vars.isEmpty()) { // a clear with no secrets: nothing to set
            self->persist();
            done(Unit {});
            return;
        }
        self->agent()->setEnv(vars, [self, vars, done](Result<Unit> r) {
            if (self && r) {
                for (auto it = vars.cbegin(); it != vars.cend(); ++it)
                    self->envPart().m_env.insert(it.key(), it.value());
                self->persist();
            }
            done(r);
        });
    };
    if (merge) {
        apply();
        return;
    }
    m_sandbox->agent()->clearEnv([self, apply, done](Result<Unit> r) {
        if (!r) {
            done(r);
            return;
        }
        if (self)
            self->envPart().m_env.clear();
        apply();
    });
}

void LocalEnv::clearEnv(Callback<Unit> done)
{
    if (m_sandbox->refuseIfUnusable(done))
        return;
    // A clear is a replacement by nothing: the secrets' placeholders stay.
    setEnv({}, false, std::move(done));
}

} // namespace Hopx::Local

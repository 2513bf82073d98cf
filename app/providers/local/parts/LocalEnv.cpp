// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/parts/LocalEnv.h"

#include "providers/local/LocalSandbox.h"
#include "providers/local/agentlink/AgentClient.h"

#include <QPointer>

namespace Hopx::Local {

using Core::Callback;
using Core::Result;
using Core::Unit;

LocalEnv::LocalEnv(LocalSandbox *sandbox)
    : m_sandbox(sandbox)
{ }

void LocalEnv::getEnv(Callback<Core::EnvMap> done)
{
    if (m_sandbox->refuseIfUnusable(done))
        return;
    m_sandbox->agent()->getEnv(std::move(done));
}

void LocalEnv::setEnv(const Core::EnvMap &vars, bool merge, Callback<Unit> done)
{
    if (m_sandbox->refuseIfUnusable(done))
        return;
    QPointer<LocalSandbox> self(m_sandbox);
    auto apply = [self, vars, done]() {
        if (!self)
            return;
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
    QPointer<LocalSandbox> self(m_sandbox);
    m_sandbox->agent()->clearEnv([self, done](Result<Unit> r) {
        if (self && r) {
            self->envPart().m_env.clear();
            self->persist();
        }
        done(r);
    });
}

} // namespace Hopx::Local

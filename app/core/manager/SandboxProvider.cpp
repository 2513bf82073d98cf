// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/manager/SandboxProvider.h"

#include <QDateTime>

namespace Hopx::Core {

SandboxProvider::~SandboxProvider() = default;

ProviderKind SandboxProvider::kind() const
{
    ProviderKind k;
    k.id = id();
    k.displayName = k.id;
    return k;
}

Result<Unit> SandboxProvider::discardUnusable(const QString &id)
{
    return Error::make(Error::Code::NotFound,
        QStringLiteral("Sandbox %1 is not an unavailable sandbox of this provider.").arg(id));
}

Callback<SandboxInfo> SandboxProvider::announcing(Callback<SandboxInfo> done)
{
    return [self = QPointer<SandboxProvider>(this), done = std::move(done)](Result<SandboxInfo> r) {
        if (r && self) {
            SandboxInfo info = r.value();
            info.lastActivity = QDateTime::currentDateTime();
            emit self->sandboxChanged(info);
            r = Result<SandboxInfo>(info);
        }
        done(std::move(r));
    };
}

} // namespace Hopx::Core

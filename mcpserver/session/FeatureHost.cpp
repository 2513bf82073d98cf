// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "session/FeatureHost.h"

#include "session/Caller.h"
#include "json/JsonRpc.h"

namespace Hopx::Mcp {

void FeatureHost::announce(QLatin1String capability, const QString &method)
{
    const Caller *caller = listener();
    if (caller && caller->declared(capability))
        send(JsonRpc::notification(method));
}

} // namespace Hopx::Mcp

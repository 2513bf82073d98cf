// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/agentlink/KernelPipes.h"

#include <initializer_list>

#include <unistd.h>

namespace Hopx::Local {

KernelPipes::~KernelPipes()
{
    for (int fd : {in, out, err})
        if (fd >= 0)
            ::close(fd);
}

} // namespace Hopx::Local

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/base/ProcessSetup.h"

#include <csignal>
#ifdef __GLIBC__
#include <malloc.h>
#endif

namespace Hopx::Core {

void setUpProcess()
{
    std::signal(SIGPIPE, SIG_IGN);
#ifdef __GLIBC__
    mallopt(M_MMAP_THRESHOLD, 1024 * 1024); // fixed: no longer raised as buffers are freed
#endif
}

} // namespace Hopx::Core

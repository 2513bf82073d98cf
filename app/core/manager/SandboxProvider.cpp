// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/manager/SandboxProvider.h"

namespace Hopx::Core {

SandboxProvider::~SandboxProvider() = default;

} // namespace Hopx::Core

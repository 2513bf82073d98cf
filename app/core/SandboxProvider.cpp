// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "SandboxProvider.h"

namespace Hopx::Core {

SandboxProvider::~SandboxProvider() = default;

} // namespace Hopx::Core

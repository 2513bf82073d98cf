// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// hopx-desktop's extension of the wiring in main.cpp: none (see AppExtension.h).
#include "AppExtension.h"

namespace Hopx {

std::unique_ptr<AppExtension> createAppExtension()
{
    return std::make_unique<AppExtension>();
}

} // namespace Hopx

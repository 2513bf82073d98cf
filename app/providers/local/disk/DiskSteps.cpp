// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/disk/DiskSteps.h"

namespace Hopx::Local {

DiskSteps::~DiskSteps() = default;

void DiskSteps::reached(const QString &, const QString &, const QString &)
{ }

} // namespace Hopx::Local

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/packages/PackageLogging.h"

Q_LOGGING_CATEGORY(lcPackages, "hopx.packages", QtInfoMsg)

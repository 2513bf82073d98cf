// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "PackageLogging.h"

Q_LOGGING_CATEGORY(lcPackages, "hopx.packages", QtInfoMsg)

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/cloud/HopxLogging.h"

Q_LOGGING_CATEGORY(lcCloud, "hopx.cloud", QtInfoMsg)

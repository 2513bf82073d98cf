// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/LocalLogging.h"

Q_LOGGING_CATEGORY(lcLocal, "hopx.local", QtInfoMsg)

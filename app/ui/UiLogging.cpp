// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ui/UiLogging.h"

Q_LOGGING_CATEGORY(lcUi, "hopx.ui", QtInfoMsg)

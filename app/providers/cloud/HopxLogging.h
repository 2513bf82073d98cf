// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QLoggingCategory>

// "hopx.cloud": requests (method + path, never headers, keys or tokens), retries, failures.
Q_DECLARE_LOGGING_CATEGORY(lcCloud)

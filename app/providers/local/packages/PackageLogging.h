// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QLoggingCategory>

// "hopx.packages": the sandboxes' shared package cache (hits, fetches, refusals, eviction).
// Names packages and hosts, never file contents.
Q_DECLARE_LOGGING_CATEGORY(lcPackages)

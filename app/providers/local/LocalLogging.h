// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QLoggingCategory>

// "hopx.local": sandbox start/stop, bwrap diagnostics, cgroup placement, agent protocol
// violations. Never file contents or program output.
Q_DECLARE_LOGGING_CATEGORY(lcLocal)

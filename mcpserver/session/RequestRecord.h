// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

namespace Hopx::Mcp {

//! How one request ended, as the session reports it to the SessionObserver.
struct RequestRecord
{
    enum class Outcome { Ok, ProtocolError, ToolError, Cancelled };
    QString method;
    QString tool; // tools/call only
    qint64 durationUs = 0;
    Outcome outcome = Outcome::Ok;
    QString detail; // error message, if any
};

} // namespace Hopx::Mcp

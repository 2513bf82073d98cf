// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QString>

namespace Hopx::Mcp {

/*! \brief Unguessable identifiers (task ids, HTTP session ids, tokens).
 *
 * Hex of `bytes` bytes from QRandomGenerator::system(), the OS CSPRNG: these ids are
 * capabilities (whoever knows a task id can read its result), so they must not be predictable.
 */
QString randomId(int bytes = 16);
//! `bytes` raw bytes from the same source (keys).
QByteArray randomBytes(int bytes);

} // namespace Hopx::Mcp

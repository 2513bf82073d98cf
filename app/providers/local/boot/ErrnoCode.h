// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Error.h"

namespace Hopx::Local {

/*! The one meaning of an errno reported from inside a local sandbox (by the agent, or by a
 *  file builtin): a permission error is the model's to fix (a path outside the writable
 *  folders), a full disk or too many processes is a limit, a missing file is not found. Every
 *  local error path maps errno through here, so the same failure gets the same code whichever
 *  tool met it. */
Core::Error::Code errorCodeForErrno(int errnum);

} // namespace Hopx::Local

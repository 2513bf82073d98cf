// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Error.h"
#include "core/base/Wording.h"

#include <vector>

namespace Hopx::Local {

/*! Why local sandboxes cannot run, worded under the context every provider's reasons share, so
 *  that the tray shows it in the user's language and the model gets it in English. \a text is
 *  marked QT_TRANSLATE_NOOP("Hopx::Core::SandboxProvider", …) where it is written: lupdate needs
 *  the literal there. */
inline Core::Wording localReason(const char *text, std::vector<Core::Wording> args = {})
{
    return Core::Wording("Hopx::Core::SandboxProvider", text, std::move(args));
}

//! A part's failure worded the same way: the model reads its English `message`, the sentence
//! around it in the app takes `worded()`.
inline Core::Error localError(const char *text, std::vector<Core::Wording> args = {},
    Core::Error::Code code = Core::Error::Code::Internal)
{
    return Core::Error::make(code, localReason(text, std::move(args)));
}

} // namespace Hopx::Local

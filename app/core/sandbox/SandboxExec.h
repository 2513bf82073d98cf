// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"
#include "core/sandbox/SandboxTypes.h"

namespace Hopx::Core {

/*! \brief Runs code and shell commands in a sandbox and waits for the result.
 *
 * Both return a Cancel: after it is called the callback still fires once, with
 * Error::Code::Cancelled or the result that crossed the cancellation.
 */
class SandboxExec
{
public:
    static constexpr const char *kName = "code execution";
    virtual ~SandboxExec() = default;

    virtual Cancel execute(const ExecSpec &spec, Callback<ExecResult> done) = 0;
    virtual Cancel runCommand(const CommandSpec &spec, Callback<ExecResult> done) = 0;
};

} // namespace Hopx::Core

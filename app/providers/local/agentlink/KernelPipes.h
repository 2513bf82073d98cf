// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

namespace Hopx::Local {

/*! \brief The host's ends of one Python interpreter launch's pipes, closed with the last owner.
 *
 * Shared: a checkpoint keeps its launch's pipes open, since its stopped copy speaks through
 * them when it is resumed.
 */
struct KernelPipes
{
    int in = -1;
    int out = -1;
    int err = -1;
    KernelPipes() = default;
    KernelPipes(const KernelPipes &) = delete;
    KernelPipes &operator=(const KernelPipes &) = delete;
    ~KernelPipes();
};

} // namespace Hopx::Local

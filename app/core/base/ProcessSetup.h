// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

namespace Hopx::Core {

/*! \brief What the app's process needs before anything else runs.
 *
 * - SIGPIPE ignored: a client that goes away mid-write is an EPIPE, not the app's end.
 * - Buffers of 1 MiB and more each get their own mapping (glibc): a run's output of MiBs then
 *   grows by remapping, not by a copy next to the old buffer, and its memory goes back to the
 *   system when the response is written. glibc's default raises that threshold after the
 *   first large buffer is freed, so from the second 10 MiB result on each one would cost
 *   about twice its size at its peak, and keep the heap grown afterwards.
 */
void setUpProcess();

} // namespace Hopx::Core

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QtGlobal>

namespace HopxTest {

/*! \brief A wait in a test, stretched by HOPX_TEST_TIMEOUT_SCALE (tests/CMakeLists.txt sets it:
 *  5 in a TSan build, 1 otherwise), so that a wait that gives up still means "never" and not
 *  "the sanitizer made the app slower". Used by the shared helpers (McpClient, HeadlessApp);
 *  a test's own short waits for things that are immediate need none.
 */
inline int scaledMs(int ms)
{
    static const int scale = [] {
        bool ok = false;
        const int s = qEnvironmentVariableIntValue("HOPX_TEST_TIMEOUT_SCALE", &ok);
        return ok && s > 1 ? s : 1;
    }();
    return ms > 0 && ms < (1 << 30) / scale ? ms * scale : ms;
}

} // namespace HopxTest

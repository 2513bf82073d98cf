// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

// HOPX_THREAD_SANITIZER: this is a TSan build (scripts/test.sh --tsan), with gcc or clang. The
// few places that behave differently there say why (ThreadHandoff, UnixSignalWatcher).
#if defined(__SANITIZE_THREAD__)
#define HOPX_THREAD_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define HOPX_THREAD_SANITIZER 1
#endif
#endif

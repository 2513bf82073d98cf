// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

// Shared by the fuzz targets: an invariant check that libFuzzer records as a crash, and the one
// QCoreApplication the targets that need an event loop create once.

#include <cstdio>
#include <cstdlib>

// Not assert(): it must also fire in the RelWithDebInfo replay build (NDEBUG).
#define FUZZ_CHECK(cond)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            std::fprintf(stderr, "%s:%d: invariant failed: %s\n", __FILE__, __LINE__, #cond);      \
            std::abort();                                                                          \
        }                                                                                          \
    } while (0)

#ifdef QT_CORE_LIB // the agent's target has no Qt
#include <QCoreApplication>
#include <QLoggingCategory>

namespace HopxFuzz {

//! Creates the process's QCoreApplication on first use (offscreen, quiet logging).
inline QCoreApplication *application()
{
    static int argc = 1;
    static char name[] = "hopx-fuzz";
    static char *argv[] = {name, nullptr};
    if (!QCoreApplication::instance()) {
        new QCoreApplication(argc, argv);
        // Not QT_LOGGING_RULES: the logging registry may have read the environment already.
        QLoggingCategory::setFilterRules(QStringLiteral("*=false"));
    }
    return QCoreApplication::instance();
}

} // namespace HopxFuzz
#endif

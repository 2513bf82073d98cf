// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/settings/Settings.h"

#include <QStringList>

namespace Hopx::Core::PythonPreload {

//! Settings keys: whether spare sandboxes' Python imports modules ahead of user code, and which.
inline constexpr const char *kEnabledKey = "local/preload";
inline constexpr const char *kModulesKey = "local/preloadModules";

/*! The data stack of a first plot: pyplot with the Agg backend (our figure capture), and what
 *  df.plot() and savefig(png) import lazily on the first plot (pandas' matplotlib backend,
 *  Agg's renderer, Pillow's PNG writer). */
inline QStringList defaultModules()
{
    return {QStringLiteral("numpy"), QStringLiteral("pandas"), QStringLiteral("matplotlib.pyplot"),
        QStringLiteral("matplotlib.backends.backend_agg"),
        QStringLiteral("pandas.plotting._matplotlib"), QStringLiteral("PIL.PngImagePlugin")};
}

inline bool enabled(const Settings &settings)
{
    return settings.value(QLatin1String(kEnabledKey), true).toBool();
}

inline QStringList modules(const Settings &settings)
{
    return settings.value(QLatin1String(kModulesKey), defaultModules()).toStringList();
}

} // namespace Hopx::Core::PythonPreload

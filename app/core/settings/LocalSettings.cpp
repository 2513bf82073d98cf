// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/settings/LocalSettings.h"

#include "core/settings/Settings.h"

namespace Hopx::Core {

LocalSettings::LocalSettings(Settings *settings)
    : m_read(settings)
    , m_write(settings)
{ }

QStringList LocalSettings::defaultPreloadModules()
{
    return {QStringLiteral("numpy"), QStringLiteral("pandas"), QStringLiteral("matplotlib.pyplot"),
        QStringLiteral("matplotlib.backends.backend_agg"),
        QStringLiteral("pandas.plotting._matplotlib"), QStringLiteral("PIL.PngImagePlugin")};
}

// A setter on a read-only view is a programming error; without a Settings it does nothing.
#define HOPX_LOCAL_GET(Type, getter, key, fallback, conv)                                          \
    Type LocalSettings::getter() const                                                             \
    {                                                                                              \
        return m_read ? m_read->value(QLatin1String(key), fallback).conv() : Type(fallback);       \
    }
#define HOPX_LOCAL_SETTING(Type, getter, setter, key, fallback, conv)                              \
    HOPX_LOCAL_GET(Type, getter, key, fallback, conv)                                              \
    void LocalSettings::setter(Type v)                                                             \
    {                                                                                              \
        Q_ASSERT(m_write || !m_read);                                                              \
        if (m_write)                                                                               \
            m_write->setValue(QLatin1String(key), v);                                              \
    }

HOPX_LOCAL_SETTING(int, memoryMb, setMemoryMb, "local/memoryMb", 1024, toInt)
HOPX_LOCAL_SETTING(int, processes, setProcesses, "local/processes", 256, toInt)
HOPX_LOCAL_SETTING(int, cpuSecondsPerRun, setCpuSecondsPerRun, "local/cpuSecondsPerRun", 0, toInt)
HOPX_LOCAL_SETTING(int, openFiles, setOpenFiles, "local/openFiles", 1024, toInt)
HOPX_LOCAL_SETTING(int, tmpMb, setTmpMb, "local/diskMb", 512, toInt)
HOPX_LOCAL_SETTING(int, workspaceMb, setWorkspaceMb, "local/workspaceMb", 2048, toInt)
HOPX_LOCAL_SETTING(int, totalDiskMb, setTotalDiskMb, "local/totalDiskMb", 20480, toInt)
HOPX_LOCAL_SETTING(bool, deleteOnQuit, setDeleteOnQuit, "local/deleteOnQuit", false, toBool)
HOPX_LOCAL_SETTING(bool, networkDefault, setNetworkDefault, "local/networkDefault", false, toBool)
HOPX_LOCAL_GET(int, warmSpares, kWarmSparesKey, 1, toInt)
HOPX_LOCAL_GET(int, burstSpares, "local/burstSpares", 16, toInt)
HOPX_LOCAL_SETTING(bool, preload, setPreload, kPreloadKey, true, toBool)

void LocalSettings::setWarmSpares(int count)
{
    Q_ASSERT(m_write || !m_read);
    // Kept unset while it is the default, so a later version's default applies.
    if (m_write && count != warmSpares())
        m_write->setValue(QLatin1String(kWarmSparesKey), count);
}

QStringList LocalSettings::preloadModules() const
{
    return m_read
        ? m_read->value(QLatin1String(kPreloadModulesKey), defaultPreloadModules()).toStringList()
        : defaultPreloadModules();
}

void LocalSettings::setPreloadModules(const QStringList &modules)
{
    Q_ASSERT(m_write || !m_read);
    // Kept unset while it is the default, so a later version's default applies.
    if (m_write && modules != preloadModules())
        m_write->setValue(QLatin1String(kPreloadModulesKey), modules);
}

} // namespace Hopx::Core

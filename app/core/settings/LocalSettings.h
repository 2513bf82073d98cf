// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QStringList>

namespace Hopx::Core {

class Settings;

/*! \brief The local sandboxes' settings ("local/…"): their limits, disks, network default,
 *  spares and the modules spares import ahead. Read by the local provider, shown on
 *  Settings → Local sandboxes.
 *
 * A view over Settings, which stores them; made on the spot. Without a Settings (null),
 * every getter gives the default.
 */
class LocalSettings
{
public:
    explicit LocalSettings(const Settings *settings)
        : m_read(settings)
    { }
    explicit LocalSettings(Settings *settings);

    //! Settings keys of the preload: a change of either renews the spares.
    static constexpr const char *kPreloadKey = "local/preload";
    static constexpr const char *kPreloadModulesKey = "local/preloadModules";
    static constexpr const char *kWarmSparesKey = "local/warmSpares";
    /*! The data stack of a first plot: pyplot with the Agg backend (our figure capture), and
     *  what df.plot() and savefig(png) import lazily on the first plot (pandas' matplotlib
     *  backend, Agg's renderer, Pillow's PNG writer). */
    static QStringList defaultPreloadModules();

    int memoryMb() const;
    void setMemoryMb(int mb);
    int processes() const;
    void setProcesses(int count);
    int cpuSecondsPerRun() const; // 0 = only the wall clock applies
    void setCpuSecondsPerRun(int seconds);
    int openFiles() const; // per process (RLIMIT_NOFILE)
    void setOpenFiles(int count);
    //! Size of each sandbox's /tmp and /dev/shm (tmpfs).
    int tmpMb() const;
    void setTmpMb(int mb);
    //! Cap of each sandbox's disk (/workspace, /home/user and its checkpoints).
    int workspaceMb() const;
    void setWorkspaceMb(int mb);
    //! Cap of all local sandboxes' disks together.
    int totalDiskMb() const;
    void setTotalDiskMb(int mb);
    //! Delete local sandboxes and their files when the app quits (default: keep them).
    bool deleteOnQuit() const;
    void setDeleteOnQuit(bool on);
    //! Whether a sandbox created without a word about the network gets full network.
    bool networkDefault() const;
    void setNetworkDefault(bool on);
    //! Sandboxes kept booted for the next create; read once, at start.
    int warmSpares() const;
    void setWarmSpares(int count);
    //! Python spares kept for isolated runs while they come (no page: a tuning knob).
    int burstSpares() const;
    //! Whether spares' Python imports preloadModules() ahead of user code.
    bool preload() const;
    void setPreload(bool on);
    QStringList preloadModules() const;
    void setPreloadModules(const QStringList &modules);

private:
    const Settings *m_read;
    Settings *m_write = nullptr;
};

} // namespace Hopx::Core

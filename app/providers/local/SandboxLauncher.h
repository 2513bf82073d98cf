// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "providers/local/boot/SandboxLimits.h"

#include "core/base/Result.h"
#include "core/sandbox/SandboxTypes.h"
#include "core/settings/NetworkPolicy.h"

#include <QList>
#include <QString>

#include <functional>
#include <memory>

namespace Hopx::Core {
class SandboxProvider;
}

namespace Hopx::Local {

class EgressSetup;
class EtcStage;
class LocalSandbox;
class LocalSandboxHost;
class SandboxCgroupFs;
class SandboxStorage;
class SandboxVolume;

/*! \brief Starts local sandboxes: what every sandbox of this app run is started from (the
 *  staged /etc, the Python kernel's files) and the start of one sandbox on its disk.
 *
 * The provider decides which sandbox starts and keeps it; this class knows how a sandbox is
 * put together (bwrap's options, the egress proxy of an allowlist, the disk when the start
 * fails).
 */
class SandboxLauncher
{
public:
    struct Options
    {
        QString stateBase; // where /etc is staged and the kernel installed (small)
        QString bwrapPath; // empty = bwrap on PATH
        QString agentPath; // empty = SandboxHost::findAgent()
        SandboxCgroupFs *cgroupFs = nullptr;
        SandboxStorage *storage = nullptr;
        EgressSetup *egress = nullptr;
        LocalSandboxHost *host = nullptr; // what every sandbox may ask
        Core::SandboxProvider *provider = nullptr; // owns the sandboxes (their QObject parent)
        //! A line of an allowlist sandbox's egress log.
        std::function<void(const QString &id, const QString &line)> networkLine;
    };

    explicit SandboxLauncher(Options options);
    ~SandboxLauncher();

    /*! Stages /etc and installs the Python kernel under the state base: once per app run, so
     *  that a host /etc change shows up at the next start. The error says what failed. */
    Core::Result<Core::Unit> prepare();
    QString etcDir() const;
    QString libDir() const { return m_libDir; }

    /*! Starts \a info's sandbox on \a volume (taken). When it cannot start, a new sandbox's
     *  disk is deleted and a recovered one's (info has a creation time) only unmounted: its
     *  files are the user's. */
    Core::Result<LocalSandbox *> start(const Core::SandboxInfo &info,
        std::unique_ptr<SandboxVolume> volume, const SandboxLimits &limits,
        const Core::NetworkPolicy &network, const QList<Core::HostMount> &mounts);

private:
    void giveBack(const Core::SandboxInfo &info, std::unique_ptr<SandboxVolume> volume);

    Options m_options;
    std::unique_ptr<EtcStage> m_etc;
    QString m_libDir;
};

} // namespace Hopx::Local

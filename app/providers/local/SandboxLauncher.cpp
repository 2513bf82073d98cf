// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/SandboxLauncher.h"

#include "providers/local/LocalReason.h"
#include "providers/local/LocalSandbox.h"
#include "providers/local/boot/EtcStage.h"
#include "providers/local/boot/SandboxProcess.h"
#include "providers/local/disk/SandboxStorage.h"
#include "providers/local/disk/SandboxVolume.h"
#include "providers/local/egress/EgressProxy.h"
#include "providers/local/egress/EgressSetup.h"

#include <QDir>
#include <QFile>

namespace Hopx::Local {

using Core::Result;
using Core::Unit;

SandboxLauncher::SandboxLauncher(Options options)
    : m_options(std::move(options))
    , m_etc(std::make_unique<EtcStage>(m_options.stateBase + QStringLiteral("/etc")))
    , m_libDir(m_options.stateBase + QStringLiteral("/lib"))
{ }

SandboxLauncher::~SandboxLauncher() = default;

QString SandboxLauncher::etcDir() const
{
    return m_etc->path();
}

Result<Unit> SandboxLauncher::prepare()
{
    if (const auto staged = m_etc->prepare(); !staged)
        return localError(QT_TRANSLATE_NOOP("Hopx::Core::SandboxProvider",
                              "Could not stage /etc for sandboxes: %1"),
            {staged.error().worded()}, Core::Error::Code::Unavailable);
    // The Python kernel ships in the app; sandboxes see it read-only at /run/sbx/lib.
    QDir().mkpath(m_libDir);
    for (const QString &file : {QStringLiteral("kernel.py"), QStringLiteral("kernel_state.py")}) {
        const QString target = m_libDir + QLatin1Char('/') + file;
        QFile::remove(target);
        if (!QFile::copy(QStringLiteral(":/local/") + file, target))
            return localError(QT_TRANSLATE_NOOP("Hopx::Core::SandboxProvider",
                                  "Could not install the Python kernel into %1"),
                {m_libDir}, Core::Error::Code::Unavailable);
        QFile::setPermissions(
            target, QFileDevice::ReadOwner | QFileDevice::ReadGroup | QFileDevice::ReadOther);
    }
    return Unit {};
}

Result<LocalSandbox *> SandboxLauncher::start(const Core::SandboxInfo &info,
    std::unique_ptr<SandboxVolume> volume, const SandboxLimits &limits,
    const Core::NetworkPolicy &network, const QList<Core::HostMount> &mounts)
{
    SandboxProcess::Options o;
    o.id = info.id;
    o.bwrapPath = m_options.bwrapPath;
    o.agentPath = m_options.agentPath;
    o.etcDir = m_etc->path();
    o.workspaceDir = volume->workspaceDir();
    o.homeDir = volume->homeDir();
    o.stateDir = volume->stateDir();
    o.libDir = m_libDir;
    o.limits = limits;
    o.cgroupFs = m_options.cgroupFs;
    o.limits.workspaceMb = int(volume->capBytes() >> 20);
    o.network = network.mode == Core::NetworkPolicy::Mode::Full;
    for (const Core::HostMount &m : mounts)
        o.readOnlyMounts.append({m.hostPath, QFile::encodeName(m.sandboxPath)});
    // The proxy's socket sits beside the disk, outside everything the sandbox can write.
    EgressProxy *egress = nullptr;
    if (network.mode == Core::NetworkPolicy::Mode::Allowlist) {
        o.proxyDir = volume->dir() + QStringLiteral("/net");
        const QString id = info.id;
        const auto made = m_options.egress->makeProxy(
            id, network, o.proxyDir, [line = m_options.networkLine, id](const QString &text) {
                if (line)
                    line(id, text);
            });
        if (!made) {
            giveBack(info, std::move(volume));
            return made.error();
        }
        egress = made.value();
    }
    auto *sandbox =
        new LocalSandbox(info, o, std::move(volume), m_options.host, m_options.provider);
    if (egress)
        sandbox->setEgress(egress);
    if (const auto started = sandbox->start(); !started) {
        std::unique_ptr<SandboxVolume> back = sandbox->takeVolume();
        delete sandbox;
        giveBack(info, std::move(back));
        return started.error();
    }
    return sandbox;
}

void SandboxLauncher::giveBack(const Core::SandboxInfo &info, std::unique_ptr<SandboxVolume> volume)
{
    if (!volume)
        return;
    // A recovered sandbox's files are the user's: only a new one's are thrown away.
    if (!info.createdAt.isValid())
        m_options.storage->remove(volume.get());
    else
        volume->unmount();
}

} // namespace Hopx::Local

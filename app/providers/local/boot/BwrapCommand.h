// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "providers/local/boot/SandboxLimits.h"

#include <QByteArray>
#include <QByteArrayList>
#include <QList>
#include <QPair>
#include <QString>

namespace Hopx::Local {

/*! \brief The bubblewrap command line of one sandbox, per local-sandbox.md §2.
 *
 * The options go to bwrap through `--args FD` (see argsData()), so neither the host paths
 * nor the sandbox's layout show up in the sandbox's /proc/1/cmdline or hit E2BIG; only
 * `bwrap --args FD -- /run/sbx/agent <limit flags>` is on the real command line.
 *
 * Paths are host paths; they must exist (SandboxProcess creates the state directories).
 */
class BwrapCommand
{
public:
    using EnvList = QList<QPair<QByteArray, QByteArray>>;

    static constexpr const char *kAgentPath = "/run/sbx/agent";
    static constexpr const char *kLibPath = "/run/sbx/lib";
    //! Where the kernel writes a checkpoint's variables: on the sandbox's disk, outside the
    //! files a checkpoint or fork takes (LocalCheckpoints, BackgroundStateWrites).
    static constexpr const char *kStatePath = "/run/sbx/state";
    //! The sandbox's system CA bundle (staged /etc), with the egress CA appended.
    static constexpr const char *kCaBundle = "/etc/ssl/certs/ca-certificates.crt";
    static constexpr const char *kProxyDir = "/run/sbx/net";
    static constexpr const char *kProxySocket = "/run/sbx/net/proxy.sock";
    static constexpr int kProxyPort = 3128;

    void setAgentBinary(const QString &hostPath) { m_agent = hostPath; }
    void setEtcDir(const QString &hostPath) { m_etc = hostPath; }
    void setWorkspaceDir(const QString &hostPath) { m_workspace = hostPath; }
    void setHomeDir(const QString &hostPath) { m_home = hostPath; }
    //! Optional: bound writable at kStatePath.
    void setStateDir(const QString &hostPath) { m_state = hostPath; }
    //! Optional read-only directory mounted at /run/sbx/lib (e.g. the Python kernel).
    void setLibDir(const QString &hostPath) { m_lib = hostPath; }
    void setLimits(const SandboxLimits &limits) { m_limits = limits; }
    //! Added after (and overriding) defaultEnvironment().
    void setExtraEnvironment(const EnvList &env) { m_extraEnv = env; }
    //! bwrap writes {"child-pid": N} there.
    void setInfoFd(int fd) { m_infoFd = fd; }
    //! bwrap's sandbox side waits for a byte there before it starts the agent (cgroup
    //! placement happens in between); -1 = do not wait.
    void setBlockFd(int fd) { m_blockFd = fd; }
    //! Exposes the sandbox's first user namespace at /run/.userns, so that slirp4netns can
    //! join it to plug a tap device into the sandbox's network namespace.
    void setNetwork(bool on) { m_network = on; }
    /*! Egress through the app's proxy: \a hostDir (holding proxy.sock) is bound read-only at
     *  /run/sbx/net, the agent hands it each connection to 127.0.0.1:kProxyPort, and the
     *  proxy variables (HTTP(S)_PROXY, npm, pip, Go) point there. Empty = no proxy. */
    void setEgressProxyDir(const QString &hostDir) { m_proxyDir = hostDir; }
    //! Host directories bound read-only (host path, sandbox path), e.g. the client's roots at
    //! /project/<name>: the sandbox can read them, and writes fail (EROFS).
    void setReadOnlyMounts(const QList<QPair<QString, QByteArray>> &mounts) { m_roMounts = mounts; }

    //! Empty when complete; otherwise what is missing.
    QString validate() const;
    //! Every bwrap option, in the order bwrap must apply them.
    QByteArrayList options() const;
    //! options() as bwrap's --args wants them: each followed by a NUL.
    QByteArray argsData() const;
    //! argv[1..] of bwrap when the options travel through `--args argsFd`.
    QByteArrayList arguments(int argsFd) const;
    //! The command run inside: the agent with its limit flags.
    QByteArrayList agentCommand() const;

    static QByteArrayList agentArguments(const SandboxLimits &limits);
    //! The sandbox's base environment (local-sandbox.md §2): PATH, HOME, LANG, Go, matplotlib.
    static EnvList defaultEnvironment();
    //! What a sandbox behind the egress proxy has on top of defaultEnvironment().
    static EnvList proxyEnvironment();

private:
    void addEgressProxy(QByteArrayList &a, EnvList &env) const;

    QString m_agent;
    QString m_proxyDir;
    QString m_etc;
    QString m_workspace;
    QString m_home;
    QString m_state;
    QString m_lib;
    SandboxLimits m_limits;
    EnvList m_extraEnv;
    QList<QPair<QString, QByteArray>> m_roMounts;
    int m_infoFd = -1;
    int m_blockFd = -1;
    bool m_network = false;
};

} // namespace Hopx::Local

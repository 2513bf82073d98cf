// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/boot/BwrapCommand.h"

#include "providers/local/packages/PackageCache.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>

namespace Hopx::Local {

namespace {

QByteArray path(const QString &p)
{
    return QFile::encodeName(p);
}

QByteArray number(qint64 n)
{
    return QByteArray::number(n);
}

//! \a extra over \a env: same names replaced, new ones appended.
void overlay(BwrapCommand::EnvList &env, const BwrapCommand::EnvList &extra)
{
    for (const auto &kv : extra) {
        auto it = std::find_if(
            env.begin(), env.end(), [&](const auto &e) { return e.first == kv.first; });
        if (it != env.end())
            it->second = kv.second;
        else
            env << kv;
    }
}

} // namespace

QString BwrapCommand::validate() const
{
    const QPair<const QString *, const char *> required[] = {{&m_agent, "agent binary"},
        {&m_etc, "staged /etc"}, {&m_workspace, "workspace directory"},
        {&m_home, "home directory"}};
    for (const auto &r : required) {
        if (r.first->isEmpty())
            return QStringLiteral("no %1 given").arg(QLatin1String(r.second));
        if (!QFileInfo::exists(*r.first))
            return QStringLiteral("%1 %2 does not exist").arg(QLatin1String(r.second), *r.first);
    }
    if (!m_lib.isEmpty() && !QFileInfo(m_lib).isDir())
        return QStringLiteral("lib directory %1 does not exist").arg(m_lib);
    if (m_limits.diskMb <= 0)
        return QStringLiteral("the /tmp size must be positive");
    return {};
}

QByteArrayList BwrapCommand::options() const
{
    QByteArrayList a;
    // Always a user namespace: bwrap skips it for euid 0 unless asked, and the in-sandbox
    // ids stay the same whoever runs the app. No nested user namespaces (bwrap >= 0.8).
    a << "--unshare-user"
      << "--uid"
      << "1000"
      << "--gid"
      << "1000"
      << "--disable-userns";
    a << "--unshare-pid"
      << "--unshare-ipc"
      << "--unshare-uts"
      << "--unshare-net"
      << "--unshare-cgroup-try"
      << "--hostname"
      << "sandbox"
      << "--cap-drop"
      << "ALL";
    // Tied to the app's lifetime; setsid() keeps TIOCSTI away from the app's terminal.
    a << "--die-with-parent"
      << "--new-session";

    a << "--ro-bind"
      << "/usr"
      << "/usr";
    // Root-level links of a merged-/usr system are recreated as links; on a split system the
    // directories are bound read-only.
    const QDir root(QStringLiteral("/"));
    for (const char *name : {"bin", "sbin", "lib", "lib64", "lib32", "libx32"}) {
        const QFileInfo fi(root.filePath(QLatin1String(name)));
        const QByteArray dest = QByteArray("/") + name;
        if (fi.isSymLink()) {
            const QByteArray target = path(fi.symLinkTarget());
            // Only links into /usr make sense inside; keep the relative form where possible.
            if (target.startsWith("/usr/"))
                a << "--symlink" << target.mid(1) << dest;
        } else if (fi.isDir()) {
            a << "--ro-bind" << path(fi.absoluteFilePath()) << dest;
        }
    }
    a << "--ro-bind" << path(m_etc) << "/etc";
    a << "--proc"
      << "/proc"
      << "--dev"
      << "/dev";
    const QByteArray tmpBytes = number(qint64(m_limits.diskMb) << 20);
    a << "--size" << tmpBytes << "--tmpfs"
      << "/dev/shm";
    a << "--size" << tmpBytes << "--perms"
      << "1777"
      << "--tmpfs"
      << "/tmp";
    a << "--symlink"
      << "/tmp"
      << "/var/tmp"
      << "--dir"
      << "/run";
    if (m_network)
        a << "--ro-bind-try"
          << "/proc/self/ns/user"
          << "/run/.userns";
    a << "--ro-bind" << path(m_agent) << kAgentPath;
    if (!m_lib.isEmpty())
        a << "--ro-bind" << path(m_lib) << kLibPath;
    a << "--bind" << path(m_workspace) << "/workspace";
    a << "--bind" << path(m_home) << "/home/user";
    if (!m_state.isEmpty())
        a << "--bind" << path(m_state) << kStatePath;
    for (const auto &mount : m_roMounts)
        a << "--ro-bind" << path(mount.first) << mount.second;

    a << "--clearenv";
    EnvList env = defaultEnvironment();
    addEgressProxy(a, env);
    overlay(env, m_extraEnv);
    for (const auto &kv : env)
        a << "--setenv" << kv.first << kv.second;
    a << "--chdir"
      << "/workspace";
    // The tmpfs root (and with it /run/sbx, /etc's mount point, /var) becomes read-only;
    // /tmp, /dev/shm and the binds keep their own flags.
    a << "--remount-ro"
      << "/dev"
      << "--remount-ro"
      << "/";
    if (m_infoFd >= 0)
        a << "--info-fd" << number(m_infoFd);
    if (m_blockFd >= 0)
        a << "--block-fd" << number(m_blockFd);
    return a;
}

QByteArray BwrapCommand::argsData() const
{
    QByteArray data;
    for (const QByteArray &o : options()) {
        data += o;
        data += '\0';
    }
    return data;
}

QByteArrayList BwrapCommand::arguments(int argsFd) const
{
    QByteArrayList a;
    a << "--args" << number(argsFd) << "--";
    a << agentCommand();
    return a;
}

QByteArrayList BwrapCommand::agentCommand() const
{
    QByteArrayList a = QByteArrayList {kAgentPath} + agentArguments(m_limits);
    if (!m_proxyDir.isEmpty())
        a << "--proxy-port" << number(kProxyPort) << "--proxy-socket" << kProxySocket;
    return a;
}

void BwrapCommand::addEgressProxy(QByteArrayList &a, EnvList &env) const
{
    if (m_proxyDir.isEmpty())
        return;
    a << "--ro-bind" << path(m_proxyDir) << kProxyDir;
    overlay(env, proxyEnvironment());
}

BwrapCommand::EnvList BwrapCommand::proxyEnvironment()
{
    const QByteArray url = "http://127.0.0.1:" + number(kProxyPort);
    const QByteArray local = "localhost,127.0.0.1,::1";
    return EnvList {
               {"HTTP_PROXY", url},
               {"HTTPS_PROXY", url},
               {"ALL_PROXY", url},
               {"http_proxy", url},
               {"https_proxy", url},
               {"all_proxy", url},
               {"NO_PROXY", local},
               {"no_proxy", local},
               {"npm_config_proxy", url},
               {"npm_config_https_proxy", url},
               {"PIP_PROXY", url},
               // Go modules through the module proxy (itself behind ours) instead of "off".
               {"GOPROXY", "https://proxy.golang.org,direct"},
               // The system bundle, which holds this installation's egress CA too (the proxy
               // ends TLS for the hosts of the sandbox's secrets), for the programs that read
               // a bundle of their own; Node adds the CA to its built-in roots.
               {"SSL_CERT_FILE", kCaBundle},
               {"REQUESTS_CA_BUNDLE", kCaBundle},
               {"PIP_CERT", kCaBundle},
               {"NODE_EXTRA_CA_CERTS", QByteArray(kLibPath) + "/egress-ca.crt"},
           }
    + PackageCache::sandboxEnvironment(url);
}

QByteArrayList BwrapCommand::agentArguments(const SandboxLimits &limits)
{
    QByteArrayList a;
    auto add = [&](const char *flag, int value) {
        if (value > 0)
            a << flag << number(value);
    };
    add("--nproc", limits.processes);
    add("--data-mb", limits.memoryMb);
    add("--mem-mb", limits.memoryMb);
    add("--nofile", limits.openFiles);
    add("--fsize-mb", limits.fileSizeMb);
    return a;
}

BwrapCommand::EnvList BwrapCommand::defaultEnvironment()
{
    return {
        {"PATH", "/home/user/.local/bin:/usr/local/bin:/usr/bin:/bin"},
        {"HOME", "/home/user"},
        {"USER", "user"},
        {"LANG", "C.UTF-8"},
        {"TERM", "dumb"},
        {"TMPDIR", "/tmp"},
        {"MPLBACKEND", "Agg"},
        // Go: caches in the persistent home, no network module fetches, no toolchain
        // downloads.
        {"GOPATH", "/home/user/go"},
        {"GOCACHE", "/home/user/.cache/go-build"},
        {"GOPROXY", "off"},
        {"GOFLAGS", "-mod=mod"},
        {"GOTOOLCHAIN", "local"},
        // pip installs into the user site (/home/user/.local, on the sandbox's storage) over
        // Debian's system Python, whose packages (numpy, pandas...) stay visible; /usr is
        // read-only here, so PEP 668's guard has nothing left to protect.
        {"PIP_USER", "1"},
        {"PIP_BREAK_SYSTEM_PACKAGES", "1"},
        {"PIP_DISABLE_PIP_VERSION_CHECK", "1"},
        {"PIP_NO_INPUT", "1"},
        {"npm_config_prefix", "/home/user/.local"},
        // execute_code's scripts live under /tmp: let require() find what npm installed.
        {"NODE_PATH", "/workspace/node_modules:/home/user/.local/lib/node_modules"},
        {"npm_config_update_notifier", "false"},
        {"npm_config_fund", "false"},
        {"npm_config_audit", "false"},
    };
}

} // namespace Hopx::Local

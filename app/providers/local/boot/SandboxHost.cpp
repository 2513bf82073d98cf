// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/boot/SandboxHost.h"

#include "providers/local/LocalReason.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>

#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace Hopx::Local {

bool SandboxHost::makePrivateDir(const QString &path)
{
    if (QFileInfo(path).isDir())
        return true;
    if (!QDir().mkpath(QFileInfo(path).absolutePath()))
        return false;
    return ::mkdir(QFile::encodeName(path).constData(), 0700) == 0 || errno == EEXIST;
}

QString SandboxHost::findAgent()
{
    return findHelper(QStringLiteral("hopx-sandbox-agent"));
}

QString SandboxHost::findHelper(const QString &name)
{
    QStringList candidates;
    if (QCoreApplication::instance()) {
        const QString appDir = QCoreApplication::applicationDirPath();
        candidates << appDir + QLatin1Char('/') + name;
        // Installed under another prefix than configured (the .deb's /usr, a DESTDIR, a copy).
        candidates << QDir::cleanPath(
            appDir + QStringLiteral("/" HOPX_LIBEXECDIR_FROM_BINDIR "/") + name);
    }
    candidates << QStringLiteral(HOPX_LIBEXECDIR "/") + name;
    for (const QString &c : std::as_const(candidates)) {
        if (QFileInfo(c).isExecutable())
            return c;
    }
    return {};
}

Core::Result<QString> SandboxHost::defaultStateBase()
{
    const uid_t uid = ::geteuid();
    QString top;
    const QString runtime = qEnvironmentVariable("XDG_RUNTIME_DIR");
    struct stat st;
    if (!runtime.isEmpty() && ::stat(QFile::encodeName(runtime).constData(), &st) == 0
        && S_ISDIR(st.st_mode) && st.st_uid == uid) {
        top = runtime + QStringLiteral("/hopx-desktop");
    } else {
        top = QStringLiteral("/tmp/hopx-desktop-%1").arg(uid);
    }
    const QByteArray topBytes = QFile::encodeName(top);
    if (::mkdir(topBytes.constData(), 0700) != 0 && errno != EEXIST)
        return localError(QT_TRANSLATE_NOOP("Hopx::Core::SandboxProvider", "Cannot create %1: %2"),
            {top, qt_error_string(errno)});
    // In /tmp someone else could have made it first: it must be ours, private, not a link.
    if (::lstat(topBytes.constData(), &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != uid
        || (st.st_mode & 077) != 0)
        return localError(QT_TRANSLATE_NOOP("Hopx::Core::SandboxProvider",
                              "%1 is not a private directory of this user; remove it."),
            {top});
    const QString base = top + QStringLiteral("/sbx");
    if (!makePrivateDir(base))
        return localError(
            QT_TRANSLATE_NOOP("Hopx::Core::SandboxProvider", "Cannot create %1."), {base});
    return base;
}

Core::Wording SandboxHost::selfTest(const QString &bwrapPath)
{
    const QString bwrap =
        bwrapPath.isEmpty() ? QStandardPaths::findExecutable(QStringLiteral("bwrap")) : bwrapPath;
    if (bwrap.isEmpty() || !QFileInfo(bwrap).isExecutable())
        return localReason(QT_TRANSLATE_NOOP("Hopx::Core::SandboxProvider",
            "bubblewrap (bwrap) is not installed; local sandboxes need it. "
            "Install it (Debian/Ubuntu: sudo apt install bubblewrap, Fedora: "
            "sudo dnf install bubblewrap, Arch: sudo pacman -S bubblewrap)."));
    struct stat st;
    if (::stat(QFile::encodeName(bwrap).constData(), &st) == 0 && (st.st_mode & S_ISUID))
        return localReason(QT_TRANSLATE_NOOP("Hopx::Core::SandboxProvider",
                               "%1 is setuid root; local sandboxes need the normal, unprivileged "
                               "bubblewrap 0.8 or newer (e.g. the distribution package)."),
            {bwrap});

    QProcess version;
    version.start(bwrap, {QStringLiteral("--version")});
    version.waitForFinished(5000);
    const QString v =
        QString::fromUtf8(version.readAllStandardOutput()).trimmed().section(QLatin1Char(' '), -1);
    const QStringList parts = v.split(QLatin1Char('.'));
    if (parts.size() >= 2 && (parts[0].toInt() == 0 && parts[1].toInt() < 8))
        return localReason(QT_TRANSLATE_NOOP("Hopx::Core::SandboxProvider",
                               "bubblewrap %1 is too old; local sandboxes need 0.8.0 or newer "
                               "(for --disable-userns)."),
            {v});

    QStringList args {QStringLiteral("--unshare-user"), QStringLiteral("--uid"),
        QStringLiteral("1000"), QStringLiteral("--gid"), QStringLiteral("1000"),
        QStringLiteral("--disable-userns"), QStringLiteral("--unshare-pid"),
        QStringLiteral("--unshare-net"), QStringLiteral("--die-with-parent"),
        QStringLiteral("--ro-bind"), QStringLiteral("/usr"), QStringLiteral("/usr")};
    for (const char *name : {"bin", "lib", "lib64"}) {
        const QFileInfo fi(QLatin1Char('/') + QLatin1String(name));
        if (fi.isSymLink())
            args << QStringLiteral("--symlink") << fi.symLinkTarget() << fi.filePath();
        else if (fi.isDir())
            args << QStringLiteral("--ro-bind") << fi.filePath() << fi.filePath();
    }
    args << QStringLiteral("--proc") << QStringLiteral("/proc") << QStringLiteral("--dev")
         << QStringLiteral("/dev") << QStringLiteral("--") << QStringLiteral("/usr/bin/true");
    QProcess probe;
    probe.start(bwrap, args);
    if (!probe.waitForFinished(10000)) {
        probe.kill();
        probe.waitForFinished(1000);
        return localReason(QT_TRANSLATE_NOOP("Hopx::Core::SandboxProvider",
            "bubblewrap did not finish a trivial sandbox within 10 s."));
    }
    if (probe.exitStatus() == QProcess::NormalExit && probe.exitCode() == 0)
        return {};

    const QString said = QString::fromUtf8(probe.readAllStandardError()).simplified().left(300);
    auto sysctl = [](const char *path) {
        QFile f {QString::fromLatin1(path)};
        return f.open(QIODevice::ReadOnly) ? f.readAll().trimmed() : QByteArray();
    };
    if (sysctl("/proc/sys/kernel/apparmor_restrict_unprivileged_userns") == "1")
        return localReason(
            QT_TRANSLATE_NOOP("Hopx::Core::SandboxProvider",
                "AppArmor blocks the user namespaces bubblewrap needs (bwrap: %1). The "
                "hopx-desktop package installs an AppArmor profile that allows them for "
                "hopx-desktop alone (/etc/apparmor.d/hopx-desktop); for a build from a clone, "
                "./scripts/run.sh offers to install one. Or allow them for everyone with "
                "sudo sysctl kernel.apparmor_restrict_unprivileged_userns=0."),
            {said});
    if (sysctl("/proc/sys/kernel/unprivileged_userns_clone") == "0")
        return localReason(QT_TRANSLATE_NOOP("Hopx::Core::SandboxProvider",
                               "Unprivileged user namespaces are disabled (bwrap: %1). Enable "
                               "them with sudo sysctl kernel.unprivileged_userns_clone=1."),
            {said});
    if (sysctl("/proc/sys/user/max_user_namespaces") == "0")
        return localReason(QT_TRANSLATE_NOOP("Hopx::Core::SandboxProvider",
                               "User namespaces are disabled (bwrap: %1). Enable them with sudo "
                               "sysctl user.max_user_namespaces=15000."),
            {said});
    if (said.isEmpty())
        return localReason(QT_TRANSLATE_NOOP("Hopx::Core::SandboxProvider",
                               "bubblewrap cannot create a sandbox here: exit code %1"),
            {QString::number(probe.exitCode())});
    return localReason(QT_TRANSLATE_NOOP("Hopx::Core::SandboxProvider",
                           "bubblewrap cannot create a sandbox here: %1"),
        {said});
}

QString SandboxHost::networkUnavailableReason()
{
    if (QStandardPaths::findExecutable(QStringLiteral("slirp4netns")).isEmpty())
        return QStringLiteral("slirp4netns is not installed (sudo apt install slirp4netns).");
    const int tun = ::open("/dev/net/tun", O_RDWR | O_CLOEXEC);
    if (tun < 0)
        return QStringLiteral("/dev/net/tun cannot be opened (%1); slirp4netns needs it.")
            .arg(qt_error_string(errno));
    ::close(tun);
    return {};
}

} // namespace Hopx::Local

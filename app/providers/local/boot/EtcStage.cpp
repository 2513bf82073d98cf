// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/boot/EtcStage.h"

#include "providers/local/LocalLogging.h"
#include "providers/local/LocalReason.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <climits>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace Hopx::Local {

namespace {

constexpr qint64 kMaxFileBytes = 16 * 1024 * 1024;
constexpr qint64 kMaxTotalBytes = 128 * 1024 * 1024;
constexpr int kMaxDepth = 8;

struct Budget
{
    qint64 bytes = 0;
};

bool copyFile(const QByteArray &from, const QByteArray &to, mode_t mode, Budget &budget)
{
    const int in = ::open(from.constData(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
    if (in < 0)
        return errno == EACCES; // unreadable to us (e.g. as a normal user): leave it out
    struct stat st;
    if (::fstat(in, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > kMaxFileBytes
        || budget.bytes + st.st_size > kMaxTotalBytes) {
        ::close(in);
        return true;
    }
    // No setuid/setgid/sticky bits; the sandbox only needs to read.
    const int out =
        ::open(to.constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode & 0755);
    if (out < 0) {
        ::close(in);
        return false;
    }
    char buffer[64 * 1024];
    bool ok = true;
    for (;;) {
        const ssize_t n = ::read(in, buffer, sizeof(buffer));
        if (n == 0)
            break;
        if (n < 0) {
            if (errno == EINTR)
                continue;
            ok = false;
            break;
        }
        if (::write(out, buffer, size_t(n)) != n) {
            ok = false;
            break;
        }
        budget.bytes += n;
    }
    ::close(in);
    ok = ::close(out) == 0 && ok;
    return ok;
}

bool copyEntry(const QByteArray &from, const QByteArray &to, int depth, Budget &budget)
{
    struct stat st;
    if (::lstat(from.constData(), &st) != 0)
        return true; // vanished or unreadable: leave it out
    if (S_ISLNK(st.st_mode)) {
        QByteArray target(PATH_MAX, '\0');
        const ssize_t n = ::readlink(from.constData(), target.data(), size_t(target.size()));
        if (n <= 0)
            return true;
        target.truncate(int(n));
        return ::symlink(target.constData(), to.constData()) == 0;
    }
    if (S_ISREG(st.st_mode))
        return copyFile(from, to, st.st_mode, budget);
    if (!S_ISDIR(st.st_mode) || depth > kMaxDepth)
        return true; // sockets, fifos, devices: never
    if (::mkdir(to.constData(), 0755) != 0)
        return false;
    const QDir dir(QFile::decodeName(from));
    const QStringList names =
        dir.entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
    for (const QString &name : names) {
        const QByteArray n = QFile::encodeName(name);
        if (!copyEntry(from + '/' + n, to + '/' + n, depth + 1, budget))
            return false;
    }
    return true;
}

bool writeText(const QString &path, const QByteArray &text)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::NewOnly))
        return false;
    f.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadGroup
        | QFileDevice::ReadOther);
    return f.write(text) == text.size() && f.flush();
}

bool removeTree(const QString &path)
{
    return !QFileInfo::exists(path) || QDir(path).removeRecursively();
}

} // namespace

EtcStage::EtcStage(QString dir, QString sourceDir)
    : m_dir(std::move(dir))
    , m_source(std::move(sourceDir))
{ }

QStringList EtcStage::allowList()
{
    return {
        QStringLiteral("ld.so.cache"),
        QStringLiteral("ld.so.conf"),
        QStringLiteral("ld.so.conf.d"),
        QStringLiteral("alternatives"),
        QStringLiteral("ssl"),
        QStringLiteral("ca-certificates"),
        QStringLiteral("ca-certificates.conf"),
        QStringLiteral("fonts"),
        QStringLiteral("matplotlibrc"),
        QStringLiteral("python3*"),
        QStringLiteral("localtime"),
        QStringLiteral("timezone"),
        QStringLiteral("nsswitch.conf"),
        QStringLiteral("protocols"),
        QStringLiteral("services"),
        QStringLiteral("mime.types"),
        QStringLiteral("gai.conf"),
        QStringLiteral("host.conf"),
        QStringLiteral("os-release"),
        QStringLiteral("debian_version"),
        QStringLiteral("terminfo"),
        QStringLiteral("magic"),
        QStringLiteral("magic.mime"),
        QStringLiteral("inputrc"),
    };
}

Core::Result<Core::Unit> EtcStage::prepare()
{
    if (m_prepared)
        return Core::Unit {};
    auto fail = [](const char *why, std::vector<Core::Wording> args) {
        Core::Error error = localError(why, std::move(args));
        qCWarning(lcLocal).noquote() << "staging /etc failed:" << error.message;
        return error;
    };
    const QFileInfo target(m_dir);
    const QString parent = target.absolutePath();
    if (!QDir().mkpath(parent))
        return fail(QT_TRANSLATE_NOOP("Hopx::Core::SandboxProvider", "cannot create %1"), {parent});
    const QString fresh = m_dir + QStringLiteral(".new-%1").arg(::getpid());
    removeTree(fresh);
    if (::mkdir(QFile::encodeName(fresh).constData(), 0700) != 0)
        return fail(QT_TRANSLATE_NOOP("Hopx::Core::SandboxProvider", "cannot create %1: %2"),
            {fresh, QString::fromLocal8Bit(std::strerror(errno))});

    Budget budget;
    const QDir source(m_source);
    const QStringList names = source.entryList(allowList(),
        QDir::AllEntries | QDir::System | QDir::Hidden | QDir::NoDotAndDotDot, QDir::Name);
    for (const QString &name : names) {
        // The fabricated files below replace whatever the host has.
        if (!copyEntry(QFile::encodeName(source.filePath(name)),
                QFile::encodeName(fresh + QLatin1Char('/') + name), 0, budget)) {
            removeTree(fresh);
            return fail(
                QT_TRANSLATE_NOOP("Hopx::Core::SandboxProvider", "cannot copy /etc/%1 into %2"),
                {name, fresh});
        }
    }
    const bool ok = writeText(fresh + QStringLiteral("/passwd"),
                        "root:x:0:0:root:/root:/usr/sbin/nologin\n"
                        "user:x:1000:1000:user:/home/user:/bin/bash\n"
                        "nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n")
        && writeText(
            fresh + QStringLiteral("/group"), "root:x:0:\nuser:x:1000:\nnogroup:x:65534:\n")
        && writeText(fresh + QStringLiteral("/hosts"),
            "127.0.0.1\tlocalhost sandbox\n::1\tlocalhost ip6-localhost ip6-loopback\n")
        && writeText(fresh + QStringLiteral("/hostname"), "sandbox\n")
        // slirp4netns's resolver, for sandboxes given network; without network nothing routes.
        && writeText(fresh + QStringLiteral("/resolv.conf"), "nameserver 10.0.2.3\n");
    if (!ok) {
        removeTree(fresh);
        return fail(QT_TRANSLATE_NOOP("Hopx::Core::SandboxProvider",
                        "cannot write the fabricated passwd/group/hosts"),
            {});
    }

    // Swap in: a copy from an earlier run is replaced (its sandboxes died with that run).
    const QString old = m_dir + QStringLiteral(".old-%1").arg(::getpid());
    removeTree(old);
    if (QFileInfo::exists(m_dir)
        && ::rename(QFile::encodeName(m_dir).constData(), QFile::encodeName(old).constData())
            != 0) {
        removeTree(fresh);
        return fail(QT_TRANSLATE_NOOP("Hopx::Core::SandboxProvider", "cannot replace %1"), {m_dir});
    }
    if (::rename(QFile::encodeName(fresh).constData(), QFile::encodeName(m_dir).constData()) != 0) {
        removeTree(fresh);
        return fail(
            QT_TRANSLATE_NOOP("Hopx::Core::SandboxProvider", "cannot move %1 into place"), {fresh});
    }
    removeTree(old);
    m_prepared = true;
    qCDebug(lcLocal) << "staged /etc in" << m_dir << budget.bytes << "bytes";
    return Core::Unit {};
}

} // namespace Hopx::Local

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/cgroup/SandboxCgroupFs.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <ctime>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

namespace Hopx::Local {

namespace {
// linux/magic.h
constexpr long kCgroupMagic = 0x27e0eb;
constexpr long kCgroup2Magic = 0x63677270;
constexpr long kTmpfsMagic = 0x01021994;

long fsType(const QString &path)
{
    struct statfs st;
    return ::statfs(QFile::encodeName(path).constData(), &st) == 0 ? long(st.f_type) : 0;
}
} // namespace

SandboxCgroupFs::SandboxCgroupFs(QString root, QString selfCgroupPath)
    : m_root(std::move(root))
    , m_selfCgroupPath(std::move(selfCgroupPath))
{ }

SandboxCgroupFs::~SandboxCgroupFs() = default;

SandboxCgroupFs::Layout SandboxCgroupFs::layout() const
{
    const long type = fsType(m_root);
    if (type == kCgroup2Magic)
        return Layout::V2;
    // Legacy and hybrid hosts: a tmpfs holding one mount per v1 controller (and, on hybrid
    // ones, a v2 "unified" mount without controllers, which is of no use for limits).
    if (type == kTmpfsMagic) {
        for (const char *controller : {"memory", "pids", "cpu"}) {
            if (fsType(m_root + QLatin1Char('/') + QLatin1String(controller)) == kCgroupMagic)
                return Layout::V1;
        }
    }
    return Layout::None;
}

bool SandboxCgroupFs::privileged() const
{
    return ::geteuid() == 0;
}

QString SandboxCgroupFs::selfCgroup() const
{
    // "0::<path>" is the v2 line; v1 lines name their controllers.
    for (const QByteArray &line : read(m_selfCgroupPath).split('\n')) {
        if (line.startsWith("0::"))
            return QString::fromUtf8(line.mid(3)).trimmed();
    }
    return {};
}

QByteArray SandboxCgroupFs::read(const QString &path) const
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.read(1 << 20) : QByteArray();
}

int SandboxCgroupFs::write(const QString &path, const QByteArray &data)
{
    // One write(2), no O_CREAT: cgroupfs files exist or the controller is not there.
    const int fd = ::open(QFile::encodeName(path).constData(), O_WRONLY | O_CLOEXEC);
    if (fd < 0)
        return errno;
    const ssize_t n = ::write(fd, data.constData(), size_t(data.size()));
    const int error = n < 0 ? errno : (n == data.size() ? 0 : EIO);
    ::close(fd);
    return error;
}

int SandboxCgroupFs::makeDir(const QString &path)
{
    return ::mkdir(QFile::encodeName(path).constData(), 0755) == 0 ? 0 : errno;
}

int SandboxCgroupFs::removeDir(const QString &path)
{
    return ::rmdir(QFile::encodeName(path).constData()) == 0 ? 0 : errno;
}

bool SandboxCgroupFs::writable(const QString &path) const
{
    return ::access(QFile::encodeName(path).constData(), W_OK) == 0;
}

bool SandboxCgroupFs::exists(const QString &path) const
{
    return QFileInfo::exists(path);
}

QStringList SandboxCgroupFs::children(const QString &dir) const
{
    return QDir(dir).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
}

qint64 SandboxCgroupFs::ageSeconds(const QString &dir) const
{
    struct stat st;
    if (::stat(QFile::encodeName(dir).constData(), &st) != 0)
        return -1;
    return qint64(::time(nullptr)) - qint64(st.st_mtime);
}

QList<qint64> SandboxCgroupFs::procs(const QString &dir) const
{
    QList<qint64> out;
    for (const QByteArray &line : read(dir + QStringLiteral("/cgroup.procs")).split('\n')) {
        bool ok = false;
        const qint64 pid = line.trimmed().toLongLong(&ok);
        if (ok && pid > 0)
            out << pid;
    }
    return out;
}

} // namespace Hopx::Local

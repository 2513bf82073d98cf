// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "CrashPoints.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <csignal>
#include <fcntl.h>
#include <unistd.h>
#include <vector>

namespace Hopx::TestServer {

bool CrashPoints::configure(const QString &logPath, const QString &spec, const QString &fillPath)
{
    m_logPath = logPath;
    m_fillPath = fillPath;
    if (spec.isEmpty())
        return true;
    const QStringList parts = spec.split(QLatin1Char(':'));
    if (parts.size() != 3)
        return false;
    bool ok = false;
    m_operation = parts[0];
    m_at = parts[1].toInt(&ok);
    if (parts[2] == QLatin1String("app"))
        m_kind = Kind::App;
    else if (parts[2] == QLatin1String("capfs"))
        m_kind = Kind::Capfs;
    else if (parts[2] == QLatin1String("disk"))
        m_kind = Kind::Disk;
    else
        return false;
    return ok && m_at > 0 && (m_kind != Kind::Disk || !m_fillPath.isEmpty());
}

void CrashPoints::log(const QByteArray &line)
{
    if (m_logPath.isEmpty())
        return;
    // One write(2) with O_APPEND per line: whole lines, also when the process dies next.
    const int fd = ::open(
        QFile::encodeName(m_logPath).constData(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0)
        return;
    [[maybe_unused]] const ssize_t n = ::write(fd, line.constData(), size_t(line.size()));
    ::close(fd);
}

void CrashPoints::reached(const QString &operation, const QString &step, const QString &sandboxDir)
{
    QMutexLocker locker(&m_lock);
    const bool counted = operation == m_operation;
    if (counted)
        ++m_seen;
    log(QStringLiteral("%1 %2 %3 %4\n")
            .arg(operation, step, QFileInfo(sandboxDir).fileName())
            .arg(counted ? m_seen : 0)
            .toUtf8());
    if (counted && m_seen == m_at) {
        log(QByteArrayLiteral("crash\n"));
        crash(sandboxDir);
    }
}

void CrashPoints::crash(const QString &sandboxDir)
{
    switch (m_kind) {
    case Kind::App:
        ::kill(::getpid(), SIGKILL);
        break;
    case Kind::Capfs: {
        // The daemon's working directory is / (fuse_daemonize); it holds its backing
        // directory, the sandbox's disk/, open for as long as it serves it.
        const QString disk = QFileInfo(sandboxDir).canonicalFilePath() + QStringLiteral("/disk");
        QByteArray killed;
        for (const QString &pid : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
            const QString proc = QStringLiteral("/proc/") + pid;
            QFile cmdline(proc + QStringLiteral("/cmdline"));
            if (!cmdline.open(QIODevice::ReadOnly)
                || !cmdline.readAll().split('\0').value(0).endsWith("hopx-capfs"))
                continue;
            const QDir fds(proc + QStringLiteral("/fd"));
            for (const QString &fd :
                fds.entryList(QDir::AllEntries | QDir::System | QDir::NoDotAndDotDot))
                if (QFileInfo(fds.filePath(fd)).symLinkTarget() == disk
                    && ::kill(pid.toInt(), SIGKILL) == 0) {
                    killed += ' ' + pid.toLatin1();
                    break;
                }
        }
        // The driver tells a step where no daemon serves the disk (it was unmounted) apart.
        log("killed" + (killed.isEmpty() ? QByteArray(" none") : killed) + '\n');
        break;
    }
    case Kind::Disk: {
        const int fd = ::open(QFile::encodeName(m_fillPath).constData(),
            O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
        if (fd < 0)
            break;
        // Big writes first, then smaller ones for the last partial blocks.
        std::vector<char> chunk(1 << 20, 'f');
        for (size_t size : {size_t(1) << 20, size_t(65536), size_t(4096), size_t(1)})
            while (::write(fd, chunk.data(), size) == ssize_t(size)) { }
        ::close(fd);
        break;
    }
    }
}

} // namespace Hopx::TestServer

// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "SandboxCgroup.h"

#include "LocalLogging.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QThread>

#include <cerrno>
#include <csignal>
#include <sys/stat.h>
#include <unistd.h>

namespace Hopx::Local {

namespace {

QString g_root = QStringLiteral("/sys/fs/cgroup");
const QString kBase = QStringLiteral("hopx-desktop");

bool writeFile(const QString &path, const QByteArray &data)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Unbuffered))
        return false;
    return f.write(data) == data.size();
}

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.read(1 << 20) : QByteArray();
}

QList<qint64> procs(const QString &dir)
{
    QList<qint64> out;
    for (const QByteArray &line : readFile(dir + QStringLiteral("/cgroup.procs")).split('\n')) {
        bool ok = false;
        const qint64 pid = line.trimmed().toLongLong(&ok);
        if (ok && pid > 0)
            out << pid;
    }
    return out;
}

bool writable(const QString &dir)
{
    return ::access(QFile::encodeName(dir).constData(), W_OK) == 0;
}

// Empties a cgroup (SIGKILL to every member, repeatedly: a fork bomb keeps adding members
// while we kill) and removes it. rmdir fails while exiting tasks are still accounted.
bool drainAndRemove(const QString &dir, bool v2, QElapsedTimer &clock)
{
    if (!QFileInfo::exists(dir))
        return true;
    if (v2)
        writeFile(dir + QStringLiteral("/cgroup.kill"), "1");
    while (clock.elapsed() < 2000) {
        for (qint64 pid : procs(dir))
            ::kill(pid_t(pid), SIGKILL);
        if (::rmdir(QFile::encodeName(dir).constData()) == 0 || errno == ENOENT)
            return true;
        QThread::usleep(2000);
    }
    qCWarning(lcLocal) << "could not remove cgroup" << dir;
    return false;
}

SandboxCgroup::Mode detectV2(QString &base, QString *why)
{
    if (::geteuid() == 0) {
        base = g_root + QLatin1Char('/') + kBase;
        if (!QFileInfo::exists(base) && !QDir().mkdir(base)) {
            if (why)
                *why = QStringLiteral("cannot create %1").arg(base);
            return SandboxCgroup::Mode::None;
        }
        for (const char *c : {"+memory", "+pids", "+cpu"}) {
            writeFile(g_root + QStringLiteral("/cgroup.subtree_control"), c);
            writeFile(base + QStringLiteral("/cgroup.subtree_control"), c);
        }
        return SandboxCgroup::Mode::V2;
    }
    // As a user: only a cgroup delegated to us (Delegate=yes scope or service) is ours to
    // divide. The no-internal-processes rule means we first move ourselves into a leaf.
    QString own;
    for (const QByteArray &line : readFile(QStringLiteral("/proc/self/cgroup")).split('\n')) {
        if (line.startsWith("0::"))
            own = g_root + QString::fromUtf8(line.mid(3)).trimmed();
    }
    struct stat st;
    if (own.isEmpty() || !writable(own) || ::stat(QFile::encodeName(own).constData(), &st) != 0
        || st.st_uid != ::geteuid()) {
        if (why)
            *why = QStringLiteral("cgroup v2 without a delegated subtree");
        return SandboxCgroup::Mode::None;
    }
    const QByteArray available = readFile(own + QStringLiteral("/cgroup.controllers"));
    if (!available.contains("memory") || !available.contains("pids")) {
        if (why)
            *why = QStringLiteral("the delegated cgroup has no memory/pids controllers");
        return SandboxCgroup::Mode::None;
    }
    if (!own.endsWith(QStringLiteral("/hopx-app"))) {
        const QString leaf = own + QStringLiteral("/hopx-app");
        QDir().mkdir(leaf);
        if (!writeFile(leaf + QStringLiteral("/cgroup.procs"), QByteArray::number(::getpid()))) {
            if (why)
                *why = QStringLiteral("cannot move the app into %1").arg(leaf);
            return SandboxCgroup::Mode::None;
        }
    } else {
        own.chop(int(qstrlen("/hopx-app")));
    }
    for (const char *c : {"+memory", "+pids", "+cpu"})
        writeFile(own + QStringLiteral("/cgroup.subtree_control"), c);
    base = own;
    return SandboxCgroup::Mode::V2;
}

} // namespace

void SandboxCgroup::setRoot(const QString &root)
{
    g_root = root;
}

SandboxCgroup SandboxCgroup::create(const QString &id, const SandboxLimits &limits, QString *why)
{
    SandboxCgroup cg;
    static const QRegularExpression safe(QStringLiteral("^[A-Za-z0-9_][A-Za-z0-9._-]{0,63}$"));
    if (!safe.match(id).hasMatch()) {
        if (why)
            *why = QStringLiteral("sandbox id unusable as a cgroup name");
        return cg;
    }
    const QString leaf = id;
    if (leaf == QStringLiteral("hopx-app")) {
        if (why)
            *why = QStringLiteral("sandbox id unusable as a cgroup name");
        return cg;
    }
    QElapsedTimer clock;
    clock.start();

    if (QFileInfo::exists(g_root + QStringLiteral("/cgroup.controllers"))) {
        QString base;
        if (detectV2(base, why) != Mode::V2)
            return cg;
        const QString dir = base + QLatin1Char('/') + leaf;
        drainAndRemove(dir, true, clock); // left over from a crashed run
        if (!QDir().mkdir(dir)) {
            if (why)
                *why = QStringLiteral("cannot create %1").arg(dir);
            return cg;
        }
        writeFile(
            dir + QStringLiteral("/memory.max"), QByteArray::number(qint64(limits.memoryMb) << 20));
        writeFile(dir + QStringLiteral("/memory.swap.max"), "0");
        writeFile(dir + QStringLiteral("/pids.max"), QByteArray::number(limits.processes));
        if (limits.cpuPercent > 0)
            writeFile(dir + QStringLiteral("/cpu.max"),
                QByteArray::number(limits.cpuPercent * 1000) + " 100000");
        cg.m_mode = Mode::V2;
        cg.m_dirs << dir;
        return cg;
    }

    for (const char *controller : {"memory", "pids", "cpu"}) {
        const QString mount = g_root + QLatin1Char('/') + QLatin1String(controller);
        const QString base = mount + QLatin1Char('/') + kBase;
        if (!QFileInfo::exists(mount + QStringLiteral("/cgroup.procs")))
            continue;
        if (!QFileInfo::exists(base) && (!writable(mount) || !QDir().mkdir(base)))
            continue;
        if (!writable(base))
            continue;
        const QString dir = base + QLatin1Char('/') + leaf;
        drainAndRemove(dir, false, clock);
        if (!QDir().mkdir(dir))
            continue;
        bool ok = true;
        if (qstrcmp(controller, "memory") == 0) {
            const QByteArray bytes = QByteArray::number(qint64(limits.memoryMb) << 20);
            ok = writeFile(dir + QStringLiteral("/memory.limit_in_bytes"), bytes);
            // No swapping around the limit, where swap accounting exists.
            writeFile(dir + QStringLiteral("/memory.memsw.limit_in_bytes"), bytes);
        } else if (qstrcmp(controller, "pids") == 0) {
            ok = writeFile(dir + QStringLiteral("/pids.max"), QByteArray::number(limits.processes));
        } else if (limits.cpuPercent > 0) {
            ok = writeFile(dir + QStringLiteral("/cpu.cfs_period_us"), "100000")
                && writeFile(dir + QStringLiteral("/cpu.cfs_quota_us"),
                    QByteArray::number(limits.cpuPercent * 1000));
        }
        if (!ok) {
            ::rmdir(QFile::encodeName(dir).constData());
            continue;
        }
        cg.m_dirs << dir;
    }
    if (cg.m_dirs.isEmpty()) {
        if (why)
            *why = QStringLiteral("no writable cgroup v1 controllers");
        return cg;
    }
    cg.m_mode = Mode::V1;
    return cg;
}

int SandboxCgroup::removeStale()
{
    QStringList bases;
    if (QFileInfo::exists(g_root + QStringLiteral("/cgroup.controllers"))) {
        bases << g_root + QLatin1Char('/') + kBase;
    } else {
        for (const char *controller : {"memory", "pids", "cpu"})
            bases << g_root + QLatin1Char('/') + QLatin1String(controller) + QLatin1Char('/')
                    + kBase;
    }
    int removed = 0;
    for (const QString &base : std::as_const(bases)) {
        const QStringList dirs = QDir(base).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
        for (const QString &name : dirs) {
            const QString dir = base + QLatin1Char('/') + name;
            if (procs(dir).isEmpty() && ::rmdir(QFile::encodeName(dir).constData()) == 0)
                ++removed;
        }
    }
    if (removed)
        qCInfo(lcLocal) << "removed" << removed << "stale sandbox cgroup(s)";
    return removed;
}

bool SandboxCgroup::attach(qint64 pid)
{
    QStringList attached;
    for (const QString &dir : std::as_const(m_dirs)) {
        if (writeFile(dir + QStringLiteral("/cgroup.procs"), QByteArray::number(pid)))
            attached << dir;
        else
            qCWarning(lcLocal) << "could not move" << pid << "into" << dir;
    }
    return !attached.isEmpty();
}

bool SandboxCgroup::contains(qint64 pid) const
{
    if (m_dirs.isEmpty())
        return false;
    for (const QString &dir : m_dirs) {
        if (!procs(dir).contains(pid))
            return false;
    }
    return true;
}

void SandboxCgroup::destroy()
{
    QElapsedTimer clock;
    clock.start();
    for (const QString &dir : std::as_const(m_dirs))
        drainAndRemove(dir, m_mode == Mode::V2, clock);
    m_dirs.clear();
    m_mode = Mode::None;
}

} // namespace Hopx::Local
